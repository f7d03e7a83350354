/**
 * The agent harness end to end: real HTTP to the scripted server speaking the OpenAI wire with
 * native tool calls, real sandboxes, real files and commands.
 *
 * The fix-and-verify test runs on the default backend (`auto`: bubblewrap here), as a run would.
 * The others use the plain-process backend: what they check (tool errors, budgets, provider
 * failures, aborts) does not depend on isolation, and it keeps the suite fast and able to run
 * where bubblewrap cannot.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attempt, ModelEntry, Step } from "../../src/contract/index.js";
import { createModelProvider } from "../../src/providers/index.js";
import {
	type AgentRunnerOptions,
	type AgentTask,
	createAgentRunner,
	type TaskSandboxOptions,
} from "../../src/runners/index.js";
import { type ScriptedServer, type ScriptInput, startScriptedServer } from "../../src/scripted-server/index.js";
import { agentTask, BUDGET, ENV, FIXED, runInput, scriptedEntry, writeFixture } from "./agent-fixtures.js";

const README = { name: "read_file", arguments: { path: "README.md" } };

const SCRIPT: ScriptInput = {
	models: {
		"scripted/fixer": {
			usage: { prompt_tokens: 100, completion_tokens: 20 },
			cost_usd: 0.001,
			rules: [
				{ when: { turn: 1 }, tool_calls: [{ name: "read_file", arguments: { path: "src/math.js" } }] },
				{
					when: { turn: 2, tool_result: "a - b" },
					reply: "It subtracts; it should add.",
					tool_calls: [{ name: "write_file", arguments: { path: "src/math.js", content: FIXED } }],
				},
				{ when: { turn: 3 }, tool_calls: [{ name: "run_command", arguments: { command: "sh check.sh" } }] },
				{
					when: { tool_result: "PASS" },
					tool_calls: [{ name: "done", arguments: { summary: "add subtracted; it adds now." } }],
				},
				{ reply: "lost" },
			],
		},
		"scripted/escaper": {
			rules: [
				{ when: { turn: 1 }, tool_calls: [{ name: "read_file", arguments: { path: "../../etc/passwd" } }] },
				{ when: { turn: 2 }, tool_calls: [{ name: "read_file", arguments: { path: "/etc/passwd" } }] },
				{
					when: { turn: 3 },
					tool_calls: [{ name: "write_file", arguments: { path: "../escaped.txt", content: "x" } }],
				},
				{ when: { turn: 4 }, tool_calls: [{ name: "done", arguments: { summary: "stayed inside" } }] },
			],
		},
		"scripted/sloppy": {
			rules: [
				{ when: { turn: 1 }, tool_calls: [{ name: "read_file", arguments: {} }] },
				{ when: { turn: 2 }, tool_calls: [{ name: "read_file", arguments: { path: 42 } }] },
				{ when: { turn: 3 }, tool_calls: [{ name: "delete_everything", arguments: {} }] },
				{ when: { turn: 4 }, tool_calls: [{ name: "run_command", arguments: { command: "ls" } }] },
				{ reply: "I give up." },
			],
		},
		"scripted/looper": {
			rules: [
				{
					when: { turn: 1 },
					tool_calls: [{ name: "write_file", arguments: { path: "notes.txt", content: "started\n" } }],
				},
				{ tool_calls: [README] },
			],
		},
		"scripted/spender": {
			usage: { prompt_tokens: 1000, completion_tokens: 100 },
			rules: [
				{ when: { turn: 3 }, tool_calls: [{ name: "write_file", arguments: { path: "late.txt", content: "late" } }] },
				{ tool_calls: [README] },
			],
		},
		"scripted/broken": { faults: { server_error: 1 }, rules: [{ reply: "never" }] },
		"scripted/sluggish": { latency_ms: 10_000, rules: [{ tool_calls: [README] }] },
	},
};

const PROCESS: TaskSandboxOptions = { backend: "process", allowUnisolated: true };

let server: ScriptedServer;
let fixture: string;
const workspaces: Attempt[] = [];

beforeAll(async () => {
	server = await startScriptedServer({ script: SCRIPT });
	fixture = writeFixture();
});
afterAll(async () => {
	await Promise.all(workspaces.map((attempt) => attempt.workspace?.dispose()));
	await server.close();
	rmSync(dirname(fixture), { recursive: true, force: true });
});

async function run(
	model: string,
	task: Partial<AgentTask> = {},
	options: Partial<AgentRunnerOptions> = {},
	signal = new AbortController().signal,
): Promise<Attempt> {
	const runner = createAgentRunner({
		providerFor: (entry: ModelEntry) => createModelProvider(entry, { env: ENV }),
		resolveTask: () => agentTask(fixture, task),
		sandbox: PROCESS,
		...options,
	});
	const attempt = await runner.run(runInput(scriptedEntry(model, server.url)), { signal });
	workspaces.push(attempt);
	return attempt;
}

const summary = (trace: readonly Step[]) =>
	trace.map((step) => `${step.kind}${step.tool === null ? "" : `:${step.tool}`}${step.is_error ? "!" : ""}`);
const results = (trace: readonly Step[]) => trace.filter((step) => step.kind === "tool_result");
const details = (attempt: Attempt) => attempt.runner_provenance.details as Record<string, unknown>;

describe("agent runner over the scripted server", () => {
	it("reads, fixes, runs the check in bubblewrap and calls done: completed, with the diff and every step", async () => {
		const attempt = await run("scripted/fixer", { tools: { shell: true } }, { sandbox: { backend: "auto" } });

		expect(attempt.error).toBeNull();
		expect(attempt.status).toBe("completed");
		expect(attempt.final).toBe("add subtracted; it adds now.");
		expect(attempt.diff).toContain("-\treturn a - b;");
		expect(attempt.diff).toContain("+\treturn a + b;");
		expect(summary(attempt.trace)).toEqual([
			"tool_call:read_file",
			"tool_result:read_file",
			"thought",
			"tool_call:write_file",
			"tool_result:write_file",
			"tool_call:run_command",
			"tool_result:run_command",
			"tool_call:done",
		]);
		expect(attempt.trace[1]?.content).toContain("return a - b;");
		expect(attempt.trace[3]?.arguments).toEqual({ path: "src/math.js", content: FIXED });
		expect(attempt.trace[6]?.content).toMatch(/^exit code 0\n--- stdout ---\nPASS/);
		const times = attempt.trace.map((step) => step.at_ms ?? -1);
		expect(times.every((at, index) => at >= (times[index - 1] ?? 0))).toBe(true);

		expect(attempt.telemetry).toMatchObject({ turns: 4, input_tokens: 400, output_tokens: 80 });
		expect(attempt.telemetry.cost_usd).toBeCloseTo(0.004, 10);
		expect(attempt.telemetry.latency_ms).toBeGreaterThan(0);
		expect(details(attempt)).toMatchObject({
			sandbox: { backend: "bubblewrap", isolated: true, network: false },
			tool_calls: { read_file: 1, write_file: 1, run_command: 1, done: 1 },
			tool_errors: 0,
			diff: { truncated: false },
		});
		expect(JSON.stringify(attempt)).not.toContain(ENV.SCRIPTED_API_KEY);

		const workspace = attempt.workspace;
		expect(workspace?.fixture).toBe(fixture);
		expect(readFileSync(join(workspace?.path ?? "", "src", "math.js"), "utf8")).toBe(FIXED);
		expect(readFileSync(join(fixture, "src", "math.js"), "utf8")).not.toBe(FIXED);
		await workspace?.dispose();
		expect(existsSync(workspace?.path ?? "")).toBe(false);
	});

	it("refuses paths outside the workdir as tool errors the model reads, counts them, and goes on", async () => {
		const attempt = await run("scripted/escaper");

		expect(attempt.status).toBe("completed");
		expect(attempt.final).toBe("stayed inside");
		const errors = results(attempt.trace);
		expect(errors.map((step) => step.is_error)).toEqual([true, true, true]);
		expect(errors[0]?.content).toMatch(/climbs out of the workdir/);
		expect(errors[1]?.content).toMatch(/absolute path/);
		expect(errors.map((step) => step.content).join("\n")).not.toContain("root:");
		expect(existsSync(join(dirname(attempt.workspace?.path ?? ""), "escaped.txt"))).toBe(false);
		expect(details(attempt)).toMatchObject({ tool_errors: 3, tool_errors_by_kind: { path: 3 } });

		// The model saw the refusal as the result of its call.
		const last = server.requests("scripted/escaper").at(-1)?.body as { messages: { role: string; content: string }[] };
		const toolMessages = last.messages.filter((message) => message.role === "tool");
		expect(toolMessages).toHaveLength(3);
		expect(toolMessages[0]?.content).toMatch(/paths must stay inside the workdir/);
	});

	it("answers missing or mistyped arguments, unknown tools and run_command without a shell with tool errors", async () => {
		const attempt = await run("scripted/sloppy");

		expect(attempt.status).toBe("completed");
		expect(attempt.final).toBe("I give up.");
		const errors = results(attempt.trace);
		expect(errors.every((step) => step.is_error)).toBe(true);
		expect(errors.map((step) => step.content)).toEqual([
			expect.stringMatching(/invalid arguments for read_file: argument `path` is missing/),
			expect.stringMatching(/argument `path` must be a string.*found number/),
			expect.stringMatching(/unknown tool `delete_everything`; the tools are list_dir, read_file, write_file, done/),
			expect.stringMatching(/run_command is not available in this task \(no shell\)/),
		]);
		expect(details(attempt)).toMatchObject({
			tool_errors: 4,
			tool_errors_by_kind: { arguments: 2, unknown_tool: 2 },
			tool_calls: { read_file: 2, unknown: 1, run_command: 1 },
		});
		const first = server.requests("scripted/sloppy")[0]?.body as { tools?: { function: { name: string } }[] };
		const offered = first?.tools ?? [];
		expect(offered.map((tool) => tool.function.name)).toEqual(["list_dir", "read_file", "write_file", "done"]);
	});

	it("ends with `limit` when the turn budget is used up, and still hands over the workspace and diff", async () => {
		const attempt = await run("scripted/looper", { budget: { ...BUDGET, turns: 3 } });

		expect(attempt.status).toBe("limit");
		expect(attempt.error).toMatch(/turn budget used up: 3 of 3 turns/);
		expect(attempt.telemetry.turns).toBe(3);
		expect(attempt.diff).toContain("+++ b/notes.txt");
		expect(existsSync(join(attempt.workspace?.path ?? "", "notes.txt"))).toBe(true);
	});

	it("ends with `limit` when a reply overspends the token budget, without running its tool calls", async () => {
		const attempt = await run("scripted/spender", { budget: { ...BUDGET, tokens: 2500 } });

		expect(attempt.status).toBe("limit");
		expect(attempt.error).toMatch(
			/token budget exceeded: 3,300 tokens used of 2,500.*1 tool call\(s\) of the last reply not run/,
		);
		expect(attempt.telemetry).toMatchObject({ turns: 3, input_tokens: 3000, output_tokens: 300 });
		expect(attempt.trace.at(-1)).toMatchObject({ kind: "tool_call", tool: "write_file" });
		expect(attempt.diff).toBe("");
		expect(attempt.workspace).not.toBeNull();
	});

	it("ends with `limit` when the wall-time budget runs out, even in the middle of a model call", async () => {
		const started = performance.now();
		const attempt = await run("scripted/sluggish", { budget: { ...BUDGET, timeout_s: 0.4 } });

		// The model would take 10 s to answer: the call was cut at the deadline.
		expect(performance.now() - started).toBeLessThan(2000);
		expect(attempt.status).toBe("limit");
		expect(attempt.error).toBe("wall-time budget used up: 0.4 s");
		expect(attempt.workspace).not.toBeNull();
	});

	it("calls an endpoint that keeps failing a harness error, not the model's failure", async () => {
		const attempt = await run("scripted/broken");

		expect(attempt.status).toBe("harness_error");
		expect(attempt.error).toMatch(/model call failed \(server after 0 retries\).*HTTP 500/);
		expect(attempt.telemetry.turns).toBe(0);
	});

	it("stops promptly on abort and removes the sandbox", async () => {
		const tempRoot = mkdtempSync(join(tmpdir(), "touchstone-agent-abort-"));
		try {
			const controller = new AbortController();
			let abortedAt = Number.POSITIVE_INFINITY;
			setTimeout(() => {
				abortedAt = performance.now();
				controller.abort();
			}, 300);
			const attempt = await run("scripted/sluggish", {}, { sandbox: { ...PROCESS, tempRoot } }, controller.signal);

			// The model would take 10 s to answer: the call in flight was cut, not waited for.
			expect(performance.now() - abortedAt).toBeLessThan(1000);
			expect(attempt.status).toBe("harness_error");
			expect(attempt.error).toMatch(/^aborted/);
			expect(attempt.workspace).toBeNull();
			expect(readdirSync(tempRoot)).toEqual([]);
		} finally {
			rmSync(tempRoot, { recursive: true, force: true });
		}
	});
});
