import type { DecisionPick } from "./decision.js";
import { incumbentSpan } from "./deployment-history.js";
import type { Leaderboard } from "./leaderboard.js";
import type { LeaderboardRow } from "./leaderboard-row.js";
import { replacesItself } from "./projected-saving.js";
import type { ReportPage, ReportUseCase } from "./report-page.js";
import { indexSection, judgeSection, performanceSection } from "./report-sections.js";
import {
	duration,
	figure,
	markdownTable,
	markdownText as md,
	percent,
	UNKNOWN,
	usd,
	withInterval,
	yesNo,
} from "./report-text.js";
import { aggregateMark, describeOrigin } from "./row-origin.js";

/**
 * The report's markdown: per use case the decision with its reasons, the leaderboard (intervals,
 * graded and norms columns, costs, latency, coverage, errors, delta vs deployed), the gate model,
 * the pairwise judge's ratings and the speedup records; then the per-role index. Stable for diffs
 * in git: made from the page alone (no clock; the one date is the latest run's), in the page's
 * order, every figure formatted with fixed digits, every id escaped. Unknown is written unknown.
 */
export function reportMarkdown(page: ReportPage): string {
	const lines = [
		"# touchstone leaderboard",
		"",
		`Made by \`touchstone report\` from the store's current rows; latest run: ${page.latest_run_at === null ? UNKNOWN : md(page.latest_run_at.slice(0, 10))}.`,
	];
	for (const useCase of page.use_cases) lines.push("", ...useCaseSection(useCase));
	lines.push("", ...indexSection(page.index));
	return `${lines.join("\n")}\n`;
}

function useCaseSection(useCase: ReportUseCase): string[] {
	const board = useCase.leaderboard;
	return [
		`## ${md(useCase.use_case_id)}`,
		"",
		`Benchmark version ${md(board.benchmark_version)}; headline ${md(board.headline_metric)}; ${board.spec_cases} cases; good-enough band ${figure(board.band)}; intervals ${Math.round(board.bootstrap.level * 100)}% (bootstrap over cases, ${board.bootstrap.samples} resamples, seed ${board.bootstrap.seed}).`,
		"",
		...decisionSection(board),
		"",
		"### Leaderboard",
		"",
		...leaderboardTable(board),
		...aggregateSection(board),
		...(board.stale_rows > 0 ? ["", `${board.stale_rows} stale rows of older definitions left out.`] : []),
		"",
		// The gate model and the pairwise judge are about task use cases: elsewhere there is nothing to show.
		...(board.floor_miss_tolerance === null ? [] : [...gateSection(board.rows), "", ...judgeSection(useCase)]),
		...performanceSection(useCase),
	];
}

function pick(label: string, chosen: DecisionPick | null): string {
	if (chosen === null) return `- ${label}: none`;
	return `- ${label}: ${md(chosen.model_id)} (${md(chosen.harness)}), headline ${figure(chosen.headline)}, ${usd(chosen.cost_per_case_usd)} per case, p50 ${duration(chosen.p50_latency_ms)}${chosen.precision === "limited" ? ", limited depth" : ""}`;
}

/** `, since DAY (before: X)` from the deployments ledger, when it has recorded the incumbent. */
function deployedSince(board: Leaderboard): string {
	const span = incumbentSpan(board.deployments);
	const incumbent = board.decision.incumbent;
	if (span === null || incumbent === null || span.latest.model_id !== incumbent.model_id) return "";
	return `, since ${span.since}${span.before === null ? "" : ` (before: ${md(span.before.model_id)})`}`;
}

/** The projected saving per period of production traffic, when a volume snapshot was imported. */
function savingLine({ decision }: Leaderboard): string[] {
	const saving = decision.projected_saving;
	if (saving === null) return [];
	if (replacesItself(saving))
		return [
			`- Projected saving per ${md(saving.period)}: none (${md(saving.reason ?? "the deployed model is the pick")})`,
		];
	if (saving.saving_usd === null)
		return [`- Projected saving per ${md(saving.period)}: unknown (${md(saving.reason ?? "not computed")})`];
	const interval =
		saving.saving_interval === null ? "" : ` [${usd(saving.saving_interval.low)}, ${usd(saving.saving_interval.high)}]`;
	return [
		`- Projected saving per ${md(saving.period)}: ${usd(saving.saving_usd)}${interval} over ${saving.calls ?? "unknown"} calls, if ${md(saving.candidate?.model_id ?? "none")} replaced ${md(saving.deployed.model_id)} (${saving.shared_cases} shared cases)`,
	];
}

function decisionSection(board: Leaderboard): string[] {
	const { decision } = board;
	const incumbent = decision.incumbent;
	return [
		"### Decision",
		"",
		pick("Best", decision.best),
		pick("Cheapest good enough", decision.cheapest_good_enough),
		pick("Fastest good enough", decision.fastest_good_enough),
		`- Deployed: ${incumbent === null ? "none named" : `${md(incumbent.model_id)} (${md(incumbent.harness)})${incumbent.benchmarked ? "" : ", not benchmarked on this version"}`}${deployedSince(board)}`,
		...savingLine(board),
		`- Made from: ${decision.precision === null ? "no graded rows" : `${decision.precision} rows`}; by point estimates alone: cheapest ${decision.point_estimate.cheapest_good_enough === null ? "none" : md(decision.point_estimate.cheapest_good_enough.model_id)}, fastest ${decision.point_estimate.fastest_good_enough === null ? "none" : md(decision.point_estimate.fastest_good_enough.model_id)}${decision.differs ? " (differs from the answer with confidence)" : ""}`,
		...(decision.notes.length === 0
			? []
			: ["", "Reasons and caveats:", "", ...decision.notes.map((note) => `- ${md(note)}`)]),
		...(decision.candidates.length === 0
			? []
			: [
					"",
					...markdownTable(
						["candidate", "harness", "gap to best", "gap upper bound", "shared cases", "good enough"],
						decision.candidates.map((item) => [
							md(item.model_id),
							md(item.harness),
							figure(item.gap),
							figure(item.gap_upper),
							String(item.shared_cases),
							item.good_enough ? "yes" : item.good_enough_point ? "by point estimate only" : "no",
						]),
					),
				]),
	];
}

function marks(row: LeaderboardRow): string {
	const shown = [
		row.deployed ? "deployed" : null,
		row.reference ? "reference" : null,
		row.retired === true ? "retired" : null,
		row.precision === "limited" ? "limited depth" : null,
		row.unisolated_rows > 0 ? `${row.unisolated_rows} unisolated` : null,
		row.self_judged ? `${row.self_judged_rows} self-judged` : null,
		describeOrigin(row),
	];
	return shown.filter((item) => item !== null).join(", ");
}

function leaderboardTable(board: Leaderboard): string[] {
	if (board.rows.length === 0)
		return [
			board.aggregate_rows.length > 0
				? "No per-case rows here: this version is known only from summaries (aggregate rows, below)."
				: "No current rows.",
		];
	return markdownTable(
		[
			"model",
			"harness",
			"headline",
			"pass rate",
			"graded (n)",
			"norms (n)",
			"cost per case",
			"p50 latency",
			"cases",
			"samples",
			"errors",
			"Δ vs deployed",
			"marks",
		],
		board.rows.map((row) => [
			md(row.model_id),
			md(row.harness),
			withInterval(row.headline, row.headline_interval),
			row.pass_rate === null
				? UNKNOWN
				: `${percent(row.pass_rate)}${row.pass_rate_interval === null ? "" : ` [${percent(row.pass_rate_interval.low)}, ${percent(row.pass_rate_interval.high)}]`}`,
			row.graded_n === null ? "n/a" : `${figure(row.graded_mean)} (${row.graded_n})`,
			row.norms_n === 0 ? "n/a" : `${figure(row.norms_mean)} (${row.norms_n})`,
			usd(row.cost_per_case_usd, row.unknown_cost > 0),
			duration(row.p50_latency_ms),
			`${row.cases}/${board.spec_cases}`,
			String(row.samples),
			row.harness_errors + row.grader_errors === 0 ? "0" : `${row.harness_errors} harness, ${row.grader_errors} grader`,
			row.delta_vs_deployed === null
				? "n/a"
				: withInterval(row.delta_vs_deployed.value, row.delta_vs_deployed.interval),
			md(marks(row)),
		]),
	);
}

/**
 * The aggregate rows of a leaderboard (models known here only from another store's summary), in a
 * table of their own so none passes for a per-case row, each marked with its source and how many
 * cases the summary was over; nothing when there are none.
 */
function aggregateSection(board: Leaderboard): string[] {
	if (board.aggregate_rows.length === 0) return [];
	return [
		"",
		"Aggregate rows: known here only from another store's summary (no per-case rows to compare with confidence); shown, never picked.",
		"",
		...markdownTable(
			["model", "harness", "headline", "pass rate", "cost per case", "p50 latency", "cases", "samples", "marks"],
			board.aggregate_rows.map((row) => [
				md(row.model_id),
				md(row.harness),
				withInterval(row.headline, row.headline_interval),
				percent(row.pass_rate),
				usd(row.cost_per_case_usd),
				duration(row.p50_latency_ms),
				row.cases === null ? UNKNOWN : `${row.cases}/${board.spec_cases}`,
				row.samples === null ? UNKNOWN : String(row.samples),
				md(
					[aggregateMark(row), row.precision === "limited" ? "limited depth" : null]
						.filter((item) => item !== null)
						.join(", "),
				),
			]),
		),
	];
}

/** `part/whole`, or unknown when either is. */
function outOf(part: number | null, whole: number | null): string {
	return part === null || whole === null ? UNKNOWN : `${part}/${whole}`;
}

/**
 * The gate model's table of a task use case (rank, qualified, floor misses with the unmeasured
 * floor tasks, hard passes, frontier mean with its n, pass@k and pass^k when samples > 1); a line
 * saying so for other use cases, whose rows have no floor.
 */
function gateSection(rows: readonly LeaderboardRow[]): string[] {
	const header = ["### Gate model", ""];
	if (!rows.some((row) => row.floor_tasks !== null))
		return [...header, "No model has a current row on this task use case yet."];
	const sampled = rows.some((row) => row.pass_at_k !== null);
	const k = (estimate: LeaderboardRow["pass_at_k"]) =>
		estimate === null ? UNKNOWN : `${figure(estimate.value)} (k=${estimate.k}, n=${estimate.n})`;
	return [
		...header,
		...markdownTable(
			[
				"model",
				"harness",
				"rank",
				"qualified",
				"floor misses",
				"floor unmeasured",
				"hard passes",
				"frontier mean",
				...(sampled ? ["pass@k", "pass^k"] : []),
			],
			rows.map((row) => [
				md(row.model_id),
				md(row.harness),
				row.rank === null ? "not ranked" : String(row.rank),
				row.qualified === null ? "undecided" : yesNo(row.qualified),
				outOf(row.floor_misses, row.floor_tasks),
				row.floor_unmeasured === null ? UNKNOWN : String(row.floor_unmeasured),
				outOf(row.hard_passes, row.hard_tasks),
				row.frontier_mean === null ? "none" : `${figure(row.frontier_mean)} (n=${row.frontier_n ?? 0})`,
				...(sampled ? [k(row.pass_at_k), k(row.pass_hat_k)] : []),
			]),
		),
	];
}
