import type { LadderBound } from "../../contract/index.js";
import type { LadderCheck } from "../../views/index.js";
import { formatScore } from "../format.js";
import { type CliIo, printLine } from "../io.js";
import { renderTable } from "../table.js";

/** Prints a ladder check: per tier its anchor, scores, mean, band and ok/fail, then the verdict and why. */
export function printLadder(
	io: CliIo,
	taskId: string,
	check: LadderCheck,
	written: "written" | "unchanged" | null,
): void {
	printLine(
		io,
		renderTable(
			["tier", "anchor", "scores", "mean", "bound", "check"],
			check.tiers.map((tier) => [
				tier.tier,
				tier.anchor ?? "(from file)",
				`${tier.scores.map((score) => formatScore(score)).join(" ") || "-"}${tier.excluded > 0 ? ` (+${tier.excluded} excluded)` : ""}`,
				formatScore(tier.mean),
				describeBound(tier.bound),
				tier.ok ? "ok" : "fail",
			]),
		),
	);
	printLine(io, `strictly increasing: ${check.increasing ? "ok" : "fail"}`);
	printLine(
		io,
		check.admissible
			? `${taskId}: the ladder holds; admissible to the frontier tier`
			: `${taskId}: not admissible to the frontier tier: ${check.reasons.join("; ")}`,
	);
	if (written !== null)
		printLine(
			io,
			written === "written" ? "recorded in task.yaml (calibration.result)" : "task.yaml already records this check",
		);
}

function describeBound(bound: LadderBound): string {
	if (bound.min <= 0) return `<= ${bound.max}`;
	if (bound.max >= 1) return `>= ${bound.min}`;
	return `[${bound.min}, ${bound.max}]`;
}
