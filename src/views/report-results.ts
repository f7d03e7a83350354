import type { JsonValue, PerformanceRecord, SpecDocument } from "../contract/index.js";
import type { Store, StoredRun } from "../store/index.js";
import { resolveSpec, visitCurrentFacts } from "./current-facts.js";
import { currentRuns } from "./current-runs.js";
import { groupKey } from "./group-facts.js";

/** How one model × harness did on one case, for a CI system (one JUnit test case). */
export interface CaseResult {
	readonly model_id: string;
	readonly harness: string;
	readonly case_id: string;
	readonly threshold: number;
	/** `passed`/`failed` on the graded samples' mean; `error` when none was graded (harness or grader errors); `not-run` when it has no current row. */
	readonly outcome: "passed" | "failed" | "error" | "not-run";
	/** Mean headline of the graded samples; null when none was graded. */
	readonly score: number | null;
	/** Graded samples behind it. */
	readonly samples: number;
	readonly harness_errors: number;
	readonly grader_errors: number;
	/** Sum of the known costs of its current rows; null when none is known. */
	readonly cost_usd: number | null;
	/** Rows whose cost is unknown (the sum is then a lower bound). */
	readonly unknown_cost: number;
}

/** A speedup verdict's record, as a score's `extras.performance` keeps it, with the run it belongs to. */
export interface PerformanceEntry {
	readonly model_id: string;
	readonly harness: string;
	readonly case_id: string;
	readonly sample_index: number;
	readonly run_id: string;
	readonly performance: PerformanceRecord;
}

/** The per-case results of a use case, its speedup records and when its latest current row was written. */
export interface ReportResults {
	/** Every model × harness with a current row, in `models` order, × every case of the spec, in spec order. */
	readonly cases: readonly CaseResult[];
	readonly performance: readonly PerformanceEntry[];
	/** UTC time the latest current row was written; null when there is none. */
	readonly latest_run_at: string | null;
}

/**
 * A use case's results per model × harness × case (from the one loop over current rows), the
 * PerformanceRecords of its current runs (one per run, though a task's headline repeats its
 * verifier's extras), and the time of its latest current row: what `touchstone report` adds to
 * the leaderboard. `models` orders the rows (the leaderboard's order); deterministic throughout.
 */
export function reportResults(
	store: Store,
	useCaseId: string,
	models: readonly { readonly model_id: string; readonly harness: string }[],
	options: { benchmarkVersion?: string | undefined } = {},
): ReportResults {
	const spec = resolveSpec(store, useCaseId, options.benchmarkVersion);
	const document = spec.spec as unknown as SpecDocument;
	const tallies = new Map<string, Tally>();
	visitCurrentFacts(store, useCaseId, document, {}, (fact) => {
		const key = `${groupKey(fact.model_id, fact.harness)}\u0000${fact.case_id}`;
		const tally = tallies.get(key) ?? { sum: 0, samples: 0, harness: 0, grader: 0, cost: null, unknownCost: 0 };
		tallies.set(key, tally);
		if (fact.cost_usd === null) tally.unknownCost += 1;
		else tally.cost = (tally.cost ?? 0) + fact.cost_usd;
		if (fact.status === "harness_error") tally.harness += 1;
		else if (fact.grader_failed || fact.value === null) tally.grader += 1;
		else {
			tally.sum += fact.value;
			tally.samples += 1;
		}
	});
	const cases = models.flatMap(({ model_id, harness }) =>
		document.cases.map((item): CaseResult => {
			const tally = tallies.get(`${groupKey(model_id, harness)}\u0000${item.id}`);
			const score = tally === undefined || tally.samples === 0 ? null : tally.sum / tally.samples;
			return {
				model_id,
				harness,
				case_id: item.id,
				threshold: item.threshold,
				outcome:
					tally === undefined ? "not-run" : score === null ? "error" : score >= item.threshold ? "passed" : "failed",
				score,
				samples: tally?.samples ?? 0,
				harness_errors: tally?.harness ?? 0,
				grader_errors: tally?.grader ?? 0,
				cost_usd: tally?.cost ?? null,
				unknown_cost: tally?.unknownCost ?? 0,
			};
		}),
	);
	const { current } = currentRuns(store, useCaseId, spec.benchmark_version);
	// One run per cell, as the inspector shows it: the latest, unless it is an outage after a graded one.
	const counting = new Map<string, StoredRun>();
	for (const run of current)
		if (!(run.status === "harness_error" && counting.has(run.cell_key))) counting.set(run.cell_key, run);
	return { cases, performance: performanceEntries(store, [...counting.values()]), latest_run_at: latest(current) };
}

interface Tally {
	sum: number;
	samples: number;
	harness: number;
	grader: number;
	cost: number | null;
	unknownCost: number;
}

function performanceEntries(store: Store, runs: readonly StoredRun[]): PerformanceEntry[] {
	const scores = store.scoresForRuns(runs.map((run) => run.run_id));
	const entries = runs.flatMap((run): PerformanceEntry[] => {
		const record = (scores.get(run.run_id) ?? [])
			.map((score) => score.extras?.performance)
			.find((value) => isPerformanceRecord(value));
		if (record === undefined) return [];
		const { model_id, harness, case_id, sample_index, run_id } = run;
		return [{ model_id, harness, case_id, sample_index, run_id, performance: record as PerformanceRecord }];
	});
	return entries.sort(
		(a, b) =>
			compare(a.model_id, b.model_id) ||
			compare(a.harness, b.harness) ||
			compare(a.case_id, b.case_id) ||
			a.sample_index - b.sample_index ||
			compare(a.run_id, b.run_id),
	);
}

function latest(runs: readonly StoredRun[]): string | null {
	let last: string | null = null;
	for (const run of runs) if (last === null || run.created_at > last) last = run.created_at;
	return last;
}

/** Code-unit order: the same on every machine, whatever its locale. */
function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a score's `extras.performance` is a speedup verdict's PerformanceRecord. */
export function isPerformanceRecord(value: JsonValue | undefined): value is JsonValue & PerformanceRecord {
	if (typeof value !== "object" || value === null) return false;
	const record = value as Partial<PerformanceRecord>;
	return record.metric === "median_speedup" && Array.isArray(record.samples) && Array.isArray(record.ratios);
}
