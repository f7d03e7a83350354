import { posix } from "node:path";
import {
	type JsonObject,
	type ReviewTarget,
	type ReviewVerifierArgs,
	SANDBOX_WORKDIR,
} from "../../../contract/index.js";
import type { Finding } from "./parse-findings.js";

/**
 * What became of one finding: `found` (the first on a bug), `decoy` (the first on a decoy),
 * `repeat` (another finding on a bug or decoy already counted: it neither adds nor costs), or
 * `false_positive` (no bug or decoy within tolerance of it).
 */
export const FINDING_STATUSES = ["found", "decoy", "repeat", "false_positive"] as const;
/** One of {@link FINDING_STATUSES}. */
export type FindingStatus = (typeof FINDING_STATUSES)[number];

/** One finding with its owner: the nearest bug or decoy on its file within tolerance. */
export interface OwnedFinding {
	/** The file as matched (normalised; see {@link normalizeFindingPath}). */
	readonly file: string;
	/** The line it points at. */
	readonly line: number;
	/** The owner's id; null for a false positive. */
	readonly owner: string | null;
	/** Whether the owner is a bug or a decoy; null for a false positive. */
	readonly owner_kind: "bug" | "decoy" | null;
	/** Lines from the owner's nearest range (0 inside it); null for a false positive. */
	readonly distance: number | null;
	/** See {@link FINDING_STATUSES}. */
	readonly status: FindingStatus;
}

/** A review scored: per-finding ownership, the counts, and the score. */
export interface ReviewScore {
	/** Each finding in the order written. */
	readonly findings: readonly OwnedFinding[];
	/** Ids of the bugs found, in task order. */
	readonly bugs_found: readonly string[];
	/** Ids of the bugs no finding was on, in task order. */
	readonly bugs_missed: readonly string[];
	/** Ids of the decoys a finding was on, in task order. */
	readonly decoys_hit: readonly string[];
	/** Findings on no bug or decoy. */
	readonly false_positives: number;
	/** (found − fp_penalty·false_positives − decoy_penalty·decoys hit) / bugs, before the floor. */
	readonly raw_score: number;
	/** The raw score kept within 0..1. */
	readonly value: number;
}

/**
 * Scores findings against a task's bugs and decoys. A finding is owned by the bug or decoy on its
 * file whose nearest range is closest to its line (0 inside a range), if that is within
 * `tolerance`; ties go to bugs before decoys, then to the one listed first, so a finding that
 * points between a bug and a decoy is read as the bug (its description may well name it). The
 * first finding on a bug finds it and the first on a decoy hits it; later findings on either are
 * repeats, which neither add nor cost (a reviewer may flag the cause and the symptom of one bug).
 */
export function scoreReview(findings: readonly Finding[], args: ReviewVerifierArgs): ReviewScore {
	const targets = [
		...args.bugs.map((target) => ({ target, kind: "bug" as const })),
		...args.decoys.map((target) => ({ target, kind: "decoy" as const })),
	];
	const known = new Set(targets.map(({ target }) => target.file));
	const counted = new Set<string>();
	const owned = findings.map((finding): OwnedFinding => {
		const file = normalizeFindingPath(finding.file, known);
		let best: { id: string; kind: "bug" | "decoy"; distance: number } | null = null;
		for (const { target, kind } of targets) {
			if (target.file !== file) continue;
			const distance = distanceTo(target, finding.line);
			if (distance <= args.tolerance && (best === null || distance < best.distance))
				best = { id: target.id, kind, distance };
		}
		if (best === null)
			return { file, line: finding.line, owner: null, owner_kind: null, distance: null, status: "false_positive" };
		const first = !counted.has(best.id);
		counted.add(best.id);
		const status: FindingStatus = !first ? "repeat" : best.kind === "bug" ? "found" : "decoy";
		return { file, line: finding.line, owner: best.id, owner_kind: best.kind, distance: best.distance, status };
	});
	const bugs_found = args.bugs.filter((bug) => counted.has(bug.id)).map((bug) => bug.id);
	const decoys_hit = args.decoys.filter((decoy) => counted.has(decoy.id)).map((decoy) => decoy.id);
	const false_positives = owned.filter((finding) => finding.status === "false_positive").length;
	const raw_score =
		(bugs_found.length - args.fp_penalty * false_positives - args.decoy_penalty * decoys_hit.length) / args.bugs.length;
	return {
		findings: owned,
		bugs_found,
		bugs_missed: args.bugs.filter((bug) => !counted.has(bug.id)).map((bug) => bug.id),
		decoys_hit,
		false_positives,
		raw_score,
		value: Math.min(1, Math.max(0, raw_score)),
	};
}

/** Lines from `line` to the target's nearest range: 0 inside one. */
export function distanceTo(target: ReviewTarget, line: number): number {
	let nearest = Number.POSITIVE_INFINITY;
	for (const [first, last] of target.lines)
		nearest = Math.min(nearest, line < first ? first - line : line > last ? line - last : 0);
	return nearest;
}

/**
 * The fixture path a reviewer meant, from what they wrote: backslashes read as `/`, surrounding
 * spaces, `./` and doubled slashes dropped, and the sandbox's workdir (`/workspace/src/x.py`)
 * taken off the front; when that names none of the task's files but dropping a diff's `a/` or
 * `b/` prefix (copied from REVIEW.diff) does, the prefix goes. Case is kept: the fixture's
 * files are case-sensitive. Anything else stays as written and matches nothing.
 */
export function normalizeFindingPath(written: string, known: ReadonlySet<string>): string {
	let path = written.trim().replaceAll("\\", "/");
	if (path.startsWith(`${SANDBOX_WORKDIR}/`)) path = path.slice(SANDBOX_WORKDIR.length + 1);
	path = posix.normalize(path).replace(/\/+$/, "");
	if (known.has(path)) return path;
	const unprefixed = path.replace(/^[ab]\//, "");
	return known.has(unprefixed) ? unprefixed : path;
}

/** The counts of a scored review, for the score's extras. */
export function reviewExtras(score: ReviewScore, args: ReviewVerifierArgs): JsonObject {
	return {
		findings: score.findings.map((finding) => ({ ...finding })),
		bugs: args.bugs.length,
		matched: score.bugs_found.length,
		bugs_found: [...score.bugs_found],
		bugs_missed: [...score.bugs_missed],
		decoy_hits: score.decoys_hit.length,
		decoys_hit: [...score.decoys_hit],
		false_positives: score.false_positives,
		repeats: score.findings.filter((finding) => finding.status === "repeat").length,
		raw_score: score.raw_score,
		tolerance: args.tolerance,
		fp_penalty: args.fp_penalty,
		decoy_penalty: args.decoy_penalty,
	};
}
