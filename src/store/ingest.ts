import { StoreError } from "../contract/index.js";
import { insertCells } from "./cells.js";
import type { StoreContext } from "./context.js";
import { fieldIssue, refuseIssues } from "./issues.js";
import type { CellRecord } from "./run-records.js";

/** What replacing a federated ingest did. */
export interface IngestReplacement {
	/** Rows removed: the source's previous runs of the use case, their scores, and the source's ratings and comparisons of them. */
	readonly deleted: {
		readonly runs: number;
		readonly scores: number;
		readonly owner_ratings: number;
		readonly comparisons: number;
	};
	/** Ids of the runs inserted, in the order of the cells. */
	readonly run_ids: readonly string[];
}

const INGESTED_RUNS = "SELECT run_id FROM runs WHERE use_case_id = ? AND ingest_source = ?";

/**
 * Replaces everything a federated ingest `ingestSource` previously brought in for `useCaseId`
 * (its runs, their scores, and its own owner ratings and comparisons of those runs) with `cells`,
 * tagged with the same source. Must run inside a transaction (the caller's). Refuses, changing
 * nothing, when rows of another origin point at the runs being replaced.
 */
export function replaceIngestedCells(
	context: StoreContext,
	useCaseId: string,
	ingestSource: string,
	cells: readonly CellRecord[],
	createdAt: string,
): IngestReplacement {
	refuseIssues("The federated ingest is not valid.", [
		...(ingestSource.trim() === ""
			? [fieldIssue("ingest", "ingest_source", "is empty", "name the source, e.g. the other store's host")]
			: []),
		...cells.flatMap(({ run }, index) =>
			run.use_case_id === useCaseId
				? []
				: [
						fieldIssue(
							"ingest",
							`cells[${index}].run.use_case_id`,
							`is ${run.use_case_id}, not ${useCaseId}`,
							"replace one use case at a time",
						),
					],
		),
	]);
	const blockers = context.statements
		.get(
			`SELECT
				(SELECT count(*) FROM owner_ratings WHERE run_id IN (${INGESTED_RUNS}) AND ingest_source IS NOT ?) AS ratings,
				(SELECT count(*) FROM comparisons WHERE (run_a IN (${INGESTED_RUNS}) OR run_b IN (${INGESTED_RUNS})) AND ingest_source IS NOT ?) AS comparisons`,
		)
		.get(useCaseId, ingestSource, ingestSource, useCaseId, ingestSource, useCaseId, ingestSource, ingestSource) as {
		ratings: number;
		comparisons: number;
	};
	if (blockers.ratings > 0 || blockers.comparisons > 0)
		throw new StoreError(
			`cannot replace the runs ingested from ${ingestSource} for use case ${useCaseId}: ${blockers.ratings} owner ratings and ${blockers.comparisons} comparisons from elsewhere refer to them, and the store never deletes those`,
		);
	const ratings = context.statements
		.get(`DELETE FROM owner_ratings WHERE ingest_source = ? AND run_id IN (${INGESTED_RUNS})`)
		.run(ingestSource, useCaseId, ingestSource).changes;
	const comparisons = context.statements
		.get(
			`DELETE FROM comparisons WHERE ingest_source = ? AND (run_a IN (${INGESTED_RUNS}) OR run_b IN (${INGESTED_RUNS}))`,
		)
		.run(ingestSource, useCaseId, ingestSource, useCaseId, ingestSource).changes;
	// Every score of an ingested run goes: a native score on one would be refused by its trigger.
	const scores = context.statements
		.get(`DELETE FROM scores WHERE run_id IN (${INGESTED_RUNS})`)
		.run(useCaseId, ingestSource).changes;
	context.statements.get(`DELETE FROM run_seals WHERE run_id IN (${INGESTED_RUNS})`).run(useCaseId, ingestSource);
	const runs = context.statements
		.get("DELETE FROM runs WHERE use_case_id = ? AND ingest_source = ?")
		.run(useCaseId, ingestSource).changes;
	const runIds = insertCells(context, cells, ingestSource, createdAt);
	return { deleted: { runs, scores, owner_ratings: ratings, comparisons }, run_ids: runIds };
}
