import { ingestSourceOf, type StoreContext, utcNow, type WriteOptions } from "./context.js";

/** A pairwise judge's verdict: run `a` better, run `b` better, or a tie. */
export const COMPARISON_VERDICTS = ["a", "b", "tie"] as const;
/** One of {@link COMPARISON_VERDICTS}. */
export type ComparisonVerdict = (typeof COMPARISON_VERDICTS)[number];

/**
 * One pairwise judge call on two runs of the same case, in one order: `a` is the change shown
 * first. A pair judged in both orders is two of these. Exactly one of `verdict` and `error` is set.
 */
export interface ComparisonInput {
	/** The use case of both runs. */
	readonly use_case_id: string;
	/** The benchmark version of both runs. */
	readonly benchmark_version: string;
	/** The case both runs answered. */
	readonly case_id: string;
	/** The run shown as `a`. */
	readonly run_a: string;
	/** The run shown as `b`. */
	readonly run_b: string;
	/** Registry id of the judge model. */
	readonly judge: string;
	/** See {@link COMPARISON_VERDICTS}; null when the call gave no verdict (`error` says why). */
	readonly verdict: ComparisonVerdict | null;
	/** 0..1, how sure the judge is, when known. */
	readonly confidence: number | null;
	/** Artifact holding the judge's reply. */
	readonly reasoning_sha: string | null;
	/** Content hashes (artifacts) of the diffs shown as A and B: with the rubric version and the judge, the cache key. */
	readonly diff_a_sha: string | null;
	readonly diff_b_sha: string | null;
	/** Version of the rubric the judge was given; null only on rows stored before it was recorded. */
	readonly rubric_version: string | null;
	/** Why the call gave no verdict (a malformed reply, a failed request); never counted, never cached. */
	readonly error: string | null;
	/** What the call cost in USD and its tokens; null when unknown. */
	readonly cost_usd: number | null;
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
}

/** A stored comparison. */
export interface StoredComparison extends ComparisonInput {
	/** Row id, increasing in write order. */
	readonly comparison_id: number;
	/** Source of a federated ingest, null for comparisons judged here. */
	readonly ingest_source: string | null;
	/** When the row was written (UTC ISO-8601). */
	readonly created_at: string;
}

const COLUMNS = [
	"use_case_id",
	"benchmark_version",
	"case_id",
	"run_a",
	"run_b",
	"judge",
	"verdict",
	"confidence",
	"reasoning_sha",
	"diff_a_sha",
	"diff_b_sha",
	"rubric_version",
	"error",
	"cost_usd",
	"input_tokens",
	"output_tokens",
] as const satisfies readonly (keyof ComparisonInput)[];

/** Records a comparison. Both runs must be stored. */
export function recordComparison(
	context: StoreContext,
	input: ComparisonInput,
	options?: WriteOptions,
): StoredComparison {
	const row = context.statements
		.get(
			`INSERT INTO comparisons (${COLUMNS.join(", ")}, ingest_source, created_at)
			VALUES (${COLUMNS.map(() => "?").join(", ")}, ?, ?) RETURNING *`,
		)
		.get(...COLUMNS.map((column) => input[column]), ingestSourceOf(options), utcNow());
	return row as StoredComparison;
}

/** Comparisons of a use case, optionally of one benchmark version, oldest first. */
export function listComparisons(
	context: StoreContext,
	useCaseId: string,
	benchmarkVersion?: string,
): StoredComparison[] {
	const rows =
		benchmarkVersion === undefined
			? context.statements.get("SELECT * FROM comparisons WHERE use_case_id = ? ORDER BY comparison_id").all(useCaseId)
			: context.statements
					.get("SELECT * FROM comparisons WHERE use_case_id = ? AND benchmark_version = ? ORDER BY comparison_id")
					.all(useCaseId, benchmarkVersion);
	return rows as StoredComparison[];
}
