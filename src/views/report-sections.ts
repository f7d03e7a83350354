import type { ReportIndex, ReportUseCase } from "./report-page.js";
import { figure, markdownTable, markdownText as md, percent, withInterval, yesNo } from "./report-text.js";

/** The report's pairwise-judge section of a use case: its ratings when it was judged, else unknown. */
export function judgeSection({ judge }: ReportUseCase): string[] {
	const header = ["### Pairwise judge", ""];
	if (judge === null)
		return [...header, "Judge rating: unknown (this use case was not judged; touchstone judge rates it)."];
	return [
		...header,
		`Rubric ${md(judge.rubric_version ?? "unknown")}: ${judge.pairs} pairs judged in both orders, ${judge.flips} flips counted as ties; Bradley–Terry ratings centred at 0 with ${Math.round(judge.level * 100)}% bootstrap intervals over tasks${judge.connected ? "" : "; the comparison graph is not connected: ratings compare only within a component"}.`,
		"",
		...markdownTable(
			["model", "harness", "rating", "P(top)", "comparisons", "tasks", "component"],
			judge.ratings.map((rating) => [
				md(rating.model_id),
				md(rating.harness),
				withInterval(rating.rating, rating.interval, 0),
				percent(rating.p_top),
				String(rating.comparisons),
				String(rating.tasks),
				String(rating.component),
			]),
		),
	];
}

/** The speedup verdicts of a use case's current runs, when it has any. */
export function performanceSection({ performance }: ReportUseCase): string[] {
	if (performance.length === 0) return [];
	return [
		"",
		"### Speedup records",
		"",
		...markdownTable(
			["model", "harness", "case", "sample", "median speedup", "bucket", "score", "correct"],
			performance.map(({ model_id, harness, case_id, sample_index, performance: record }) => [
				md(model_id),
				md(harness),
				md(case_id),
				String(sample_index),
				record.median_ratio === null ? "not timed" : `${figure(record.median_ratio)}x`,
				record.highest_bucket === null ? "none" : `${record.highest_bucket}x`,
				figure(record.score),
				yesNo(record.correctness),
			]),
		),
	];
}

/** The per-role index section: every role's routing answer and ranking, else unknown. */
export function indexSection(index: ReportIndex | null): string[] {
	const header = ["## Per-role index", ""];
	if (index === null)
		return [
			...header,
			"Index: none (no reported use case is a runnable task use case of the definitions read; without definitions, pass --dir).",
		];
	const level = Math.round(index.level * 100);
	const named = (item: ReportIndex["roles"][number]["best"]) =>
		item === null ? "none" : `${md(item.model_id)} (${md(item.harness)}) ${figure(item.index)}`;
	return [
		...header,
		`Over ${index.use_cases.length === 0 ? "no use case" : index.use_cases.map(md).join(", ")}; intervals ${level}% (bootstrap over each model's tasks).`,
		...index.notes.map((note) => `- ${md(note)}`),
		...index.roles.flatMap((role) => [
			"",
			`### ${md(role.role)}`,
			"",
			`Best ${named(role.best)}; cheapest within tolerance ${named(role.cheapest)}; fastest within tolerance ${named(role.fastest)}.`,
			...role.notes.map((note) => `- ${md(note)}`),
			"",
			...markdownTable(
				["model", "harness", "index", "dropped axes", "flagged axes"],
				role.rows.map((row) => [
					`${md(row.model_id)}${row.reference ? " (reference)" : ""}`,
					md(row.harness),
					withInterval(row.index, row.interval),
					row.dropped.length === 0 ? "none" : row.dropped.map(md).join(", "),
					row.flagged.length === 0 ? "none" : row.flagged.map(md).join(", "),
				]),
			),
		]),
	];
}
