import { z } from "zod";
import type { InputIssue, PluginContext } from "../../contract/index.js";
import type { JuryRubric } from "../../graders/index.js";
import { locateGrading, zodProblems } from "../cases/index.js";

/** A jury plugin's `grading:` block, validated: the rubric with its weights and cap, and the pass bar. */
export interface JuryGrading {
	/** The plugin's rubric with the use case's weights and cap applied. */
	readonly rubric: JuryRubric;
	/** Composite a case must reach to pass, for the cases that set no threshold. */
	readonly threshold: number;
}

/** The outcome of reading a grading block: the grading, or every problem placed in use_cases.yaml. */
export interface GradingBlock {
	/** The validated grading; null when it has issues. */
	readonly grading: JuryGrading | null;
	/** Every problem with the block. */
	readonly issues: readonly InputIssue[];
}

/**
 * The `grading:` block a jury plugin accepts; every key is optional:
 *
 * ```yaml
 * grading:
 *   weights: { fact_recall: 2, faithfulness: 2, conciseness: 1 }  # per numeric field; a field left out keeps its default
 *   cap: 0.2          # the composite's ceiling when the critical-failure gate trips
 *   threshold: 0.7    # pass bar of the cases that set none
 * ```
 */
export function juryGradingSchema(rubric: JuryRubric, defaultThreshold: number) {
	const names = Object.keys(rubric.numeric);
	const weight = z.number().min(0).describe("Weight in the composite, >= 0.");
	return z
		.strictObject({
			weights: z
				.strictObject(Object.fromEntries(names.map((name) => [name, weight.optional()])))
				.optional()
				.describe(`Composite weights of ${names.join(", ")}; a field left out keeps its default.`),
			cap: z
				.number()
				.min(0)
				.max(1)
				.optional()
				.describe("The composite's ceiling when the critical-failure gate trips."),
			threshold: z
				.number()
				.min(0)
				.max(1)
				.default(defaultThreshold)
				.describe("Composite a case must reach to pass, for cases that set no threshold."),
		})
		.superRefine((grading, context) => {
			const merged = names.map((name) => grading.weights?.[name] ?? rubric.numeric[name]?.weight ?? 0);
			if (merged.every((value) => value === 0))
				context.addIssue({
					code: "custom",
					path: ["weights"],
					message: `the weights of ${names.join(", ")} sum to 0, so the composite is undefined`,
					params: { fix: "give at least one field a positive weight" },
				});
			if (grading.cap !== undefined && rubric.critical_failure === null)
				context.addIssue({
					code: "custom",
					path: ["cap"],
					message: "this rubric has no critical-failure gate, so there is nothing to cap",
					params: { fix: "remove `cap`", atKey: true },
				});
		});
}

/** Validates `context.grading` against the plugin's rubric, placing each problem on its line of use_cases.yaml. */
export function readJuryGrading(context: PluginContext, rubric: JuryRubric, defaultThreshold: number): GradingBlock {
	const data: unknown = context.grading ?? {};
	const schema = juryGradingSchema(rubric, defaultThreshold);
	const parsed = schema.safeParse(data);
	if (!parsed.success) {
		const document = locateGrading(context, data);
		return {
			grading: null,
			issues: zodProblems(schema, data, parsed.error.issues).map((problem) => document.issue(problem)),
		};
	}
	const { weights, cap, threshold } = parsed.data;
	const numeric = Object.fromEntries(
		Object.entries(rubric.numeric).map(([name, field]) => [
			name,
			{ ...field, weight: weights?.[name] ?? field.weight },
		]),
	);
	const rule = rubric.critical_failure;
	return {
		grading: {
			rubric: { ...rubric, numeric, critical_failure: rule === null ? null : { ...rule, cap: cap ?? rule.cap } },
			threshold,
		},
		issues: [],
	};
}
