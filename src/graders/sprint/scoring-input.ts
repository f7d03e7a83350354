import type { JsonObject, SprintDefinition, SprintLayer, SprintLayerResult } from "../../contract/index.js";
import { globToRegExp } from "../../input/index.js";

/**
 * What the gates, corpus and mutation layers score: a finished branch's files next to its
 * baseline's, both host folders without `.git` and after the sprint's setup, so the layers never
 * touch git history or the run's workspace (every command runs in a fresh sandbox copy).
 */
export interface SprintScoringInput {
	readonly sprint: SprintDefinition;
	/** The finished branch's files (no `.git`), after setup. Never written to. */
	readonly tree: string;
	/** The baseline's files, same layout. Never written to. */
	readonly baselineTree: string;
	/** How the layers' sandboxes run: `auto` picks bubblewrap where it runs, and the process backend only with `allowUnisolated`. */
	readonly sandbox: { readonly backend: "bubblewrap" | "process" | "auto"; readonly allowUnisolated: boolean };
	readonly signal: AbortSignal;
}

/** Something a layer needed that failed for a reason that is not the model's: the layer (or one mutant) is not measured. */
export type Harnessed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/** Version of the gates, corpus and mutation layers' code, kept with each result. */
export const SPRINT_SCORING_VERSION = "1";

/**
 * Wall-clock bound of one CI or test command, in seconds, unless the sprint's thresholds name
 * `command_timeout_s`. A command past it is killed: a graded failure (red CI, a failing run).
 */
export const DEFAULT_COMMAND_TIMEOUT_S = 600;

/** The sprint's bound of one command in seconds (its `command_timeout_s` threshold, else the default). */
export function commandTimeoutSeconds(sprint: SprintDefinition): number {
	const bound = sprint.scoring.thresholds.command_timeout_s;
	return bound !== undefined && Number.isFinite(bound) && bound > 0 ? bound : DEFAULT_COMMAND_TIMEOUT_S;
}

/**
 * A layer that could not be measured for a reason that is not the model's (no sandbox, a missing
 * etalon, a test command that never produced a report): shown as `-` with the reason, never 0.
 */
export function notMeasured(layer: SprintLayer, reason: string, figures: JsonObject = {}): SprintLayerResult {
	return { layer, measured: false, score: null, passed: null, reason, figures, version: SPRINT_SCORING_VERSION };
}

/** A measured layer's result. */
export function measured(
	layer: SprintLayer,
	score: number,
	figures: JsonObject,
	passed: boolean | null = null,
): SprintLayerResult {
	return { layer, measured: true, score, passed, reason: null, figures, version: SPRINT_SCORING_VERSION };
}

/** Whether a repository-relative path belongs to the sprint's test corpus (matches a glob of `tests`). */
export function testPathMatcher(sprint: SprintDefinition): (path: string) => boolean {
	const patterns = sprint.tests.map((glob) => globToRegExp(glob));
	return (path) => patterns.some((pattern) => pattern.test(path));
}

/** An error's first line, for a reason or a figure. */
export function errorText(error: unknown): string {
	const text = error instanceof Error ? error.message : String(error);
	return text.split("\n")[0] ?? text;
}

/** A ratio rounded to four decimals, so figures compare by hand. */
export function ratio(part: number, whole: number): number {
	return Math.round((part / whole) * 10_000) / 10_000;
}
