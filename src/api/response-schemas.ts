import { z } from "zod";
import { CASE_KINDS } from "../contract/index.js";
import { OWNER_RATING_LABELS } from "../store/index.js";
import { specCase } from "./inspection-response.js";
import {
	count,
	deploymentHistory,
	freeObject,
	interval,
	modelHarness,
	nextCursor,
	nullableNumber,
	nullableString,
	rowOrigin,
	storedOrigin,
	timestamp,
} from "./schema-parts.js";

/*
 * The shapes of the API's answers, for the OpenAPI document. Every field a response carries is
 * described and every object is strict, and test/api/response-schemas.test.ts holds real answers
 * to these schemas with additional properties refused: a field added to the read layer must be
 * added here too. Responses are the read layer's own values, not parsed again.
 */
export { calibrationResponse } from "./calibration-response.js";
export { historyResponse } from "./history-response.js";
export { inspectionResponse } from "./inspection-response.js";
export { leaderboardResponse } from "./leaderboard-response.js";

const inputIssue = z.strictObject({
	source: z.string().describe("What the problem is in, e.g. `query` or `POST /rate`."),
	line: z.number().int().nullable(),
	column: z.number().int().nullable(),
	path: z.string().describe("The parameter or body field, e.g. `limit`."),
	message: z.string(),
	fix: nullableString,
});

/** Every error response. */
export const errorResponseSchema = z.strictObject({
	error: z.strictObject({
		code: z
			.string()
			.describe(
				"Stable code: bad-input, not-found, unauthorized, cross-site, remote-without-token, misdirected-host, body-too-large, invalid-rating, …",
			),
		message: z.string(),
		issues: z.array(inputIssue),
	}),
});

const useCaseSummary = z.strictObject({
	use_case_id: z.string(),
	benchmark_version: z.string().describe("The current frozen version."),
	headline_metric: z.string(),
	methodology: z.string(),
	cases: count.describe("Cases in the current spec."),
	runs: count.describe("Every stored run, any version."),
	models: count,
	last_run_at: nullableString,
	versions: count.describe("Frozen versions of this use case."),
	...storedOrigin,
});

/** `GET use-cases`. */
export const useCasesResponse = z.strictObject({ use_cases: z.array(useCaseSummary), next_cursor: nextCursor });

const rosterEntry = z.strictObject({
	id: z.string(),
	title: nullableString,
	description: nullableString,
	status: z.enum(["idea", "runnable"]),
	modality: z.strictObject({ input: z.string(), output: z.string() }),
	plugin: nullableString,
	unlock: nullableString.describe("The decision shipping this would unblock."),
	ceiling: nullableString.describe("The bar that stops the capability today."),
	deployed: z.strictObject({ model: z.string(), harness: z.string() }).nullable(),
	benchmark_version: nullableString.describe("The current frozen version; null when the use case never ran."),
	runs: count,
	models_run: count,
	last_run_at: nullableString,
	deployments: deploymentHistory,
	...storedOrigin,
});

const offloadCandidate = z.strictObject({
	use_case_id: z.string(),
	deployed: z.strictObject(modelHarness),
	candidate: z.strictObject(modelHarness).describe("The cheapest good-enough model."),
	period: nullableString.describe("The period the saving is projected over; null without a volume snapshot."),
	calls: count.nullable(),
	saving_usd: nullableNumber.describe("Projected saving per period in USD; null when unknown (see reason)."),
	saving_interval: interval.nullable(),
	reason: nullableString.describe("Why the saving is unknown; null when known."),
});

/** `GET roster`. */
export const rosterResponse = z.strictObject({
	roster: z.array(rosterEntry),
	next_cursor: nextCursor,
	offload_candidates: z
		.array(offloadCandidate)
		.describe(
			"Use cases whose deployed model a cheaper good-enough one could replace, by projected saving per period, biggest first, unknown savings last; the whole list on every page.",
		),
});

const matrixCell = z
	.strictObject({
		...modelHarness,
		headline: nullableNumber.describe("Mean headline over the case's graded samples."),
		passed: z.boolean().nullable(),
		samples: count,
		errors: count.describe("Samples lost to the harness or the grader."),
		...rowOrigin,
	})
	.nullable()
	.describe("Null when the model has no current row on this case.");

/** `GET case-matrix`. */
export const caseMatrixResponse = z.strictObject({
	use_case_id: z.string(),
	benchmark_version: z.string(),
	headline_metric: z.string(),
	models: z.array(z.strictObject(modelHarness)).describe("The columns."),
	rows: z.array(
		z.strictObject({
			case_id: z.string(),
			kind: z.enum(CASE_KINDS),
			threshold: z.number(),
			cells: z.array(matrixCell).describe("One per column, in column order."),
		}),
	),
	total_cases: count,
	next_cursor: nextCursor,
	stale_rows: count,
});

const specHarness = z.strictObject({ id: z.string(), key_part: z.string(), config: freeObject });

const specDocument = z.strictObject({
	spec_format: z.literal(1),
	use_case_id: z.string(),
	plugin: z.string(),
	headline: z.string(),
	band: z.number(),
	samples: count,
	deployed: z.strictObject({ model: z.string(), harness: z.string(), source: nullableString }).nullable(),
	judge_panel: z.strictObject({ id: z.string(), version: z.string() }).nullable(),
	grader: z.strictObject({ id: z.string(), version: z.string(), config: freeObject }),
	harness: specHarness,
	harnesses: z
		.array(specHarness)
		.optional()
		.describe(
			"Every harness whose rows the spec holds current, when there are several (a sprint's orchestration modes).",
		),
	cases: z.array(specCase),
	models: z.record(z.string(), z.string()).describe("Cell-key part of every model in the registry, by id."),
	reference_models: z
		.array(z.string())
		.optional()
		.describe("Reference policies (baseline, gold); absent in older specs."),
});

/** `GET spec/{benchmark_version}`. */
export const specResponse = z.strictObject({
	benchmark_version: z.string(),
	use_case_id: z.string(),
	spec_hash: z.string(),
	spec: specDocument,
	methodology: z.string(),
	created_at: timestamp,
	current: z.boolean().describe("Whether this is the use case's current version."),
});

/** `POST rate`: the stored rating. */
export const ratingResponse = z.strictObject({
	rating_id: z.number().int(),
	run_id: z.string(),
	rating: z.number(),
	label: z.enum(OWNER_RATING_LABELS).nullable(),
	note: nullableString,
	ingest_source: nullableString,
	created_at: timestamp,
});
