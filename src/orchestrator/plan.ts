import {
	BadInputError,
	type Case,
	cellKey,
	type Depth,
	type ModelEntry,
	type SpecDocument,
} from "../contract/index.js";
import { COUNT_BOUNDS } from "../input/index.js";
import { PackedCases } from "./packed-cases.js";

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

/**
 * Every cell of a run, fleet × cases × samples, in an order that interleaves models
 * (case-major within each sample), so a run stopped half way has seen every model on the first
 * cases rather than one model on all. Cells and their keys are made on demand from their index:
 * a plan of 100,000 cells holds no cell, and a first run (nothing done yet) computes each key
 * once, as its cell starts, rather than all of them before the first call. Its cases are packed
 * (see PackedCases): the plan holds their JSON, not the objects, so a run's memory does not grow
 * with its pack.
 */
export class CellPlan {
	/** Number of cells. */
	readonly size: number;
	readonly #cases: PackedCases;
	readonly #fleet: readonly ModelEntry[];
	readonly #keyOf: KeyOf;

	constructor(cases: PackedCases, fleet: readonly ModelEntry[], samples: number, keyOf: KeyOf) {
		this.#cases = cases;
		this.#fleet = fleet;
		this.size = samples * cases.length * fleet.length;
		this.#keyOf = keyOf;
	}

	/** The cell key of cell `index`. */
	keyAt(index: number): string {
		const { caseIndex, modelIndex, sample_index } = this.#position(index);
		return this.#keyOf(caseIndex, modelIndex, sample_index);
	}

	/** Cell `index`, made afresh. */
	cell(index: number): PlannedCell {
		const { caseIndex, modelIndex, sample_index } = this.#position(index);
		return {
			case: this.#cases.at(caseIndex),
			model: this.#fleet[modelIndex] as ModelEntry,
			sample_index,
			cell_key: this.#keyOf(caseIndex, modelIndex, sample_index),
		};
	}

	/** Indices of the cells whose key is not in `done`, in plan order. */
	remaining(done: ReadonlySet<string>): Uint32Array {
		const indices = new Uint32Array(this.size);
		let count = 0;
		for (let index = 0; index < this.size; index++)
			if (done.size === 0 || !done.has(this.keyAt(index))) indices[count++] = index;
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

/** Bytes of one key part (a hex sha256) kept in binary. */
const PART_BYTES = 32;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

type KeyOf = (caseIndex: number, modelIndex: number, sampleIndex: number) => string;

/** Plans fleet × cases × samples from the frozen spec's key parts (see {@link CellPlan}). */
export function planCells(options: PlanOptions): CellPlan {
	const { spec } = options;
	const cases = options.depth === "limited" ? options.cases.filter((item) => item.kind === "floor") : options.cases;
	const samples = options.depth === "limited" ? 1 : options.samples;
	const keyParts = new Map(spec.cases.map((item) => [item.id, item.key_part]));
	// The plan lives as long as the run: 50,000 case parts are kept as 1.6 MB of bytes, not as
	// 50,000 strings of 64 hex characters.
	const caseParts = Buffer.allocUnsafe(cases.length * PART_BYTES);
	cases.forEach((testCase, index) => {
		const part = keyParts.get(testCase.id);
		if (part === undefined) throw new Error(`case ${testCase.id} is missing from the spec it was planned from`);
		if (!HEX_SHA256.test(part))
			throw new Error(`case ${testCase.id} has a key part that is not a hex sha256 in the spec: ${part}`);
		caseParts.write(part, index * PART_BYTES, PART_BYTES, "hex");
	});
	const modelParts = options.fleet.map((model) => {
		const part = spec.models[model.id];
		if (part === undefined) throw new Error(`model ${model.id} is missing from the spec it was planned from`);
		return part;
	});
	return new CellPlan(
		PackedCases.pack(cases),
		options.fleet,
		samples,
		keysFrom(caseParts, modelParts, spec.harness.key_part),
	);
}

/**
 * The key of a cell from its parts. Made outside planCells on purpose: a closure made there would
 * keep that function's whole scope alive for the run, the spec document and its 50,000-entry
 * map of case parts among it (about 20 MB in bench/overhead).
 */
function keysFrom(caseParts: Buffer, modelParts: readonly string[], harnessPart: string): KeyOf {
	return (caseIndex, modelIndex, sample_index) =>
		cellKey({
			case_part: caseParts.toString("hex", caseIndex * PART_BYTES, (caseIndex + 1) * PART_BYTES),
			model_part: modelParts[modelIndex] as string,
			harness_part: harnessPart,
			sample_index,
		});
}

/** Throws bad input for a plan of more cells than COUNT_BOUNDS.cells, placed on the use case's `samples`. */
export function refuseOversizedPlan(useCaseId: string, cells: number): void {
	if (cells <= COUNT_BOUNDS.cells) return;
	const message = `the run plans ${cells.toLocaleString("en-US")} cells (models × cases × samples), past the bound of ${COUNT_BOUNDS.cells.toLocaleString("en-US")}`;
	throw new BadInputError(message, [
		{
			source: `use_cases.yaml ${useCaseId}`,
			line: null,
			column: null,
			path: "samples",
			message,
			fix: "run fewer samples (--samples or `samples:`) or fewer models (--models), or split the cases into several use cases",
		},
	]);
}
