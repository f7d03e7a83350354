import { resolve } from "node:path";
import { type Grader, type JsonObject, type JsonValue, type JuryPanel, TouchstoneError } from "../../contract/index.js";
import {
	createContainsGrader,
	createExactGrader,
	createJavascriptGrader,
	createJsonGrader,
	createJsonPathGrader,
	createMaxCostGrader,
	createMaxLatencyGrader,
	createNumericGrader,
	createRegexGrader,
	createRubricCheckGrader,
	createSimilarGrader,
} from "../../graders/index.js";
import type { Check, KindOutput } from "./check-schema.js";

/** What a javascript or rubric check needs beyond its own text. */
export interface CheckEnvironment {
	/** Absolute path of the benchmarks folder, which javascript paths are relative to. */
	readonly benchmarksDir: string;
	/** The use case's judge panel, or null when none is resolvable. */
	jury(): JuryPanel | null;
}

/**
 * Creates the grader a normalized check describes. Throws BadInputError for options it refuses,
 * and a TouchstoneError for a javascript or rubric check without the environment (or the panel,
 * or the `sha256` filled in at load) it needs.
 */
export function createCheckGrader(check: Check, environment?: CheckEnvironment): Grader {
	if ("javascript" in check || "rubric" in check) {
		if (environment === undefined)
			throw new TouchstoneError(
				"grader",
				`the ${"javascript" in check ? "javascript" : "rubric"} check ${check.metric} needs the use case's context`,
			);
		return createContextGrader(check, environment);
	}
	if ("exact" in check)
		return createExactGrader({
			metric: check.metric,
			expected: check.exact,
			case_sensitive: check.case_sensitive,
			trim: check.trim,
			normalize_whitespace: check.normalize_whitespace,
		});
	if ("contains" in check)
		return createContainsGrader({
			metric: check.metric,
			values: check.contains,
			mode: check.mode,
			case_sensitive: check.case_sensitive,
		});
	if ("regex" in check)
		return createRegexGrader({
			metric: check.metric,
			pattern: check.regex,
			flags: check.flags,
			must_match: check.must_match,
		});
	if ("json_schema" in check)
		return createJsonGrader({
			metric: check.metric,
			schema: check.json_schema as JsonObject,
			...(check.expected === undefined ? {} : { expected: check.expected as JsonValue }),
		});
	if ("json_path" in check)
		return createJsonPathGrader({
			metric: check.metric,
			path: check.json_path,
			equals: check.equals as JsonValue,
			tolerance: check.tolerance,
		});
	if ("similar" in check)
		return createSimilarGrader({
			metric: check.metric,
			reference: check.similar,
			min: check.min,
			case_sensitive: check.case_sensitive,
			normalize_whitespace: check.normalize_whitespace,
		});
	if ("max_cost_usd" in check) return createMaxCostGrader(check);
	if ("max_latency_ms" in check) return createMaxLatencyGrader(check);
	return createNumericGrader({
		metric: check.metric,
		expected: check.numeric,
		tolerance: check.tolerance,
		relative_tolerance: check.relative_tolerance,
		...(check.label === undefined ? {} : { label: check.label }),
	});
}

function createContextGrader(
	check: KindOutput<"javascript"> | KindOutput<"rubric">,
	environment: CheckEnvironment,
): Grader {
	if ("javascript" in check) {
		if (check.sha256 === undefined)
			throw new TouchstoneError("grader", `the javascript check ${check.javascript} was not loaded (no sha256)`);
		return createJavascriptGrader({
			module: resolve(environment.benchmarksDir, check.javascript),
			label: check.javascript,
			sha256: check.sha256,
			timeout_ms: check.timeout_ms,
			metric: check.metric,
		});
	}
	const panel = environment.jury();
	if (panel === null) throw new TouchstoneError("grader", `the rubric check ${check.metric} has no judge panel`);
	return createRubricCheckGrader({ criterion: check.rubric, panel, metric: check.metric });
}
