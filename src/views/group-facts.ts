import type { RunFact, RunJuryFact } from "../store/index.js";

/** What the read layer keeps of one model × harness: aggregates, not rows. */
export interface FactGroup {
	readonly model_id: string;
	readonly harness: string;
	/** Mean headline of each case over its graded samples (samples are averaged within a case first). */
	readonly caseMeans: ReadonlyMap<string, number>;
	/** Per case: current rows, graded samples, and samples lost to the harness or the grader. */
	readonly caseCounts: ReadonlyMap<
		string,
		{ readonly rows: number; readonly samples: number; readonly errors: number }
	>;
	/** Current rows, harness errors included. */
	readonly rows: number;
	/** Of those, rows this store recorded (no ingest source). */
	readonly native_rows: number;
	/** Current rows per source a federated ingest or an import tagged them with. */
	readonly sources: ReadonlyMap<string, number>;
	/** Per case with tagged rows (only those): its current rows per source. */
	readonly caseSources: ReadonlyMap<string, ReadonlyMap<string, number>>;
	/** Rows that count: graded, not a harness error, with a headline value. */
	readonly graded: number;
	/** Rows with a known cost, and the sum of those costs. */
	readonly known_costs: number;
	readonly cost_sum: number;
	/** Latencies and times to first token of the graded rows that have them. */
	readonly latencies: Float64Array;
	readonly ttfts: Float64Array;
	/** Sums of the known token counts of the rows; null when none is known. */
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	/** Jury confidences of the graded rows that carry one. */
	readonly confidence_sum: number;
	readonly confidence_count: number;
	readonly harness_errors: number;
	readonly grader_errors: number;
	readonly critical_failures: number;
	/** Current rows whose model or grader commands ran in an unisolated sandbox (the plain process backend). */
	readonly unisolated: number;
	/** What the jury's grading of these rows cost, and how often a juror judged its own family. */
	readonly jury: JuryTally;
	/** Cases on which a graded row carries a graded 0..1 score (RunFact.graded_score): their tasks are scored. */
	readonly gradedCases: ReadonlySet<string>;
	/**
	 * Mean cost of one attempt of each case over all its current rows (what one call costs, for
	 * the projected saving); null for a case where some row's cost is unknown.
	 */
	readonly caseCosts: ReadonlyMap<string, number | null>;
	/**
	 * Per case with rows, the sum of its known costs (0 where none is known), and how many cases
	 * carry a known cost: the sample behind the cost per case's interval.
	 */
	readonly caseKnownCosts: Float64Array;
	readonly cases_with_known_cost: number;
}

/** The jury's part of some current rows (those whose headline score a jury gave). */
export interface JuryTally {
	/** Rows graded by a jury. */
	readonly rows: number;
	/** Of those, rows stored before jurors' usage was recorded: their cost is not known at all. */
	readonly unrecorded_rows: number;
	/** Votes asked for over the recorded rows, and those whose cost is unknown. */
	readonly votes: number;
	readonly unpriced_votes: number;
	/** Sum of the known vote costs, in USD; null when no vote's cost is known. */
	readonly cost_usd: number | null;
	/** Rows a juror of the candidate's own model or family judged. */
	readonly self_judged_rows: number;
	/** Of `rows`, rows whose jury missed its quorum (a grader error, no score): their votes are counted. */
	readonly failed_rows: number;
}

/** A tally of nothing: no row graded by a jury. */
export const EMPTY_JURY_TALLY: JuryTally = {
	rows: 0,
	unrecorded_rows: 0,
	votes: 0,
	unpriced_votes: 0,
	cost_usd: null,
	self_judged_rows: 0,
	failed_rows: 0,
};

/** The sum of tallies. */
export function addJuryTallies(tallies: readonly JuryTally[]): JuryTally {
	return tallies.reduce(
		(sum, tally) => ({
			rows: sum.rows + tally.rows,
			unrecorded_rows: sum.unrecorded_rows + tally.unrecorded_rows,
			votes: sum.votes + tally.votes,
			unpriced_votes: sum.unpriced_votes + tally.unpriced_votes,
			cost_usd: tally.cost_usd === null ? sum.cost_usd : (sum.cost_usd ?? 0) + tally.cost_usd,
			self_judged_rows: sum.self_judged_rows + tally.self_judged_rows,
			failed_rows: sum.failed_rows + tally.failed_rows,
		}),
		EMPTY_JURY_TALLY,
	);
}

/** The key of a model × harness, for maps. */
export function groupKey(modelId: string, harness: string): string {
	return `${modelId}\u0000${harness}`;
}

/** Whether a row counts toward aggregates: a graded attempt (not a harness error) with a value. */
export function isGraded(fact: RunFact): boolean {
	return fact.status !== "harness_error" && !fact.grader_failed && fact.value !== null;
}

/**
 * Folds current rows into one {@link FactGroup} per model × harness as they stream past, so a
 * use case of 500,000 runs is read in one pass and kept as a few aggregates per model and case.
 */
export class FactGroups {
	readonly #groups = new Map<string, Accumulator>();

	/** Adds one current row. */
	add(fact: RunFact): void {
		const key = groupKey(fact.model_id, fact.harness);
		let group = this.#groups.get(key);
		if (group === undefined) {
			group = new Accumulator(fact.model_id, fact.harness);
			this.#groups.set(key, group);
		}
		group.add(fact);
	}

	/** The groups, in the order their first rows came. */
	finish(): FactGroup[] {
		return [...this.#groups.values()].map((group) => group.finish());
	}
}

class Accumulator {
	readonly #model_id: string;
	readonly #harness: string;
	readonly #sums = new Map<string, { sum: number; rows: number; samples: number; errors: number }>();
	readonly #sources = new Map<string, number>();
	readonly #caseSources = new Map<string, Map<string, number>>();
	#nativeRows = 0;
	readonly #costs = new Map<string, { sum: number; rows: number; unknown: number }>();
	#rows = 0;
	#graded = 0;
	#knownCosts = 0;
	#costSum = 0;
	#latencies: number[] = [];
	#ttfts: number[] = [];
	#inputTokens: number | null = null;
	#outputTokens: number | null = null;
	#confidenceSum = 0;
	#confidenceCount = 0;
	#harnessErrors = 0;
	#graderErrors = 0;
	#criticalFailures = 0;
	#unisolated = 0;
	#jury: JuryTally = EMPTY_JURY_TALLY;
	readonly #gradedCases = new Set<string>();

	constructor(model_id: string, harness: string) {
		this.#model_id = model_id;
		this.#harness = harness;
	}

	add(fact: RunFact): void {
		this.#rows += 1;
		let perCase = this.#sums.get(fact.case_id);
		if (perCase === undefined) {
			perCase = { sum: 0, rows: 0, samples: 0, errors: 0 };
			this.#sums.set(fact.case_id, perCase);
		}
		perCase.rows += 1;
		if (fact.ingest_source === null) this.#nativeRows += 1;
		else this.#addSource(fact.case_id, fact.ingest_source);
		if (fact.cost_usd !== null) {
			this.#knownCosts += 1;
			this.#costSum += fact.cost_usd;
		}
		const caseCost = this.#costs.get(fact.case_id) ?? { sum: 0, rows: 0, unknown: 0 };
		this.#costs.set(fact.case_id, caseCost);
		caseCost.rows += 1;
		if (fact.cost_usd === null) caseCost.unknown += 1;
		else caseCost.sum += fact.cost_usd;
		if (fact.input_tokens !== null) this.#inputTokens = (this.#inputTokens ?? 0) + fact.input_tokens;
		if (fact.output_tokens !== null) this.#outputTokens = (this.#outputTokens ?? 0) + fact.output_tokens;
		if (fact.isolated === false) this.#unisolated += 1;
		if (fact.jury !== null) this.#jury = addJuryTallies([this.#jury, tallyOf(fact.jury)]);
		if (fact.status === "harness_error") this.#harnessErrors += 1;
		else if (fact.grader_failed) this.#graderErrors += 1;
		if (!isGraded(fact)) {
			if (fact.status === "harness_error" || fact.grader_failed) perCase.errors += 1;
			return;
		}
		this.#graded += 1;
		if (fact.graded_score) this.#gradedCases.add(fact.case_id);
		perCase.sum += fact.value as number;
		perCase.samples += 1;
		if (fact.latency_ms !== null) this.#latencies.push(fact.latency_ms);
		if (fact.ttft_ms !== null) this.#ttfts.push(fact.ttft_ms);
		if (fact.confidence !== null) {
			this.#confidenceSum += fact.confidence;
			this.#confidenceCount += 1;
		}
		if (fact.critical_failure) this.#criticalFailures += 1;
	}

	#addSource(caseId: string, source: string): void {
		this.#sources.set(source, (this.#sources.get(source) ?? 0) + 1);
		let perCase = this.#caseSources.get(caseId);
		if (perCase === undefined) {
			perCase = new Map();
			this.#caseSources.set(caseId, perCase);
		}
		perCase.set(source, (perCase.get(source) ?? 0) + 1);
	}

	finish(): FactGroup {
		const caseMeans = new Map<string, number>();
		const caseCounts = new Map<string, { rows: number; samples: number; errors: number }>();
		for (const [caseId, { sum, rows, samples, errors }] of this.#sums) {
			if (samples > 0) caseMeans.set(caseId, sum / samples);
			caseCounts.set(caseId, { rows, samples, errors });
		}
		return {
			model_id: this.#model_id,
			harness: this.#harness,
			caseMeans,
			caseCounts,
			rows: this.#rows,
			native_rows: this.#nativeRows,
			sources: this.#sources,
			caseSources: this.#caseSources,
			graded: this.#graded,
			known_costs: this.#knownCosts,
			cost_sum: this.#costSum,
			latencies: Float64Array.from(this.#latencies),
			ttfts: Float64Array.from(this.#ttfts),
			input_tokens: this.#inputTokens,
			output_tokens: this.#outputTokens,
			confidence_sum: this.#confidenceSum,
			confidence_count: this.#confidenceCount,
			harness_errors: this.#harnessErrors,
			grader_errors: this.#graderErrors,
			critical_failures: this.#criticalFailures,
			unisolated: this.#unisolated,
			jury: this.#jury,
			gradedCases: this.#gradedCases,
			caseCosts: new Map(
				[...this.#costs].map(([caseId, cost]) => [caseId, cost.unknown > 0 ? null : cost.sum / cost.rows]),
			),
			caseKnownCosts: Float64Array.from(this.#costs.values(), (cost) => cost.sum),
			cases_with_known_cost: [...this.#costs.values()].filter((cost) => cost.unknown < cost.rows).length,
		};
	}
}

function tallyOf(jury: RunJuryFact): JuryTally {
	return {
		rows: 1,
		unrecorded_rows: jury.recorded ? 0 : 1,
		votes: jury.votes,
		unpriced_votes: jury.unpriced_votes,
		cost_usd: jury.cost_usd,
		self_judged_rows: jury.self_judged ? 1 : 0,
		failed_rows: jury.failed ? 1 : 0,
	};
}

/**
 * Per-case differences `a − b` over the cases both groups graded, in a stable order: the paired
 * sample a comparison bootstraps, so case difficulty cancels out.
 */
export function pairedDifferences(a: FactGroup, b: FactGroup): Float64Array {
	const shared = [...a.caseMeans.keys()].filter((caseId) => b.caseMeans.has(caseId)).sort();
	const differences = new Float64Array(shared.length);
	shared.forEach((caseId, index) => {
		differences[index] = (a.caseMeans.get(caseId) as number) - (b.caseMeans.get(caseId) as number);
	});
	return differences;
}
