import type { DocumentPath, Problem } from "../../input/index.js";
import { archiveInto, runGit } from "./run-git.js";
import { SnapshotError } from "./snapshot-error.js";

/** Files of one commit to lay into a tree. */
export interface Extraction {
	/** Commit hash. */
	readonly commit: string;
	/** Repository paths to extract; `.` is the whole tree. */
	readonly paths: readonly string[];
	/** Repository folder removed from the front of every path; null for none. */
	readonly strip: string | null;
	/** Where in task.yaml the commit is written, for problems. */
	readonly commitAt: DocumentPath;
	/** Where in task.yaml the paths are listed, for problems. */
	readonly pathsAt: DocumentPath;
}

/**
 * Which of `extraction`'s commit and paths the repository lacks, as problems placed at their
 * task.yaml keys, found with one `git cat-file --batch-check`. `present` lists the paths found.
 */
export async function checkExtraction(
	repo: string,
	extraction: Extraction,
): Promise<{ problems: Problem[]; present: string[] }> {
	const { commit, paths } = extraction;
	const queries = [
		`${commit}^{commit}`,
		...paths.map((path) => (path === "." ? `${commit}^{tree}` : `${commit}:${path}`)),
	];
	const outcome = await runGit(["-C", repo, "cat-file", "--batch-check"], { input: `${queries.join("\n")}\n` });
	if (outcome.code !== 0) throw new SnapshotError(`git cat-file failed in ${repo}: ${outcome.stderr}`);
	const lines = outcome.stdout.split("\n");
	if (!/ commit \d+$/.test(lines[0] ?? ""))
		return {
			problems: [
				{
					path: extraction.commitAt,
					message: `the commit ${commit} is not in the repository ${repo}`,
					fix: "fetch it into the repository (e.g. `git fetch origin`), pass the right --repo, or pin a commit it has",
				},
			],
			present: [],
		};
	const problems: Problem[] = [];
	const present: string[] = [];
	paths.forEach((path, index) => {
		if (lines[index + 1]?.endsWith(" missing") === false) present.push(path);
		else
			problems.push({
				path: [...extraction.pathsAt, index],
				message: `the path ${path} is not in commit ${commit}`,
				fix: "list paths that exist at that commit (`git ls-tree -r --name-only COMMIT`), or remove this one",
			});
	});
	return { problems, present };
}

/** Extracts the commit's paths into `into` with `git archive | tar -x`; no git history comes along. */
export async function extractInto(
	repo: string,
	extraction: Extraction,
	paths: readonly string[],
	into: string,
): Promise<void> {
	if (paths.length === 0) return;
	const strip = extraction.strip === null || extraction.strip === "." ? 0 : extraction.strip.split("/").length;
	const outcome = await archiveInto(repo, extraction.commit, paths, into, strip);
	if (outcome.code !== 0)
		throw new SnapshotError(`git archive of ${extraction.commit} failed in ${repo}: ${outcome.stderr}`);
}
