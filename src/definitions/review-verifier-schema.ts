import { z } from "zod";
import type { ReviewVerifierArgs } from "../contract/index.js";
import { relativePath } from "./task-paths.js";

/** The file a review task's model writes its findings to when `findings_file` is not given. */
export const DEFAULT_FINDINGS_FILE = "review.json";
/** Lines a finding may lie outside a bug's or decoy's range when `tolerance` is not given. */
export const DEFAULT_REVIEW_TOLERANCE = 3;
/** What a false positive costs, in bugs, when `fp_penalty` is not given. */
export const DEFAULT_FP_PENALTY = 0.25;
/** What a decoy hit costs, in bugs, when `decoy_penalty` is not given. */
export const DEFAULT_DECOY_PENALTY = 0.5;
/** The score a review must reach to pass when `pass_threshold` is not given. */
export const DEFAULT_REVIEW_PASS_THRESHOLD = 0.5;

const line = z.number().int().min(1).describe("A 1-based line number of the finished fixture.");

const rangeSchema = z
	.tuple([line, line])
	.refine(([first, last]) => first <= last, {
		error: "a range is [first, last] with first <= last",
		params: { fix: "write the smaller line number first, e.g. [41, 43]" },
	})
	.describe("Inclusive line range [first, last].");

const targetSchema = (what: string) =>
	z
		.strictObject({
			id: z.string().min(1).describe(`Id of the ${what}, unique across bugs and decoys.`),
			file: relativePath("fixture", { file: true }).describe("File inside fixture/."),
			lines: z
				.array(rangeSchema)
				.min(1)
				.describe("Inclusive line ranges; several when it shows in more than one place."),
		})
		.transform((target) => ({
			id: target.id,
			file: target.file,
			lines: target.lines.map(([first, last]) => [first, last] as const),
		}));

const penalty = (fallback: number, what: string) =>
	z.number().min(0).max(1000).default(fallback).describe(`What ${what} costs, in bugs; defaults to ${fallback}.`);

/** The `args` of a `review` verifier; parses into {@link ReviewVerifierArgs}. */
export const reviewArgsSchema = z
	.strictObject({
		findings_file: relativePath("workdir", { file: true })
			.default(DEFAULT_FINDINGS_FILE)
			.describe(`The file the model writes [{file, line, description}] to; defaults to ${DEFAULT_FINDINGS_FILE}.`),
		bugs: z.array(targetSchema("planted bug")).min(1).describe("The planted bugs, at least one."),
		decoys: z
			.array(targetSchema("decoy"))
			.default([])
			.describe("Code that looks wrong but is correct in context; a finding on one is penalised."),
		tolerance: z
			.number()
			.int()
			.min(0)
			.max(1000)
			.default(DEFAULT_REVIEW_TOLERANCE)
			.describe(`Lines a finding may lie outside a range and still be on it; defaults to ${DEFAULT_REVIEW_TOLERANCE}.`),
		fp_penalty: penalty(DEFAULT_FP_PENALTY, "a false positive (a finding on no bug or decoy)"),
		decoy_penalty: penalty(DEFAULT_DECOY_PENALTY, "each decoy hit"),
		pass_threshold: z
			.number()
			.gt(0)
			.max(1)
			.default(DEFAULT_REVIEW_PASS_THRESHOLD)
			.describe(`Score at or above which the review passes; defaults to ${DEFAULT_REVIEW_PASS_THRESHOLD}.`),
	})
	.superRefine((args, context) => {
		const seen = new Map<string, string>();
		const check = (list: "bugs" | "decoys") =>
			args[list].forEach((target, index) => {
				const earlier = seen.get(target.id);
				if (earlier !== undefined)
					context.addIssue({
						code: "custom",
						path: [list, index, "id"],
						message: `the id \`${target.id}\` is already used by ${earlier}`,
						params: { fix: "give every bug and decoy its own id" },
					});
				else seen.set(target.id, `${list}[${index}]`);
			});
		check("bugs");
		check("decoys");
		// A line cannot be both a defect and correct code: a finding there would have no owner.
		args.decoys.forEach((decoy, index) => {
			for (const bug of args.bugs)
				if (bug.file === decoy.file && overlaps(bug.lines, decoy.lines))
					context.addIssue({
						code: "custom",
						path: ["decoys", index, "lines"],
						message: `the decoy \`${decoy.id}\` overlaps the lines of the bug \`${bug.id}\` in ${bug.file}`,
						params: { fix: "keep a decoy's lines apart from every bug's lines" },
					});
		});
	})
	.transform((args): ReviewVerifierArgs => args);

function overlaps(a: readonly (readonly [number, number])[], b: readonly (readonly [number, number])[]): boolean {
	return a.some(([first, last]) => b.some(([from, to]) => first <= to && from <= last));
}
