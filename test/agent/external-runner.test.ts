/**
 * The external harness end to end: a real command (a small Node script standing in for a CLI
 * agent) run in the sandbox (real bubblewrap) on a fresh copy of the fixture, speaking the JSON
 * contract on stdin and stdout.
 */
import { randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attempt, ModelPrice } from "../../src/contract/index.js";
import { type CommandAccess, createExternalRunner, type ExternalRunnerOptions } from "../../src/runners/index.js";
import { detectSandboxBackend } from "../../src/sandbox/index.js";
import { commandVariables, processesMarked } from "../support/processes.js";
import { agentTask, BUGGY, FIXED, runInput, scriptedEntry, writeFixture } from "./agent-fixtures.js";

const HARNESS = fileURLToPath(new URL("./harnesses/fake-harness.mjs", import.meta.url));
const SECRET = "sk-harness-secret-0123456789";

let fixture: string;
const attempts: Attempt[] = [];

beforeAll(() => {
	fixture = writeFixture();
});
afterAll(async () => {
	await Promise.all(attempts.map((attempt) => attempt.workspace?.dispose()));
	rmSync(dirname(fixture), { recursive: true, force: true });
});

/** What the stand-in may reach: `env`, and its key (a secret). */
function access(env: Record<string, string>): CommandAccess {
	return { env: { ...env, HARNESS_API_KEY: SECRET }, secrets: [SECRET], network: false, mounts: [] };
}

async function run(
	mode: string,
	options: Partial<ExternalRunnerOptions> = {},
	signal = new AbortController().signal,
	price: ModelPrice | null = null,
): Promise<Attempt> {
	const runner = createExternalRunner({
		name: "fake-agent",
		command: [process.execPath, HARNESS, mode],
		resolveTask: () => agentTask(fixture, { tools: { shell: true } }),
		access: access({ HARNESS_MODE: mode }),
		...options,
	});
	const model = scriptedEntry("scripted/any", "http://127.0.0.1:9", { price });
	const attempt = await runner.run(runInput(model), { signal });
	attempts.push(attempt);
	return attempt;
}

describe("external runner", () => {
	it("runs the command on a fresh copy of the fixture and keeps its answer, diff and workspace", async () => {
		const attempt = await run("write");

		expect(attempt.error).toBeNull();
		expect(attempt.status).toBe("completed");
		expect(attempt.runner_provenance).toMatchObject({
			runner: "external:fake-agent",
			runner_version: "1",
			details: {
				backend: "bubblewrap",
				isolated: true,
				network: false,
				workdir: "/workspace",
				env: ["HARNESS_API_KEY", "HARNESS_MODE"],
				mounts: [],
				program_files: [HARNESS],
				sandbox: { backend: "bubblewrap", isolated: true, network: false },
			},
		});
		// As the harness printed it, its key too: the run redacts what it stores, and counts each
		// one (test/hostile/secrets.test.ts); masking it here would go uncounted.
		expect(attempt.final).toBe(`Fixed add. My key is ${SECRET}.`);
		expect(attempt.diff).toContain("+\treturn a + b;");
		expect(attempt.diff).toContain("+++ b/HARNESS.txt");
		// A key the agent wrote into a file is in the diff as written (the run redacts it).
		expect(attempt.diff).toContain(`+key ${SECRET}`);
		expect(readFileSync(join(fixture, "src", "math.js"), "utf8")).toBe(BUGGY);
		expect(readFileSync(join(attempt.workspace?.path ?? "", "src", "math.js"), "utf8")).toBe(FIXED);

		expect(attempt.trace.map((step) => step.kind)).toEqual(["message", "tool_call", "tool_result"]);
		expect(attempt.trace[1]).toMatchObject({ tool: "edit", arguments: { path: "src/math.js" }, tokens: 12 });
		expect(attempt.trace[2]).toMatchObject({ is_error: false, tokens: null, at_ms: 6 });
		expect(attempt.telemetry).toMatchObject({ input_tokens: 1200, output_tokens: 80, cost_usd: 0.01, turns: 2 });
		expect(attempt.telemetry.ttft_ms).toBeNull();
		expect(attempt.telemetry.latency_ms).toBeGreaterThan(0);

		// What the command saw: the request, the workdir as the sandbox shows it as its cwd, a
		// scrubbed environment and a private HOME outside the workdir.
		const seen = JSON.parse(attempt.trace[0]?.content ?? "{}");
		expect(seen.request).toMatchObject({
			prompt: "Fix the bug in add.",
			workdir: "/workspace",
			model: { id: "scripted/any", provider: "openai-compatible", model: "scripted/any" },
			budget: { turns: 10, timeout_s: 30 },
			tools: { shell: true },
		});
		expect(seen.cwd).toBe("/workspace");
		expect(seen.home).toBe("/tmp/home");
		expect(commandVariables(seen.env)).toEqual(["HARNESS_API_KEY", "HARNESS_MODE", "HOME", "LANG", "PATH", "TMPDIR"]);
	});

	it("runs it unisolated, with the same scrubbed environment, only when the process backend is chosen", async () => {
		const attempt = await run("write", { sandbox: { backend: "process", allowUnisolated: true } });

		expect(attempt.status).toBe("completed");
		expect(attempt.runner_provenance.details).toMatchObject({
			backend: "process",
			isolated: false,
			network: true,
			program_files: [],
		});
		const seen = JSON.parse(attempt.trace[0]?.content ?? "{}");
		expect(seen.request.workdir).toBe(attempt.workspace?.path);
		expect(seen.home).not.toBe(process.env.HOME);
		expect(seen.home.startsWith(`${attempt.workspace?.path}/`)).toBe(false);
		expect(commandVariables(seen.env)).toEqual(["HARNESS_API_KEY", "HARNESS_MODE", "HOME", "LANG", "PATH", "TMPDIR"]);
	});

	it("runs an agent installed outside /usr through the entry's mounts, its modules and all", async () => {
		const install = mkdtempSync(join(tmpdir(), "touchstone-agent-install-"));
		chmodSync(install, 0o755);
		writeFileSync(join(install, "words.mjs"), 'export const DONE = "installed agent done";\n');
		writeFileSync(
			join(install, "agent.mjs"),
			'import { DONE } from "./words.mjs";\nprocess.stdin.resume();\nprocess.stdin.on("end", () => console.log(JSON.stringify({ final: DONE })));\n',
		);
		try {
			const mounts = [{ from: install, to: "/opt/agent" }];
			const attempt = await run("write", {
				command: ["node", "/opt/agent/agent.mjs"],
				access: { ...access({}), mounts },
			});
			expect(attempt.error).toBeNull();
			expect(attempt.final).toBe("installed agent done");
			expect(attempt.runner_provenance.details).toMatchObject({ mounts, program_files: [] });
			// Without the mount the agent is nowhere to be found inside.
			const unmounted = await run("write", { command: ["node", "/opt/agent/agent.mjs"] });
			expect(unmounted.status).toBe("harness_error");
			expect(unmounted.error).toContain("MODULE_NOT_FOUND");
		} finally {
			rmSync(install, { recursive: true, force: true });
		}
	});

	it("prices the tokens a harness reports without a cost by the entry's price table, and never guesses", async () => {
		const price = { input: 3, output: 15, cache_read: null };
		const signal = () => new AbortController().signal;
		// A reported cost is kept; reported tokens without one are priced; no tokens, or no price, is unknown.
		expect((await run("write", {}, signal(), price)).telemetry.cost_usd).toBe(0.01);
		const priced = await run("tokens", {}, signal(), price);
		expect(priced.telemetry).toMatchObject({ input_tokens: 1200, output_tokens: 80 });
		expect(priced.telemetry.cost_usd).toBeCloseTo((1200 * 3 + 80 * 15) / 1_000_000, 12);
		expect((await run("tokens", {}, signal(), null)).telemetry.cost_usd).toBeNull();
		const quiet = await run("quiet", {}, signal(), price);
		expect(quiet.status).toBe("completed");
		expect(quiet.telemetry.cost_usd).toBeNull();
	});

	it("calls output that is not the contract's JSON a harness error, quoting its start", async () => {
		const attempt = await run("garbage");

		expect(attempt.status).toBe("harness_error");
		expect(attempt.error).toMatch(/external:fake-agent printed a malformed answer: .*not JSON/);
		expect(attempt.error).toContain('output began: "Sure! Here is what I did');
	});

	it("calls a command that exits non-zero a harness error, with its stderr", async () => {
		const attempt = await run("crash");

		expect(attempt.status).toBe("harness_error");
		expect(attempt.error).toBe("external:fake-agent exited with code 3: fatal: no model configured");
	});

	it("calls a harness killed from inside its sandbox the model's failure, graded on its workspace, not a harness error", async () => {
		// The model's commands run beside the harness: one `kill` must not make its attempt excluded.
		const attempt = await run("killed");

		expect(attempt.status).toBe("failed");
		expect(attempt.error).toMatch(
			/^external:fake-agent was killed by SIGKILL from inside its sandbox, where the model's commands run; graded on the workspace it left/,
		);
		expect(attempt.workspace).not.toBeNull();
		expect(readFileSync(join(attempt.workspace?.path ?? "", "KILLED.txt"), "utf8")).toBe("the model was here\n");
		expect(attempt.diff).toContain("KILLED.txt");
		// Unisolated, the harness is the direct child and its signal is a name, not 128 + n.
		const unisolated = await run("killed", { sandbox: { backend: "process", allowUnisolated: true } });
		expect(unisolated.status).toBe("failed");
		expect(unisolated.error).toMatch(/was killed by SIGKILL from inside its sandbox/);
	});

	it("kills a command that hangs, and everything it started, and calls it a timeout", async () => {
		const mark = `touchstone-hang-${randomUUID()}`;
		const started = performance.now();
		const attempt = await run("hang", {
			timeoutMs: 1_000,
			access: access({ HARNESS_MODE: "hang", HARNESS_MARK: mark }),
		});

		expect(performance.now() - started).toBeLessThan(4000);
		expect(attempt.status).toBe("timeout");
		expect(attempt.error).toMatch(/did not finish within 1 s; its process tree was killed/);
		expect(attempt.workspace).not.toBeNull();
		expect(readFileSync(join(attempt.workspace?.path ?? "", "started.txt"), "utf8")).toBe("yes\n");
		expect(processesMarked(mark)).toEqual([]);
	});

	it("kills the command on abort and removes the workdir", async () => {
		const tempRoot = mkdtempSync(join(tmpdir(), "touchstone-external-abort-"));
		// The sandbox's user (nobody, when tests run as root) must reach the workdirs made here.
		chmodSync(tempRoot, 0o711);
		try {
			const attempt = await run("hang", { tempRoot }, AbortSignal.timeout(300));

			expect(attempt.status).toBe("harness_error");
			expect(attempt.error).toMatch(/^aborted/);
			expect(attempt.workspace).toBeNull();
			expect(readdirSync(tempRoot)).toEqual([]);
		} finally {
			rmSync(tempRoot, { recursive: true, force: true });
		}
	});

	it("calls a machine without bubblewrap a harness error saying how to fix it, unless the process backend is chosen", async () => {
		const path = process.env.PATH;
		const empty = mkdtempSync(join(tmpdir(), "touchstone-no-bwrap-"));
		process.env.PATH = empty;
		try {
			await detectSandboxBackend({ refresh: true });
			const attempt = await run("write", { command: [process.execPath, HARNESS, "write"] });
			expect(attempt.status).toBe("harness_error");
			expect(attempt.error).toContain("bubblewrap (bwrap) is not installed");
			expect(attempt.error).toContain("fix: install it (apt-get install bubblewrap");
			expect(attempt.workspace).toBeNull();
		} finally {
			process.env.PATH = path;
			rmSync(empty, { recursive: true, force: true });
			await detectSandboxBackend({ refresh: true });
		}
	});

	it("calls a command that cannot start a harness error, says how to fix it, and leaves no workdir behind", async () => {
		for (const command of [["/no/such/harness"], ["touchstone-no-such-agent", "--print"]]) {
			const attempt = await run("write", { command });

			expect(attempt.status).toBe("harness_error");
			expect(attempt.error).toContain(
				`could not start \`${command[0]}\`: it is not found inside the sandbox (bubblewrap), or not`,
			);
			expect(attempt.error).toContain("fix: install it under /usr, give its absolute path");
			expect(attempt.workspace).toBeNull();
		}
	});
});
