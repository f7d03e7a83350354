import type { Decision, DecisionPick } from "../views/index.js";
import { describeSaving } from "./describe-offload.js";
import { formatCost, formatMs, formatScore } from "./format.js";
import { type CliIo, printLine } from "./io.js";

/** Prints the decision under a leaderboard: best, cheapest and fastest good enough, and the notes. */
export function printDecision(io: CliIo, decision: Decision): void {
	const pick = (item: DecisionPick | null) =>
		item === null
			? "none"
			: `${item.model_id} (${item.harness}) headline ${formatScore(item.headline)}, ${formatCost(item.cost_per_case_usd)}/case, p50 ${formatMs(item.p50_latency_ms)}`;
	const depth = decision.precision === "limited" ? " * from limited-depth rows" : "";
	printLine(io, `Decision (band ${decision.band}, with 95% confidence)${depth}:`);
	if (decision.incumbent !== null)
		printLine(
			io,
			`  deployed:                ${decision.incumbent.model_id} (${decision.incumbent.harness})${decision.incumbent.benchmarked ? "" : " - not benchmarked"}`,
		);
	printLine(io, `  best:                    ${pick(decision.best)}`);
	printLine(io, `  cheapest good enough:    ${pick(decision.cheapest_good_enough)}`);
	printLine(io, `  fastest good enough:     ${pick(decision.fastest_good_enough)}`);
	if (decision.differs) {
		printLine(io, "  by point estimate alone:");
		printLine(io, `    cheapest good enough:  ${pick(decision.point_estimate.cheapest_good_enough)}`);
		printLine(io, `    fastest good enough:   ${pick(decision.point_estimate.fastest_good_enough)}`);
	}
	if (decision.projected_saving !== null)
		printLine(io, `  projected saving:        ${describeSaving(decision.projected_saving)}`);
	for (const note of decision.notes) printLine(io, `  note: ${note}`);
}
