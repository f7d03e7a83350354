import { lstat, mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { BadInputError, FIXTURE_DIR, TASK_FILE, type Task, type TaskSnapshot } from "../../contract/index.js";
import {
	type Problem,
	parseYamlDocument,
	readInputFile,
	unplacedDocument,
	type YamlDocument,
} from "../../input/index.js";
import { mutationModuleProblems } from "./check-mutation-module.js";
import { checkExtraction, type Extraction, extractInto } from "./extract-commit.js";
import { fixtureDigest } from "./fixture-hash.js";
import { writeFixtureManifest } from "./fixture-manifest.js";
import { escapingLinks, pathInside } from "./fixture-paths.js";
import { removeExcluded } from "./remove-excluded.js";
import { resolveRepository } from "./resolve-repository.js";
import { seededReviewBase } from "./seeded-review-base.js";
import { treeDiff } from "./tree-diff.js";
import { applyPatches, writeSeededFiles } from "./write-files.js";

/** What {@link materializeFixture} reads from. */
export interface MaterializeOptions {
	/** The git repository the task's commits belong to; null when none is given (a seeded-only task needs none). */
	readonly repo: string | null;
}

/** A fixture as materialized. */
export interface MaterializedFixture {
	/** The task's id. */
	readonly task_id: string;
	/** The fixture folder, `<task dir>/fixture`. */
	readonly dir: string;
	/** Its content hash (see fixtureHash); part of the task's cell key. */
	readonly hash: string;
	/** How many files it holds. */
	readonly files: number;
}

/**
 * Builds `<taskDir>/fixture/` from the task's snapshot, in the order the contract gives (commit
 * paths, overlays, excludes, seeded files, patches, review diff: from a base commit, or from the
 * fixture before its patches with the seeded base files laid over it), with no git history. The tree is
 * built in a staging folder beside it and moved into place only when complete, so a failure leaves
 * the previous fixture as it was; the same task and repository always give the same content.
 * Problems of the task (a commit or path the repository lacks, a patch whose find text does not
 * occur exactly once, a path leaving the fixture, a mutation task's module off its pin or a
 * mutant's find text not occurring exactly once in it) throw one BadInputError listing them all.
 */
export async function materializeFixture(
	taskDir: string,
	task: Task,
	options: MaterializeOptions,
): Promise<MaterializedFixture> {
	const source = join(taskDir, TASK_FILE);
	const fail = (problems: readonly Problem[]) => {
		const document = locate(source);
		return new BadInputError(
			`Cannot materialize the fixture of task ${task.id}: ${problems.length} problem${problems.length === 1 ? "" : "s"}`,
			problems.map((problem) => document.issue(problem)),
		);
	};
	const snapshot = task.snapshot;
	const extractions = extractionsOf(snapshot);
	const review = snapshot.review_diff;
	const commitBase = review !== null && "base" in review ? review.base : null;
	const repo = extractions.length > 0 || commitBase !== null ? await resolveRepository(options.repo, task.id) : null;

	const problems: Problem[] = [];
	for (const extraction of extractions)
		if (repo !== null) problems.push(...(await checkExtraction(repo, extraction)).problems);
	const base: Extraction | null =
		commitBase === null
			? null
			: {
					commit: commitBase,
					paths: snapshot.paths,
					strip: snapshot.strip,
					commitAt: ["snapshot", "review_diff", "base"],
					pathsAt: ["snapshot", "paths"],
				};
	// The base of a review may predate some of the snapshot's paths (a feature adding a folder): those are simply new.
	const baseCheck = base !== null && repo !== null ? await checkExtraction(repo, base) : null;
	problems.push(...(baseCheck?.problems ?? []).filter((problem) => problem.path.at(-1) === "base"));
	if (problems.length > 0) throw fail(problems);

	// Absolute: git runs in folders below it with GIT_DIR pointing into it (a relative --tasks path broke review diffs).
	const work = await mkdtemp(join(resolve(taskDir), ".fixture-"));
	try {
		const tree = join(work, "tree");
		await mkdir(tree);
		for (const extraction of extractions)
			if (repo !== null) await extractInto(repo, extraction, extraction.paths, tree);
		await removeExcluded(tree, snapshot.excludes);
		problems.push(...(await writeSeededFiles(tree, snapshot.files)));
		const before = join(work, "base");
		// A seeded base is the fixture before its patches, so planted bugs show inside the change.
		if (review !== null && "base_files" in review && problems.length === 0)
			problems.push(...(await seededReviewBase(tree, before, review.base_files)));
		problems.push(...(await applyPatches(tree, snapshot.patches)));
		if (review !== null && problems.length === 0) {
			if (base !== null && repo !== null) {
				await mkdir(before);
				await extractInto(repo, base, baseCheck?.present ?? [], before);
				await removeExcluded(before, snapshot.excludes);
			}
			const diff = await treeDiff(before, tree, work);
			const target = await pathInside(tree, review.path);
			if (target.path === null)
				problems.push({
					path: ["snapshot", "review_diff", "path"],
					message: `the review diff path ${JSON.stringify(review.path)} ${target.problem}`,
					fix: "write a `/`-separated path relative to fixture/, e.g. REVIEW.diff",
				});
			else await writeFile(target.path, diff);
		}
		for (const link of await escapingLinks(tree))
			problems.push({
				path: ["snapshot"],
				message: `the fixture would hold a symbolic link leading out of it: ${link}`,
				fix: "remove it with `excludes:`, or extract the folder it points to instead",
			});
		if (problems.length === 0) problems.push(...(await mutationModuleProblems(tree, task)));
		if (problems.length > 0) throw fail(problems);
		const digest = await fixtureDigest(tree);
		await writeFixtureManifest(tree, task, digest);
		const fixture = join(taskDir, FIXTURE_DIR);
		await swapInto(tree, fixture, join(work, "previous"));
		return { task_id: task.id, dir: fixture, hash: digest.hash, files: digest.files };
	} finally {
		await rm(work, { recursive: true, force: true });
	}
}

/** The commit extractions of a snapshot, in the order they are laid down: its commit, then each overlay. */
function extractionsOf(snapshot: TaskSnapshot): Extraction[] {
	const extractions: Extraction[] = [];
	if (snapshot.commit !== null)
		extractions.push({
			commit: snapshot.commit,
			paths: snapshot.paths,
			strip: snapshot.strip,
			commitAt: ["snapshot", "commit"],
			pathsAt: ["snapshot", "paths"],
		});
	snapshot.overlays.forEach((overlay, index) => {
		extractions.push({
			commit: overlay.commit,
			paths: overlay.paths,
			strip: snapshot.strip,
			commitAt: ["snapshot", "overlays", index, "commit"],
			pathsAt: ["snapshot", "overlays", index, "paths"],
		});
	});
	return extractions;
}

/**
 * Moves the finished tree to `fixture`, putting any previous fixture aside (and back, if the move
 * fails). Two materializations of one task at once (two runs starting together) race here:
 * the fixture one wanted to put aside may already be gone (ENOENT: nothing to move), or the
 * other may have put its tree in place first (ENOTEMPTY: put that aside too and try again). The
 * content is deterministic, so whichever tree ends up in place is the same.
 */
async function swapInto(tree: string, fixture: string, previous: string): Promise<void> {
	for (let attempt = 0; ; attempt++) {
		const aside = `${previous}-${attempt}`;
		const existing = await lstat(fixture).catch(() => null);
		let movedAside = false;
		if (existing !== null)
			movedAside = await rename(fixture, aside).then(
				() => true,
				(error: NodeJS.ErrnoException) => {
					if (error.code === "ENOENT") return false;
					throw error;
				},
			);
		try {
			await rename(tree, fixture);
			return;
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if ((code === "ENOTEMPTY" || code === "EEXIST") && attempt < 3) continue;
			if (movedAside) await rename(aside, fixture).catch(() => {});
			throw error;
		}
	}
}

/** task.yaml parsed for positions, so problems name their line; unplaced when it cannot be read. */
function locate(source: string): YamlDocument {
	try {
		const text = readInputFile(source).text;
		const document = text === null ? null : parseYamlDocument(source, text, { syntaxFixes: { otherwise: "" } });
		if (document !== null && document.syntaxIssues.length === 0) return document;
	} catch {
		// Fall through: a task built in memory has no file to point into.
	}
	return unplacedDocument(source, null);
}
