import { join } from "node:path";
import { BadInputError, type InputIssue, LADDER_TIERS, type LadderTier, type ModelEntry } from "../contract/index.js";
import type { Definitions } from "./definitions.js";

/**
 * The anchor model on each rung of the ladder: the active `role: anchor` entries, by `tags.tier`
 * (the loader already refuses two on one tier). Each runs as its entry pins it (its provider's
 * `model:` id is part of its cell keys). Throws a BadInputError naming models.yaml when there are
 * no such anchors or a tier has none.
 */
export function ladderAnchors(definitions: Definitions): Record<LadderTier, ModelEntry> {
	const anchors = definitions.models.filter((model) => model.role === "anchor" && model.status === "active");
	const byTier = new Map(anchors.flatMap((model) => (model.tags.tier === null ? [] : [[model.tags.tier, model]])));
	const missing = LADDER_TIERS.filter((tier) => !byTier.has(tier));
	if (missing.length > 0) {
		const source = join(definitions.dir, "models.yaml");
		const issue = (tier: LadderTier): InputIssue => ({
			source,
			line: null,
			column: null,
			path: "models",
			message:
				anchors.length === 0
					? "no active model has `role: anchor`, so the ladder has no anchors to run"
					: `no active anchor has \`tags: { tier: ${tier} }\`, so the ladder's ${tier} rung is empty`,
			fix:
				anchors.length === 0
					? "add three models with `role: anchor` and `tags: { tier: small }`, `mid` and `large`"
					: `give one active \`role: anchor\` model \`tags: { tier: ${tier} }\` (today: ${describe(anchors)})`,
		});
		const issues = anchors.length === 0 ? [issue("small")] : missing.map(issue);
		throw new BadInputError(
			anchors.length === 0 ? "the ladder has no anchors" : `the ladder has no ${missing.join(", ")} anchor`,
			issues,
		);
	}
	return Object.fromEntries(LADDER_TIERS.map((tier) => [tier, byTier.get(tier)])) as Record<LadderTier, ModelEntry>;
}

function describe(anchors: readonly ModelEntry[]): string {
	return anchors.map((model) => `${model.id}: ${model.tags.tier ?? "no tier"}`).join(", ");
}
