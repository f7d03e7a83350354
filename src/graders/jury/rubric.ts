import { z } from "zod";
import type { JsonObject } from "../../contract/index.js";
import { assertOptions, type OptionProblem } from "../option-issues.js";

/** A rubric dimension each juror scores from 0 (worst) to 1 (best). */
export interface RubricNumericField {
	/** Weight of the field in the composite, >= 0; 0 reports the field without counting it. */
	readonly weight: number;
	/** What the juror is scoring, written for the juror: what 1 means and what lowers it. */
	readonly description: string;
}

/** A pass/fail rubric flag each juror answers with true or false; `true` means the failure happened. */
export interface RubricGateField {
	/** When the juror must answer true, written for the juror. */
	readonly description: string;
	/**
	 * Highest composite an attempt keeps when the majority trips this gate, 0..1: a capped gate is
	 * a critical failure, as `critical_failure` names one. Left out, the gate is reported only.
	 */
	readonly cap?: number | undefined;
}

/** Caps the composite when the majority of valid votes trips a gate. */
export interface CriticalFailureRule {
	/** Name of a gate field of the rubric. */
	readonly gate: string;
	/** Highest composite an attempt keeps when the gate trips, 0..1. */
	readonly cap: number;
}

/**
 * What the jurors are asked for: numeric fields in 0..1 with weights, boolean gate fields
 * (`true` = the failure happened, e.g. `hallucination: true`), and an optional critical-failure
 * rule. Every juror also returns a one-sentence `rationale`.
 *
 * ```yaml
 * numeric:
 *   fact_recall: { weight: 2, description: Share of the reference key facts the summary states. }
 *   conciseness: { weight: 1, description: 1 when short and without filler. }
 * gates:
 *   hallucination: { description: True when the summary states anything the source does not support. }
 * critical_failure: { gate: hallucination, cap: 0.2 }
 * ```
 */
export interface JuryRubric {
	/** Numeric fields, in the order the jurors see them. At least one; their weights sum above 0. */
	readonly numeric: Readonly<Record<string, RubricNumericField>>;
	/** Boolean gate fields, in the order the jurors see them; may be empty. */
	readonly gates: Readonly<Record<string, RubricGateField>>;
	/** The gate that caps the composite, or null for none; the same as a `cap` on that gate (the built-in rubrics' spelling). */
	readonly critical_failure: CriticalFailureRule | null;
}

/**
 * Every critical-failure rule of a rubric: its `critical_failure`, then each gate with a `cap`, in
 * gate order. When several trip, the lowest cap applies.
 */
export function criticalFailureRules(rubric: JuryRubric): CriticalFailureRule[] {
	const capped = Object.entries(rubric.gates).flatMap(([gate, field]) =>
		field.cap === undefined ? [] : [{ gate, cap: field.cap }],
	);
	return rubric.critical_failure === null ? capped : [rubric.critical_failure, ...capped];
}

/** Field names: lowercase letters, digits and `_`, starting with a letter (they are JSON keys jurors type). */
export const RUBRIC_FIELD_PATTERN = /^[a-z][a-z0-9_]*$/;
/** Names a rubric field may not take: the juror's sentence and the headline metric. */
export const RESERVED_FIELD_NAMES = ["rationale", "composite"] as const;

const fieldName = z
	.string()
	.regex(RUBRIC_FIELD_PATTERN, {
		error: "expected a field name of lowercase letters, digits and _, starting with a letter",
	})
	.refine((name) => !(RESERVED_FIELD_NAMES as readonly string[]).includes(name), {
		error: "`rationale` and `composite` are reserved names",
	});
const description = z.string({ error: "expected a description for the jurors (a string)" }).trim().min(1, {
	error: "expected a description for the jurors, found an empty string",
});

const numericFieldSchema = z.strictObject({
	weight: z
		.number({ error: "expected a weight (a number >= 0)" })
		.min(0, { error: "expected a weight >= 0" })
		.refine(Number.isFinite, { error: "expected a finite weight" }),
	description,
});
const capSchema = z
	.number({ error: "expected a cap from 0 to 1" })
	.min(0, { error: "expected a cap >= 0" })
	.max(1, { error: "expected a cap <= 1" });
const gateFieldSchema = z.strictObject({ description, cap: capSchema.optional() });

/** Zod schema of a {@link JuryRubric} as written (gates and critical_failure may be left out). */
export const rubricSchema = z
	.strictObject({
		numeric: z
			.record(fieldName, numericFieldSchema, { error: "expected a mapping of numeric fields" })
			.refine((fields) => Object.keys(fields).length > 0, { error: "expected at least one numeric field, found none" }),
		gates: z.record(fieldName, gateFieldSchema, { error: "expected a mapping of gate fields" }).default({}),
		critical_failure: z
			.strictObject({
				gate: z.string({ error: "expected the name of a gate field" }),
				cap: capSchema,
			})
			.nullable()
			.default(null),
	})
	.superRefine((rubric, context) => {
		const numeric = Object.keys(rubric.numeric);
		const gates = Object.keys(rubric.gates);
		for (const name of gates)
			if (numeric.includes(name))
				context.addIssue({
					code: "custom",
					path: ["gates", name],
					message: `\`${name}\` is both a numeric field and a gate; a juror can give it only one value`,
				});
		const weights = Object.values(rubric.numeric).map((field) => field.weight);
		// A negative weight is reported on its own; the sum is only meaningful once all are >= 0.
		if (numeric.length > 0 && weights.every((weight) => weight >= 0) && weights.every((weight) => weight === 0))
			context.addIssue({
				code: "custom",
				path: ["numeric"],
				message: `the weights of ${numeric.join(", ")} sum to 0, so the composite is undefined`,
			});
		const rule = rubric.critical_failure;
		if (rule !== null && rubric.gates[rule.gate]?.cap !== undefined)
			context.addIssue({
				code: "custom",
				path: ["critical_failure"],
				message: `\`${rule.gate}\` is capped twice, by \`critical_failure\` and by its own \`cap\``,
			});
		if (rule !== null && !gates.includes(rule.gate))
			context.addIssue({
				code: "custom",
				path: ["critical_failure", "gate"],
				message: numeric.includes(rule.gate)
					? `\`${rule.gate}\` is a numeric field; the critical-failure gate must be a boolean gate field (${gates.join(", ") || "none defined"})`
					: `the gate \`${rule.gate}\` names no field of the rubric; its gates are: ${gates.join(", ") || "none"}`,
			});
	});

const FIXES: Readonly<Record<string, string>> = {
	numeric: "give at least one numeric field a positive weight",
	weight: "use 0 to report the field without counting it, or a positive weight",
	gate: "name one of the rubric's gate fields, or add the gate under `gates:`",
	cap: "use a cap between 0 and 1",
	critical_failure: "cap the gate once: remove `critical_failure`, or the gate's own `cap`",
	description: "describe for the jurors what the field measures",
};

/**
 * Validates a rubric and fills in its defaults (no gates, no critical-failure rule). Throws a
 * BadInputError listing every problem: weights that sum to zero, a gate naming no field, unknown
 * keys, bad field names.
 */
export function defineRubric(rubric: unknown): JuryRubric {
	const parsed = rubricSchema.safeParse(rubric);
	if (parsed.success) return parsed.data;
	assertOptions("jury", parsed.error.issues.flatMap(toProblems));
	throw new Error("unreachable: assertOptions throws for a failed parse");
}

function toProblems(issue: z.core.$ZodIssue): OptionProblem[] {
	const segments = issue.path.map(String);
	const path = ["rubric", ...segments].join(".");
	const last = segments.at(-1) ?? "";
	if (issue.code === "unrecognized_keys")
		return issue.keys.map((key) => ({
			path: `${path}.${key}`,
			message: `unknown key \`${key}\``,
			fix: "remove it; a rubric has `numeric`, `gates` and `critical_failure`, a field `weight` and `description`, a gate `description` and `cap`",
		}));
	if (issue.code === "invalid_key")
		return [
			{
				path,
				message: issue.issues[0]?.message ?? "expected a valid field name",
				fix: "rename the field, e.g. `fact_recall`",
			},
		];
	return [
		{
			path,
			message: issue.message,
			fix: FIXES[last] ?? FIXES[segments[0] ?? ""] ?? "fix the rubric",
		},
	];
}

/**
 * The rubric as plain JSON, for the grader's config (it enters every cell key). Both spellings of
 * a critical failure give the same JSON: the first rule (see {@link criticalFailureRules}) is
 * written as `critical_failure`, as the built-in rubrics always wrote it, and only further capped
 * gates keep their `cap`; so a rubric means one cell key however it is written.
 */
export function rubricJson(rubric: JuryRubric): JsonObject {
	const [first = null] = criticalFailureRules(rubric);
	return {
		numeric: Object.fromEntries(
			Object.entries(rubric.numeric).map(([name, field]) => [
				name,
				{ weight: field.weight, description: field.description },
			]),
		),
		gates: Object.fromEntries(
			Object.entries(rubric.gates).map(([name, field]) => [
				name,
				field.cap === undefined || name === first?.gate
					? { description: field.description }
					: { description: field.description, cap: field.cap },
			]),
		),
		critical_failure: first === null ? null : { gate: first.gate, cap: first.cap },
	};
}
