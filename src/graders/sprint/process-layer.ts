import type { JsonObject, SprintLayerResult, SprintLogEntry, Step } from "../../contract/index.js";
import { callLoops } from "./call-loops.js";
import { type FileHistory, fileHistory } from "./file-history.js";

/** Version of the process layer's figures and score; kept with every result. */
export const PROCESS_LAYER_VERSION = "1";

/** The least identical calls in a row that count as a degenerate loop, unless `thresholds.loop_min_calls` says. */
export const DEFAULT_LOOP_MIN_CALLS = 3;

/** What the process layer needs beside the log. */
export interface ProcessLayerOptions {
	/** Milestones in the plan. */
	readonly milestones: number;
	/** Whether a repository path was a test file at the baseline. */
	readonly isBaselineTest: (path: string) => boolean;
	/** A file's text at the baseline (null when it had none), so churn and edits start from it. */
	readonly baselineText?: (path: string) => string | null;
	/** The sprint's thresholds; this layer reads `loop_min_calls`. */
	readonly thresholds: Readonly<Record<string, number>>;
	/** An external agent's working directory: its absolute paths inside it are made repository-relative. */
	readonly workdir?: string;
}

/**
 * Seed 002's process layer, from a run's log (docs/sprint-log.md, "Process figures"): attempts
 * spent per milestone (`attempt_end` entries), malformed tool inputs, degenerate call loops
 * (per attempt and role), context deaths, churn (lines written and removed again, edits replayed
 * on the files' texts), and baseline tests rewritten or deleted. Tool calls of the harness and
 * calls answered by an error (which changed nothing) are left out of the file figures. The score
 * is the mean of five sub-scores in 0..1:
 * - attempts: milestones reached / attempts spent (1 when every reached milestone passed first time);
 * - discipline: 1 − (malformed calls + calls wasted in loops) / tool calls (1 without calls, never below 0);
 * - churn: 1 − lines removed again / lines added (1 when nothing was added);
 * - context: 1 / (1 + context deaths);
 * - test rewrites: 1 / (1 + baseline tests rewritten).
 * A log without `attempt_end` entries is not measured.
 */
export function processLayer(entries: readonly SprintLogEntry[], options: ProcessLayerOptions): SprintLayerResult {
	const unmeasured = (reason: string): SprintLayerResult => ({
		layer: "process",
		measured: false,
		score: null,
		passed: null,
		reason,
		figures: {},
		version: PROCESS_LAYER_VERSION,
	});
	const loopMin = options.thresholds.loop_min_calls ?? DEFAULT_LOOP_MIN_CALLS;
	if (!Number.isInteger(loopMin) || loopMin < 2)
		return unmeasured(`thresholds.loop_min_calls must be a whole number of at least 2, got ${loopMin}`);

	const attempts = attemptsByMilestone(entries);
	const spent = Object.values(attempts).reduce((sum, count) => sum + count, 0);
	if (spent === 0)
		return unmeasured("the log has no attempt_end entry: no attempt finished, so the run's process cannot be judged");
	const reached = Object.keys(attempts).length;

	const calls = entries.filter((entry) => entry.kind === "tool_call" && entry.role !== "harness");
	const malformed = calls.filter((entry) => entry.call?.malformed === true).length;
	const loops = loopsByAttempt(calls, loopMin);
	const deaths = entries.filter((entry) => entry.kind === "context_death").length;
	const files: FileHistory = fileHistory(entries, options);

	const subScores = {
		attempts: reached / spent,
		discipline: calls.length === 0 ? 1 : Math.max(0, 1 - (malformed + loops.wasted) / calls.length),
		churn: files.churn.lines_added === 0 ? 1 : 1 - files.churn.lines_removed_again / files.churn.lines_added,
		context: 1 / (1 + deaths),
		test_rewrites: 1 / (1 + files.rewritten.length),
	};
	const parts = Object.values(subScores);
	const figures: JsonObject = {
		milestones: options.milestones,
		milestones_reached: reached,
		attempts_spent: spent,
		attempts_by_milestone: attempts,
		tool_calls: calls.length,
		malformed_calls: malformed,
		loop_min_calls: loopMin,
		loops: loops.loops,
		loop_wasted_calls: loops.wasted,
		longest_loop: loops.longest,
		context_deaths: deaths,
		churn_lines_added: files.churn.lines_added,
		churn_lines_removed_again: files.churn.lines_removed_again,
		churn_rewritten_files: files.churn.rewritten_files,
		churn_unreplayed_edits: files.unreplayed_edits,
		baseline_test_rewrites: files.rewritten.length,
		baseline_tests_rewritten: [...files.rewritten],
		baseline_test_deletions: files.deleted.length,
		baseline_tests_deleted: [...files.deleted],
		errored_calls: files.errored_calls,
		sub_scores: subScores,
	};
	return {
		layer: "process",
		measured: true,
		score: parts.reduce((sum, part) => sum + part, 0) / parts.length,
		passed: null,
		reason: null,
		figures,
		version: PROCESS_LAYER_VERSION,
	};
}

/** Finished attempts per milestone: distinct attempt numbers of its `attempt_end` entries. */
function attemptsByMilestone(entries: readonly SprintLogEntry[]): Record<string, number> {
	const seen = new Map<string, Set<string>>();
	for (const [index, entry] of entries.entries()) {
		if (entry.kind !== "attempt_end" || entry.segment === null) continue;
		const attempts = seen.get(entry.segment) ?? new Set<string>();
		attempts.add(entry.attempt === null ? `#${index}` : String(entry.attempt));
		seen.set(entry.segment, attempts);
	}
	return Object.fromEntries([...seen].map(([segment, attempts]) => [segment, attempts.size]));
}

/** Degenerate loops within each (milestone, attempt, role): a loop never spans two workers' sessions. */
function loopsByAttempt(
	calls: readonly SprintLogEntry[],
	min: number,
): { loops: number; wasted: number; longest: number } {
	const groups = new Map<string, Step[]>();
	for (const entry of calls) {
		const key = `${entry.segment}\u0000${entry.attempt}\u0000${entry.role}`;
		const steps = groups.get(key) ?? [];
		steps.push({
			kind: "tool_call",
			content: "",
			tool: entry.call?.name ?? "",
			arguments: entry.call?.arguments ?? null,
			is_error: false,
			tokens: null,
			at_ms: null,
		});
		groups.set(key, steps);
	}
	let loops = 0;
	let wasted = 0;
	let longest = 0;
	for (const steps of groups.values()) {
		const found = callLoops(steps, min);
		loops += found.loops;
		wasted += found.wasted_calls;
		longest = Math.max(longest, found.longest);
	}
	return { loops, wasted, longest };
}
