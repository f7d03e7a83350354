import type { JsonObject, JsonValue } from "./json.js";
import type { Telemetry } from "./telemetry.js";

/** The kinds of step in an attempt's trace. */
export const STEP_KINDS = ["thought", "tool_call", "tool_result", "message"] as const;
/** One of {@link STEP_KINDS}. */
export type StepKind = (typeof STEP_KINDS)[number];

/** One step of an agentic attempt. Single-shot attempts have an empty trace. */
export interface Step {
	/** See {@link STEP_KINDS}. */
	readonly kind: StepKind;
	/** Text of a thought or message, or the rendered result of a tool call. */
	readonly content: string;
	/** Tool name, for `tool_call` and `tool_result`. */
	readonly tool: string | null;
	/** Tool arguments, for `tool_call`. */
	readonly arguments: JsonObject | null;
	/** Whether a `tool_result` is an error returned to the model. */
	readonly is_error: boolean;
	/** Tokens spent producing this step, when known. */
	readonly tokens: number | null;
	/** Milliseconds from the attempt's start to this step. */
	readonly at_ms: number | null;
}

/**
 * How an attempt ended. `failed` and `timeout` are graded failures of the model; `limit` means a
 * budget ran out and the attempt is still graded; `tool_error` is a tool that broke under the
 * model; `harness_error` is touchstone's (or a harness's) own failure: it earns no credit and is
 * excluded from aggregates, counted and shown.
 */
export const ATTEMPT_STATUSES = ["completed", "failed", "timeout", "limit", "tool_error", "harness_error"] as const;
/** One of {@link ATTEMPT_STATUSES}. */
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** What produced an attempt, so every result can be traced to its maker. */
export interface RunnerProvenance {
	/** Runner id, e.g. `single-shot`. */
	readonly runner: string;
	/** Runner version; bumping it changes cell keys. */
	readonly runner_version: string;
	/** Anything else worth keeping: provider, endpoint, sandbox backend, isolation. Never secrets. */
	readonly details: JsonObject;
}

/**
 * The workspace an agentic attempt left behind, kept on disk until the cell is graded: a
 * verifier copies it (never edits it) to run hidden tests. The host disposes of it once the
 * cell's grading is over, whatever the outcome.
 */
export interface AttemptWorkspace {
	/** Absolute path of the finished workdir. */
	readonly path: string;
	/** Absolute path of the pristine fixture the workdir was copied from. */
	readonly fixture: string;
	/** Removes the workdir; safe to call twice. */
	dispose(): Promise<void>;
}

/** What a runner returns for one cell. */
export interface Attempt {
	/** The model's final output text; null when it produced none. */
	readonly final: string | null;
	/** The steps of an agentic attempt; empty for single-shot. */
	readonly trace: readonly Step[];
	/** Cost and speed, measured by the core. */
	readonly telemetry: Telemetry;
	/** See {@link ATTEMPT_STATUSES}. */
	readonly status: AttemptStatus;
	/** What went wrong, for any status but `completed`. */
	readonly error: string | null;
	/** Who produced this attempt. */
	readonly runner_provenance: RunnerProvenance;
	/** The diff of the workspace against its fixture, for tasks; null otherwise. */
	readonly diff: string | null;
	/** The provider's raw reply or the harness's raw output, kept for the inspector. */
	readonly raw: JsonValue;
	/** For task runners: the finished workspace, until grading is done (never stored). */
	readonly workspace?: AttemptWorkspace | null;
	/**
	 * What the attempt's numbers or texts should be read with, in the order raised: telemetry a
	 * provider reported that was not a figure (kept as unknown), a reply cut at its size bound,
	 * invalid UTF-8 in a reply. Stored on the run row; absent means none.
	 */
	readonly warnings?: readonly string[];
}
