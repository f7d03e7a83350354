import type { JsonObject, JsonValue } from "./json.js";
import type { OrchestrationMode, SprintLayer } from "./sprint.js";

/**
 * What a sprint run writes and reads back: its ndjson log (every worker call, one line per event,
 * with a segment label per milestone), its state (where a killed run resumes), the footprint a
 * failed run keeps, and each scoring layer's result. The formats are documented in
 * docs/sprint-log.md; the scoring layers read only these, so a run driven by another harness
 * (Claude Code, pi) scores the same once its own log is read into this shape.
 */

/** Version of the ndjson line shape; every line carries it as `v`. */
export const SPRINT_LOG_VERSION = 1;

/** Characters a log line keeps of a text field (`call.raw`, `result.content`, `text`); longer text is cut. */
export const SPRINT_LOG_TEXT_CHARS = 2000;

/**
 * Kinds of a log line: `run_start`/`run_end` (the run), `resume` (a killed run picked up again),
 * `milestone_start`/`milestone_end`, `attempt_start`/`attempt_end`, `message` (a worker's text),
 * `tool_call`, `tool_result`, `usage` (one model call's tokens and cost), `context_death` (a
 * worker context ended by its context budget or a context-length refusal), `ci` and `scope` (the
 * checks after an attempt), `error` (anything that went wrong, the worker's or the harness's).
 */
export const SPRINT_LOG_KINDS = [
	"run_start",
	"resume",
	"milestone_start",
	"attempt_start",
	"message",
	"tool_call",
	"tool_result",
	"usage",
	"context_death",
	"ci",
	"scope",
	"error",
	"attempt_end",
	"milestone_end",
	"run_end",
] as const;
export type SprintLogKind = (typeof SPRINT_LOG_KINDS)[number];

/** Who inside the run an entry is from: the worker, the orchestration's planner or validator, or the harness. */
export const SPRINT_LOG_ROLES = ["worker", "planner", "validator", "harness"] as const;
export type SprintLogRole = (typeof SPRINT_LOG_ROLES)[number];

/** Which harness wrote the events an entry was normalised from. */
export const SPRINT_LOG_SOURCES = ["touchstone", "claude-code", "pi"] as const;
export type SprintLogSource = (typeof SPRINT_LOG_SOURCES)[number];

/** One line of a sprint run's ndjson log. Fields a kind does not use are absent. */
export interface SprintLogEntry {
	readonly v: typeof SPRINT_LOG_VERSION;
	/** When it happened (UTC ISO-8601). */
	readonly ts: string;
	readonly kind: SprintLogKind;
	/** The milestone (`M01`) the entry belongs to; null for the run's own entries (prepare, end). */
	readonly segment: string | null;
	/** The milestone's attempt (from 1); null outside an attempt. */
	readonly attempt: number | null;
	readonly role: SprintLogRole;
	readonly source: SprintLogSource;
	/**
	 * `tool_call`: the call. `arguments` is the parsed object, or null when the worker's arguments
	 * were not a JSON object (`malformed` true, `raw` holds what it sent, at most 2,000 characters).
	 */
	readonly call?: {
		readonly id: string;
		readonly name: string;
		readonly arguments: JsonObject | null;
		readonly malformed: boolean;
		readonly raw?: string;
	};
	/** `tool_result`: which call it answers, whether it was an error, and its text (at most 2,000 characters). */
	readonly result?: {
		readonly call_id: string;
		readonly name: string;
		readonly is_error: boolean;
		readonly content: string;
	};
	/** `usage`: one model call's figures, each null when the worker did not report it. */
	readonly usage?: SprintUsage;
	/** `message`, `error`, `context_death`, `ci`: the text (at most 2,000 characters). */
	readonly text?: string;
	/** `ci`, `scope`, `attempt_end`, `milestone_end`, `run_end`: the verdict. */
	readonly ok?: boolean;
	/** Anything else the kind records (the attempt's status, the paths out of scope, a CI exit code). */
	readonly data?: JsonObject;
}

/** One model call's tokens and cost, as the log keeps them. Unknown is null, never 0. */
export interface SprintUsage {
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	readonly cached_tokens: number | null;
	/** What the provider billed for the call, when it said. */
	readonly billed_cost_usd: number | null;
	/** The cost from the model's price table, when it has one. */
	readonly priced_cost_usd: number | null;
}

/** A milestone's verdict in the run's state. */
export interface SprintMilestoneState {
	readonly id: string;
	/** Attempts spent (finished, passed or failed); a killed attempt is not counted. */
	readonly attempts: number;
	/** `passed` once an attempt passed CI and scope, `failed` once every attempt failed. */
	readonly status: "pending" | "passed" | "failed";
	/** The commit on the run's branch that holds the passed attempt. */
	readonly commit: string | null;
	/** Why each failed attempt failed, in order. */
	readonly failures: readonly string[];
}

/**
 * Where a sprint run stands (`state.json` in its workspace folder): rewritten after every attempt
 * so a killed run resumes at the milestone it was in. It is a working file of the run, not a
 * result: results are the log, the branch and the rows a finished run appends.
 */
export interface SprintRunState {
	readonly format: 1;
	readonly sprint: string;
	/** The sprint's version (content hash of what it freezes) the run started under. */
	readonly sprint_version: string;
	readonly model: string;
	readonly orchestration: OrchestrationMode;
	readonly branch: string;
	readonly baseline: string;
	readonly started_at: string;
	/** `preparing` until CI is green at the baseline; `running`; then `finished` (scored) or `harness_error`. */
	readonly phase: "preparing" | "running" | "finished" | "harness_error";
	readonly milestones: readonly SprintMilestoneState[];
	/** Wall clock the run spent so far over every invocation, in milliseconds (a resume adds to it). */
	readonly wall_ms: number;
	/** The harness error that ended the run, when it did. */
	readonly error: string | null;
}

/** The outcome of a sprint run: every milestone passed, a milestone failed all its attempts, or the harness failed. */
export type SprintOutcome = "passed" | `fail@${string}` | "harness_error";

/** What a run cost and changed, whatever its outcome: the whole row of a failed run. */
export interface SprintFootprint {
	/** Lines added and removed on the branch against the baseline, and files touched. */
	readonly diff: { readonly added: number; readonly removed: number; readonly files: number };
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	/** Known USD; null when any call's cost is unknown (see `cost_unknown_calls`). */
	readonly cost_usd: number | null;
	/** Model calls whose cost is unknown. */
	readonly cost_unknown_calls: number;
	readonly wall_clock_s: number;
	/** Model calls made. */
	readonly calls: number;
}

/**
 * One scoring layer's result for one run. A layer that could not be measured (a missing tool, a
 * failed run, no reviewer panel) is `measured: false` with its reason: shown as `-`, never a zero.
 */
export interface SprintLayerResult {
	readonly layer: SprintLayer;
	readonly measured: boolean;
	/** The layer's score in 0..1 (review: the mean grade 1..5 mapped to 0..1); null when not measured or not scored. */
	readonly score: number | null;
	/** Gates: whether every gate held; null for the other layers. */
	readonly passed: boolean | null;
	/** Why the layer was not measured; null when it was. */
	readonly reason: string | null;
	/** The layer's own figures (each part, counts, the rows it read), for the detail report. */
	readonly figures: JsonObject;
	/** Version of the layer's code; bumping it re-scores nothing stored, it is kept with the result. */
	readonly version: string;
}

/** What a finished sprint run folds into its history row, detail JSON and store row. */
export interface SprintRowInput {
	readonly sprint: string;
	readonly sprint_version: string;
	readonly model: string;
	readonly orchestration: OrchestrationMode;
	readonly branch: string;
	readonly workspace: string;
	readonly outcome: SprintOutcome;
	readonly footprint: SprintFootprint;
	/** Layer results by layer; a failed run has only `process` and `cost`. */
	readonly layers: Readonly<Partial<Record<SprintLayer, SprintLayerResult>>>;
	readonly started_at: string;
	readonly finished_at: string;
	/** The log's path, relative to the workspace folder. */
	readonly log: string;
	/** Anything else that produced the run (touchstone version, sandbox, worker provenance). */
	readonly provenance: JsonValue;
}
