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

/**
 * Plans fleet × cases × samples, in an order that interleaves models (case-major), so a run
 * stopped half way has seen every model on the first cases rather than one model on all.
 */
export function planCells(options: PlanOptions): PlannedCell[] {
	const { spec } = options;
	const cases = options.depth === "limited" ? options.cases.filter((item) => item.kind === "floor") : options.cases;
	const samples = options.depth === "limited" ? 1 : options.samples;
	const keyParts = new Map(spec.cases.map((item) => [item.id, item.key_part]));
	const cells: PlannedCell[] = [];
	for (let sample_index = 0; sample_index < samples; sample_index += 1) {
		for (const testCase of cases) {
			const case_part = keyParts.get(testCase.id);
			if (case_part === undefined) throw new Error(`case ${testCase.id} is missing from the spec it was planned from`);
			for (const model of options.fleet) {
				const model_part = spec.models[model.id];
				if (model_part === undefined) throw new Error(`model ${model.id} is missing from the spec it was planned from`);
				cells.push({
					case: testCase,
					model,
					sample_index,
					cell_key: cellKey({ case_part, model_part, harness_part: spec.harness.key_part, sample_index }),
				});
			}
		}
	}
	return cells;
}
