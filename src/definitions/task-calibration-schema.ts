import { z } from "zod";
import {
	LADDER_TIERS,
	type LadderOverrides,
	type LadderRecord,
	type LadderTier,
	ladderBounds,
	type TaskCalibration,
} from "../contract/index.js";

const score = z.number().min(0).max(1);

const boundSchema = z
	.strictObject({
		min: score.optional().describe("Lowest mean score the tier's anchor may have, inclusive."),
		max: score.optional().describe("Highest mean score the tier's anchor may have, inclusive."),
	})
	.describe("Bounds that replace the default ladder's for this tier; a bound left out keeps its default.");

const ladderSchema = z
	.strictObject({
		small: boundSchema.optional().describe("Default: at most 0.4."),
		mid: boundSchema.optional().describe("Default: 0.35 to 0.8."),
		large: boundSchema.optional().describe("Default: at least 0.85."),
	})
	.superRefine((overrides, context) => {
		const bounds = ladderBounds(overrides as LadderOverrides);
		for (const tier of LADDER_TIERS) {
			const { min, max } = bounds[tier];
			if (min <= max) continue;
			const given = overrides[tier];
			context.addIssue({
				code: "custom",
				path: [tier, given?.min === undefined ? "max" : "min"],
				message: `the ${tier} tier's band is empty: min ${min} is above max ${max}`,
				params: { fix: `set \`min\` at most \`max\` (the defaults are ${describeDefault(tier)})` },
			});
		}
	})
	.describe(
		"Overrides of the anchor ladder's bounds for this task (default: small <= 0.4, mid in [0.35, 0.8], large >= 0.85; the means must also strictly increase).",
	);

const tierRecordSchema = z.strictObject({
	anchor: z.string().min(1).nullable().describe("The anchor's registry id; null for scores from --from-json."),
	scores: z.array(score).describe("Each graded attempt's score, in sample order."),
	mean: score.nullable().describe("Their mean; null when there were none."),
	ok: z.boolean().describe("Whether the mean was inside the tier's band."),
});

const recordSchema = z
	.strictObject({
		date: z.iso.date().describe("UTC day of the check."),
		source: z.enum(["runs", "from-json"]).describe("Anchor runs in the store, or scores from a file."),
		admissible: z.boolean().describe("Whether the ladder held: the task may be admitted to the frontier tier."),
		reasons: z.array(z.string()).describe("Why it did not hold; empty when it held."),
		tiers: z.strictObject({ small: tierRecordSchema, mid: tierRecordSchema, large: tierRecordSchema }),
	})
	.describe("The last check `touchstone ladder --write` recorded. Written by the tool; edit it only to remove it.");

/** A task's `calibration:` block; provenance only, never part of a cell key. */
export const taskCalibrationSchema = z
	.strictObject({
		ladder: ladderSchema.optional(),
		result: recordSchema.optional(),
	})
	.transform(
		(calibration): TaskCalibration => ({
			ladder: (calibration.ladder ?? {}) as LadderOverrides,
			result: (calibration.result ?? null) as LadderRecord | null,
		}),
	)
	.describe(
		"The anchor ladder of this task (`touchstone ladder`): bound overrides and the last recorded check. Provenance only: never part of a cell key, so writing it re-runs nothing.",
	);

function describeDefault(tier: LadderTier): string {
	const { min, max } = ladderBounds({})[tier];
	return `min ${min}, max ${max}`;
}
