import { z } from "zod";
import {
	type AxisWeights,
	DEFAULT_INDEX_SETTINGS,
	INDEX_AXES,
	type IndexAxis,
	type IndexSettings,
} from "../contract/index.js";

/** Role names: lower-case letters, digits, `_` and `-`, starting with a letter (they are `--role` values). */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_-]*$/;

/** A weight above this is surely a typo (weights are relative; 1..10 is the usual range). */
const MAX_WEIGHT = 1_000;

const AXIS_HELP: Readonly<Record<IndexAxis, string>> = {
	correctness: "the floor (easy and standard tasks) pass rate",
	frontier: "the mean graded score on hard and frontier tasks",
	judgement: "the mean score on tasks tagged `axes: [judgement]`",
	security: "the mean score on tasks tagged `axes: [security]`",
	review: "the mean score on tasks tagged `axes: [review]`",
	norms: "the mean norms score of passing changes",
	judge: "the pairwise judge's rating, min-max normalised over the rated models",
};

const weightSchema = (axis: IndexAxis) =>
	z
		.number()
		.min(0)
		.max(MAX_WEIGHT)
		.optional()
		.describe(`Weight of ${axis}: ${AXIS_HELP[axis]}. Relative; 0 or absent leaves the axis out of this role.`);

/** One role's weights: every key an axis, at least one weight above 0. */
const roleWeightsSchema = z
	.strictObject(
		Object.fromEntries(INDEX_AXES.map((axis) => [axis, weightSchema(axis)])) as Record<
			IndexAxis,
			ReturnType<typeof weightSchema>
		>,
	)
	.superRefine((weights, context) => {
		if (!Object.values(weights).some((weight) => weight !== undefined && weight > 0))
			context.addIssue({
				code: "custom",
				message: "the role weighs no axis above 0, so it has no index",
				params: {
					fix: `give at least one axis a weight above 0, e.g. \`correctness: 1\` (axes: ${INDEX_AXES.join(", ")})`,
				},
			});
	})
	.transform(
		(weights): AxisWeights => Object.fromEntries(Object.entries(weights).filter(([, weight]) => weight !== undefined)),
	)
	.describe(
		"How much each axis counts for this role; an axis a model was never measured on drops out and the rest renormalise.",
	);

/** `benchmarks/index.yaml`; parses into {@link IndexSettings}, defaults from DEFAULT_INDEX_SETTINGS. */
export const indexFileSchema = z
	.strictObject({
		roles: z
			.record(
				z.string().regex(ROLE_NAME_PATTERN, { error: "a role name of lower-case letters, digits, _ and -" }),
				roleWeightsSchema,
			)
			.refine((roles) => Object.keys(roles).length > 0, {
				error: "at least one role",
				params: {
					fix: "add a role, e.g. `implementer: { correctness: 3, frontier: 2 }`, or remove `roles:` for the defaults",
				},
			})
			.optional()
			.describe(
				"Role name to its axis weights; when absent, planner, implementer and reviewer with the documented defaults.",
			),
		min_n: z
			.int()
			.min(1)
			.max(1_000_000)
			.optional()
			.describe(`An axis measured on fewer tasks than this is flagged; default ${DEFAULT_INDEX_SETTINGS.min_n}.`),
		tolerance: z
			.number()
			.min(0)
			.max(1)
			.optional()
			.describe(
				`Index points (0..1) below the best that still count when naming the cheapest and the fastest; default ${DEFAULT_INDEX_SETTINGS.tolerance}.`,
			),
	})
	.transform(
		(file): IndexSettings => ({
			roles: file.roles ?? DEFAULT_INDEX_SETTINGS.roles,
			min_n: file.min_n ?? DEFAULT_INDEX_SETTINGS.min_n,
			tolerance: file.tolerance ?? DEFAULT_INDEX_SETTINGS.tolerance,
		}),
	)
	.meta({
		title: "touchstone index.yaml",
		description:
			"What a good model is per role: the weights of the index's axes (correctness, frontier, judgement, security, review, norms, judge), min_n and tolerance. Re-weighting re-runs nothing.",
	});
