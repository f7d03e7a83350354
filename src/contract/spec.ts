import type { CaseKind } from "./case.js";
import type { JsonObject } from "./json.js";

/** One case as the spec snapshot freezes it: what decides passing, and its cell-key part. */
export interface SpecCase {
	/** Case id. */
	readonly id: string;
	/** Case version. */
	readonly version: string;
	/** Case kind; limited depth runs only `floor` cases. */
	readonly kind: CaseKind;
	/** The headline value at or above which an attempt of this case passes. */
	readonly threshold: number;
	/** Hash of the resolved input. */
	readonly input_hash: string;
	/** The case's part of every cell key (see CellKeyParts). */
	readonly key_part: string;
}

/** A harness as the spec snapshot freezes it: its id, its cell-key part and the config that part was made of. */
export interface SpecHarness {
	readonly id: string;
	readonly key_part: string;
	readonly config: JsonObject;
}

/**
 * Models a run pointed at another OpenAI-compatible endpoint (`run --base-url`), by the id they
 * ran under (`<registry id>@<host:port>`): the registry entry each derives from, and the endpoint.
 */
export interface SpecEndpoints {
	readonly [modelId: string]: { readonly model: string; readonly base_url: string };
}

/**
 * The frozen definition of one use case's benchmark: the `spec_json` of a spec snapshot. Its
 * content hash is the benchmark version. It carries every cell-key part, so which stored rows
 * are current is decided from the store alone.
 */
export interface SpecDocument {
	/** Version of this document's shape. */
	readonly spec_format: 1;
	/** The use case. */
	readonly use_case_id: string;
	/** Built-in plugin that reads and grades the cases. */
	readonly plugin: string;
	/** Headline metric name. */
	readonly headline: string;
	/** Good-enough band below the best headline. */
	readonly band: number;
	/** Samples per case at thorough depth. */
	readonly samples: number;
	/** The production incumbent, if any. */
	readonly deployed: { readonly model: string; readonly harness: string; readonly source: string | null } | null;
	/** Judge panel id and version, for jury-graded use cases. */
	readonly judge_panel: { readonly id: string; readonly version: string } | null;
	/** Grader id, version and normalized config. */
	readonly grader: { readonly id: string; readonly version: string; readonly config: JsonObject };
	/** Harness id and its cell-key part. */
	readonly harness: SpecHarness;
	/**
	 * Every harness whose rows the spec holds current, when there are several (a sprint's
	 * orchestration modes, each its own harness): a row of any of them is judged by that harness's
	 * key part. `harness` is the one a plain run drives. Absent in older specs and wherever one
	 * harness is frozen, so their versions stay what they were.
	 */
	readonly harnesses?: readonly SpecHarness[];
	/** Every case, in order. */
	readonly cases: readonly SpecCase[];
	/** Cell-key part of every model in the registry, by id. */
	readonly models: { readonly [modelId: string]: string };
	/**
	 * Registry ids of the reference policies (`provider: builtin`: baseline, gold): shown on the
	 * leaderboard as floor and ceiling lines, never named by the decision. Absent in older specs.
	 */
	readonly reference_models?: readonly string[];
	/**
	 * The endpoint models whose cell-key parts `models` holds besides the registry's, so that later
	 * specs derive them again and keep their rows current. Absent when there are none.
	 */
	readonly endpoints?: SpecEndpoints;
	/**
	 * Task use cases: how many floor tasks a model may miss and stay qualified in the gate model.
	 * Written only when it is not {@link DEFAULT_FLOOR_MISS_TOLERANCE}, so the versions of other
	 * specs stay what they were; absent (older specs, the default) reads as that default. Never
	 * part of a cell key: changing it re-ranks, it re-runs nothing.
	 */
	readonly floor_miss_tolerance?: number;
}

/** Floor tasks a model may miss and stay qualified when a task use case does not say (one flaky miss). */
export const DEFAULT_FLOOR_MISS_TOLERANCE = 1;
