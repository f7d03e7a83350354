import { z } from "zod";
import { DEFAULT_PAGE, MAX_PAGE } from "../views/index.js";

/** Longest id or version accepted in a query, so a pasted blob is refused before it reaches SQL. */
const MAX_ID_LENGTH = 200;
/** Longest owner note accepted by `POST /rate`. */
export const MAX_NOTE_LENGTH = 4000;

const id = (what: string) => z.string().min(1).max(MAX_ID_LENGTH).describe(what);
const useCase = id("Use-case id, as in use_cases.yaml (e.g. `summarization`).");
const benchmarkVersion = id(
	"Pin to this frozen spec (`<use case>@<hash>`); default: the use case's current version.",
).optional();
const limit = z.coerce
	.number()
	.int()
	.min(1)
	.max(MAX_PAGE)
	.optional()
	// A larger limit is refused rather than silently cut, so a client learns the bound.
	.describe(`Items per page, 1..${MAX_PAGE} (default ${DEFAULT_PAGE}).`);
const cursor = z
	.string()
	.min(1)
	.max(MAX_ID_LENGTH)
	.optional()
	.describe("Where the page starts: the `next_cursor` of the previous page. Omit for the first page.");

/** Query of an endpoint that takes none (an unknown parameter is still refused). */
export const noQuery = z.strictObject({});

/** Query of the plain lists (`use-cases`, `roster`). */
export const listQuery = z.strictObject({ limit, cursor });

/** Query of `leaderboard`. */
export const leaderboardQuery = z.strictObject({ use_case: useCase, benchmark_version: benchmarkVersion });

/** Query of `case-matrix`: one page of cases. */
export const caseMatrixQuery = z.strictObject({
	use_case: useCase,
	benchmark_version: benchmarkVersion,
	limit,
	cursor,
});

/** Query of `inspector`: one case, every model side by side. */
export const inspectorQuery = z.strictObject({
	use_case: useCase,
	case_id: id("Case id within the use case."),
	benchmark_version: benchmarkVersion,
});

/** Query of `calibration`. */
export const calibrationQuery = z.strictObject({ use_case: useCase, benchmark_version: benchmarkVersion });

/** Query of `history`: every version of one use case. */
export const historyQuery = z.strictObject({ use_case: useCase });

/** Path parameters of `spec/{benchmark_version}`. */
export const specParams = z.strictObject({ benchmark_version: id("A frozen spec's version, `<use case>@<hash>`.") });

/**
 * Body of `POST /rate`. Only types are checked here (a wrong type is a 400); whether the rating
 * and label make sense together is resolveOwnerRating's call (a 422), shared with the CLI.
 */
export const rateBody = z.strictObject({
	run_id: id("The run to rate, as shown by the inspector."),
	rating: z.number().nullish().describe("How good the output is, 0 (useless) to 1 (perfect)."),
	label: z
		.string()
		.nullish()
		.describe("`ship`, `edit` or `reject`; alone it stands for 1.0, 0.6 or 0.2. With a rating, both must agree."),
	note: z.string().max(MAX_NOTE_LENGTH).nullish().describe("Why, e.g. what was wrong."),
});

/** A checked `POST /rate` body. */
export type RateBody = z.infer<typeof rateBody>;
