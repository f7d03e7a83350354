import {
	type Attempt,
	type Completion,
	type JsonObject,
	type ModelEntry,
	type Provider,
	ProviderError,
	type RunInput,
	type Runner,
	type Telemetry,
	TouchstoneError,
} from "../../contract/index.js";
import { boundedCall, thrownMessage } from "./bounded-call.js";
import { problemsOf, runnerAttemptSchema } from "./user-plugin-schemas.js";

/** A run() call's bound when the plugin declares none. */
export const DEFAULT_RUN_TIMEOUT_MS = 600_000;

/** The host's measure of an attempt from its model calls, as the built-in runners take it (telemetryFrom). */
export type MeasureCalls = (
	completions: readonly Completion[],
	wallMs: number,
	model: ModelEntry,
) => { readonly telemetry: Telemetry; readonly warnings?: readonly string[] };

/** What wrapUserRunner needs besides the plugin's runner. */
export interface UserRunnerHost {
	/** The plugin module's `plugin:` value, named in every error. */
	readonly reference: string;
	/** The module's identity (plugin id and version, module hash): the harness config, so it enters the harness key. */
	readonly identity: JsonObject;
	/** The bound on one run(), in ms. */
	readonly runMs: number;
	/** The host's providers (absent while validating: a run then is a harness error). */
	readonly providerFor: ((model: ModelEntry) => Provider) | undefined;
	readonly measure: MeasureCalls;
}

/** The user's runner once its shape is checked; its run() is called on the object it returned. */
interface DeclaredRunner {
	readonly id: string;
	readonly version: string;
	run(input: RunInput, options: { signal: AbortSignal; provider: Provider }): unknown;
}

/**
 * Wraps a user plugin's runner as the host wraps its own: run() gets `input.model`'s provider
 * from the host (retries, limits, secrets), whose calls the host measures into the attempt's
 * telemetry; run() is bounded by `runMs`, aborting its signal; and a run() that throws, outlives
 * its bound or returns a malformed attempt is a `harness_error` attempt naming the module (and the
 * wrong field), never the model's failure. A model call that timed out and was not caught is a
 * `timeout`, as in the single-shot runner. Id, version and the module's identity enter the harness key.
 */
export function wrapUserRunner(runner: DeclaredRunner, host: UserRunnerHost): Runner {
	const who = `run() of plugin ${host.reference}`;
	return {
		specificationVersion: "v1",
		id: runner.id,
		version: runner.version,
		config: host.identity,
		async run(input, { signal }): Promise<Attempt> {
			const start = performance.now();
			const calls: Completion[] = [];
			const details: JsonObject = { plugin: host.identity, provider: input.model.provider, model: input.model.model };
			const finish = (ended: Pick<Attempt, "final" | "status" | "error" | "trace" | "raw">): Attempt => ({
				...host.measure(calls, performance.now() - start, input.model),
				...ended,
				runner_provenance: { runner: runner.id, runner_version: runner.version, details },
				diff: null,
			});
			const failed = (status: "harness_error" | "timeout", error: string) =>
				finish({ final: null, status, error, trace: [], raw: null });
			let provider: Provider;
			try {
				if (host.providerFor === undefined) throw new TouchstoneError("plugin-runner", "no models are reachable here");
				provider = metered(host.providerFor(input.model), calls);
				details.endpoint = provider.endpoint;
			} catch (error) {
				return failed("harness_error", `${who}: the host cannot call ${input.model.id}: ${thrownMessage(error)}`);
			}
			let returned: unknown;
			try {
				returned = await boundedCall(who, host.runMs, signal, (bounded) =>
					runner.run(input, { signal: bounded, provider }),
				);
			} catch (error) {
				if (signal.aborted) throw error;
				if (error instanceof ProviderError && error.kind === "timeout")
					return failed("timeout", `${who}: the model call timed out: ${error.message}`);
				if (error instanceof TouchstoneError && error.code === "plugin-timeout")
					return failed("harness_error", error.message);
				return failed("harness_error", `${who} threw: ${thrownMessage(error)}`);
			}
			const parsed = runnerAttemptSchema.safeParse(returned);
			if (!parsed.success)
				return failed(
					"harness_error",
					`${who} returned a malformed attempt: ${problemsOf("attempt", parsed.error)
						.map((problem) => `${problem.path}: ${problem.message}`)
						.join("; ")}`,
				);
			const { details: own, ...attempt } = parsed.data;
			details.runner = own;
			return finish({
				...attempt,
				// The provider's raw replies, when the runner kept none of its own, for the inspector.
				raw: attempt.raw ?? (calls.length === 0 ? null : calls.map((call) => call.raw)),
			});
		},
	};
}

/** The provider, recording each completion it returns into `calls`. */
function metered(provider: Provider, calls: Completion[]): Provider {
	return {
		specificationVersion: "v1",
		id: provider.id,
		endpoint: provider.endpoint,
		async complete(request, options) {
			const completion = await provider.complete(request, options);
			calls.push(completion);
			return completion;
		},
	};
}
