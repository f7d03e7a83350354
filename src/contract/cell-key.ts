import { sha256 } from "./json.js";

/**
 * The parts a cell key is made of. Each part is itself a content hash, computed by the planner
 * from today's definitions and recorded in the spec snapshot, so the read layer can recompute
 * the key of any cell from the store alone.
 */
export interface CellKeyParts {
	/** Hash of the case's resolved input, reference, version and the grader's config. */
	readonly case_part: string;
	/** Hash of the model entry's result-determining fields (provider, model id, endpoint, options). */
	readonly model_part: string;
	/** Hash of the harness: runner id and version, its settings and budget. */
	readonly harness_part: string;
	/** Which repeated sample, from 0. */
	readonly sample_index: number;
}

/**
 * The content hash of everything that determines a cell's result: `contentHash({cell_key_version:
 * 1, ...parts})`. Its canonical text is written out directly (keys in sorted order), because the
 * read layer recomputes a key for every stored run it judges, half a million for a large
 * leaderboard; a test holds it equal to the generic encoding.
 */
export function cellKey(parts: CellKeyParts): string {
	if (!Number.isFinite(parts.sample_index))
		throw new TypeError(`cellKey: sample_index is ${parts.sample_index}, which JSON cannot encode`);
	return sha256(
		`{"case_part":${JSON.stringify(parts.case_part)},"cell_key_version":1,"harness_part":${JSON.stringify(parts.harness_part)},"model_part":${JSON.stringify(parts.model_part)},"sample_index":${JSON.stringify(parts.sample_index)}}`,
	);
}
