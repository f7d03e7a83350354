import { describe, expect, it } from "vitest";
import {
	type Case,
	type Completion,
	type ModelEntry,
	type Provider,
	ProviderError,
	type RunInput,
	UNKNOWN_TELEMETRY,
} from "../../contract/index.js";
import { wrapUserRunner } from "./wrap-user-runner.js";

const MODEL = { id: "scripted/terse", provider: "openai-compatible", model: "terse" } as ModelEntry;
const INPUT: RunInput = {
	case: { id: "a", input: { prompt: "hi" } } as unknown as Case,
	model: MODEL,
	sample_index: 0,
	harness: {},
};
const IDENTITY = { id: "probe", version: "1.0.0", sha256: "b".repeat(64), package_version: null };
const signal = new AbortController().signal;

/** A provider that answers `reply`, as the host's would (the e2e tests use the real one over HTTP). */
const provider: Provider = {
	specificationVersion: "v1",
	id: "fake",
	endpoint: "http://127.0.0.1:1",
	complete: async () => ({ text: "short reply", raw: { id: "r1" } }) as unknown as Completion,
};

function wrap(run: (input: RunInput, options: { signal: AbortSignal; provider: Provider }) => unknown, runMs = 1000) {
	const measured: number[] = [];
	const runner = wrapUserRunner(
		{ id: "twice", version: "2", run },
		{
			reference: "./plugins/probe.mjs",
			identity: IDENTITY,
			runMs,
			providerFor: () => provider,
			measure: (completions) => {
				measured.push(completions.length);
				return { telemetry: { ...UNKNOWN_TELEMETRY, turns: completions.length } };
			},
		},
	);
	return { runner, measured };
}

describe("wrapUserRunner", () => {
	it("keys the harness by the module's identity and measures the calls made through the given provider", async () => {
		const { runner } = wrap(async (input, options) => {
			await options.provider.complete({ messages: [] }, options);
			const second = await options.provider.complete({ messages: [] }, options);
			return { final: `${second.text} (${input.case.id})`, details: { sent: 2 } };
		});
		expect([runner.id, runner.version, runner.config]).toEqual(["twice", "2", IDENTITY]);
		const attempt = await runner.run(INPUT, { signal });
		expect(attempt).toMatchObject({
			final: "short reply (a)",
			status: "completed",
			error: null,
			trace: [],
			raw: [{ id: "r1" }, { id: "r1" }],
			telemetry: { turns: 2 },
			runner_provenance: { runner: "twice", runner_version: "2", details: { plugin: IDENTITY, runner: { sent: 2 } } },
		});
	});

	it("is a harness error naming the module and each wrong field of a malformed attempt", async () => {
		const attempt = await wrap(async () => ({ final: 3, status: "done", telemetry: {} })).runner.run(INPUT, { signal });
		expect(attempt.status).toBe("harness_error");
		expect(attempt.error).toContain("run() of plugin ./plugins/probe.mjs returned a malformed attempt");
		expect(attempt.error).toMatch(/attempt\.final: expected the model's final output/);
		expect(attempt.error).toMatch(/attempt\.status: /);
		expect(attempt.error).toMatch(/attempt: Unrecognized key: "telemetry"/);
		const silent = await wrap(async () => ({ final: null, status: "failed" })).runner.run(INPUT, { signal });
		expect(silent.error).toContain("attempt.error: a `failed` attempt says what went wrong");
	});

	it("is a harness error for a throw, and for a run() past its bound, whose signal it aborts, with the calls made so far", async () => {
		const thrown = await wrap(async () => {
			throw new Error("boom");
		}).runner.run(INPUT, { signal });
		expect(thrown).toMatchObject({ status: "harness_error", error: "run() of plugin ./plugins/probe.mjs threw: boom" });

		let aborted = false;
		const { runner, measured } = wrap(async (_, options) => {
			await options.provider.complete({ messages: [] }, options);
			options.signal.addEventListener("abort", () => {
				aborted = true;
			});
			return new Promise(() => {});
		}, 30);
		const hung = await runner.run(INPUT, { signal });
		expect(hung.status).toBe("harness_error");
		expect(hung.error).toContain("run() of plugin ./plugins/probe.mjs did not finish within 30 ms");
		expect([aborted, measured, hung.telemetry.turns]).toEqual([true, [1], 1]);
	});

	it("is the model's timeout when a model call timed out and the runner let it through, and a harness error for another provider error", async () => {
		for (const [kind, status] of [
			["timeout", "timeout"],
			["auth", "harness_error"],
		] as const) {
			const attempt = await wrap(async () => {
				throw new ProviderError("no answer in 30 s", { kind });
			}).runner.run(INPUT, { signal });
			expect([attempt.status, attempt.error]).toEqual([
				status,
				kind === "timeout"
					? "run() of plugin ./plugins/probe.mjs: the model call timed out: no answer in 30 s"
					: "run() of plugin ./plugins/probe.mjs threw: no answer in 30 s",
			]);
		}
	});
});
