import { ingestSourceOf, type StoreContext, utcNow, type WriteOptions } from "./context.js";

/** A pairwise judge's verdict: run `a` better, run `b` better, or a tie. */
export const COMPARISON_VERDICTS = ["a", "b", "tie"] as const;
/** One of {@link COMPARISON_VERDICTS}. */
export type ComparisonVerdict = (typeof COMPARISON_VERDICTS)[number];

/** A pairwise judgement of two runs of the same case. */
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
	/** Registry id (and panel version) of the judge. */
	readonly judge: string;
	/** See {@link COMPARISON_VERDICTS}. */
	readonly verdict: ComparisonVerdict;
	/** 0..1, how sure the judge is, when known. */
	readonly confidence: number | null;
	/** Artifact holding the judge's reasoning. */
	readonly reasoning_sha: string | null;
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

/** Records a comparison. Both runs must be stored. */
export function recordComparison(
	context: StoreContext,
	input: ComparisonInput,
	options?: WriteOptions,
): StoredComparison {
	const row = context.statements
		.get(
			`INSERT INTO comparisons (use_case_id, benchmark_version, case_id, run_a, run_b, judge, verdict, confidence, reasoning_sha, ingest_source, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
		)
		.get(
			input.use_case_id,
			input.benchmark_version,
			input.case_id,
			input.run_a,
			input.run_b,
			input.judge,
			input.verdict,
			input.confidence,
			input.reasoning_sha,
			ingestSourceOf(options),
			utcNow(),
		);
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
