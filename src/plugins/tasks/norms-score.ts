import type { Attempt, JsonObject, Score, Task } from "../../contract/index.js";
import {
	computeNorms,
	defaultLintRunners,
	type LintRunner,
	NORMS_VERSION,
	type NormsRecord,
	PASSED_METRIC,
	readTreeChanges,
} from "../../graders/index.js";

/** Metric of the norms score: 0..1, its record in the extras; never the headline, never a pass. */
export const NORMS_METRIC = "norms";

/**
 * The norms score of a passing attempt at an agentic task, or none: a failed or ungraded cell,
 * or a single-shot task, gets no norms. Read from the attempt's finished workspace against its
 * fixture (hidden files enter only the verifier's copies, never that workspace). Nothing here
 * can fail the cell: a computation that throws is a norms score of null with the reason.
 */
export async function normsScores(
	task: Pick<Task, "mode" | "target_files" | "gold_diff_lines">,
	attempt: Attempt,
	scores: readonly Score[],
	options: { readonly signal: AbortSignal; readonly lint?: readonly LintRunner[] },
): Promise<Score[]> {
	if (task.mode !== "agentic" || attempt.status === "harness_error") return [];
	if (scores.find((score) => score.metric === PASSED_METRIC)?.value !== 1) return [];
	const workspace = attempt.workspace ?? null;
	if (workspace === null) return [unscored("the attempt left no workspace to read (graded from its diff)")];
	try {
		const record = await computeNorms({
			changes: await readTreeChanges(workspace.fixture, workspace.path),
			target_files: task.target_files,
			gold_diff_lines: task.gold_diff_lines,
			lint: options.lint ?? defaultLintRunners(),
			signal: options.signal,
		});
		return [normsScore(record)];
	} catch (error) {
		options.signal.throwIfAborted();
		return [
			unscored(`the norms record could not be computed: ${error instanceof Error ? error.message : String(error)}`),
		];
	}
}

function normsScore(record: NormsRecord): Score {
	const faults = Object.entries(record.signals)
		.filter(([, signal]) => (signal.penalty ?? 0) > 0)
		.map(([id, signal]) => `${id} ${signal.penalty?.toFixed(2)}`);
	const na = Object.entries(record.signals).filter(([, signal]) => signal.na !== null).length;
	return {
		...BASE,
		value: record.norms_score,
		value_label: record.norms_score === null ? "n/a" : record.norms_score.toFixed(2),
		reasoning:
			record.norms_score === null
				? "norms: every signal is N/A for this task"
				: `norms ${record.norms_score.toFixed(2)}: ${faults.length === 0 ? "no penalty" : `penalties ${faults.join(", ")}`}${na === 0 ? "" : `; ${na} signal${na === 1 ? "" : "s"} N/A`}`,
		extras: record as unknown as JsonObject,
	};
}

function unscored(reason: string): Score {
	return {
		...BASE,
		value: null,
		value_label: "n/a",
		reasoning: `norms: ${reason}`,
		extras: { norms_version: NORMS_VERSION, norms_score: null, na: reason },
	};
}

const BASE = {
	metric: NORMS_METRIC,
	score_type: "absolute",
	jury_votes: null,
	inter_judge_disagreement: null,
	confidence: null,
	critical_failure: false,
	gate_meta: null,
	grader_version: `norms@${NORMS_VERSION}`,
	judge_panel_version: null,
} as const;
