import { z } from "zod";
import { OWNER_RATING_LABELS } from "../store/index.js";

/**
 * The shapes of the API's answers, for the OpenAPI document only (responses are the read layer's
 * own values, not parsed again). Loose on purpose: they name the fields a client relies on and
 * let the read layer add more without breaking the document.
 */

const nullableNumber = z.number().nullable();
const nullableString = z.string().nullable();

const inputIssue = z.object({
	source: z.string().describe("What the problem is in, e.g. `query` or `POST /rate`."),
	line: z.number().int().nullable(),
	column: z.number().int().nullable(),
	path: z.string().describe("The parameter or body field, e.g. `limit`."),
	message: z.string(),
	fix: nullableString,
});

/** Every error response. */
export const errorResponseSchema = z.object({
	error: z.object({
		code: z.string().describe("Stable code: bad-input, not-found, unauthorized, body-too-large, invalid-rating, …"),
		message: z.string(),
		issues: z.array(inputIssue),
	}),
});

const nextCursor = nullableString.describe("Cursor of the next page; null on the last page.");

const useCaseSummary = z.looseObject({
	use_case_id: z.string(),
	benchmark_version: z.string().describe("The current frozen version."),
	headline_metric: z.string(),
	methodology: z.string(),
	cases: z.number().int(),
	runs: z.number().int(),
	models: z.number().int(),
	last_run_at: nullableString,
});

/** `GET use-cases`. */
export const useCasesResponse = z.object({ use_cases: z.array(useCaseSummary), next_cursor: nextCursor });

const rosterEntry = z.looseObject({
	id: z.string(),
	status: z.enum(["idea", "runnable"]),
	unlock: nullableString,
	ceiling: nullableString,
	deployed: z.looseObject({ model: z.string(), harness: z.string() }).nullable(),
	benchmark_version: nullableString.describe("The current frozen version; null when the use case never ran."),
	runs: z.number().int(),
	models_run: z.number().int(),
	last_run_at: nullableString,
});

/** `GET roster`. */
export const rosterResponse = z.object({ roster: z.array(rosterEntry), next_cursor: nextCursor });

/** `GET leaderboard`. */
export const leaderboardResponse = z.looseObject({
	use_case_id: z.string(),
	benchmark_version: z.string(),
	headline_metric: z.string(),
	rows: z.array(
		z.looseObject({
			model_id: z.string(),
			harness: z.string(),
			headline: nullableNumber,
			pass_rate: nullableNumber,
			cost_usd: nullableNumber,
			p50_latency_ms: nullableNumber,
			precision: z.enum(["limited", "thorough"]),
			deployed: z.boolean(),
		}),
	),
	decision: z.looseObject({
		best: z.looseObject({ model_id: z.string(), harness: z.string() }).nullable(),
		cheapest_good_enough: z.looseObject({ model_id: z.string(), harness: z.string() }).nullable(),
		fastest_good_enough: z.looseObject({ model_id: z.string(), harness: z.string() }).nullable(),
	}),
	stale_rows: z.number().int(),
});

/** `GET case-matrix`. */
export const caseMatrixResponse = z.looseObject({
	use_case_id: z.string(),
	benchmark_version: z.string(),
	models: z.array(z.looseObject({ model_id: z.string(), harness: z.string() })).describe("The columns."),
	rows: z.array(
		z.looseObject({
			case_id: z.string(),
			cells: z.array(z.looseObject({ headline: nullableNumber, passed: z.boolean().nullable() }).nullable()),
		}),
	),
	total_cases: z.number().int(),
	next_cursor: nextCursor,
});

/** `GET inspector`. */
export const inspectionResponse = z.looseObject({
	use_case_id: z.string(),
	benchmark_version: z.string(),
	case: z.looseObject({ id: z.string() }),
	models: z.array(
		z.looseObject({
			model_id: z.string(),
			harness: z.string(),
			samples: z.array(
				z.looseObject({ run_id: z.string(), output: nullableString, scores: z.array(z.looseObject({})) }),
			),
		}),
	),
});

/** `GET calibration`. */
export const calibrationResponse = z.looseObject({
	use_case_id: z.string(),
	benchmark_version: z.string(),
	headline_metric: z.string(),
	n: z.number().int(),
});

/** `GET spec/{benchmark_version}`. */
export const specResponse = z.looseObject({
	benchmark_version: z.string(),
	use_case_id: z.string(),
	methodology: z.string(),
});

/** `POST rate`: the stored rating. */
export const ratingResponse = z.object({
	rating_id: z.number().int(),
	run_id: z.string(),
	rating: z.number(),
	label: z.enum(OWNER_RATING_LABELS).nullable(),
	note: nullableString,
	ingest_source: nullableString,
	created_at: z.string(),
});
