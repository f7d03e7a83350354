import { z } from "zod";
import type { PluginContext } from "../../contract/index.js";
import { criticalFailureRules, defineRubric, type JuryRubric } from "../../graders/index.js";
import { locateGrading, zodProblems } from "../cases/index.js";
import {
	type GradingBlock,
	type JuryGrading,
	juryGradingOf,
	type RubricBlock,
	rubricBlockSchema,
} from "./rubric-block.js";

/**
 * How a plugin with a built-in rubric reads its grading: the rubric, written in code in the shape a
 * use case writes under `rubric:` and validated once here, with the use case's `grading:` block
 * applied (see {@link juryGradingSchema}). A built-in rubric that does not validate throws.
 */
export function fixedRubric(block: RubricBlock): (context: PluginContext) => GradingBlock {
	const parsed = rubricBlockSchema.safeParse(block);
	if (!parsed.success) throw new Error(`a built-in jury rubric is invalid: ${parsed.error.message}`);
	const grading = juryGradingOf(parsed.data);
	defineRubric(grading.rubric);
	return (context) => readJuryGrading(context, grading);
}

/**
 * The `grading:` block a jury plugin accepts; every key is optional:
 *
 * ```yaml
 * grading:
 *   weights: { fact_recall: 2, faithfulness: 2, conciseness: 1 }  # per numeric field; a field left out keeps its default
 *   cap: 0.2          # the composite's ceiling when a capped gate trips (every capped gate's cap)
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
			if (grading.cap !== undefined && criticalFailureRules(rubric).length === 0)
				context.addIssue({
					code: "custom",
					path: ["cap"],
					message: "this rubric has no critical-failure gate, so there is nothing to cap",
					params: { fix: "remove `cap`", atKey: true },
				});
		});
}

/** Validates `context.grading` against the plugin's rubric, placing each problem on its line of use_cases.yaml; `base.threshold` is the default pass bar. */
export function readJuryGrading(context: PluginContext, base: JuryGrading): GradingBlock {
	const { rubric } = base;
	const data: unknown = context.grading ?? {};
	const schema = juryGradingSchema(rubric, base.threshold);
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
	// `cap` replaces the cap of every capped gate (a built-in rubric has one).
	const gates = Object.fromEntries(
		Object.entries(rubric.gates).map(([name, field]) => [
			name,
			field.cap === undefined || cap === undefined ? field : { ...field, cap },
		]),
	);
	const rule = rubric.critical_failure;
	return {
		grading: {
			rubric: { numeric, gates, critical_failure: rule === null ? null : { ...rule, cap: cap ?? rule.cap } },
			instructions: base.instructions,
			threshold,
		},
		issues: [],
	};
}
