import { z } from "zod";
import { BadInputError, type InputIssue, sha256 } from "../../contract/index.js";
import { formatPath, readInputFile, zodProblems } from "../../input/index.js";

const unknownNumber = z.number().nullable().optional();
const figure = z.number().min(0).max(Number.MAX_VALUE).nullable().optional();
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional();
const interval = z.looseObject({ low: z.number(), high: z.number() }).nullable().optional();

/** One row of a saved leaderboard, the fields an aggregate keeps; other fields are allowed and ignored. */
const summaryRow = z.looseObject({
	model_id: z.string().min(1),
	harness: z.string().min(1),
	headline: unknownNumber,
	headline_interval: interval,
	pass_rate: z.number().min(0).max(1).nullable().optional(),
	cases: count,
	samples: count,
	cost_per_case_usd: figure,
	p50_latency_ms: figure,
	precision: z.enum(["limited", "thorough"]).nullable().optional(),
	source: z.string().nullable().optional(),
	/** The sources of the row's per-case rows there (absent in summaries older than the labels: all ran there). */
	sources: z.array(z.string()).optional(),
	/** How many of its per-case rows ran there; 0 with sources: the row is itself a mirror. */
	native_rows: count,
});

/**
 * A saved leaderboard: `touchstone leaderboard --json` (with or without `gates`) or the API's
 * `GET /api/leaderboard` answer. Only what an aggregate row needs is read.
 */
const summaryBoard = z.looseObject({
	use_case_id: z.string().min(1),
	benchmark_version: z.string().min(1),
	headline_metric: z.string().min(1),
	band: z.number().min(0).max(Number.MAX_VALUE),
	spec_cases: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
	rows: z.array(summaryRow),
	aggregate_rows: z.array(summaryRow).optional(),
});

/** A summary file holding a list of saved leaderboards (one per use case). */
const summaryList = z.array(summaryBoard).min(1);

/** One row as a summary gave it. */
export type SummaryRow = z.infer<typeof summaryRow>;
/** One use case's saved leaderboard. */
export type SummaryBoard = z.infer<typeof summaryBoard>;

/** A summary file read whole and valid. */
export interface SummaryFile {
	readonly path: string;
	readonly sha256: string;
	readonly boards: readonly SummaryBoard[];
}

/** Whether the first bytes are SQLite's header: a store, not a summary. */
export function isSqliteHeader(bytes: Uint8Array): boolean {
	return Buffer.from(bytes.subarray(0, 16)).toString("latin1") === "SQLite format 3\u0000";
}

/**
 * Reads a summary file (a saved leaderboard, see {@link summaryBoard}) within the input bounds.
 * Anything wrong with it (not JSON, a field of the wrong kind, a use case twice) is bad input
 * naming `flag`, the path inside the document and the fix; nothing is written from a bad file.
 */
export function readSummaryFile(path: string, flag = "--from"): SummaryFile {
	const read = readInputFile(path, "the summary file");
	if (read.text === null)
		throw new BadInputError("The summary file cannot be read.", [{ ...read.issue, source: flag }]);
	const issue = (at: string, message: string, fix: string): InputIssue => ({
		source: path,
		line: null,
		column: null,
		path: at,
		message,
		fix,
	});
	let data: unknown;
	try {
		data = JSON.parse(read.text.replace(/^\uFEFF/, ""));
	} catch (error) {
		throw new BadInputError("The summary file is not JSON.", [
			issue("", `not JSON: ${(error as Error).message}`, "save it with `touchstone leaderboard --use-case ID --json`"),
		]);
	}
	// One schema or the other by the document's kind: a union's issues would not say which field is wrong.
	const schema = Array.isArray(data) ? summaryList : summaryBoard;
	const parsed = schema.safeParse(data);
	if (!parsed.success)
		throw new BadInputError(
			"The summary file is not a saved leaderboard.",
			zodProblems(schema, data, parsed.error.issues).map((problem) =>
				issue(formatPath(problem.path), problem.message, problem.fix ?? "save it with `touchstone leaderboard --json`"),
			),
		);
	const boards: SummaryBoard[] = Array.isArray(parsed.data) ? parsed.data : [parsed.data as SummaryBoard];
	const seen = new Set<string>();
	const repeated = boards.flatMap((board, index) => {
		if (!seen.has(board.use_case_id)) {
			seen.add(board.use_case_id);
			return [];
		}
		return [
			issue(`[${index}].use_case_id`, `use case ${board.use_case_id} comes twice`, "keep one leaderboard per use case"),
		];
	});
	if (repeated.length > 0) throw new BadInputError("The summary file is not a saved leaderboard.", repeated);
	return { path, sha256: sha256(read.text), boards };
}
