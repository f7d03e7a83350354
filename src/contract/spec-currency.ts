import { cellKey } from "./cell-key.js";
import type { SpecDocument } from "./spec.js";

/** The cell a stored row belongs to: what its key was computed from. */
export interface CellOf {
	readonly case_id: string;
	readonly model_id: string;
	readonly harness: string;
	readonly sample_index: number;
}

/**
 * The read layer's one test of currency: a row is current under a spec when its cell key equals
 * the key the spec's recorded parts give its cell (case, model, harness, sample). The row's
 * harness must be one the spec froze: `harness`, or one of `harnesses` (a sprint's orchestration
 * modes), each with its own key part. Returns the test for one spec, with the spec's parts looked
 * up once.
 */
export function currencyUnder(document: SpecDocument): (row: CellOf, cell_key: string) => boolean {
	const caseParts = new Map(document.cases.map((item) => [item.id, item.key_part]));
	const harnessParts = new Map([
		...(document.harnesses ?? []).map((harness) => [harness.id, harness.key_part] as const),
		[document.harness.id, document.harness.key_part] as const,
	]);
	return (row, cell_key) => {
		const case_part = caseParts.get(row.case_id);
		const model_part = document.models[row.model_id];
		const harness_part = harnessParts.get(row.harness);
		return (
			case_part !== undefined &&
			model_part !== undefined &&
			harness_part !== undefined &&
			cell_key === cellKey({ case_part, model_part, harness_part, sample_index: row.sample_index })
		);
	};
}
