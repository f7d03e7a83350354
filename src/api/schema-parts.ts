import { z } from "zod";

/*
 * Building blocks of the response schemas. Every object is strict (`additionalProperties: false`
 * in the document), so a field the read layer adds without documenting it fails the schema test.
 * Free JSON (a case's input, a grader's extras) is `{}` in JSON Schema rather than a recursive
 * definition, so each response schema stands alone inside the OpenAPI document (no `$ref`s).
 */

/** A number, or null when unknown. */
export const nullableNumber = z.number().nullable();
/** A string, or null when there is none. */
export const nullableString = z.string().nullable();
/** A count. */
export const count = z.number().int().min(0);
/** Any JSON value. */
export const anyJson = z.unknown();
/** A JSON object whose keys the writer chooses (a grader's extras, a config). */
export const freeObject = z.record(z.string(), z.unknown());
/** An ISO 8601 UTC timestamp, e.g. `2025-01-01T00:00:00.000Z`. */
export const timestamp = z.string().describe("ISO 8601, UTC.");

/** A two-sided interval. */
export const interval = z.strictObject({ low: z.number(), high: z.number() });

/** A model × harness: what a leaderboard row, a matrix column or an inspected model is. */
export const modelHarness = { model_id: z.string(), harness: z.string() } as const;

/** `limited` (floor cases only, low precision) or `thorough`. */
export const precision = z.enum(["limited", "thorough"]);

/** The cursor of the next page. */
export const nextCursor = nullableString.describe("Cursor of the next page; null on the last page.");

/** What ran in production over time (the deployments ledger), oldest first, the incumbent last. */
export const deploymentHistory = z
	.array(
		z.strictObject({
			...modelHarness,
			config_source: nullableString.describe("Where the production configuration lives, as `deployed.source` said."),
			deployed_at: timestamp.describe("When a run first saw this deployment."),
		}),
	)
	.describe("What ran in production over time (a row per change of `deployed`), oldest first, the incumbent last.");

/** Where a row's current rows came from (see the read layer's RowOrigin): shown beside it on every face. */
export const rowOrigin = {
	sources: z
		.array(z.string())
		.describe(
			"The sources a federated ingest (`touchstone ingest --source`) or an import tagged its current rows with, sorted; [] when this store recorded every one.",
		),
	native_rows: count.describe(
		"Of its current rows, those this store recorded itself: 0 when every one came from `sources`.",
	),
} as const;

/** Where a use case's definitions and results came from, for the lists of use cases. */
export const storedOrigin = {
	home_repo: nullableString.describe(
		"Where the current spec's definitions live: `SOURCE@<version>` for a federated ingest, `format:file@sha` for an import; null for this store's own (or no spec).",
	),
	ingest_source: nullableString.describe(
		"The source that wrote the current spec snapshot (an ingest or an import); null when this store froze it, or there is none.",
	),
	sources: z
		.array(z.string())
		.describe("Sources of its stored runs and aggregate rows, sorted; [] when this store recorded everything."),
	native_runs: count.describe("Of its runs, those this store recorded itself."),
	aggregate_models: count.describe(
		"Model × harness known here only from another store's summary (aggregate rows of a federated ingest, any version).",
	),
} as const;
