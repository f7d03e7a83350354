import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ModelEntry, ProviderError } from "../contract/index.js";
import { createCommandProvider, renderPrompt } from "./command-provider.js";
import { createProvider } from "./create-provider.js";

const NODE = process.execPath;
const workdir = mkdtempSync(join(tmpdir(), "touchstone-command-"));
afterAll(() => rmSync(workdir, { recursive: true, force: true }));

function provider(script: string, timeoutMs = 10_000, env: Record<string, string | undefined> = process.env) {
	return createCommandProvider({ id: "command:test", command: [NODE, "-e", script], timeoutMs, env, secrets: [] });
}

const signal = () => new AbortController().signal;

/** Whether a process is still running: signal 0 probes without killing; a zombie awaiting its reaper counts as dead. */
function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	const stat = readFileSafe(`/proc/${pid}/stat`);
	return stat === "" || stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
}

async function eventually(check: () => boolean, timeoutMs = 3000): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (check()) return true;
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
	return check();
}

// Starts a grandchild that would live for a minute, records its pid, then hangs itself.
const HANG_WITH_GRANDCHILD = (pidFile: string) => `
const { spawn } = require("node:child_process");
const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));
setTimeout(() => {}, 60000);
`;

describe("command provider", () => {
	it("sends the rendered prompt on stdin and returns stdout as the reply, timed", async () => {
		const echo = provider(
			`let s = ""; process.stdin.on("data", (d) => (s += d)); process.stdin.on("end", () => setTimeout(() => { process.stdout.write("got: "); setTimeout(() => console.log(s.toUpperCase()), 30); }, 30));`,
		);
		const result = await echo.complete(
			{
				messages: [
					{ role: "system", content: "be brief" },
					{ role: "user", content: "hello" },
				],
			},
			{ signal: signal() },
		);
		expect(result.text).toBe("got: BE BRIEF\n\nHELLO");
		expect(result.finish_reason).toBe("stop");
		expect(result.usage).toEqual({ input_tokens: null, output_tokens: null, cache_tokens: null });
		expect(result.billed_cost_usd).toBeNull();
		const { ttft_ms, generation_ms, latency_ms } = result.timing;
		expect(ttft_ms).toBeGreaterThan(0);
		expect(ttft_ms).toBeLessThan(latency_ms);
		expect(generation_ms).toBeGreaterThanOrEqual(25);
		expect(provider("").endpoint).toBeNull();
	});

	it("fails with the exit code and the end of stderr when the program fails, and marks it not retryable", async () => {
		const failing = provider(`console.error("model file not found"); process.exit(3);`);
		const error = await failing
			.complete({ messages: [{ role: "user", content: "x" }] }, { signal: signal() })
			.catch((e) => e);
		expect(error).toBeInstanceOf(ProviderError);
		expect(error).toMatchObject({ kind: "server", retryable: false });
		expect(error.message).toContain("exited with code 3");
		expect(error.message).toContain("model file not found");
	});

	it("kills the whole process tree and fails as a retryable timeout when the program hangs", async () => {
		const pidFile = join(workdir, "timeout.pid");
		const hanging = provider(HANG_WITH_GRANDCHILD(pidFile), 1000);
		const started = performance.now();
		const error = await hanging
			.complete({ messages: [{ role: "user", content: "x" }] }, { signal: signal() })
			.catch((e) => e);
		expect(performance.now() - started).toBeLessThan(5000);
		expect(error).toMatchObject({ kind: "timeout", retryable: true });
		const grandchild = Number(readFileSync(pidFile, "utf8"));
		expect(await eventually(() => !alive(grandchild))).toBe(true);
	});

	it("kills the process tree when the caller aborts", async () => {
		const pidFile = join(workdir, "abort.pid");
		const hanging = provider(HANG_WITH_GRANDCHILD(pidFile), 30_000);
		const controller = new AbortController();
		const pending = hanging.complete({ messages: [{ role: "user", content: "x" }] }, { signal: controller.signal });
		expect(await eventually(() => readFileSafe(pidFile) !== "")).toBe(true);
		controller.abort();
		const error = await pending.catch((e) => e);
		expect(error).toMatchObject({ kind: "aborted", retryable: false });
		expect(await eventually(() => !alive(Number(readFileSafe(pidFile))))).toBe(true);
	});

	it("refuses tools and names a program that cannot start", async () => {
		const request = {
			messages: [{ role: "user" as const, content: "x" }],
			tools: [{ name: "t", description: "d", parameters: { type: "object" } }],
		};
		await expect(provider("").complete(request, { signal: signal() })).rejects.toMatchObject({ kind: "bad-request" });
		const missing = createCommandProvider({
			id: "command:missing",
			command: ["touchstone-no-such-program"],
			timeoutMs: 1000,
			env: process.env,
			secrets: [],
		});
		const error = await missing
			.complete({ messages: [{ role: "user", content: "x" }] }, { signal: signal() })
			.catch((e) => e);
		expect(error).toMatchObject({ kind: "bad-request" });
		expect(error.message).toContain("could not start `touchstone-no-such-program`");
	});

	it("redacts the entry's key if the program prints it", async () => {
		const entry: ModelEntry = {
			id: "local",
			provider: "command",
			model: "local",
			display_name: "local",
			role: "candidate",
			status: "active",
			tags: { family: null, weights: null, tier: null },
			price: null,
			base_url: null,
			api_key_env: "LOCAL_MODEL_KEY",
			command: [NODE, "-e", "console.log('key is ' + process.env.LOCAL_MODEL_KEY)"],
			options: {},
		};
		const secret = "sk-local-secret-123456";
		const local = createProvider(entry, { env: { ...process.env, LOCAL_MODEL_KEY: secret } });
		const result = await local.complete({ messages: [{ role: "user", content: "x" }] }, { signal: signal() });
		expect(result.text).toBe("key is <redacted>");
		expect(JSON.stringify(result)).not.toContain(secret);
	});
});

describe("renderPrompt", () => {
	it("joins a system prompt and one user message with a blank line", () => {
		expect(
			renderPrompt([
				{ role: "system", content: "S" },
				{ role: "user", content: "U" },
			]),
		).toBe("S\n\nU");
	});

	it("labels each message of a longer conversation", () => {
		const text = renderPrompt([
			{ role: "user", content: "a" },
			{ role: "assistant", content: "b" },
			{ role: "user", content: "c" },
		]);
		expect(text).toBe("USER:\na\n\nASSISTANT:\nb\n\nUSER:\nc");
	});
});

function readFileSafe(path: string): string {
	try {
		return readFileSync(path, "utf8");
	} catch {
		return "";
	}
}
