import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
	Completion,
	CompletionRequest,
	ModelEntry,
	OrchestrationMode,
	Provider,
	SprintDefinition,
	ToolCall,
} from "../../contract/index.js";
import { createExternalRunner } from "../external/index.js";
import type { DriveLog } from "./drive-milestone.js";
import { driveSprint, type SprintDriveRequest, type SprintRunLog } from "./sprint-driver.js";
import { git } from "./sprint-git.js";
import { readRunState, sprintWorkspace } from "./sprint-workspace.js";

type Answer = (request: CompletionRequest, user: string) => Partial<Completion>;

/** A worker that answers from the conversation: `answer` sees the request and its last user text. */
function worker(answer: Answer) {
	const users: string[] = [];
	const provider: Provider = {
		specificationVersion: "v1",
		id: "fake:worker",
		endpoint: null,
		async complete(request) {
			const user = [...request.messages].reverse().find((message) => message.role === "user");
			const text = typeof user?.content === "string" ? user.content : "";
			users.push(text);
			return {
				text: "",
				tool_calls: [],
				finish_reason: "stop",
				usage: { input_tokens: 100, output_tokens: 10, cache_tokens: null },
				billed_cost_usd: null,
				timing: { latency_ms: 1, ttft_ms: null, generation_ms: null },
				retries: 0,
				raw: null,
				...answer(request, text),
			};
		},
	};
	return { provider, users };
}

let calls = 0;
const tool = (name: string, args: ToolCall["arguments"]): ToolCall => ({ id: `c${++calls}`, name, arguments: args });
/** The number of tool results in the conversation since its last user message. */
const step = (request: CompletionRequest) => {
	const last = request.messages.findLastIndex((message) => message.role === "user");
	return request.messages.slice(last).filter((message) => message.role === "tool").length;
};

const MODEL: ModelEntry = {
	id: "fake/worker",
	provider: "openai-compatible",
	model: "worker",
} as unknown as ModelEntry;

let root: string;
let source: string;
let baseline: string;

function sprint(overrides: Partial<SprintDefinition> = {}): SprintDefinition {
	return {
		id: "demo",
		title: "Demo",
		dir: root,
		source: { repo: source, baseline },
		plan_path: "plan.md",
		milestones: null,
		guide_path: join(root, "guide.md"),
		workspace: "{sprint}-{model_slug}-{orchestration}",
		branch: "bench/{model_slug}",
		scope: ["src/**", "test/**"],
		commands: {
			setup: [],
			ci: ["node", "--test"],
			test: ["node", "--test"],
			lint: null,
			test_report: "node-test",
			test_report_file: null,
		},
		tests: ["test/**"],
		superseded: [],
		etalon_path: join(root, "etalon"),
		mutation_patches: [],
		scoring: { weights: { corpus: 1 }, corpus: { valid: 0.4, behaviours: 0.4, lines: 0.2 }, thresholds: {} },
		reviewers: null,
		attempts: 2,
		orchestration: "direct",
		budget: { turns_per_milestone: 8, tokens: null, cost_usd: null, wall_clock_s: null },
		...overrides,
	};
}

const MILESTONES = [
	{ id: "M01", title: "Add double", body: "Add `double(n)` to src/math.mjs with a test." },
	{ id: "M02", title: "Add triple", body: "Add `triple(n)` to src/math.mjs with a test." },
];

function recorder() {
	const events: string[] = [];
	/** Replies logged per attempt, by turn as they end and at each run's end. */
	const replies = new Map<string, number>();
	const count = (key: string, added: number) => replies.set(key, (replies.get(key) ?? 0) + added);
	const drive = (segment: string, attempt: number): DriveLog => ({
		turn: (_role, _steps, added) => count(`${segment}#${attempt}`, added.length),
		worker: (role, result) => {
			count(`${segment}#${attempt}`, result.replies.length);
			events.push(`${segment}#${attempt} ${role} ${result.status}`);
		},
		contextDeath: (role) => events.push(`${segment}#${attempt} ${role} context_death`),
		error: (role, text) => events.push(`${segment}#${attempt} ${role} error ${text}`),
	});
	const log: SprintRunLog = {
		attempt: drive,
		event: (entry) =>
			events.push(
				`${entry.kind}${entry.segment === null ? "" : ` ${entry.segment}`}${entry.ok === undefined ? "" : ` ${entry.ok}`}`,
			),
	};
	return { events, log, replies };
}

async function run(
	provider: Provider,
	options: {
		mode?: OrchestrationMode;
		signal?: AbortSignal;
		definition?: SprintDefinition;
		external?: SprintDriveRequest["external"];
	} = {},
) {
	const definition = options.definition ?? sprint();
	const mode = options.mode ?? "direct";
	const workspace = sprintWorkspace(root, definition, MODEL.id, mode);
	const { events, log, replies } = recorder();
	const result = await driveSprint({
		sprint: definition,
		sprintVersion: "v1",
		model: MODEL,
		provider,
		orchestration: mode,
		workspace,
		source: definition.source,
		milestones: () => MILESTONES,
		outOfScope: (paths) => paths.filter((path) => !path.startsWith("src/") && !path.startsWith("test/")),
		sandbox: { backend: "auto", allowUnisolated: true },
		log,
		...(options.external === undefined ? {} : { external: options.external }),
		signal: options.signal ?? new AbortController().signal,
	});
	return { result, events, workspace, replies };
}

const WRITE = {
	M01: [
		tool("write_file", { path: "src/math.mjs", content: "export const double = (n) => n * 2;\n" }),
		tool("write_file", {
			path: "test/double.test.mjs",
			content:
				'import { test } from "node:test";\nimport assert from "node:assert";\nimport { double } from "../src/math.mjs";\ntest("double", () => assert.equal(double(2), 4));\n',
		}),
	],
	M02: [
		tool("write_file", {
			path: "src/math.mjs",
			content: "export const double = (n) => n * 2;\nexport const triple = (n) => n * 3;\n",
		}),
		tool("write_file", {
			path: "test/triple.test.mjs",
			content:
				'import { test } from "node:test";\nimport assert from "node:assert";\nimport { triple } from "../src/math.mjs";\ntest("triple", () => assert.equal(triple(2), 6));\n',
		}),
	],
};

/** Writes the milestone's files on its first turn and is done on the second. */
const competent: Answer = (request, user) => {
	const milestone =
		/milestone (M\d+)/.exec(request.messages[1]?.content as string)?.[1] ?? /milestone (M\d+)/.exec(user)?.[1];
	if (step(request) === 0) return { tool_calls: WRITE[milestone as "M01" | "M02"] };
	return { tool_calls: [tool("done", { summary: `${milestone} done` })] };
};

beforeEach(async () => {
	root = mkdtempSync(join(tmpdir(), "touchstone-sprint-driver-"));
	source = join(root, "source");
	mkdirSync(join(source, "src"), { recursive: true });
	mkdirSync(join(source, "test"), { recursive: true });
	writeFileSync(join(source, "src", "math.mjs"), "export const one = 1;\n");
	writeFileSync(join(source, "test", "one.test.mjs"), 'import { test } from "node:test";\ntest("one", () => {});\n');
	writeFileSync(join(source, "plan.md"), "# Plan\n");
	writeFileSync(join(root, "guide.md"), "# Guide\nNo questions.\n");
	execFileSync("git", ["init", "-q", source]);
	execFileSync("git", ["-C", source, "add", "."]);
	execFileSync("git", ["-C", source, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "baseline"]);
	baseline = execFileSync("git", ["-C", source, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("driveSprint", () => {
	it("carries every milestone to a commit on the run's branch, CI green after each", async () => {
		const { provider, users } = worker(competent);
		const { result, events, workspace } = await run(provider);
		expect(result.outcome).toBe("passed");
		expect(result.state.milestones.map((milestone) => [milestone.id, milestone.status, milestone.attempts])).toEqual([
			["M01", "passed", 1],
			["M02", "passed", 1],
		]);
		const place = { gitDir: workspace.gitDir, workTree: workspace.tree };
		expect(await git(place, ["rev-parse", "--abbrev-ref", "HEAD"])).toBe("bench/fake-worker\n");
		expect((await git(place, ["log", "--format=%s", `${baseline}..HEAD`])).trim().split("\n")).toEqual([
			"M02: Add triple (attempt 1, fake/worker)",
			"M01: Add double (attempt 1, fake/worker)",
		]);
		expect(readFileSync(join(workspace.tree, "src", "math.mjs"), "utf8")).toContain("triple");
		expect(users[0]).toMatch(/^Sprint demo · milestone M01: Add double · attempt 1 of 2\n/);
		expect(users[0]).toContain("No questions.");
		expect(events).toContain("ci M01 true");
		expect(readRunState(workspace)?.phase).toBe("running");
	});

	it("ends as fail@Mnn after the attempt limit of red CI runs, each failure kept", async () => {
		const { provider } = worker((request, user) => {
			if (/milestone M01/.test(user) && step(request) === 0)
				return {
					tool_calls: [
						tool("write_file", {
							path: "test/bad.test.mjs",
							content: 'import { test } from "node:test";\ntest("bad", () => { throw new Error("no"); });\n',
						}),
					],
				};
			if (step(request) > 0) return { tool_calls: [tool("done", { summary: "done" })] };
			return competent(request, user);
		});
		const { result, events } = await run(provider);
		expect(result.outcome).toBe("fail@M01");
		const first = result.state.milestones[0];
		expect(first?.attempts).toBe(2);
		expect(first?.failures).toHaveLength(2);
		expect(first?.failures[0]).toMatch(/^CI \(node --test\) failed with exit code 1/);
		expect(events.filter((event) => event === "attempt_end M01 false")).toHaveLength(2);
		expect(result.state.milestones[1]?.attempts).toBe(0);
	});

	it("fails an attempt that strays out of scope, and tells the next attempt why", async () => {
		const { provider, users } = worker((request, user) => {
			if (/M01.*attempt 1 of/.test(user) && step(request) === 0)
				return { tool_calls: [...WRITE.M01, tool("write_file", { path: "README.md", content: "mine\n" })] };
			return competent(request, user);
		});
		const { result } = await run(provider);
		expect(result.outcome).toBe("passed");
		expect(result.state.milestones[0]?.failures).toEqual(["changes outside the scope (src/**, test/**): README.md"]);
		const second = users.find((text) => /attempt 2 of 2/.test(text));
		expect(second).toContain("## Your previous attempt failed\n\nchanges outside the scope");
	});

	it("resumes a stopped run at the milestone it was in, without driving the passed ones again", async () => {
		const stop = new AbortController();
		const first = worker((request, user) => {
			if (/milestone M02/.test(user)) stop.abort();
			return competent(request, user);
		});
		const stopped = await run(first.provider, { signal: stop.signal });
		expect(stopped.result.outcome).toBe("stopped");
		expect(stopped.result.state.milestones.map((milestone) => milestone.status)).toEqual(["passed", "pending"]);
		expect(stopped.result.state.milestones[1]?.attempts).toBe(0);
		// The stopped attempt's calls were logged as its turns ended: paid for, so counted.
		expect(stopped.replies.get("M02#1")).toBeGreaterThan(0);
		expect(stopped.replies.get("M01#1")).toBe(2);
		const second = worker(competent);
		const resumed = await run(second.provider);
		expect(resumed.result.outcome).toBe("passed");
		expect(second.users.some((text) => /milestone M01/.test(text))).toBe(false);
		expect(resumed.events[0]).toBe("resume");
	});

	it("is a harness error, not the model's failure, when CI is red at the baseline", async () => {
		writeFileSync(
			join(source, "test", "one.test.mjs"),
			'import { test } from "node:test";\ntest("one", () => { throw new Error("red"); });\n',
		);
		execFileSync("git", ["-C", source, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "red"]);
		const red = execFileSync("git", ["-C", source, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
		const { provider, users } = worker(competent);
		const { result } = await run(provider, { definition: sprint({ source: { repo: source, baseline: red } }) });
		expect(result.outcome).toBe("harness_error");
		expect(result.error).toMatch(/CI \(node --test\) is red at the baseline/);
		expect(users).toEqual([]);
	});

	it("drives loop mode as a task list worked in one warm context, hand-off notes passed on", async () => {
		const { provider, users } = worker((request, user) => {
			if (/## First: the task list/.test(user)) return { text: "- [ ] write the code and its test\n- [ ] check it" };
			const milestone = /milestone (M\d+)/.exec(request.messages[1]?.content as string)?.[1] as "M01" | "M02";
			if (/^Task 2 of 2/m.test(user))
				return step(request) === 0 ? { tool_calls: [tool("done", { summary: "checked" })] } : {};
			if (step(request) === 0) return { tool_calls: WRITE[milestone] };
			return { tool_calls: [tool("done", { summary: "wrote it; next: check" })] };
		});
		const { result, events } = await run(provider, { mode: "loop" });
		expect(result.outcome).toBe("passed");
		expect(events.filter((event) => event.startsWith("M01#1"))).toEqual([
			"M01#1 planner completed",
			"M01#1 worker completed",
			"M01#1 worker completed",
		]);
		const second = users.find((text) => text.startsWith("Task 2 of 2"));
		expect(second).toContain("Hand-off from the previous task: wrote it; next: check");
	});

	it("drives orchestrate mode as chunks for fresh workers, each checked by a validator", async () => {
		const { provider, users } = worker((request, user) => {
			if (/## First: the chunks/.test(user)) return { text: "- [ ] the code and its test" };
			if (/^Validate chunk/.test(user)) return { text: '{"verdict": "pass", "notes": ""}' };
			const milestone = /milestone (M\d+)/.exec(user)?.[1] as "M01" | "M02";
			if (step(request) === 0) return { tool_calls: WRITE[milestone] };
			return { tool_calls: [tool("done", { summary: "chunk done" })] };
		});
		const { result, events } = await run(provider, { mode: "orchestrate" });
		expect(result.outcome).toBe("passed");
		expect(events.filter((event) => event.startsWith("M02#1"))).toEqual([
			"M02#1 planner completed",
			"M02#1 worker completed",
			"M02#1 validator completed",
		]);
		expect(users.filter((text) => /^Validate chunk 1 of 1/.test(text))).toHaveLength(2);
	});

	it("commits what the worker wrote, never what CI wrote after it", async () => {
		const ci = ["sh", "-c", "node --test && echo built > ci-output.txt"];
		const definition = sprint({ commands: { ...sprint().commands, ci } });
		const { provider } = worker(competent);
		const { result, workspace } = await run(provider, { definition });
		expect(result.outcome).toBe("passed");
		const place = { gitDir: workspace.gitDir, workTree: workspace.tree };
		const files = (await git(place, ["ls-tree", "-r", "--name-only", "HEAD"])).trim().split("\n");
		expect(files).toContain("test/triple.test.mjs");
		expect(files).not.toContain("ci-output.txt");
	});

	it("works each milestone through an external agent's contract when the model is a command", async () => {
		const agent = join(root, "agent.mjs");
		writeFileSync(
			agent,
			[
				'import { readFileSync, writeFileSync } from "node:fs";',
				'import { join } from "node:path";',
				'const request = JSON.parse(readFileSync(0, "utf8"));',
				"const milestone = /milestone (M\\d+)/.exec(request.prompt)[1];",
				'const files = milestone === "M01" ? { "src/math.mjs": "export const double = (n) => n * 2;\\n" } : { "src/math.mjs": "export const double = (n) => n * 2;\\nexport const triple = (n) => n * 3;\\n" };',
				"for (const [path, text] of Object.entries(files)) writeFileSync(join(request.workdir, path), text);",
				'const trace = Object.keys(files).map((path) => ({ kind: "tool_call", tool: "write_file", arguments: { path, content: files[path] } }));',
				"process.stdout.write(JSON.stringify({ final: milestone + ' done', trace, telemetry: { input_tokens: 50, output_tokens: 7, cost_usd: 0.002 } }));",
			].join("\n"),
		);
		const commandModel = { ...MODEL, provider: "command", command: [process.execPath, agent] } as unknown as ModelEntry;
		const external: SprintDriveRequest["external"] = (task, signal) =>
			createExternalRunner({
				name: "test-agent",
				command: [process.execPath, agent],
				resolveTask: () => task,
				sandbox: { backend: "auto", allowUnisolated: true },
			}).run({ case: { id: "demo" } as never, model: commandModel, sample_index: 0, harness: {} }, { signal });
		const { provider, users } = worker(competent);
		const { result, events, workspace } = await run(provider, { external });
		expect(result.error).toBeNull();
		expect(result.outcome).toBe("passed");
		expect(users).toEqual([]);
		expect(events.filter((event) => event.endsWith("worker completed"))).toEqual([
			"M01#1 worker completed",
			"M02#1 worker completed",
		]);
		expect(readFileSync(join(workspace.tree, "src", "math.mjs"), "utf8")).toContain("triple");
	});
});
