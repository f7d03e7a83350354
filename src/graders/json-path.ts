import type { Grader, JsonValue } from "../contract/index.js";
import { renderJson } from "./json-subset.js";
import { assertOptions, metricProblems, nonNegativeProblems, type OptionProblem } from "./option-issues.js";
import { salvageJson } from "./salvage-json.js";
import { preview } from "./text.js";
import { createTextGrader, passFail } from "./text-grader.js";

/** Version of the json_path grader; it enters the grader and every score it writes. */
export const JSON_PATH_GRADER_VERSION = "1";

/** Options of {@link createJsonPathGrader}. */
export interface JsonPathOptions {
	/** Where the value is: `$`, then `.key`, `['key']` or `[index]` steps; no wildcards or filters. */
	readonly path: string;
	/** The value expected there, compared for deep equality (object key order does not matter). */
	readonly equals: JsonValue;
	/** Absolute tolerance for every number compared; defaults to 0 (exactly equal). */
	readonly tolerance?: number;
	/** Metric name; defaults to `json_path`. */
	readonly metric?: string;
}

/** One step of a path: an object key or an array index. */
export type JsonPathStep = string | number;

const KEY = /^\.([A-Za-z_][A-Za-z0-9_-]*)/;
const INDEX = /^\[(0|[1-9][0-9]*)\]/;
const QUOTED = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/;

/**
 * Parses the supported JSONPath subset into steps, or says where it stops being that subset.
 * Filters, wildcards, recursive descent, slices, unions and negative indexes are refused rather
 * than guessed at.
 */
export function parseJsonPath(path: string): { steps: JsonPathStep[] } | { problem: string } {
	if (!path.startsWith("$")) return { problem: "a path starts with `$`" };
	const steps: JsonPathStep[] = [];
	let rest = path.slice(1);
	while (rest !== "") {
		const key = KEY.exec(rest) ?? null;
		const index = key === null ? INDEX.exec(rest) : null;
		const quoted = key === null && index === null ? QUOTED.exec(rest) : null;
		const match = key ?? index ?? quoted;
		if (match === null)
			return { problem: `unsupported syntax at \`${rest.length > 20 ? `${rest.slice(0, 20)}…` : rest}\`` };
		if (key !== null) steps.push(key[1] ?? "");
		else if (index !== null) steps.push(Number(index[1]));
		else steps.push((quoted?.[1] ?? quoted?.[2] ?? "").replace(/\\(.)/g, "$1"));
		rest = rest.slice(match[0].length);
	}
	return { steps };
}

/** Problems with a path option, for any grader that reads one. */
export function jsonPathProblems(path: string, option = "path"): OptionProblem[] {
	const parsed = parseJsonPath(path);
	if (!("problem" in parsed)) return [];
	return [
		{
			path: option,
			message: `${JSON.stringify(path)} is not a supported JSONPath: ${parsed.problem}`,
			fix: "write `$` then `.key`, `['key']` or `[index]` steps, e.g. `$.items[0].total`; filters, wildcards (`*`), `..` and slices are not supported",
		},
	];
}

/**
 * Reads the output as JSON (salvaged as the json check does, refusing repeated keys) and passes
 * when the value at the path deep-equals `equals`. Output that is not JSON, or has nothing at the
 * path, fails with the reason: it is the model's failure, not the grader's.
 */
export function createJsonPathGrader(options: JsonPathOptions): Grader {
	const metric = options.metric ?? "json_path";
	const tolerance = options.tolerance ?? 0;
	assertOptions("json_path", [
		...metricProblems(metric),
		...jsonPathProblems(options.path),
		...nonNegativeProblems(tolerance, "tolerance"),
	]);
	const parsedPath = parseJsonPath(options.path);
	const steps = "steps" in parsedPath ? parsedPath.steps : [];
	const expected = renderJson(options.equals);
	return createTextGrader({
		id: "json_path",
		version: JSON_PATH_GRADER_VERSION,
		metric,
		score_type: "boolean",
		config: { metric, path: options.path, equals: options.equals, tolerance },
		check(text) {
			const parsed = salvageJson(text);
			if (!parsed.ok)
				return passFail(false, `the output is not JSON (${parsed.error}): ${preview(text)}`, { found: null });
			const found = valueAt(parsed.value, steps);
			if (found.missing !== null)
				return passFail(false, `nothing at ${options.path}: ${found.missing}; expected ${expected}`, { found: null });
			const passed = deepEqual(options.equals, found.value, tolerance);
			const within = tolerance === 0 ? "" : ` (± ${tolerance})`;
			return passFail(passed, `${options.path} is ${renderJson(found.value)}; expected ${expected}${within}`, {
				found: found.value,
			});
		},
	});
}

function valueAt(
	root: JsonValue,
	steps: readonly JsonPathStep[],
): { value: JsonValue; missing: null } | { missing: string } {
	let value = root;
	let where = "$";
	for (const step of steps) {
		if (typeof step === "number") {
			if (!Array.isArray(value)) return { missing: `${where} is ${kindOf(value)}, not an array` };
			const item = value[step];
			if (item === undefined) return { missing: `${where} has ${value.length} items, no [${step}]` };
			value = item;
			where = `${where}[${step}]`;
		} else {
			if (value === null || typeof value !== "object" || Array.isArray(value))
				return { missing: `${where} is ${kindOf(value)}, not an object` };
			if (!Object.hasOwn(value, step)) return { missing: `${where} has no key ${JSON.stringify(step)}` };
			value = value[step] as JsonValue;
			where = `${where}[${JSON.stringify(step)}]`;
		}
	}
	return { value, missing: null };
}

/** Deep equality of JSON values; numbers within `tolerance`, object keys in any order. */
export function deepEqual(expected: JsonValue, actual: JsonValue, tolerance: number): boolean {
	if (typeof expected === "number" && typeof actual === "number")
		return tolerance === 0 ? expected === actual : Math.abs(expected - actual) <= tolerance;
	if (Array.isArray(expected))
		return (
			Array.isArray(actual) &&
			actual.length === expected.length &&
			expected.every((item, index) => deepEqual(item, actual[index] as JsonValue, tolerance))
		);
	if (expected !== null && typeof expected === "object") {
		if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
		const keys = Object.keys(expected);
		return (
			keys.length === Object.keys(actual).length &&
			keys.every(
				(key) =>
					Object.hasOwn(actual, key) && deepEqual(expected[key] as JsonValue, actual[key] as JsonValue, tolerance),
			)
		);
	}
	return expected === actual;
}

function kindOf(value: JsonValue): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
