import type Database from "better-sqlite3";

/** What one model's rows occupy on one use case. */
export interface UseCaseFootprint {
	readonly use_case_id: string;
	/** Run rows (every sample, current, stale or superseded). */
	readonly runs: number;
	/** Score rows of those runs. */
	readonly scores: number;
	/** Owner ratings given to those runs. */
	readonly owner_ratings: number;
	/** Pairwise comparisons with one of those runs on either side. */
	readonly comparisons: number;
}

/** What one model occupies in a store. */
export interface ModelFootprint {
	readonly model_id: string;
	/** Per use case, by use case id. */
	readonly use_cases: readonly UseCaseFootprint[];
	/** Artifacts that this model's rows reference and no row that stays (another model's) does. */
	readonly artifacts: number;
	/** Their bytes (inline in the database or files). */
	readonly artifact_bytes: number;
}

/** What a set of models (the retired ones) occupies, each and together. */
export interface Footprint {
	readonly models: readonly ModelFootprint[];
	/** Run rows of all of them. */
	readonly runs: number;
	/** Artifacts referenced by their rows and by no row that stays: what a compacted store leaves out. */
	readonly artifacts: number;
	/** Their bytes. */
	readonly artifact_bytes: number;
}

/**
 * `leaving_artifacts`: the artifacts the rows of the models in `json_each(?)` reference and no
 * row that stays does. A comparison with a leaving run on either side leaves with it (its run
 * would be gone); unreferenced artifacts are nobody's and stay.
 */
export const LEAVING_ARTIFACTS = `WITH leaving AS (SELECT value AS model_id FROM json_each(?)),
	run_refs (model_id, sha) AS (
		SELECT model_id, input_sha FROM runs UNION ALL SELECT model_id, output_sha FROM runs
		UNION ALL SELECT model_id, trace_sha FROM runs UNION ALL SELECT model_id, diff_sha FROM runs
		UNION ALL SELECT model_id, raw_sha FROM runs
		UNION ALL SELECT r.model_id, s.jury_votes_sha FROM scores AS s JOIN runs AS r USING (run_id)
		UNION ALL SELECT r.model_id, s.reasoning_sha FROM scores AS s JOIN runs AS r USING (run_id)),
	comparison_refs (sha, gone) AS (
		SELECT c.reasoning_sha, EXISTS (SELECT 1 FROM runs AS r WHERE r.run_id IN (c.run_a, c.run_b)
			AND r.model_id IN (SELECT model_id FROM leaving)) FROM comparisons AS c),
	theirs AS (
		SELECT sha FROM run_refs WHERE model_id IN (SELECT model_id FROM leaving)
		UNION SELECT sha FROM comparison_refs WHERE gone),
	staying AS (
		SELECT sha FROM run_refs WHERE sha IS NOT NULL AND model_id NOT IN (SELECT model_id FROM leaving)
		UNION SELECT sha FROM comparison_refs WHERE sha IS NOT NULL AND NOT gone),
	leaving_artifacts AS (
		SELECT sha256, size FROM artifacts WHERE sha256 IN (SELECT sha FROM theirs) AND sha256 NOT IN (SELECT sha FROM staying))`;

/**
 * What the rows of `modelIds` occupy: runs, scores, ratings and comparisons per use case, and the
 * artifacts only they reference (a comparison with one of them on a side goes with them). Reads
 * only; the store is append-only, and this is what `touchstone prune` lists.
 */
export function footprint(database: Database.Database, modelIds: readonly string[]): Footprint {
	const ids = JSON.stringify([...new Set(modelIds)].sort());
	const perUseCase = database
		.prepare(
			`SELECT r.model_id, r.use_case_id, count(*) AS runs,
				sum((SELECT count(*) FROM scores AS s WHERE s.run_id = r.run_id)) AS scores,
				sum((SELECT count(*) FROM owner_ratings AS o WHERE o.run_id = r.run_id)) AS owner_ratings,
				sum((SELECT count(*) FROM comparisons AS c WHERE r.run_id IN (c.run_a, c.run_b))) AS comparisons
			FROM runs AS r WHERE r.model_id IN (SELECT value FROM json_each(?))
			GROUP BY r.model_id, r.use_case_id ORDER BY r.model_id, r.use_case_id`,
		)
		.all(ids) as (UseCaseFootprint & { model_id: string })[];
	const exclusive = database.prepare(
		`${LEAVING_ARTIFACTS} SELECT count(*) AS artifacts, coalesce(sum(size), 0) AS bytes FROM leaving_artifacts`,
	);
	const models = [...new Set(modelIds)].sort().map((modelId): ModelFootprint => {
		const own = exclusive.get(JSON.stringify([modelId])) as { artifacts: number; bytes: number };
		return {
			model_id: modelId,
			use_cases: perUseCase
				.filter((row) => row.model_id === modelId)
				.map(({ use_case_id, runs, scores, owner_ratings, comparisons }) => ({
					use_case_id,
					runs,
					scores,
					owner_ratings,
					comparisons,
				})),
			artifacts: own.artifacts,
			artifact_bytes: own.bytes,
		};
	});
	const all = exclusive.get(ids) as { artifacts: number; bytes: number };
	return {
		models,
		runs: perUseCase.reduce((total, row) => total + row.runs, 0),
		artifacts: all.artifacts,
		artifact_bytes: all.bytes,
	};
}
