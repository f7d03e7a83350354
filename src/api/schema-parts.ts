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
