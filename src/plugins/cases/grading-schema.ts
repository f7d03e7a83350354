import { z } from "zod";
import { COMPOSITE_METRIC, METRIC_PATTERN } from "../../graders/index.js";
import { type Check, checkSchema } from "./check-schema.js";

/**
 * The `grading:` block of a use case that uses the `cases` plugin. Every key is optional:
 *
 * ```yaml
 * grading:
 *   headline: composite      # or one check's metric name; default composite
 *   weights: { label: 2 }    # composite weights per metric; a metric left out weighs 1
 *   threshold: 0.8           # default pass bar of the cases that set none; default 1
 *   checks:                  # default checks, for the cases that list none of their own
 *     - { metric: label, exact: billing, case_sensitive: false }
 * ```
 */
export const gradingSchema = z
	.strictObject({
		headline: z
			.string()
			.regex(METRIC_PATTERN, { error: "`composite` or a metric name (lowercase letters, digits, _ and -)" })
			.default(COMPOSITE_METRIC)
			.describe("The headline metric: `composite` (the weighted mean of every check) or one check's metric."),
		weights: z
			.record(z.string(), z.number().min(0))
			.default({})
			.describe("Composite weights per metric, each >= 0; a metric left out weighs 1."),
		threshold: z
			.number()
			.min(0)
			.max(1)
			.default(1)
			.describe("Headline value a case must reach to pass, for cases that set no threshold."),
		checks: z.array(checkSchema).min(1).optional().describe("Checks applied to every case that lists none of its own."),
	})
	.describe("How the cases plugin grades a use case.");

/** A validated `grading:` block with its defaults filled in. */
export interface CasesGrading {
	/** `composite`, or the metric of one check. */
	readonly headline: string;
	/** Composite weights per metric; a metric left out weighs 1. */
	readonly weights: Readonly<Record<string, number>>;
	/** Pass bar of the cases that set none. */
	readonly threshold: number;
	/** Checks of the cases that list none; null when there are none. */
	readonly checks: readonly Check[] | null;
}
