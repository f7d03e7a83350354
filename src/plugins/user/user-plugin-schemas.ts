import { z } from "zod";
import { ATTEMPT_STATUSES, type JsonObject, SCORE_TYPES, STEP_KINDS } from "../../contract/index.js";

const json = z.record(z.string(), z.json()) as unknown as z.ZodType<JsonObject>;
const callable = z.custom<(...args: never[]) => unknown>((value) => typeof value === "function", {
	message: "expected a function",
});
const text = z.string().min(1);
const bound = z.number().int().min(1).max(600_000);
const v1 = z.literal("v1", { message: 'expected `specificationVersion: "v1"`' });

/** The default export of a user plugin module: the contract's UseCasePlugin, checked before use. */
export const userPluginSchema = z.object({
	specificationVersion: v1,
	id: text,
	version: text,
	defaultHeadline: text,
	usesJury: z.boolean().optional(),
	gradeTimeoutMs: bound.optional(),
	loadCasesTimeoutMs: bound.optional(),
	runTimeoutMs: z.number().int().min(1).max(3_600_000).optional(),
	createCaseSource: callable,
	createGrader: callable,
	createRunner: callable.optional(),
});

/** What a user plugin's createCaseSource() returns. */
export const caseSourceSchema = z.object({
	specificationVersion: v1,
	id: text,
	loadCases: callable,
});

/** What a user plugin's createGrader() returns. */
export const graderSchema = z.object({
	specificationVersion: v1,
	id: text,
	version: text,
	config: json,
	headline: text.optional(),
	grade: callable,
});

/** What a user plugin's createRunner() returns. */
export const runnerSchema = z.object({
	specificationVersion: v1,
	id: text,
	version: text,
	run: callable,
});

const nullableText = z.string().nullable().default(null);
const count = z.number().nonnegative().nullable().default(null);

const stepSchema = z.strictObject({
	kind: z.enum(STEP_KINDS),
	content: z.string(),
	tool: nullableText,
	arguments: json.nullable().default(null),
	is_error: z.boolean().default(false),
	tokens: count,
	at_ms: count,
});

/**
 * What a user runner's run() returns: the attempt without what the host measures or stamps
 * (telemetry, provenance). Only `final` is required; `status` is `completed` by default, any
 * other status needs an `error`, and `details` lands in the attempt's provenance.
 */
export const runnerAttemptSchema = z
	.strictObject({
		final: z.string({ error: "expected the model's final output (a string) or null" }).nullable(),
		status: z.enum(ATTEMPT_STATUSES).default("completed"),
		error: nullableText,
		trace: z.array(stepSchema).default([]),
		raw: z.json().nullable().default(null),
		details: json.default({}),
	})
	.superRefine((attempt, context) => {
		if (attempt.status !== "completed" && attempt.error === null)
			context.addIssue({
				code: "custom",
				path: ["error"],
				message: `a \`${attempt.status}\` attempt says what went wrong`,
			});
	});

const jurySchema = z.strictObject({
	juror: text,
	fields: z.record(z.string(), z.union([z.number(), z.boolean()])).nullable(),
	rationale: z.string().nullable(),
	error: z.string().nullable(),
});

/**
 * One score from a user grader. Only `metric`, `score_type` and `value` are required; the host
 * fills the rest (null, false, `id@version`). The value must fit its type: 0..1 for `absolute`,
 * 0 or 1 for `boolean`, a finite number for `ordinal`, null for `label` (with a `value_label`).
 */
export const scoreSchema = z
	.strictObject({
		metric: text,
		score_type: z.enum(SCORE_TYPES),
		value: z.number().finite().nullable(),
		value_label: nullableText,
		jury_votes: z.array(jurySchema).nullable().default(null),
		inter_judge_disagreement: z.number().finite().nullable().default(null),
		confidence: z.number().min(0).max(1).nullable().default(null),
		critical_failure: z.boolean().default(false),
		gate_meta: json.nullable().default(null),
		reasoning: nullableText,
		grader_version: text.optional(),
		judge_panel_version: nullableText,
		extras: json.nullable().default(null),
	})
	.superRefine((score, context) => {
		const problem = valueProblem(score.score_type, score.value, score.value_label);
		if (problem !== null) context.addIssue({ code: "custom", path: ["value"], message: problem });
	});

function valueProblem(type: (typeof SCORE_TYPES)[number], value: number | null, label: string | null): string | null {
	if (type === "label")
		return value !== null
			? "a `label` score has `value: null`"
			: label === null
				? "a `label` score needs a `value_label`"
				: null;
	if (value === null) return `a \`${type}\` score needs a number`;
	if (type === "absolute" && (value < 0 || value > 1)) return `an \`absolute\` score is between 0 and 1, not ${value}`;
	if (type === "boolean" && value !== 0 && value !== 1) return `a \`boolean\` score is 0 or 1, not ${value}`;
	return null;
}

/** A zod issue path as `a.b[2].c`, under a prefix such as `createGrader()`. */
export function issuePath(prefix: string, path: readonly PropertyKey[]): string {
	return path.reduce<string>(
		(written, key) =>
			typeof key === "number" ? `${written}[${key}]` : `${written}${written === "" ? "" : "."}${String(key)}`,
		prefix,
	);
}

/** Every problem of a failed parse, one `path: message` each. */
export function problemsOf(prefix: string, error: z.ZodError): { path: string; message: string }[] {
	return error.issues.map((issue) => ({ path: issuePath(prefix, issue.path), message: issue.message }));
}
