import { isAbsolute } from "node:path";
import { z } from "zod";
import { BadInputError } from "../../contract/index.js";
import {
	CONTAINS_MODES,
	JAVASCRIPT_TIMEOUT_MS,
	MAX_JAVASCRIPT_TIMEOUT_MS,
	METRIC_PATTERN,
} from "../../graders/index.js";
import { type DocumentPath, isRecord, type Problem } from "../../input/index.js";
import { zodProblems } from "./case-yaml.js";
import { createCheckGrader } from "./check-grader.js";

/**
 * The grader kinds a check can name, each as the key holding its main value:
 *
 * - `exact: <text>`: the whole output equals the text. Options `case_sensitive` (true), `trim`
 *   (true), `normalize_whitespace` (false).
 * - `contains: <text or list>`: the output contains the texts. Options `mode` (`all`, scored as
 *   the fraction found; or `any`, pass/fail) and `case_sensitive` (true).
 * - `regex: <pattern>`: the output matches. Options `flags` (""), `must_match` (true; false means
 *   it must not match).
 * - `json_schema: <schema>`: the output is JSON (salvaged from a fenced block or prose) valid
 *   against the JSON Schema (`{}` accepts any JSON). Option `expected`: fields it must hold.
 * - `numeric: <number>`: the first number of the output (or the first after the `label` regex)
 *   is within `tolerance` (absolute) or `relative_tolerance` of it; both default to 0.
 * - `json_path: <path>` with `equals: <value>`: the output's JSON (salvaged as for json_schema)
 *   holds a value deep-equal to `equals` at the path (`$`, `.key`, `['key']`, `[index]`; no
 *   wildcards or filters). Option `tolerance` (0) for the numbers compared.
 * - `similar: <reference text>` with `min: <0..1>`: 1 − normalised Levenshtein distance over code
 *   points reaches `min`. Options `case_sensitive` (true), `normalize_whitespace` (true).
 * - `max_cost_usd: <positive number>`, `max_latency_ms: <positive number>`: the attempt's
 *   telemetry (billed or priced cost; wall time) is at most the bound. An unknown figure fails.
 * - `javascript: <path>`: a module inside the benchmarks folder (the path is relative to it)
 *   exporting `check({ output, input, reference, vars })`, run in a worker thread (see
 *   `createJavascriptGrader`). Option `timeout_ms` (2000, at most 60000). touchstone fills in
 *   `sha256` (the module file's hash) when it loads the check, so editing the module re-runs its cells.
 * - `rubric: <criterion>`: one criterion graded 0..1 by the use case's pinned judge panel (see
 *   `createRubricCheckGrader`). touchstone fills in `panel_key` (a hash of the jurors and quorum).
 *
 * Every check also takes `metric`, the name its score is stored under; it defaults to the grader
 * id (`exact`, `contains`, `regex`, `json`, `numeric`, `json_path`, `similar`, `max_cost_usd`,
 * `max_latency_ms`, `javascript`, `rubric`) and must be unique within a case.
 */
export const CHECK_KINDS = [
	"exact",
	"contains",
	"regex",
	"json_schema",
	"numeric",
	"json_path",
	"similar",
	"max_cost_usd",
	"max_latency_ms",
	"javascript",
	"rubric",
] as const;
/** One of {@link CHECK_KINDS}. */
export type CheckKind = (typeof CHECK_KINDS)[number];

/** The grader each check kind runs, which is also its default metric name. */
const GRADER_IDS: Record<CheckKind, string> = {
	exact: "exact",
	contains: "contains",
	regex: "regex",
	json_schema: "json",
	numeric: "numeric",
	json_path: "json_path",
	similar: "similar",
	max_cost_usd: "max_cost_usd",
	max_latency_ms: "max_latency_ms",
	javascript: "javascript",
	rubric: "rubric",
};

const metric = z
	.string()
	.regex(METRIC_PATTERN, { error: "a metric name made of lowercase letters, digits, _ and -" })
	.optional();
const text = z.string().min(1);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, { error: "a sha256 in hex" });
const modulePath = text.refine((path) => !isAbsolute(path) && !path.startsWith("~"), {
	error: "expected a path relative to the benchmarks folder, e.g. `./checks/valid-sql.mjs`",
});

const KIND_SCHEMAS = {
	exact: z.strictObject({
		metric,
		exact: z.string(),
		case_sensitive: z.boolean().default(true),
		trim: z.boolean().default(true),
		normalize_whitespace: z.boolean().default(false),
	}),
	contains: z.strictObject({
		metric,
		contains: z.preprocess((value) => (typeof value === "string" ? [value] : value), z.array(text).min(1)),
		mode: z.enum(CONTAINS_MODES).default("all"),
		case_sensitive: z.boolean().default(true),
	}),
	regex: z.strictObject({
		metric,
		regex: text,
		flags: z.string().default(""),
		must_match: z.boolean().default(true),
	}),
	json_schema: z.strictObject({
		metric,
		json_schema: z.record(z.string(), z.json()),
		expected: z.json().optional(),
	}),
	numeric: z.strictObject({
		metric,
		numeric: z.number(),
		tolerance: z.number().min(0).default(0),
		relative_tolerance: z.number().min(0).default(0),
		label: text.optional(),
	}),
	json_path: z.strictObject({
		metric,
		json_path: text,
		equals: z.json(),
		tolerance: z.number().min(0).default(0),
	}),
	similar: z.strictObject({
		metric,
		similar: z.string(),
		min: z.number().min(0).max(1),
		case_sensitive: z.boolean().default(true),
		normalize_whitespace: z.boolean().default(true),
	}),
	max_cost_usd: z.strictObject({ metric, max_cost_usd: z.number() }),
	max_latency_ms: z.strictObject({ metric, max_latency_ms: z.number() }),
	javascript: z.strictObject({
		metric,
		javascript: modulePath,
		timeout_ms: z
			.number()
			.int({ error: "a whole number of milliseconds" })
			.min(1)
			.max(MAX_JAVASCRIPT_TIMEOUT_MS)
			.default(JAVASCRIPT_TIMEOUT_MS),
		sha256: sha256.optional(),
	}),
	rubric: z.strictObject({
		metric,
		rubric: z.string().trim().min(1, { error: "expected a criterion for the jurors, found an empty string" }),
		panel_key: sha256.optional(),
	}),
} as const;

/** A normalized check of one kind. */
export type KindOutput<K extends CheckKind> = Omit<z.output<(typeof KIND_SCHEMAS)[K]>, "metric"> & {
	readonly metric: string;
};

/** A check with its defaults filled in; written back as YAML it is a valid check. */
export type Check = { [K in CheckKind]: KindOutput<K> }[CheckKind];

/** The kind of a normalized check. */
export function checkKind(check: Check): CheckKind {
	return CHECK_KINDS.find((kind) => kind in check) as CheckKind;
}

/** Grader option names that are spelled differently in a check. */
const OPTION_KEYS: Record<CheckKind, Record<string, string>> = {
	exact: { expected: "exact" },
	contains: { values: "contains" },
	regex: { pattern: "regex" },
	json_schema: { schema: "json_schema" },
	numeric: { expected: "numeric" },
	json_path: { path: "json_path" },
	similar: { reference: "similar" },
	max_cost_usd: {},
	max_latency_ms: {},
	javascript: {},
	rubric: { criterion: "rubric" },
};

/**
 * One check of a case or of `grading.checks`: exactly one of {@link CHECK_KINDS} plus its
 * options. Parses into a normalized {@link Check}, after making sure its grader can be built (a
 * regex that compiles, a JSON Schema that is valid).
 */
export const checkSchema = z.unknown().transform((value, context): Check => {
	const fail = (problems: readonly Problem[]): never => {
		for (const problem of problems)
			context.addIssue({
				code: "custom",
				path: [...problem.path],
				message: problem.message,
				params: { fix: problem.fix, atKey: problem.atKey === true },
			});
		return z.NEVER;
	};
	const kinds = CHECK_KINDS.join(", ");
	if (!isRecord(value))
		return fail([
			{
				path: [],
				message: `expected a check (a mapping such as \`{ metric: label, exact: billing }\`), found ${value === null ? "an empty value" : typeof value}`,
				fix: `write a mapping with one of ${kinds}`,
			},
		]);
	const present = CHECK_KINDS.filter((kind) => Object.hasOwn(value, kind));
	const [kind, second] = present;
	if (kind === undefined)
		return fail([
			{
				path: [],
				message: `a check needs one grader kind, found none among its keys (${Object.keys(value).join(", ") || "none"})`,
				fix: `add one of ${kinds}, e.g. \`exact: billing\``,
			},
		]);
	if (second !== undefined)
		return fail([
			{
				path: [second],
				message: `a check has one grader kind, found ${present.map((name) => `\`${name}\``).join(" and ")}`,
				fix: "split it into one check per kind, each with its own `metric`",
				atKey: true,
			},
		]);
	const schema = KIND_SCHEMAS[kind];
	const parsed = schema.safeParse(value);
	if (!parsed.success) {
		const problems = zodProblems(schema, value, parsed.error.issues).map((problem) =>
			problem.atKey === true && problem.message.startsWith("unknown key")
				? { ...problem, message: problem.message.replace("; expected", ` in this \`${kind}\` check; expected`) }
				: problem,
		);
		return fail(problems);
	}
	const check = { ...parsed.data, metric: parsed.data.metric ?? GRADER_IDS[kind] } as Check;
	// A javascript or rubric check is whole once resolved against its use case (resolveChecks).
	if (kind === "javascript" || kind === "rubric") return check;
	try {
		createCheckGrader(check);
	} catch (error) {
		if (!(error instanceof BadInputError)) throw error;
		return fail(
			error.issues.map((issue) => ({ path: optionPath(kind, issue.path), message: issue.message, fix: issue.fix })),
		);
	}
	return check;
});

/** Maps a grader option path (`values[1]`, `schema.$schema`) to the check's own keys. */
function optionPath(kind: CheckKind, path: string): DocumentPath {
	const segments: (string | number)[] = [];
	for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
		segments.push(match[2] === undefined ? (match[1] ?? "") : Number(match[2]));
	const [first, ...rest] = segments;
	if (typeof first !== "string") return segments;
	return [OPTION_KEYS[kind][first] ?? first, ...rest];
}
