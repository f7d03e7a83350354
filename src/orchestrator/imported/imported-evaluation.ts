import type {
	AttemptStatus,
	CaseKind,
	JsonObject,
	JsonValue,
	ScoreType,
	Step,
	Telemetry,
} from "../../contract/index.js";

/**
 * An evaluation another tool produced (a promptfoo results file, an inspect_ai log), read into
 * touchstone's terms and validated, before anything is written: the importers turn a file into
 * one of these, and {@link writeImported} alone turns it into rows. A file that cannot be read
 * whole never becomes one, so a bad or truncated file writes nothing.
 */
export interface ImportedEvaluation {
	/** The tool that made it, e.g. `promptfoo` or `inspect`: its rows run under the harness `import:<format>`. */
	readonly format: string;
	/** The use case the rows land in. */
	readonly use_case_id: string;
	/**
	 * The ingest source the rows are tagged with: a re-import of the same source replaces exactly
	 * its own rows, never touchstone's or another source's.
	 */
	readonly source: string;
	/** The file read: where it was and its sha256, kept in every row's provenance and in the spec. */
	readonly file: { readonly path: string; readonly sha256: string; readonly bytes: number };
	/** What the file says about itself (tool version, eval id, created at, task name …), kept in provenance. */
	readonly origin: JsonObject;
	/** The headline metric's name: every sample has a score of it, or is an error without scores. */
	readonly headline: string;
	/** Good-enough band below the best headline (touchstone's default when the file says nothing). */
	readonly band: number;
	/** The cases, in the file's order, ids unique. */
	readonly cases: readonly ImportedCase[];
	/** The models, by the id they get here (e.g. promptfoo's provider id), unique. */
	readonly models: readonly ImportedModel[];
	/** Every sample of every cell; (case, model, sample_index) unique. */
	readonly samples: readonly ImportedSample[];
	/** How the file measured, in words (a sentence or two): the spec's methodology starts with it. */
	readonly methodology: string;
}

/** One case as imported. */
export interface ImportedCase {
	readonly id: string;
	/** What the model was given (promptfoo's vars and prompt, inspect's input): its hash is the case's input hash. */
	readonly input: JsonValue;
	/** The headline value at or above which a sample passes (1 for a pass/fail headline). */
	readonly threshold: number;
	/** `floor` unless the file says otherwise. */
	readonly kind: CaseKind;
}

/** One model as imported. */
export interface ImportedModel {
	readonly id: string;
	/** What identifies it in the file (provider id and label, model name and args …): its key part is made of it. */
	readonly identity: JsonObject;
}

/** One score of one sample as imported. */
export interface ImportedScore {
	readonly metric: string;
	readonly score_type: ScoreType;
	/** Null only for a `label` score. */
	readonly value: number | null;
	readonly value_label: string | null;
	/** The grader's explanation (an assertion's reason, a scorer's explanation), when the file has one. */
	readonly reasoning: string | null;
	/** Anything else the file said of the score, kept as the score's extras. */
	readonly extras: JsonObject | null;
}

/** One execution of one cell as imported. */
export interface ImportedSample {
	readonly case_id: string;
	readonly model_id: string;
	readonly sample_index: number;
	/**
	 * `completed` or `failed` for a graded answer; `harness_error` only where the file says the
	 * tool itself failed before the model answered (never for a graded failure of the model).
	 */
	readonly status: AttemptStatus;
	readonly error: string | null;
	/** The prompt as sent, when the file has it (kept as the raw artifact next to the input). */
	readonly prompt: JsonValue | null;
	/** The model's final output, or null when it gave none. */
	readonly output: string | null;
	/** The conversation or event transcript as steps, empty when the file has none. */
	readonly trace: readonly Step[];
	/** What the file measured; every field it does not have is null (unknown), never 0. */
	readonly telemetry: Telemetry;
	/** Scores; empty only for an error without grading. */
	readonly scores: readonly ImportedScore[];
	readonly started_at: string | null;
	readonly finished_at: string | null;
	/** The file's own record of the sample beyond the above (ids, metadata), kept in provenance. */
	readonly details: JsonObject;
}
