import { execFile } from "node:child_process";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { SprintDefinition, SprintMilestone } from "../../src/contract/index.js";

/**
 * The parts of test/sprints/example-sprint.test.ts: real commands in temp folders, and a small
 * stand-in for the sprint driver that briefs the scripted models over the scripted server's HTTP
 * wire and runs their tool calls, so the scripted outcomes the demo script promises are checked
 * before the real driver exists. It follows the driver's contract (issue 21): a fresh
 * conversation per attempt, CI and a scope check after `done`, a failed attempt reset, two failed
 * attempts end the run as `fail@Mnn`.
 */

/** How a command ended. */
export interface Ran {
	readonly code: number;
	readonly stdout: string;
	readonly stderr: string;
}

/** Runs `argv` without a shell in `cwd`, without the caller's `GIT_*` and Node test settings; never rejects on a failing exit. */
export function run(cwd: string, argv: readonly string[], env: Record<string, string> = {}): Promise<Ran> {
	const clean: Record<string, string> = {};
	for (const [name, value] of Object.entries(process.env))
		if (value !== undefined && !/^(GIT_|NODE_TEST|NODE_OPTIONS$)/.test(name)) clean[name] = value;
	const [program = "", ...args] = argv;
	return new Promise((resolve) => {
		execFile(program, args, { cwd, env: { ...clean, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
			const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
			resolve({ code, stdout, stderr });
		});
	});
}

/** The tests a TAP report (node --test --test-reporter=tap) lists at its top level, and whether each passed. */
export function tapTests(stdout: string): { name: string; ok: boolean }[] {
	return [...stdout.matchAll(/^(not )?ok \d+ - (.*)$/gm)].map((line) => ({
		name: (line[2] ?? "").replace(/\\#/g, "#"),
		ok: line[1] === undefined,
	}));
}

/** Every file under `root`, as sorted `/`-separated relative paths. */
export async function filesUnder(root: string): Promise<string[]> {
	const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
	return entries
		.filter((entry) => entry.isFile() && !relative(root, entry.parentPath).split(sep).includes(".git"))
		.map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"))
		.sort();
}

/** The files of `root` whose path starts with `prefix`, by path. */
export async function readFiles(root: string, prefix: string): Promise<Map<string, string>> {
	const files = new Map<string, string>();
	for (const path of await filesUnder(root))
		if (path.startsWith(prefix)) files.set(path, await readFile(join(root, path), "utf8"));
	return files;
}

/**
 * The etalon's implementation with `corpus` as its tests: the seeded baseline's files, the etalon
 * overlay on top, the superseded tests and every other test file removed, then the corpus written in.
 */
export async function etalonWith(
	sprint: SprintDefinition,
	seeded: string,
	corpus: ReadonlyMap<string, string>,
	into: string,
): Promise<string> {
	await cp(seeded, into, { recursive: true, filter: (path) => !relative(seeded, path).split(sep).includes(".git") });
	await cp(join(sprint.etalon_path, "tree"), into, { recursive: true });
	for (const path of await filesUnder(into)) if (path.startsWith("test/")) await rm(join(into, path));
	for (const [path, content] of corpus) {
		await mkdir(dirname(join(into, path)), { recursive: true });
		await writeFile(join(into, path), content);
	}
	return into;
}

/** Whether a repository path matches one of the sprint's scope globs (`*` within a folder, `**` across). */
export function inScope(scope: readonly string[], path: string): boolean {
	return scope.some((glob) => {
		const source = glob
			.split(/(\*\*\/?|\*)/)
			.map((part) =>
				part.startsWith("**") ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
			)
			.join("");
		return new RegExp(`^${source}$`).test(path);
	});
}

/** A tool call as the OpenAI wire sends it. */
interface WireToolCall {
	readonly id: string;
	readonly function: { readonly name: string; readonly arguments: string };
}

/** The agent tools the driver offers, as the model sees them (argv for run_command). */
const TOOLS = ["list_dir", "read_file", "write_file", "run_command", "done"].map((name) => ({
	type: "function",
	function: { name, parameters: { type: "object" } },
}));

/** One milestone's verdict in a driven run. */
export interface DrivenMilestone {
	readonly id: string;
	readonly attempts: number;
	readonly passed: boolean;
	/** Why each failed attempt failed: `ci`, or `scope: <paths>`. */
	readonly failures: string[];
}

/** What a driven run left: its outcome, its milestones, and the work tree of its branch. */
export interface DrivenRun {
	readonly outcome: string;
	readonly milestones: DrivenMilestone[];
	readonly workdir: string;
}

/** The first line of a milestone attempt's briefing, as the driver writes it. */
export function briefing(sprint: SprintDefinition, milestone: SprintMilestone, attempt: number, guide: string): string {
	const head = `Sprint ${sprint.id} · milestone ${milestone.id}: ${milestone.title} · attempt ${attempt} of ${sprint.attempts}`;
	return `${head}\n\n${milestone.body}\n\n${guide}\n\nScope: ${sprint.scope.join(", ")}`;
}

/** Drives `model` of the scripted server at `url` through every milestone in a clone of `seeded`. */
export async function driveSprint(options: {
	readonly url: string;
	readonly model: string;
	readonly sprint: SprintDefinition;
	readonly milestones: readonly SprintMilestone[];
	readonly seeded: string;
	readonly workdir: string;
}): Promise<DrivenRun> {
	const { sprint, workdir } = options;
	const guide = await readFile(sprint.guide_path, "utf8");
	const git = async (...args: string[]) => {
		const ran = await run(workdir, ["git", ...args], {
			GIT_AUTHOR_NAME: "driver",
			GIT_AUTHOR_EMAIL: "driver@touchstone.invalid",
			GIT_COMMITTER_NAME: "driver",
			GIT_COMMITTER_EMAIL: "driver@touchstone.invalid",
		});
		if (ran.code !== 0) throw new Error(`git ${args.join(" ")}: ${ran.stderr}`);
		return ran.stdout;
	};
	await run(dirname(workdir), ["git", "clone", "--quiet", options.seeded, workdir]);
	await git("checkout", "--quiet", "-b", `bench/${options.model.replace(/\W+/g, "-")}`, sprint.source.baseline);
	const milestones: DrivenMilestone[] = [];
	for (const milestone of options.milestones) {
		const failures: string[] = [];
		let passed = false;
		for (let attempt = 1; attempt <= sprint.attempts && !passed; attempt += 1) {
			await converse(options.url, options.model, briefing(sprint, milestone, attempt, guide), workdir, sprint);
			const changed = (await git("status", "--porcelain", "--untracked-files=all"))
				.split("\n")
				.filter((line) => line !== "")
				.map((line) => line.slice(3));
			const outside = changed.filter((path) => !inScope(sprint.scope, path));
			const ci = await run(workdir, sprint.commands.ci);
			if (outside.length > 0) failures.push(`scope: ${outside.join(", ")}`);
			else if (ci.code !== 0) failures.push("ci");
			else passed = true;
			if (passed) {
				await git("add", "--all");
				await git("commit", "--quiet", "--allow-empty", "--message", `${milestone.id} attempt ${attempt}`);
			} else {
				await git("reset", "--quiet", "--hard");
				await git("clean", "--quiet", "-fd");
			}
		}
		milestones.push({ id: milestone.id, attempts: failures.length + (passed ? 1 : 0), passed, failures });
		if (!passed) return { outcome: `fail@${milestone.id}`, milestones, workdir };
	}
	return { outcome: "passed", milestones, workdir };
}

/** One fresh conversation: asks the model, runs its tool calls, until it calls `done` or the turn budget ends. */
async function converse(url: string, model: string, text: string, workdir: string, sprint: SprintDefinition) {
	const messages: object[] = [{ role: "user", content: text }];
	for (let turn = 1; turn <= (sprint.budget.turns_per_milestone ?? 12); turn += 1) {
		const reply = await complete(url, model, messages);
		const calls = reply.tool_calls ?? [];
		messages.push({ role: "assistant", content: reply.content, tool_calls: calls });
		if (calls.length === 0) throw new Error(`${model} answered turn ${turn} with text: ${reply.content}`);
		for (const call of calls) {
			const content = await runTool(call, workdir);
			messages.push({ role: "tool", tool_call_id: call.id, content });
			if (call.function.name === "done") return;
		}
	}
}

async function complete(
	url: string,
	model: string,
	messages: readonly object[],
): Promise<{ content: string | null; tool_calls?: WireToolCall[] }> {
	for (;;) {
		const response = await fetch(`${url}/v1/chat/completions`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ model, messages, tools: TOOLS }),
		});
		if (response.status === 429) {
			await new Promise((wait) => setTimeout(wait, 1000 * Number(response.headers.get("retry-after") ?? 1)));
			continue;
		}
		const body = (await response.json()) as { choices?: { message: { content: string | null } }[] };
		const message = body.choices?.[0]?.message;
		if (!response.ok || message === undefined)
			throw new Error(`${model}: HTTP ${response.status} ${JSON.stringify(body)}`);
		return message;
	}
}

/** Runs one call the way the agent harness reports it (`wrote N bytes to P`, `exit code N` first). */
async function runTool(call: WireToolCall, workdir: string): Promise<string> {
	const args = JSON.parse(call.function.arguments) as { path?: string; content?: string; command?: string[] };
	const path = join(workdir, args.path ?? ".");
	switch (call.function.name) {
		case "read_file":
			return readFile(path, "utf8");
		case "list_dir":
			return (await readdir(path)).join("\n");
		case "write_file":
			await mkdir(dirname(path), { recursive: true });
			await writeFile(path, args.content ?? "");
			return `wrote ${Buffer.byteLength(args.content ?? "").toLocaleString("en-US")} bytes to ${args.path}`;
		case "run_command": {
			if (!Array.isArray(args.command)) throw new Error(`run_command wants argv, got ${call.function.arguments}`);
			const ran = await run(workdir, args.command);
			return [
				`exit code ${ran.code}`,
				ran.stdout && `--- stdout ---\n${ran.stdout}`,
				ran.stderr && `--- stderr ---\n${ran.stderr}`,
			]
				.filter((part) => part !== "")
				.join("\n");
		}
		case "done":
			return "done";
		default:
			throw new Error(`unknown tool ${call.function.name}`);
	}
}
