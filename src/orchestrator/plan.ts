import { type Case, cellKey, type Depth, type ModelEntry, type SpecDocument } from "../contract/index.js";

/** One unit of execution: a model on a case, one sample. */
export interface PlannedCell {
	/** The case to run. */
	readonly case: Case;
	/** The model to run it on. */
	readonly model: ModelEntry;
	/** Which sample, from 0. */
	readonly sample_index: number;
	/** The content hash of everything that determines this cell's result. */
	readonly cell_key: string;
}

/** What to plan: the frozen spec and the choices of this invocation. */
export interface PlanOptions {
	readonly spec: SpecDocument;
	readonly cases: readonly Case[];
	readonly fleet: readonly ModelEntry[];
	readonly depth: Depth;
	/** Samples per case at thorough depth; limited depth always takes one. */
	readonly samples: number;
}

/** Bytes of one cell key (a hex sha256) kept in binary. */
const KEY_BYTES = 32;

/**
 * Every cell of a run, fleet × cases × samples, in an order that interleaves models
 * (case-major within each sample), so a run stopped half way has seen every model on the first
 * cases rather than one model on all. Cells are made on demand from their index: a plan of
 * 100,000 cells holds its keys as 3.2 MB of bytes, not 100,000 objects and strings.
 */
export class CellPlan {
	/** Number of cells. */
	readonly size: number;
	readonly #cases: readonly Case[];
	readonly #fleet: readonly ModelEntry[];
	readonly #keys: Buffer;

	constructor(cases: readonly Case[], fleet: readonly ModelEntry[], samples: number, keyOf: KeyOf) {
		this.#cases = cases;
		this.#fleet = fleet;
		this.size = samples * cases.length * fleet.length;
		this.#keys = Buffer.allocUnsafe(this.size * KEY_BYTES);
		for (let index = 0; index < this.size; index++) {
			const { caseIndex, modelIndex, sample_index } = this.#position(index);
			this.#keys.write(keyOf(caseIndex, modelIndex, sample_index), index * KEY_BYTES, KEY_BYTES, "hex");
		}
	}

	/** The cell key of cell `index`. */
	keyAt(index: number): string {
		return this.#keys.toString("hex", index * KEY_BYTES, (index + 1) * KEY_BYTES);
	}

	/** Cell `index`, made afresh. */
	cell(index: number): PlannedCell {
		const { caseIndex, modelIndex, sample_index } = this.#position(index);
		return {
			case: this.#cases[caseIndex] as Case,
			model: this.#fleet[modelIndex] as ModelEntry,
			sample_index,
			cell_key: this.keyAt(index),
		};
	}

	/** Indices of the cells whose key is not in `done`, in plan order. */
	remaining(done: ReadonlySet<string>): Uint32Array {
		const indices = new Uint32Array(this.size);
		let count = 0;
		for (let index = 0; index < this.size; index++) if (!done.has(this.keyAt(index))) indices[count++] = index;
		return indices.subarray(0, count);
	}

	#position(index: number): { caseIndex: number; modelIndex: number; sample_index: number } {
		const models = this.#fleet.length;
		const perSample = this.#cases.length * models;
		const sample_index = Math.floor(index / perSample);
		const within = index - sample_index * perSample;
		const caseIndex = Math.floor(within / models);
		return { caseIndex, modelIndex: within - caseIndex * models, sample_index };
	}
}

type KeyOf = (caseIndex: number, modelIndex: number, sampleIndex: number) => string;

/** Plans fleet × cases × samples from the frozen spec's key parts (see {@link CellPlan}). */
export function planCells(options: PlanOptions): CellPlan {
	const { spec } = options;
	const cases = options.depth === "limited" ? options.cases.filter((item) => item.kind === "floor") : options.cases;
	const samples = options.depth === "limited" ? 1 : options.samples;
	const keyParts = new Map(spec.cases.map((item) => [item.id, item.key_part]));
	const caseParts = cases.map((testCase) => {
		const part = keyParts.get(testCase.id);
		if (part === undefined) throw new Error(`case ${testCase.id} is missing from the spec it was planned from`);
		return part;
	});
	const modelParts = options.fleet.map((model) => {
		const part = spec.models[model.id];
		if (part === undefined) throw new Error(`model ${model.id} is missing from the spec it was planned from`);
		return part;
	});
	return new CellPlan(cases, options.fleet, samples, (caseIndex, modelIndex, sample_index) =>
		cellKey({
			case_part: caseParts[caseIndex] as string,
			model_part: modelParts[modelIndex] as string,
			harness_part: spec.harness.key_part,
			sample_index,
		}),
	);
}
