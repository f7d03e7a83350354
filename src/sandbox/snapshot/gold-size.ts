import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BadInputError, type Task } from "../../contract/index.js";
import { checkExtraction, type Extraction, extractInto } from "./extract-commit.js";
import { removeExcluded } from "./remove-excluded.js";
import { runGit } from "./run-git.js";
import { treeDiff } from "./tree-diff.js";

/** The size of a task's real fix, or why it is left unset. */
export type GoldSize = { readonly lines: number } | { readonly unset: string };

/** The text of a task's real fix as a unified diff, or why there is none. */
export type GoldDiff = { readonly diff: string } | { readonly unset: string };

/**
 * Lines added plus removed by the task's `source_commit` (against its first parent), projected
 * as the fixture is (see {@link goldDiff}); unset, with the reason, when there is no such diff.
 */
export async function goldSize(repo: string, task: Task): Promise<GoldSize> {
	const gold = await goldDiff(repo, task);
	return "unset" in gold ? gold : { lines: countChangedLines(gold.diff) };
}

/**
 * The diff of the task's `source_commit` against its first parent, projected as the fixture is:
 * the snapshot's paths, strip and excludes, text files only (the gold size's and the pairwise
 * judge's reference). Unset, with the reason, when the task has no source commit or extracts
 * nothing from a repository, when the pre-fix tree cannot be projected (an unknown commit, a root
 * commit, none of the paths before the fix), or when the commit changes no text in those paths.
 */
export async function goldDiff(repo: string, task: Task): Promise<GoldDiff> {
	const commit = task.source_commit;
	const { snapshot } = task;
	if (commit === null) return { unset: "the task has no source_commit" };
	if (snapshot.commit === null || snapshot.paths.length === 0)
		return { unset: "the snapshot extracts no paths from a repository (seeded files only)" };
	const extraction = (at: string): Extraction => ({
		commit: at,
		paths: snapshot.paths,
		strip: snapshot.strip,
		commitAt: ["source_commit"],
		pathsAt: ["snapshot", "paths"],
	});
	const fix = await checkExtraction(repo, extraction(commit));
	if (fix.problems.some((problem) => problem.path.at(-1) === "source_commit"))
		return { unset: `the pre-fix tree cannot be projected: source_commit ${commit} is not in the repository ${repo}` };
	const parent = await runGit(["-C", repo, "rev-parse", "--verify", "--quiet", `${commit}^1^{commit}`]);
	if (parent.code !== 0)
		return { unset: `the pre-fix tree cannot be projected: source_commit ${commit} has no parent` };
	const before = await checkExtraction(repo, extraction(parent.stdout.trim()));
	if (before.present.length === 0)
		return {
			unset: `the pre-fix tree cannot be projected: none of the snapshot's paths (${snapshot.paths.join(", ")}) exists before ${commit}`,
		};
	const work = await mkdtemp(join(tmpdir(), "touchstone-gold-size-"));
	try {
		const trees = { before: join(work, "before"), after: join(work, "after") };
		await mkdir(trees.before);
		await mkdir(trees.after);
		await extractInto(repo, extraction(parent.stdout.trim()), before.present, trees.before);
		await extractInto(repo, extraction(commit), fix.present, trees.after);
		await removeExcluded(trees.before, snapshot.excludes);
		await removeExcluded(trees.after, snapshot.excludes);
		const diff = await treeDiff(trees.before, trees.after, work);
		if (countChangedLines(diff) === 0)
			return { unset: `source_commit ${commit} changes no text in the snapshot's paths` };
		return { diff };
	} finally {
		await rm(work, { recursive: true, force: true });
	}
}

/** Added plus removed lines of a unified diff's text hunks (binary patches have none). */
function countChangedLines(diff: string): number {
	let lines = 0;
	let inHunk = false;
	for (const line of diff.split("\n")) {
		if (line.startsWith("diff --git ")) inHunk = false;
		else if (line.startsWith("@@")) inHunk = true;
		else if (inHunk && (line.startsWith("+") || line.startsWith("-"))) lines += 1;
	}
	return lines;
}

/** The root of the git repository at (or above) `repo`; bad input naming `--repo` when it is none. */
export async function repositoryRoot(repo: string): Promise<string> {
	const top = await runGit(["-C", repo, "rev-parse", "--show-toplevel"]);
	if (top.code === 0) return top.stdout.trim();
	const bare = await runGit(["-C", repo, "rev-parse", "--is-bare-repository"]);
	if (bare.code === 0 && bare.stdout.trim() === "true") return repo;
	throw new BadInputError("Cannot size the tasks' fixes: 1 problem", [
		{
			source: "--repo",
			line: null,
			column: null,
			path: "",
			message: `${repo} is not a git repository (${top.stderr.split("\n")[0] ?? "git refused it"})`,
			fix: "pass --repo PATH, the repository the tasks' source commits belong to",
		},
	]);
}
