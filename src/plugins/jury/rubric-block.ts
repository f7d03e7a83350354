import { z } from "zod";
import type { InputIssue } from "../../contract/index.js";
import { type JuryRubric, RESERVED_FIELD_NAMES, RUBRIC_FIELD_PATTERN } from "../../graders/index.js";
import { isRecord } from "../../input/index.js";

/** What a jury plugin grades with, read from the use case: the rubric, the jurors' instructions, the pass bar. */
export interface JuryGrading {
	/** The rubric, e.g. a built-in one with the use case's weights and cap applied. */
	readonly rubric: JuryRubric;
	/** What the jurors grade, the paragraph their prompt opens with. */
	readonly instructions: string;
	/** Composite a case must reach to pass, for the cases that set no threshold. */
	readonly threshold: number;
}

/** The outcome of reading the use case's grading: the grading, or every problem placed in use_cases.yaml. */
export interface GradingBlock {
	/** The validated grading; null when it has issues. */
	readonly grading: JuryGrading | null;
	/** Every problem with the block. */
	readonly issues: readonly InputIssue[];
}

/** Pass bar of the cases that set none, when the rubric's `threshold` does not say. */
export const JURY_DEFAULT_THRESHOLD = 0.7;

const description = (what: string, fix: string) =>
	z
		.string({ error: `expected ${what} (a string)` })
		.trim()
		.refine((text) => text !== "", { error: `expected ${what}, found an empty string`, params: { fix } });
const fieldDescription = description(
	"a description for the jurors",
	"say for the jurors what the field measures, e.g. `Facts agree with the reference.`",
).describe("What the juror scores, written for the juror.");
const cap = z
	.number({ error: "expected a cap from 0 to 1" })
	.min(0, { error: "expected a cap >= 0" })
	.max(1, { error: "expected a cap <= 1" });

const fieldSchema = z
	.strictObject({
		weight: z
			.number({ error: "expected a weight (a number > 0)" })
			.gt(0, { error: "expected a weight > 0" })
			.refine(Number.isFinite, { error: "expected a finite weight" })
			.describe("Weight of the field in the composite, > 0."),
		description: fieldDescription,
	})
	.describe("A numeric field each juror scores from 0 (worst) to 1 (best); the panel's mean is its score.");
const gateSchema = z
	.strictObject({
		description: fieldDescription,
		cap: cap.optional().describe("Highest composite an attempt keeps when the majority trips the gate, 0..1."),
	})
	.describe("A true/false gate; true means the failure happened. The majority of the panel decides.");

/**
 * The `rubric:` block of a `plugin: jury` use case:
 *
 * ```yaml
 * rubric:
 *   instructions: Grade a customer-support reply against the reference answer.
 *   fields:      # numeric, 0..1, mean over jurors; weights > 0
 *     accuracy: { weight: 2, description: Facts agree with the reference. }
 *   gates:       # boolean, majority over jurors; true means the failure happened; optional
 *     promises_refund: { cap: 0.2, description: Promises a refund the policy does not allow. }
 *   threshold: 0.7   # pass bar of the cases that set none; default 0.7
 * ```
 */
export const rubricBlockSchema = z
	.strictObject({
		instructions: description(
			"instructions for the jurors",
			"say what the jurors grade, e.g. `Grade a customer-support reply against the reference answer.`",
		).describe("What the jurors grade, the paragraph their prompt opens with."),
		fields: z
			.record(z.string(), fieldSchema, { error: "expected a mapping of numeric fields" })
			.refine((fields) => Object.keys(fields).length > 0, {
				error: "expected at least one field, found none",
				params: { fix: "add a field, e.g. `accuracy: { weight: 1, description: ... }`" },
			})
			.describe("The numeric fields, in the order the jurors see them."),
		gates: z
			.record(z.string(), gateSchema, { error: "expected a mapping of gates" })
			.optional()
			.describe("The boolean gates, in the order the jurors see them."),
		threshold: z
			.number()
			.min(0)
			.max(1)
			.default(JURY_DEFAULT_THRESHOLD)
			.describe("Composite a case must reach to pass, for cases that set none; default 0.7."),
	})
	// Names are checked even when other parts of the block have problems, so every problem shows at once.
	.superRefine(nameProblems, { when: (payload) => isRecord(payload.value) });

function nameProblems(value: unknown, context: z.core.$RefinementCtx): void {
	const block = value as Record<string, unknown>;
	const keys = (group: unknown) => (isRecord(group) ? Object.keys(group) : []);
	const fields = keys(block.fields);
	const named = [
		...fields.map((name) => ["fields", name] as const),
		...keys(block.gates).map((name) => ["gates", name] as const),
	];
	for (const [group, name] of named) {
		const problem = nameProblem(name);
		if (problem !== null)
			context.addIssue({
				code: "custom",
				path: [group, name],
				message: problem.message,
				params: { ...problem, atKey: true },
			});
		else if (group === "gates" && fields.includes(name))
			context.addIssue({
				code: "custom",
				path: [group, name],
				message: `\`${name}\` is both a field and a gate; a juror can give it only one value`,
				params: { fix: "rename the gate, or remove one of the two", atKey: true },
			});
	}
}

function nameProblem(name: string): { message: string; fix: string } | null {
	if ((RESERVED_FIELD_NAMES as readonly string[]).includes(name))
		return {
			message: `\`${name}\` is a reserved name (the juror's sentence and the headline are \`rationale\` and \`composite\`)`,
			fix: "name the field something else",
		};
	if (!RUBRIC_FIELD_PATTERN.test(name))
		return {
			message: `\`${name}\` is not a field name: jurors type it as a JSON key, so it takes lowercase letters, digits and _, starting with a letter`,
			fix: `rename it, e.g. \`${
				name
					.toLowerCase()
					.replaceAll(/[^a-z0-9_]+/g, "_")
					.replace(/^[^a-z]+/, "") || "accuracy"
			}\``,
		};
	return null;
}

/** A rubric as a use case writes it under `rubric:`, and as the built-in rubrics are written in code. */
export type RubricBlock = z.input<typeof rubricBlockSchema>;

/** A validated rubric block as the jury grades with it: its fields become the rubric's numeric fields. */
export function juryGradingOf(block: z.output<typeof rubricBlockSchema>): JuryGrading {
	const { instructions, fields, gates, threshold } = block;
	return { rubric: { numeric: fields, gates: gates ?? {}, critical_failure: null }, instructions, threshold };
}
