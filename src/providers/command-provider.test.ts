import { describe, expect, it } from "vitest";
import type { CommandLauncher, CommandLaunchResult } from "./command-provider.js";
import { createCommandProvider, renderPrompt } from "./command-provider.js";

const signal = () => new AbortController().signal;
const ask = { messages: [{ role: "user" as const, content: "x" }] };

/** A launcher that answers each launch with `result` (real runs are tested under test/providers). */
function scripted(result: Partial<CommandLaunchResult> | Error, secrets: readonly string[] = []) {
	const launches: string[] = [];
	const launcher: CommandLauncher = {
		argv: ["agent"],
		secrets,
		async launch(launch) {
			launches.push(launch.stdin);
			if (result instanceof Error) throw result;
			launch.onStdout(new Uint8Array(1));
			return {
				exit_code: 0,
				signal: null,
				stdout: "",
				stderr: "",
				truncated: false,
				timed_out: false,
				workdir_full: false,
				duration_ms: 1,
				stdout_truncated: false,
				missing_program: null,
				reach: { backend: "bubblewrap", isolated: true },
				started_at: performance.now(),
				...result,
			};
		},
	};
	return { launches, provider: createCommandProvider({ id: "command:test", timeoutMs: 1000, launcher, secrets: [] }) };
}

describe("command provider", () => {
	it("keeps a reply cut at the output limit, marked `length`, rather than failing the call", async () => {
		const { provider } = scripted({ stdout: "a long answer\nthat goes on", stdout_truncated: true, truncated: true });
		const result = await provider.complete(ask, { signal: signal() });
		expect(result.text).toBe("a long answer\nthat goes on");
		expect(result.finish_reason).toBe("length");
		expect(result.raw).toMatchObject({ truncated: true, sandbox: { backend: "bubblewrap", isolated: true } });
	});

	it("returns the reply as the program printed it, and masks the launcher's secrets in its errors", async () => {
		const secret = "sk-launcher-secret-0123456789";
		// The run redacts (and counts) what it stores; a provider masking it first would go uncounted.
		const echoed = scripted({ stdout: `my key is ${secret}\n`, stderr: `using ${secret}` }, [secret]);
		const reply = await echoed.provider.complete(ask, { signal: signal() });
		expect(reply.text).toBe(`my key is ${secret}`);
		expect(reply.raw).toMatchObject({ stderr: `using ${secret}` });
		const failing = scripted({ exit_code: 2, stderr: `bad key ${secret}` }, [secret]);
		const error = await failing.provider.complete(ask, { signal: signal() }).catch((caught: unknown) => caught);
		expect((error as Error).message).toBe("command:test: `agent` exited with code 2: bad key <redacted>");
	});

	it("calls a sandbox that cannot be made a bad request, with its message", async () => {
		const { provider } = scripted(new Error("cannot run commands in a sandbox: bubblewrap (bwrap) is not installed"));
		const error = await provider.complete(ask, { signal: signal() }).catch((caught: unknown) => caught);
		expect(error).toMatchObject({ kind: "bad-request", retryable: false });
		expect((error as Error).message).toContain("could not run `agent`: cannot run commands in a sandbox");
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
