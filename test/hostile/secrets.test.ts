import { createHash, randomUUID } from "node:crypto";
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { loadTaskPack } from "../../src/definitions/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { loadScript, type ScriptedServer, startScriptedServer } from "../../src/scripted-server/index.js";
import { openStore } from "../../src/store/index.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { spawnServe, stopServe } from "../support/serve-process.js";
import { CODE_FIX_USE_CASES, GOLD_TEST, SUM_FIXED, sumTask } from "../support/sum-task.js";

const NODE = process.execPath;
/** What the host's environment holds that no model program may see and the store may never keep. */
const HOST_SECRETS = {
	AWS_SECRET_ACCESS_KEY: `aws${randomUUID().replaceAll("-", "")}`,
	GITHUB_TOKEN: `ghp_${randomUUID().replaceAll("-", "")}`,
	TOUCHSTONE_RATE_TOKEN: `rate-${randomUUID()}`,
};
/** The command entry's own key (passed to it, so redacted) and its allowlisted variable. */
const COMMAND_KEY = `ck-${randomUUID().slice(0, 18)}`;
/** A key of another entry: short and plain, so only knowing it (not its name or shape) redacts it. */
const OTHER_KEY = `k${randomUUID().replaceAll("-", "").slice(0, 15)}`;
/** The key the echoing endpoint is sent, and a header value of its entry. */
const ECHO_KEY = `sk-echo-${randomUUID()}`;
const ECHO_HEADER = `hv-${randomUUID()}`;
/** The key an OpenRouter entry (an AI SDK provider) sends to its echoing stand-in. */
const ROUTER_KEY = `sk-or-${randomUUID()}`;

/** Every secret of this file: none may be found in a stored byte or a served reply. */
const ALL_SECRETS = [...Object.values(HOST_SECRETS), COMMAND_KEY, OTHER_KEY, ECHO_KEY, ECHO_HEADER, ROUTER_KEY];

/** How many times the given secrets (by default all of this file's) occur in a text. */
function occurrences(text: string, secrets: readonly string[] = ALL_SECRETS): number {
	return secrets.reduce((total, secret) => total + text.split(secret).length - 1, 0);
}

/** How many `<redacted>` marks a stored text holds: one per occurrence replaced. */
function marks(text: string): number {
	return text.split("<redacted>").length - 1;
}

/** Prints its environment and what it can read of its parents' as its whole reply. */
const ENV_DUMPER = `
const { readFileSync } = require("node:fs");
const read = (path) => { try { return readFileSync(path, "utf8"); } catch { return null; } };
process.stdin.resume();
process.stdin.on("end", () => console.log(JSON.stringify({
	env: process.env,
	init: read("/proc/1/environ"),
	parent: read("/proc/" + process.ppid + "/environ"),
	host_home: read(${JSON.stringify(join(process.env.HOME ?? "/root", ".bash_history"))}),
})));
`;

let echo: Server;
let echoUrl: string;
/** Authorization headers the echoing endpoint received. */
const received: string[] = [];
/** What the echoing endpoint sent back, by the model asked: the reply's text and its id. */
const sent = new Map<string, { content: string; id: string }>();

/** An OpenAI-compatible endpoint that puts the Authorization header (and other secrets it knows) in its replies. */
function echoReply(request: IncomingMessage, body: string): { status: number; type: string; text: string } {
	const authorization = request.headers.authorization ?? "";
	received.push(authorization);
	const content = `answer: ok. You sent ${authorization} and x-team ${request.headers["x-team"] ?? ""}; also ${OTHER_KEY} and ${HOST_SECRETS.TOUCHSTONE_RATE_TOKEN}; and the host's ${HOST_SECRETS.AWS_SECRET_ACCESS_KEY}, ${HOST_SECRETS.GITHUB_TOKEN}`;
	const id = `chatcmpl-${authorization}`;
	const asked = JSON.parse(body) as { model?: string; stream?: boolean };
	sent.set(asked.model ?? "", { content, id });
	// The model `refuse` fails the call with a message holding the secrets.
	if (asked.model === "refuse")
		return { status: 400, type: "application/json", text: JSON.stringify({ error: { message: content } }) };
	if (asked.stream === true) {
		const chunk = { id, model: "echo", choices: [{ index: 0, delta: { content }, finish_reason: "stop" }] };
		const usage = { id, model: "echo", choices: [], usage: { prompt_tokens: 3, completion_tokens: 5 } };
		return {
			status: 200,
			type: "text/event-stream",
			text: `data: ${JSON.stringify(chunk)}\n\ndata: ${JSON.stringify(usage)}\n\ndata: [DONE]\n\n`,
		};
	}
	const reply = {
		id,
		model: "echo",
		choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
	};
	return { status: 200, type: "application/json", text: JSON.stringify(reply) };
}

beforeAll(async () => {
	echo = createServer((request, response) => {
		let body = "";
		request.on("data", (chunk: Buffer) => {
			body += chunk.toString();
		});
		request.on("end", () => {
			const reply = echoReply(request, body);
			response.writeHead(reply.status, { "content-type": reply.type });
			response.end(reply.text);
		});
	});
	await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
	echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
	echo.close();
});

function writeTree(root: string, files: Readonly<Record<string, string>>): void {
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), content);
	}
}

/** A project with one use case `probe` run by `models`, whose one case passes on `answer`. */
function project(models: readonly Record<string, unknown>[], answer: string): string {
	const root = tempDir("touchstone-hostile-secrets-");
	writeTree(root, {
		"benchmarks/models.yaml": stringify({ models }),
		"benchmarks/use_cases.yaml": stringify({
			use_cases: [
				{
					id: "probe",
					status: "runnable",
					modality: { input: "text", output: "text" },
					plugin: "cases",
					cases: "packs/probe/*.yaml",
					samples: 1,
					fleet: [models[0]?.id],
				},
			],
		}),
		"benchmarks/packs/probe/hi.yaml": stringify({
			id: "hi",
			version: "1",
			kind: "floor",
			input: { prompt: "say hi" },
			checks: [{ metric: "answer", contains: [answer] }],
		}),
	});
	return root;
}

/** The host environment the CLI runs in: every secret set, as on a developer's machine. */
function hostEnv(): Record<string, string> {
	return {
		...HOST_SECRETS,
		HOME: process.env.HOME ?? "/root",
		LOCAL_MODEL_KEY: COMMAND_KEY,
		LOCAL_REGION: "eu-west",
		// Allowlisted by the command entry under a plain name, holding another entry's key.
		SHARED_SETTING: OTHER_KEY,
		OTHER_KEY,
		ECHO_KEY,
		ECHO_HEADER,
		ROUTER_KEY,
	};
}

/** Every byte under a folder (the database, its WAL, every artifact), as text. */
function storedText(dir: string): string {
	let text = "";
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		text += statSync(path).isDirectory() ? storedText(path) : readFileSync(path).toString("latin1");
	}
	return text;
}

/** The text of a stored artifact, read and verified through the store. */
function artifact(root: string, sha: unknown): string {
	const store = openStore({
		database: join(root, "data", "benchmarks.db"),
		artifacts: join(root, "data", "artifacts"),
	});
	try {
		return store.readArtifactText(String(sha));
	} finally {
		store.close();
	}
}

/** The run rows of a project's store. */
function runRows(root: string): Record<string, unknown>[] {
	const db = new Database(join(root, "data", "benchmarks.db"), { readonly: true });
	try {
		return db.prepare("SELECT * FROM runs").all() as Record<string, unknown>[];
	} finally {
		db.close();
	}
}

/** What `GET /inspector` serves for one case (by default the one case of `project`), as text. */
async function inspector(root: string, useCase = "probe", caseId = "hi"): Promise<string> {
	const served = await spawnServe(
		root,
		{ database: join(root, "data", "benchmarks.db"), artifacts: join(root, "data", "artifacts") },
		[],
		hostEnv(),
	);
	try {
		const response = await fetch(`${served.url}/api/v1/benchmarks/inspector?use_case=${useCase}&case_id=${caseId}`);
		expect(response.status).toBe(200);
		return await response.text();
	} finally {
		await stopServe(served);
	}
}

function expectNoSecret(text: string): void {
	for (const secret of ALL_SECRETS) expect(text).not.toContain(secret);
}

describe("no secret leaves through a model's reply", () => {
	it("gives a command model only PATH, a private HOME, LANG, its key and its allowlist, and stores none of the host's secrets", async () => {
		const root = project(
			[
				{
					id: "local/env-dumper",
					provider: "command",
					command: [NODE, "-e", ENV_DUMPER],
					api_key_env: "LOCAL_MODEL_KEY",
					env: ["LOCAL_REGION", "SHARED_SETTING"],
				},
				// Not run: its key is still one the process knows.
				{ id: "other/model", provider: "openai-compatible", model: "x", base_url: echoUrl, api_key_env: "OTHER_KEY" },
			],
			"LOCAL_REGION",
		);
		const run = await runCli(["run", "--use-case", "probe", "--models", "local/env-dumper"], {
			cwd: root,
			env: hostEnv(),
		});
		expect(run.stderr).not.toContain("Error:");
		expect(run.code, run.stderr).toBe(0);

		const [row] = runRows(root);
		expect(row?.status).toBe("completed");
		const output = artifact(root, row?.output_sha);
		const seen = JSON.parse(output) as {
			env: Record<string, string>;
			init: string | null;
			parent: string | null;
			host_home: null;
		};
		expect(
			Object.keys(seen.env)
				.filter((name) => !["PWD", "SHLVL", "_"].includes(name))
				.sort(),
		).toEqual(["HOME", "LANG", "LOCAL_MODEL_KEY", "LOCAL_REGION", "PATH", "SHARED_SETTING", "TMPDIR"]);
		expect(seen.env.HOME).not.toBe(process.env.HOME);
		expect(seen.env.LOCAL_REGION).toBe("eu-west");
		expect(seen.env.LOCAL_MODEL_KEY).toBe("<redacted>");
		expect(seen.env.SHARED_SETTING).toBe("<redacted>");
		expect(seen.host_home).toBeNull();
		// Its own key and another entry's (passed under a plain name), wherever the program printed
		// them: every one replaced by the run, and counted (the provider no longer masks its key
		// first, uncounted). The program prints no `<redacted>` of its own.
		expect(marks(output)).toBeGreaterThanOrEqual(2);
		expect(row?.redactions).toBe(marks(output));

		expectNoSecret(storedText(join(root, "data")));
		expectNoSecret(await inspector(root));
	});

	it("redacts a key an endpoint echoes into its reply from every artifact and column, before it is hashed", async () => {
		const root = project(
			[
				{
					id: "echo/model",
					provider: "openai-compatible",
					model: "echo",
					base_url: echoUrl,
					api_key_env: "ECHO_KEY",
					options: { headers_env: { "x-team": "ECHO_HEADER" }, max_retries: 0 },
				},
				{
					id: "other/model",
					provider: "openai-compatible",
					model: "refuse",
					base_url: echoUrl,
					api_key_env: "OTHER_KEY",
					options: { max_retries: 0 },
				},
			],
			"answer: ok.",
		);
		received.length = 0;
		const run = await runCli(["run", "--use-case", "probe", "--models", "echo/model,other/model"], {
			cwd: root,
			env: hostEnv(),
		});
		// The refused call is a harness error: the run did not finish its job.
		expect(run.code, run.stderr).toBe(1);
		// The endpoint was sent the keys and echoed them.
		expect(received.sort()).toEqual([`Bearer ${ECHO_KEY}`, `Bearer ${OTHER_KEY}`].sort());

		const rows = runRows(root);
		const row = rows.find((stored) => stored.model_id === "echo/model");
		expect(row?.status).toBe("completed");
		// The refused call's error names the server's message, every secret in it redacted.
		const refused = rows.find((stored) => stored.model_id === "other/model");
		expect(refused?.error).toContain("You sent Bearer <redacted> and x-team ; also <redacted> and <redacted>");
		// Every secret the endpoint echoed is counted: four in the reply's text, and the key in the
		// reply's id (kept once, in the raw reply), which the provider used to mask uncounted.
		const reply = sent.get("echo");
		expect(occurrences(reply?.id ?? "")).toBe(1);
		expect(row?.redactions).toBe(occurrences(reply?.content ?? "") + occurrences(reply?.id ?? ""));
		// An error text is masked of the provider's own key before the run sees it (it may be
		// printed first), so only the other secrets it held are counted: the rate token and the
		// host's two secret-named variables, which no entry names and the run redacts all the same.
		const refusal = sent.get("refuse")?.content ?? "";
		expect(refused?.redactions).toBe(
			occurrences(
				refusal,
				ALL_SECRETS.filter((secret) => secret !== OTHER_KEY),
			),
		);
		expect(refused?.redactions).toBe(3);
		const sha = String(row?.output_sha);
		const output = artifact(root, sha);
		expect(output).toContain(
			"answer: ok. You sent Bearer <redacted> and x-team <redacted>; also <redacted> and <redacted>",
		);
		// Content-addressed after redaction: the name is the hash of the bytes kept.
		expect(createHash("sha256").update(output).digest("hex")).toBe(sha);

		expectNoSecret(storedText(join(root, "data")));
		expectNoSecret(JSON.stringify(runRows(root)));
		expectNoSecret(run.stdout + run.stderr);
		const served = await inspector(root);
		expectNoSecret(served);
		// The inspector entry and `inspect` show each sample's count.
		const samples = (
			JSON.parse(served) as { models: { model_id: string; samples: { redactions: number | null }[] }[] }
		).models.map((model) => [model.model_id, model.samples[0]?.redactions]);
		expect(samples.sort()).toEqual(
			[
				["echo/model", row?.redactions],
				["other/model", refused?.redactions],
			].sort(),
		);
		const inspect = await runCli(["inspect", "--use-case", "probe", "--case", "hi"], { cwd: root, env: hostEnv() });
		expect(inspect.code, inspect.stderr).toBe(0);
		expect(inspect.stdout).toContain(`redacted: ${row?.redactions} secrets replaced by <redacted>`);
		expectNoSecret(inspect.stdout);
	});
});

/** Writes the `code-fix` use case (one task, the sum fix) run by `models` into `root`, its fixture made. */
async function codeFixProject(root: string, models: readonly Record<string, unknown>[]): Promise<void> {
	writeTree(root, {
		"benchmarks/models.yaml": stringify({ models }),
		"benchmarks/use_cases.yaml": CODE_FIX_USE_CASES,
		"benchmarks/packs/code-fix/fix-sum/task.yaml": sumTask("fix-sum", { reference: "reference/sum.mjs" }),
		"benchmarks/packs/code-fix/fix-sum/hidden/sum.test.mjs": GOLD_TEST,
		"benchmarks/packs/code-fix/fix-sum/reference/sum.mjs": SUM_FIXED,
	});
	for (const entry of loadTaskPack(join(root, "benchmarks", "packs", "code-fix")).tasks)
		await materializeFixture(entry.dir, entry.task, { repo: null });
}

/**
 * An external agent that fixes the task, and leaves every variable it got in a file of its
 * workdir (the diff), in its trace and in its final message.
 */
const LEAKY_AGENT = `
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const request = JSON.parse(readFileSync(0, "utf8"));
const sum = join(request.workdir, "src", "sum.mjs");
writeFileSync(sum, readFileSync(sum, "utf8").replace("a - b", "a + b"));
const seen = JSON.stringify(process.env);
writeFileSync(join(request.workdir, "notes.txt"), seen + "\\n");
console.log(JSON.stringify({ final: "fixed; " + seen, trace: [{ kind: "message", content: seen }], telemetry: { turns: 1 } }));
`;

describe("no secret leaves through an agent's workdir or trace", () => {
	it("redacts every known secret from an external agent's diff, trace and output, and counts it", async () => {
		const root = tempDir("touchstone-hostile-agent-");
		writeTree(root, { "agent.mjs": LEAKY_AGENT });
		await codeFixProject(root, [
			{
				id: "leaky/agent",
				provider: "command",
				command: [NODE, join(root, "agent.mjs")],
				api_key_env: "LOCAL_MODEL_KEY",
				env: ["LOCAL_REGION", "SHARED_SETTING"],
			},
			{ id: "other/model", provider: "openai-compatible", model: "x", base_url: echoUrl, api_key_env: "OTHER_KEY" },
		]);

		const run = await runCli(["run", "--use-case", "code-fix", "--models", "leaky/agent"], {
			cwd: root,
			env: hostEnv(),
		});
		expect(run.code, run.stderr).toBe(0);
		const [row] = runRows(root);
		expect(row?.status).toBe("completed");
		const diff = artifact(root, row?.diff_sha);
		expect(diff).toContain("notes.txt");
		expect(diff).toContain('"SHARED_SETTING":"<redacted>"');
		expect(diff).toContain('"LOCAL_REGION":"eu-west"');
		expect(artifact(root, row?.trace_sha)).toContain('\\"SHARED_SETTING\\":\\"<redacted>\\"');
		// The agent printed every variable it got three times (its final message, its trace, the
		// file in its diff): each secret among them is counted every time, its own key too (the
		// runner no longer masks it first, uncounted).
		const trace = JSON.parse(artifact(root, row?.trace_sha)) as { content: string }[];
		const given = Object.values(JSON.parse(trace[0]?.content ?? "{}") as Record<string, string>);
		expect(given.filter((value) => value === "<redacted>")).toHaveLength(2);
		expect(row?.redactions).toBe(3 * given.filter((value) => value === "<redacted>").length);

		expectNoSecret(storedText(join(root, "data")));
		expectNoSecret(await inspector(root, "code-fix", "fix-sum"));
	});
});

describe("no secret leaves through an AI SDK provider's reply", () => {
	let router: Server;
	let routerUrl: string;
	/** What the OpenRouter stand-in sent back: the reply's text and the `done` call's summary. */
	const routed: { text: string; summary: string }[] = [];

	beforeAll(async () => {
		// An OpenRouter stand-in (chat completions, streamed) that echoes the Authorization header
		// in its reply's text and in the argument of a `done` tool call.
		router = createServer((request, response) => {
			request.resume();
			request.on("end", () => {
				const authorization = request.headers.authorization ?? "";
				const text = `I was sent ${authorization}.`;
				const summary = `nothing changed; my key is ${authorization}`;
				routed.push({ text, summary });
				const call = {
					index: 0,
					id: "call_1",
					type: "function",
					function: { name: "done", arguments: JSON.stringify({ summary }) },
				};
				const events = [
					{ id: "r1", model: "m", choices: [{ index: 0, delta: { role: "assistant", content: text } }] },
					{ id: "r1", model: "m", choices: [{ index: 0, delta: { tool_calls: [call] } }] },
					{ id: "r1", model: "m", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
					{ id: "r1", model: "m", choices: [], usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 } },
				];
				response.writeHead(200, { "content-type": "text/event-stream" });
				response.end(`${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("")}data: [DONE]\n\n`);
			});
		});
		await new Promise<void>((resolve) => router.listen(0, "127.0.0.1", resolve));
		routerUrl = `http://127.0.0.1:${(router.address() as AddressInfo).port}/v1`;
	});
	afterAll(() => {
		router.close();
	});

	it("counts exactly the key an OpenRouter endpoint echoed in its text and a tool call, and stores none", async () => {
		const root = tempDir("touchstone-hostile-router-");
		await codeFixProject(root, [
			{
				id: "router/agent",
				provider: "openrouter",
				model: "some/model",
				base_url: routerUrl,
				api_key_env: "ROUTER_KEY",
				options: { max_retries: 0 },
			},
		]);
		routed.length = 0;

		const run = await runCli(["run", "--use-case", "code-fix", "--models", "router/agent"], {
			cwd: root,
			env: hostEnv(),
		});
		// The agent fixed nothing: its cell is a failed attempt, which the run reports.
		expect(run.stderr).not.toContain("Error:");
		const [row] = runRows(root);
		expect(row?.status, run.stderr).toBe("completed");
		expect(routed).toHaveLength(1);
		const { text, summary } = routed[0] ?? { text: "", summary: "" };
		expect(occurrences(text)).toBe(1);
		expect(occurrences(summary)).toBe(1);

		const trace = artifact(root, row?.trace_sha);
		expect(trace).toContain("I was sent Bearer <redacted>.");
		expect(trace).toContain("nothing changed; my key is Bearer <redacted>");
		expect(artifact(root, row?.output_sha)).toBe("nothing changed; my key is Bearer <redacted>");
		// The text is kept once (a thought), the call's summary twice (its tool_call step and the
		// final message): every occurrence counted, none masked first by the provider.
		expect(row?.redactions).toBe(occurrences(text) + 2 * occurrences(summary));

		expectNoSecret(storedText(join(root, "data")));
		expectNoSecret(JSON.stringify(runRows(root)));
		expectNoSecret(run.stdout + run.stderr);
	});
});

describe("the jury is part of what decides a result", () => {
	let scripted: ScriptedServer;
	beforeAll(async () => {
		scripted = await startScriptedServer({ script: await loadScript(join(ROOT, "examples", "scripted", "demo.yaml")) });
	});
	afterAll(async () => {
		await scripted.close();
	});

	/** The bundled examples, with a third juror entry answering as juror A does. */
	function juryProject(): string {
		const root = tempDir("touchstone-hostile-jury-");
		cpSync(join(ROOT, "examples", "benchmarks"), join(root, "benchmarks"), { recursive: true });
		const models = join(root, "benchmarks", "models.yaml");
		writeFileSync(
			models,
			`${readFileSync(models, "utf8")}\n  - id: scripted/juror-c\n    provider: openai-compatible\n    model: scripted/juror-a\n    base_url: \${TOUCHSTONE_SCRIPTED_URL}/v1\n    role: anchor\n`,
		);
		return root;
	}

	function writePanel(root: string, version: string, jurors: readonly string[]): void {
		writeFileSync(
			join(root, "benchmarks", "judge_panels.yaml"),
			stringify({ default: "demo", panels: [{ id: "demo", version, jurors, quorum: 2 }] }),
		);
	}

	it("re-grades when a juror is swapped under the same version label, and keeps cells current while the panel is unchanged", async () => {
		const root = juryProject();
		const run = async () => {
			const result = await runCli(
				["run", "--use-case", "kids-qa", "--models", "scripted/strong", "--samples", "1", "--json"],
				{ cwd: root, env: { TOUCHSTONE_SCRIPTED_URL: scripted.url } },
			);
			expect(result.code, result.stderr).toBe(0);
			const plan = /(\d+) cells planned .*, (\d+) already current, (\d+) to run/.exec(result.stderr);
			const summary = (JSON.parse(result.stdout) as { summary: { benchmark_version: string } }).summary;
			return { version: summary.benchmark_version, current: Number(plan?.[2]), toRun: Number(plan?.[3]) };
		};
		const juryCalls = () => scripted.requests("scripted/juror-a").length + scripted.requests("scripted/juror-b").length;

		writePanel(root, "jury@v1", ["scripted/juror-a", "scripted/juror-b"]);
		const first = await run();
		expect(first.current).toBe(0);
		expect(first.toRun).toBeGreaterThan(0);

		// The same panel: nothing runs, and no juror is asked.
		const calls = juryCalls();
		const same = await run();
		expect(same).toEqual({ version: first.version, current: first.toRun, toRun: 0 });
		expect(juryCalls()).toBe(calls);

		// Juror B swapped for another model, the label kept: a new version, every cell graded again.
		writePanel(root, "jury@v1", ["scripted/juror-a", "scripted/juror-c"]);
		const swapped = await run();
		expect(swapped.version).not.toBe(first.version);
		expect(swapped).toMatchObject({ current: 0, toRun: first.toRun });

		// Only the label bumped: the spec records it, but the same jury's grades stay current.
		writePanel(root, "jury@v2", ["scripted/juror-a", "scripted/juror-c"]);
		const relabelled = await run();
		expect(relabelled.version).not.toBe(swapped.version);
		expect(relabelled).toMatchObject({ current: first.toRun, toRun: 0 });
	});
});
