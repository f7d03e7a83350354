import type { RunFact } from "../store/index.js";
import { mean } from "./percentile.js";

/** The current rows of one model × harness, and its per-case means. */
export interface FactGroup {
	readonly model_id: string;
	readonly harness: string;
	/** Every current row of the group, harness errors included. */
	readonly facts: readonly RunFact[];
	/** Rows that count: graded, not a harness error, with a headline value. */
	readonly graded: readonly RunFact[];
	/** Mean headline of each case over its graded samples (samples are averaged within a case first). */
	readonly caseMeans: ReadonlyMap<string, number>;
}

/** The key of a model × harness, for maps. */
export function groupKey(modelId: string, harness: string): string {
	return `${modelId}\u0000${harness}`;
}

/** Splits current rows by model × harness and averages each case's samples. */
export function groupFacts(facts: readonly RunFact[]): FactGroup[] {
	const groups = new Map<string, RunFact[]>();
	for (const fact of facts) {
		const key = groupKey(fact.model_id, fact.harness);
		let group = groups.get(key);
		if (group === undefined) {
			group = [];
			groups.set(key, group);
		}
		group.push(fact);
	}
	return [...groups.values()].map((rows) => {
		const first = rows[0] as RunFact;
		const graded = rows.filter(isGraded);
		const values = new Map<string, number[]>();
		for (const fact of graded) {
			const list = values.get(fact.case_id);
			if (list === undefined) values.set(fact.case_id, [fact.value as number]);
			else list.push(fact.value as number);
		}
		const caseMeans = new Map([...values].map(([caseId, list]) => [caseId, mean(list) as number]));
		return { model_id: first.model_id, harness: first.harness, facts: rows, graded, caseMeans };
	});
}

/** Whether a row counts toward aggregates: a graded attempt (not a harness error) with a value. */
export function isGraded(fact: RunFact): boolean {
	return fact.status !== "harness_error" && !fact.grader_failed && fact.value !== null;
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
