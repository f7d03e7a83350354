import type { JsonObject } from "../../contract/index.js";
import { countComments } from "./comment-density.js";
import { type DebugLine, debugLines } from "./debug-lines.js";
import { isCodePath, isTestPath, languageOf } from "./file-kinds.js";
import { diffLines } from "./line-diff.js";
import type { LintFile, LintFinding, LintRunner } from "./lint-runners.js";
import {
	measured,
	NORMS_VERSION,
	type NormsRecord,
	type NormsSignal,
	normsScore,
	notApplicable,
} from "./norms-record.js";

/** One file the model changed: its text before and after (null when absent, or binary). */
export type FileChange = {
	/** Relative to the workdir, `/`-separated. */
	readonly path: string;
	/** The fixture's text; null when the model added the file, or it is binary. */
	readonly before: string | null;
	/** The model's text; null when the model deleted the file, or it is binary. */
	readonly after: string | null;
	/** Whether either side is not text (its lines are not counted). */
	readonly binary: boolean;
};

/** What a norms record is computed from: the model's changes and the task's expectations. */
export type NormsInput = {
	/** The files the model changed, against its fixture (before any hidden file). */
	readonly changes: readonly FileChange[];
	/** The task's target files; empty when any file may change (the outside-target signal is N/A). */
	readonly target_files: readonly string[];
	/** The size of the real fix in lines (added + removed); null when unset (the diff-size signal is N/A). */
	readonly gold_diff_lines: number | null;
	/** The linters to compare findings with. */
	readonly lint: readonly LintRunner[];
	readonly signal: AbortSignal;
};

/** Each added debug line costs this much, up to 1. */
export const DEBUG_LINE_PENALTY = 0.5;
/** Each new lint finding costs this much, up to 1. */
export const LINT_FINDING_PENALTY = 0.25;
/** A diff up to this many times the real fix's size costs nothing… */
export const DIFF_SIZE_FREE_RATIO = 1.5;
/** …and one this many times its size (or more) costs the whole penalty, linearly in between. */
export const DIFF_SIZE_FULL_RATIO = 4;
/** An absolute change of comment density up to this is tolerated… */
export const COMMENT_DENSITY_TOLERANCE = 0.1;
/** …and a change this much past the tolerance costs the whole penalty, linearly in between. */
export const COMMENT_DENSITY_SPAN = 0.2;

/**
 * The norms record of one attempt: how the change reads to a reviewer above the pass floor,
 * from the model's tree against its fixture only. Pure but for the lint runners, which it
 * hands copies of texts; a signal that cannot be measured is N/A with its reason, never 0.
 */
export async function computeNorms(input: NormsInput): Promise<NormsRecord> {
	const texts = input.changes.map((change) => ({
		change,
		lines: change.binary ? { added: [], removed: 0 } : diffLines(change.before ?? "", change.after ?? ""),
	}));
	const diff_lines = texts.reduce((sum, item) => sum + item.lines.added.length + item.lines.removed, 0);
	const debug = texts.flatMap((item) => debugLines(item.change.path, item.lines.added));
	const signals = {
		outside_target: outsideTarget(input.changes, input.target_files),
		debug_lines: debugSignal(debug),
		lint: await lintSignal(input.changes, input.lint, input.signal),
		diff_size: diffSize(diff_lines, input.gold_diff_lines),
		untested_code: untestedCode(input.changes),
		comment_density: commentDensity(input.changes),
	};
	return {
		norms_version: NORMS_VERSION,
		norms_score: normsScore(Object.values(signals)),
		files_changed: input.changes.length,
		diff_lines,
		signals,
	};
}

function outsideTarget(changes: readonly FileChange[], targets: readonly string[]): NormsSignal {
	if (targets.length === 0) return notApplicable("outside_target", "the task lists no target_files");
	if (changes.length === 0) return notApplicable("outside_target", "the model changed no file");
	const allowed = new Set(targets);
	const outside = changes.map((change) => change.path).filter((path) => !allowed.has(path));
	return measured("outside_target", outside.length, outside.length / changes.length, { files: outside });
}

function debugSignal(found: readonly DebugLine[]): NormsSignal {
	return measured("debug_lines", found.length, found.length * DEBUG_LINE_PENALTY, {
		lines: found.map((item) => ({ path: item.path, pattern: item.pattern, line: item.line })),
	});
}

async function lintSignal(
	changes: readonly FileChange[],
	runners: readonly LintRunner[],
	signal: AbortSignal,
): Promise<NormsSignal> {
	const skipped: JsonObject = {};
	let newFindings = 0;
	let measuredBy = 0;
	const fresh: JsonObject[] = [];
	for (const runner of runners) {
		const files = changes.filter((change) => !change.binary && change.after !== null && runner.applies(change.path));
		if (files.length === 0) continue;
		// One run over both sides (before/… and after/…): half the processes of two runs.
		const sides: LintFile[] = files.flatMap((change) => [
			...(change.before === null ? [] : [{ path: `${BEFORE}${change.path}`, text: change.before }]),
			{ path: `${AFTER}${change.path}`, text: change.after as string },
		]);
		const run = await runner.lint(sides, signal);
		if (!run.ok) {
			skipped[runner.id] = run.reason;
			continue;
		}
		const side = (prefix: string) =>
			run.findings.flatMap((finding) =>
				finding.path.startsWith(prefix) ? [{ ...finding, path: finding.path.slice(prefix.length) }] : [],
			);
		measuredBy += 1;
		const counts = new Map<string, number>();
		for (const finding of side(BEFORE)) counts.set(findingKey(finding), (counts.get(findingKey(finding)) ?? 0) + 1);
		for (const finding of side(AFTER)) {
			const key = findingKey(finding);
			const left = counts.get(key) ?? 0;
			if (left > 0) counts.set(key, left - 1);
			else {
				newFindings += 1;
				fresh.push({ tool: runner.id, path: finding.path, rule: finding.rule });
			}
		}
	}
	if (measuredBy === 0)
		return notApplicable(
			"lint",
			Object.keys(skipped).length === 0
				? "no changed file is one a linter reads (JavaScript/TypeScript for Biome, Python for ruff)"
				: Object.entries(skipped)
						.map(([id, reason]) => `${id}: ${reason}`)
						.join("; "),
			{ not_run: skipped },
		);
	return measured("lint", newFindings, newFindings * LINT_FINDING_PENALTY, { new_findings: fresh, not_run: skipped });
}

/** Where the two sides of a change are laid out for one lint run. */
const BEFORE = "before/";
const AFTER = "after/";

function findingKey(finding: LintFinding): string {
	return `${finding.path}\u0000${finding.rule}`;
}

function diffSize(lines: number, gold: number | null): NormsSignal {
	if (gold === null) return notApplicable("diff_size", "the task sets no gold_diff_lines (see `touchstone gold-size`)");
	const ratio = lines / gold;
	const penalty = (ratio - DIFF_SIZE_FREE_RATIO) / (DIFF_SIZE_FULL_RATIO - DIFF_SIZE_FREE_RATIO);
	return measured("diff_size", round(ratio), penalty, { diff_lines: lines, gold_diff_lines: gold });
}

function untestedCode(changes: readonly FileChange[]): NormsSignal {
	const code = changes
		.filter((change) => isCodePath(change.path) && !isTestPath(change.path))
		.map((change) => change.path);
	const tests = changes.filter((change) => isTestPath(change.path)).map((change) => change.path);
	if (code.length === 0) return notApplicable("untested_code", "the model changed no code outside tests");
	return measured("untested_code", tests.length === 0 ? 1 : 0, tests.length === 0 ? 1 : 0, { code, tests });
}

function commentDensity(changes: readonly FileChange[]): NormsSignal {
	let before = { comment: 0, counted: 0 };
	let after = { comment: 0, counted: 0 };
	const files: string[] = [];
	for (const change of changes) {
		const language = languageOf(change.path);
		if (language === null || change.binary || isTestPath(change.path)) continue;
		files.push(change.path);
		const add = (sum: { comment: number; counted: number }, text: string | null) => {
			if (text === null) return sum;
			const count = countComments(text, language);
			return { comment: sum.comment + count.comment_lines, counted: sum.counted + count.counted_lines };
		};
		before = add(before, change.before);
		after = add(after, change.after);
	}
	if (files.length === 0)
		return notApplicable("comment_density", "no changed Python, JavaScript or TypeScript file outside tests");
	if (before.counted === 0 || after.counted === 0)
		return notApplicable("comment_density", "the changed files had no code before, or have none after", { files });
	const densityBefore = before.comment / before.counted;
	const densityAfter = after.comment / after.counted;
	const change = round(Math.abs(densityAfter - densityBefore));
	const past = change - COMMENT_DENSITY_TOLERANCE;
	return measured("comment_density", change, past <= 0 ? 0 : past / COMMENT_DENSITY_SPAN, {
		files,
		before: round(densityBefore),
		after: round(densityAfter),
		tolerance: COMMENT_DENSITY_TOLERANCE,
	});
}

/** Rounded to 12 places, so 0.1 stays 0.1 after the arithmetic (a change of exactly the tolerance is tolerated). */
function round(value: number): number {
	return Math.round(value * 1e12) / 1e12;
}
