import { NotFoundError } from "../contract/index.js";
import { ingestSourceOf, type StoreContext, utcNow, type WriteOptions } from "./context.js";
import { fieldIssue, refuseIssues } from "./issues.js";

/** What an owner may say of a run besides its number: ship it, edit it first, or reject it. */
export const OWNER_RATING_LABELS = ["ship", "edit", "reject"] as const;
/** One of {@link OWNER_RATING_LABELS}. */
export type OwnerRatingLabel = (typeof OWNER_RATING_LABELS)[number];

/** An owner's rating of one run, the ground truth the jury is calibrated against. */
export interface OwnerRatingInput {
	/** The rated run. */
	readonly run_id: string;
	/** 0..1, how good the output is. */
	readonly rating: number;
	/** See {@link OWNER_RATING_LABELS}; null when the owner gave none. */
	readonly label: OwnerRatingLabel | null;
	/** Free text, e.g. what was wrong. */
	readonly note: string | null;
}

/** A stored owner rating. The latest per run (highest `rating_id`) is the one that counts. */
export interface StoredOwnerRating extends OwnerRatingInput {
	/** Row id, increasing in write order. */
	readonly rating_id: number;
	/** Source of a federated ingest, null for ratings given here. */
	readonly ingest_source: string | null;
	/** When the rating was given (UTC ISO-8601). */
	readonly created_at: string;
}

/**
 * Records an owner rating. Refuses a rating outside 0..1 or an unknown label (BadInputError) and
 * an unknown run (NotFoundError).
 */
export function addOwnerRating(
	context: StoreContext,
	input: OwnerRatingInput,
	options?: WriteOptions,
): StoredOwnerRating {
	const source = "owner rating";
	refuseIssues("The owner rating is not valid.", [
		...(Number.isFinite(input.rating) && input.rating >= 0 && input.rating <= 1
			? []
			: [
					fieldIssue(
						source,
						"rating",
						`${input.rating} is not between 0 and 1`,
						"rate from 0 (useless) to 1 (perfect)",
					),
				]),
		...(input.label === null || OWNER_RATING_LABELS.includes(input.label)
			? []
			: [
					fieldIssue(
						source,
						"label",
						`"${input.label}" is not a label`,
						`use one of ${OWNER_RATING_LABELS.join(", ")}, or null`,
					),
				]),
	]);
	const run = context.statements.get("SELECT 1 AS found FROM runs WHERE run_id = ?").get(input.run_id);
	if (run === undefined)
		throw new NotFoundError(`no run ${input.run_id} in the store; rate a run id shown by the inspector`);
	const row = context.statements
		.get(
			"INSERT INTO owner_ratings (run_id, rating, label, note, ingest_source, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
		)
		.get(input.run_id, input.rating, input.label, input.note, ingestSourceOf(options), utcNow());
	return row as StoredOwnerRating;
}

/** The latest rating of `runId`, or null when it has none. */
export function latestOwnerRating(context: StoreContext, runId: string): StoredOwnerRating | null {
	const row = context.statements.get("SELECT * FROM latest_owner_ratings WHERE run_id = ?").get(runId);
	return (row as StoredOwnerRating | undefined) ?? null;
}

/** The latest rating of every rated run of a use case (optionally one benchmark version), oldest first. */
export function listLatestOwnerRatings(
	context: StoreContext,
	useCaseId: string,
	benchmarkVersion?: string,
): StoredOwnerRating[] {
	const rows =
		benchmarkVersion === undefined
			? context.statements
					.get(
						"SELECT l.* FROM latest_owner_ratings AS l JOIN runs AS r USING (run_id) WHERE r.use_case_id = ? ORDER BY l.rating_id",
					)
					.all(useCaseId)
			: context.statements
					.get(
						"SELECT l.* FROM latest_owner_ratings AS l JOIN runs AS r USING (run_id) WHERE r.use_case_id = ? AND r.benchmark_version = ? ORDER BY l.rating_id",
					)
					.all(useCaseId, benchmarkVersion);
	return rows as StoredOwnerRating[];
}
