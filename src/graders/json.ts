import { createRequire } from "node:module";
import type { Ajv as Ajv07, ErrorObject, ValidateFunction } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import type formats from "ajv-formats";
import type { Grader, JsonObject, JsonValue } from "../contract/index.js";
import { subsetMismatches } from "./json-subset.js";
import { assertOptions, metricProblems, type OptionProblem } from "./option-issues.js";
import { salvageJson } from "./salvage-json.js";
import { preview } from "./text.js";
import { createTextGrader, passFail } from "./text-grader.js";

/** Options of {@link createJsonGrader}. */
export interface JsonOptions {
	/**
	 * A JSON Schema the parsed output must satisfy: draft 2020-12, or draft-07 when its `$schema`
	 * says so. Unknown keywords and formats are refused, so a typo (`requried`) is an error, not a
	 * schema that accepts everything. Leave it out to check only that the output is JSON.
	 */
	readonly schema?: JsonObject;
	/** Values the output must hold, as a subset: every given field must be there and equal. */
	readonly expected?: JsonValue;
	/** Metric name; defaults to `json`. */
	readonly metric?: string;
}

/** Validation errors listed in a reasoning; the rest are counted. */
const MAX_LISTED_ERRORS = 5;

/**
 * Passes when the output is JSON that satisfies the schema and holds the expected fields. JSON
 * wrapped in a fenced block or in prose is salvaged, and the reasoning says so; the score does not
 * hold it against the model (a schema with `type` still rules out a wrong shape).
 */
export function createJsonGrader(options: JsonOptions): Grader {
	const metric = options.metric ?? "json";
	const compiled = options.schema === undefined ? { validate: null, problems: [] } : compileSchema(options.schema);
	assertOptions("json", [...metricProblems(metric), ...compiled.problems]);
	const validate = compiled.validate;
	const config: JsonObject = { metric, schema: options.schema ?? null };
	if (options.expected !== undefined) config.expected = options.expected;
	return createTextGrader({
		id: "json",
		metric,
		score_type: "boolean",
		config,
		check(text) {
			const parsed = salvageJson(text);
			if (!parsed.ok)
				return passFail(false, `the output is not JSON (${parsed.error}): ${preview(text)}`, { source: null });
			const salvaged = parsed.source === "whole-output" ? "" : ` (salvaged from ${SOURCE_WORDS[parsed.source]})`;
			const extras = { source: parsed.source };
			const problems: string[] = [];
			if (validate !== null && !validate(parsed.value)) problems.push(...(validate.errors ?? []).map(describeError));
			if (options.expected !== undefined) problems.push(...subsetMismatches(options.expected, parsed.value));
			if (problems.length === 0) return passFail(true, `valid JSON${salvaged}`, extras);
			const listed = problems.slice(0, MAX_LISTED_ERRORS).join("; ");
			const more = problems.length > MAX_LISTED_ERRORS ? `; and ${problems.length - MAX_LISTED_ERRORS} more` : "";
			return passFail(
				false,
				`JSON${salvaged} with ${problems.length} problem${problems.length === 1 ? "" : "s"}: ${listed}${more}`,
				{
					...extras,
					problems,
				},
			);
		},
	});
}

const SOURCE_WORDS = {
	"whole-output": "the whole output",
	"fenced-block": "a fenced code block",
	"embedded-value": "the prose around it",
} as const;

function describeError(error: ErrorObject): string {
	const where = error.instancePath === "" ? "the root" : error.instancePath;
	const extra =
		error.keyword === "additionalProperties"
			? ` (${JSON.stringify((error.params as { additionalProperty?: string }).additionalProperty)})`
			: error.keyword === "enum"
				? `: ${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)}`
				: "";
	return `${where} ${error.message ?? "is invalid"}${extra}`;
}

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;
const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

type Validator = Ajv07 | Ajv2020;

/**
 * Ajv and its formats, loaded on the first schema: most runs grade no JSON, and loaded with every
 * grader they cost each run's process megabytes of code (bench/overhead).
 */
const requireLazily = createRequire(import.meta.url);
function ajv(): { Ajv07: typeof Ajv07; Ajv2020: typeof Ajv2020; formats: typeof formats } {
	return {
		Ajv07: (requireLazily("ajv") as { Ajv: typeof Ajv07 }).Ajv,
		Ajv2020: (requireLazily("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020 }).Ajv2020,
		formats: requireLazily("ajv-formats") as typeof formats,
	};
}

const validators: { draft07?: Validator; draft2020?: Validator } = {};

/** One validator per draft, created on first use: creating one costs tens of milliseconds. */
function validatorFor(draft: "draft07" | "draft2020"): Validator {
	let validator = validators[draft];
	if (validator === undefined) {
		const options = { allErrors: true, strict: true, strictTypes: false, strictTuples: false, logger: false } as const;
		const { Ajv07, Ajv2020, formats } = ajv();
		validator = draft === "draft07" ? new Ajv07(options) : new Ajv2020(options);
		formats.default(validator);
		validators[draft] = validator;
	}
	return validator;
}

/** Compiles a schema into a validate function, or says why it does not compile. */
function compileSchema(schema: JsonObject): { validate: ValidateFunction | null; problems: OptionProblem[] } {
	const declared = schema.$schema;
	if (
		declared !== undefined &&
		!(typeof declared === "string" && (DRAFT_07.test(declared) || DRAFT_2020.test(declared)))
	)
		return {
			validate: null,
			problems: [
				{
					path: "schema.$schema",
					message: `unsupported $schema ${JSON.stringify(declared)}`,
					fix: "use https://json-schema.org/draft/2020-12/schema or http://json-schema.org/draft-07/schema#, or leave $schema out",
				},
			],
		};
	const validator = validatorFor(typeof declared === "string" && DRAFT_07.test(declared) ? "draft07" : "draft2020");
	try {
		return { validate: validator.compile(schema), problems: [] };
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return {
			validate: null,
			problems: [
				{
					path: "schema",
					message: `the JSON Schema is invalid: ${message.replace(/^strict mode: /, "")}`,
					fix: "fix the schema (keywords such as type, properties, required, items, enum; see json-schema.org)",
				},
			],
		};
	} finally {
		// The compiled function stands alone; forgetting the schema keeps the shared validator from
		// growing, and lets two graders use schemas with the same `$id`.
		validator.removeSchema(schema);
	}
}
