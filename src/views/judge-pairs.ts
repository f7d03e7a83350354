import type { Store } from "../store/index.js";
import { groupKey } from "./group-facts.js";
import { taskFacts } from "./task-facts.js";

/** A passing current cell of a task that stored its diff: what the pairwise judge compares. */
export interface JudgedCell {
	readonly run_id: string;
	readonly model_id: string;
	readonly harness: string;
	/** The artifact of its workspace diff: half of a verdict's cache key. */
	readonly diff_sha: string;
}

/** Two cells of one task from different model × harness rows, `x` the one whose diff hash sorts first. */
export interface JudgedPair {
	readonly x: JudgedCell;
	readonly y: JudgedCell;
}

/** One task's pairs, in the order they are judged. */
export interface TaskPairs {
	readonly case_id: string;
	readonly pairs: readonly JudgedPair[];
	/** Pairs left out because both cells hold the same diff (nothing to judge). */
	readonly identical: number;
}

/** What the pairwise judge is to judge on a task use case. */
export interface JudgePlan {
	readonly use_case_id: string;
	/** The current spec's version, which the verdicts are recorded under. */
	readonly benchmark_version: string;
	/** Tasks with at least two passing rows, in spec order. */
	readonly tasks: readonly TaskPairs[];
}

/**
 * Per task (or only `taskId`), the pairs of passing current cells with a stored diff from
 * different model × harness rows (the same two diffs of the same two rows once), at most `pairs`
 * per task. The order is deterministic and
 * covers the comparison graph first: every two rows' first pair, then their second, …, each
 * round ordered by the pair's diff hashes, so a re-run with the same limit asks for the same
 * pairs (and finds them cached), and a larger limit only adds pairs.
 */
export function judgePlan(
	store: Store,
	useCaseId: string,
	options: { readonly taskId?: string; readonly pairs?: number } = {},
): JudgePlan {
	const facts = taskFacts(store, useCaseId);
	const cells = new Map<string, JudgedCell[]>();
	for (const group of facts.groups)
		for (const attempt of group.attempts) {
			if (!attempt.passed || attempt.diff_sha === null) continue;
			if (options.taskId !== undefined && attempt.case_id !== options.taskId) continue;
			const list = cells.get(attempt.case_id) ?? [];
			list.push({
				run_id: attempt.run_id,
				model_id: group.model_id,
				harness: group.harness,
				diff_sha: attempt.diff_sha,
			});
			cells.set(attempt.case_id, list);
		}
	const tasks: TaskPairs[] = [];
	for (const { case_id } of facts.tasks) {
		const planned = taskPairs(cells.get(case_id) ?? [], options.pairs ?? Number.POSITIVE_INFINITY);
		if (planned.pairs.length > 0 || planned.identical > 0) tasks.push({ case_id, ...planned });
	}
	return { use_case_id: useCaseId, benchmark_version: facts.spec.benchmark_version, tasks };
}

function taskPairs(cells: readonly JudgedCell[], limit: number): Omit<TaskPairs, "case_id"> {
	const byRows = new Map<string, JudgedPair[]>();
	let identical = 0;
	for (let i = 0; i < cells.length; i++)
		for (let j = i + 1; j < cells.length; j++) {
			const [first, second] = [cells[i] as JudgedCell, cells[j] as JudgedCell];
			const rows = [groupKey(first.model_id, first.harness), groupKey(second.model_id, second.harness)].sort();
			if (rows[0] === rows[1]) continue;
			if (first.diff_sha === second.diff_sha) {
				identical += 1;
				continue;
			}
			const pair = first.diff_sha < second.diff_sha ? { x: first, y: second } : { x: second, y: first };
			const key = rows.join("\n");
			const planned = byRows.get(key) ?? [];
			// Two samples of a row with the same diff make one comparison, not two of the same.
			if (planned.some((other) => other.x.diff_sha === pair.x.diff_sha && other.y.diff_sha === pair.y.diff_sha))
				continue;
			byRows.set(key, [...planned, pair]);
		}
	const rounds: JudgedPair[][] = [];
	for (const pairs of byRows.values()) {
		pairs.sort(comparePairs);
		pairs.forEach((pair, round) => {
			rounds[round] ??= [];
			rounds[round].push(pair);
		});
	}
	const ordered = rounds.flatMap((round) => round.sort(comparePairs));
	return { pairs: ordered.slice(0, limit), identical };
}

function comparePairs(a: JudgedPair, b: JudgedPair): number {
	const left = `${a.x.diff_sha}${a.y.diff_sha}${a.x.run_id}${a.y.run_id}`;
	const right = `${b.x.diff_sha}${b.y.diff_sha}${b.x.run_id}${b.y.run_id}`;
	return left < right ? -1 : left > right ? 1 : 0;
}
