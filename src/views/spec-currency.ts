import { cellKey, type SpecDocument } from "../contract/index.js";

/** The cell a stored row belongs to: what its key was computed from. */
export interface CellOf {
	readonly case_id: string;
	readonly model_id: string;
	readonly harness: string;
	readonly sample_index: number;
}

/**
 * The read layer's one test of currency: a row is current under a spec when its cell key equals
 * the key the spec's recorded parts give its cell (case, model, harness, sample). Returns the
 * test for one spec, with the spec's parts looked up once.
 */
export function currencyUnder(document: SpecDocument): (row: CellOf, cell_key: string) => boolean {
	const caseParts = new Map(document.cases.map((item) => [item.id, item.key_part]));
	return (row, cell_key) => {
		const case_part = caseParts.get(row.case_id);
		const model_part = document.models[row.model_id];
		return (
			case_part !== undefined &&
			model_part !== undefined &&
			row.harness === document.harness.id &&
			cell_key ===
				cellKey({ case_part, model_part, harness_part: document.harness.key_part, sample_index: row.sample_index })
		);
	};
}
