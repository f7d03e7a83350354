import { contentHash, type JsonObject } from "./json.js";

/**
 * What a case is for. `floor` cases are what a good-enough model must pass (limited depth runs
 * only these); `ceiling` cases separate the best; `frontier` cases fail today; `stub` cases hold
 * a use case's place before it has real cases.
 */
export const CASE_KINDS = ["floor", "ceiling", "frontier", "stub"] as const;
/** One of {@link CASE_KINDS}. */
export type CaseKind = (typeof CASE_KINDS)[number];

/** The plain, serializable fields of a case, as a CaseSource produces them. */
export interface CaseData {
	/** Stable id, unique within its use case. */
	readonly id: string;
	/** Bumped by the author when the case's meaning changes. */
	readonly version: string;
	/** The use case this case grades. */
	readonly use_case_id: string;
	/** See {@link CASE_KINDS}. */
	readonly kind: CaseKind;
	/** The plugin payload given to the runner, fully resolved (no file references left). */
	readonly input: JsonObject;
	/** Gold output or key facts, given to graders only, never to the model. */
	readonly reference: JsonObject | null;
	/** The headline value at or above which an attempt passes (the ship or unlock bar). */
	readonly threshold: number;
	/** Free-form labels (tier, axes, source) used for filtering, never for grading. */
	readonly metadata: JsonObject;
}

/** One graded input of a use case. */
export interface Case extends CaseData {
	/** sha256 of the canonical JSON of `input`: makes "the input changed" falsifiable. */
	inputHash(): string;
}

/** Wraps case data into a frozen {@link Case}. */
export function defineCase(data: CaseData): Case {
	return new DefinedCase(data);
}

/**
 * A case whose input hash is computed when asked, not kept: a run holds every case of its use
 * case (50,000 in the overhead benchmark), where 64 hex characters each add up to megabytes (the
 * spec builder and the run rows take the same hash from the input's canonical JSON instead). A
 * class rather than an object with a closure: a method on the prototype costs nothing per case
 * where a closure costs a function and a context.
 */
class DefinedCase implements Case {
	readonly id: string;
	readonly version: string;
	readonly use_case_id: string;
	readonly kind: CaseKind;
	readonly input: JsonObject;
	readonly reference: JsonObject | null;
	readonly threshold: number;
	readonly metadata: JsonObject;

	constructor(data: CaseData) {
		this.id = data.id;
		this.version = data.version;
		this.use_case_id = data.use_case_id;
		this.kind = data.kind;
		this.input = data.input;
		this.reference = data.reference;
		this.threshold = data.threshold;
		this.metadata = data.metadata;
		Object.freeze(this);
	}

	inputHash(): string {
		return contentHash(this.input);
	}
}

/** The serializable fields of a case, without its methods: what is stored and served. */
export function caseData(value: Case): CaseData {
	const { inputHash: _inputHash, ...data } = value;
	return data;
}
