import type { CaseKind, SpecDocument } from "../contract/index.js";
import type { RunFact, Store, StoredSpec } from "../store/index.js";
import { rememberedRead, resolveSpec, visitCurrentFacts } from "./current-facts.js";
import { groupKey } from "./group-facts.js";

/** One model × harness on one task: its graded attempts, how many passed, and what was lost to errors. */
export interface TaskTally {
	readonly case_id: string;
	/** The task's tier as a case kind: `floor` (easy, standard), `ceiling` (hard), `frontier`. */
	readonly kind: CaseKind;
	/** Graded attempts (samples): not a harness error, not a grader error, with a headline value. */
	readonly samples: number;
	/** Of those, attempts whose headline reached the task's threshold. */
	readonly passes: number;
	/** Sum of the graded attempts' headline values (a graded 0..1 score, or 1/0 for a binary verifier). */
	readonly score_sum: number;
	/** Attempts the harness failed (excluded, shown) and attempts the grader could not grade. */
	readonly harness_errors: number;
	readonly grader_errors: number;
}

/** One graded attempt's effort and price: what the two lenses take medians and sums of. */
export interface AttemptEffort {
	readonly case_id: string;
	/** The cell's sample index, and its headline value (a graded 0..1 score, or 1/0 for a binary verifier). */
	readonly sample_index: number;
	readonly value: number;
	readonly passed: boolean;
	/** The run, and the artifact of its workspace diff (null when none was stored): what the pairwise judge compares. */
	readonly run_id: string;
	readonly diff_sha: string | null;
	/** Input + output tokens; null when either is unknown. */
	readonly tokens: number | null;
	/** Model turns (agent attempts); null when none were recorded. */
	readonly turns: number | null;
	/** Wall time of the attempt, in milliseconds; null when unknown. */
	readonly wall_ms: number | null;
	/** What the attempt cost, in USD; null when unknown (never 0 for unknown). */
	readonly cost_usd: number | null;
	/** Tool calls made and, of those, calls that were not well formed; null for an attempt without tools. */
	readonly tool_calls: number | null;
	readonly malformed_tool_calls: number | null;
}

/** A model × harness's facts on a task use case, per task and per attempt. */
export interface TaskFactGroup {
	readonly model_id: string;
	readonly harness: string;
	/** Per task with at least one current row, in spec order. */
	readonly tasks: ReadonlyMap<string, TaskTally>;
	/** Every graded attempt, in write order. */
	readonly attempts: readonly AttemptEffort[];
}

/** The per-task read of a task use case that the gate model, the lenses, the index and the report share. */
export interface TaskFacts {
	readonly spec: StoredSpec;
	/** Every task of the spec with its kind and threshold, in spec order. */
	readonly tasks: readonly { readonly case_id: string; readonly kind: CaseKind; readonly threshold: number }[];
	/** One group per model × harness, in the order their first rows came. */
	readonly groups: readonly TaskFactGroup[];
}

/**
 * Reads a task use case's current rows once into per-task tallies and per-attempt effort, per
 * model × harness, from the store alone (the spec snapshot's tiers and thresholds decide kinds
 * and passes). Remembered until the use case's runs change, so the leaderboard, its lenses, the
 * index and the report over one store read the rows once.
 */
export function taskFacts(store: Store, useCaseId: string, options: { benchmarkVersion?: string } = {}): TaskFacts {
	const spec = resolveSpec(store, useCaseId, options.benchmarkVersion);
	const key = JSON.stringify(["task-facts", useCaseId, spec.benchmark_version]);
	return rememberedRead(store, useCaseId, key, () => readTaskFacts(store, useCaseId, spec));
}

function readTaskFacts(store: Store, useCaseId: string, spec: StoredSpec): TaskFacts {
	const document = spec.spec as unknown as SpecDocument;
	const tasks = document.cases.map((item) => ({ case_id: item.id, kind: item.kind, threshold: item.threshold }));
	const byTask = new Map(tasks.map((task) => [task.case_id, task]));
	const groups = new Map<
		string,
		{ model_id: string; harness: string; tasks: Map<string, Tally>; attempts: AttemptEffort[] }
	>();
	visitCurrentFacts(store, useCaseId, document, {}, (fact) => {
		const task = byTask.get(fact.case_id);
		if (task === undefined) return;
		const key = groupKey(fact.model_id, fact.harness);
		let group = groups.get(key);
		if (group === undefined) {
			group = { model_id: fact.model_id, harness: fact.harness, tasks: new Map(), attempts: [] };
			groups.set(key, group);
		}
		let tally = group.tasks.get(task.case_id);
		if (tally === undefined) {
			tally = {
				case_id: task.case_id,
				kind: task.kind,
				samples: 0,
				passes: 0,
				score_sum: 0,
				harness_errors: 0,
				grader_errors: 0,
			};
			group.tasks.set(task.case_id, tally);
		}
		if (fact.status === "harness_error") tally.harness_errors += 1;
		else if (fact.grader_failed) tally.grader_errors += 1;
		if (fact.status === "harness_error" || fact.grader_failed || fact.value === null) return;
		const passed = fact.value >= task.threshold;
		tally.samples += 1;
		tally.score_sum += fact.value;
		if (passed) tally.passes += 1;
		group.attempts.push(effortOf(fact, fact.value, passed));
	});
	const order = new Map(tasks.map((task, index) => [task.case_id, index]));
	return {
		spec,
		tasks,
		groups: [...groups.values()].map((group) => ({
			model_id: group.model_id,
			harness: group.harness,
			tasks: new Map(
				[...group.tasks.entries()].sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
			) as ReadonlyMap<string, TaskTally>,
			attempts: group.attempts,
		})),
	};
}

type Tally = { -readonly [K in keyof TaskTally]: TaskTally[K] };

function effortOf(fact: RunFact, value: number, passed: boolean): AttemptEffort {
	return {
		case_id: fact.case_id,
		sample_index: fact.sample_index,
		value,
		passed,
		run_id: fact.run_id,
		diff_sha: fact.diff_sha,
		tokens: fact.input_tokens === null || fact.output_tokens === null ? null : fact.input_tokens + fact.output_tokens,
		turns: fact.agent?.turns ?? null,
		wall_ms: fact.latency_ms,
		cost_usd: fact.cost_usd,
		tool_calls: fact.agent?.tool_calls ?? null,
		malformed_tool_calls: fact.agent?.malformed_tool_calls ?? null,
	};
}
