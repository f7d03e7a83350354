import { BadInputError } from "../../contract/index.js";
import { runGit } from "./run-git.js";

/**
 * The root of the git repository at (or above) `repo`, so that snapshot paths are always read from
 * the repository's root; a bare repository is its own root. Throws a BadInputError naming the
 * `--repo` option when no repository is given or it is not a git repository.
 */
export async function resolveRepository(repo: string | null, taskId: string): Promise<string> {
	const refuse = (message: string, fix: string) =>
		new BadInputError(`Cannot materialize the fixture of task ${taskId}: 1 problem`, [
			{ source: "--repo", line: null, column: null, path: "", message, fix },
		]);
	if (repo === null)
		throw refuse(
			`task ${taskId} extracts files from a git repository (snapshot.commit), and no repository was given`,
			"pass --repo PATH, the repository the task's commits belong to",
		);
	const top = await runGit(["-C", repo, "rev-parse", "--show-toplevel"]);
	if (top.code === 0) return top.stdout.trim();
	const bare = await runGit(["-C", repo, "rev-parse", "--is-bare-repository"]);
	if (bare.code === 0 && bare.stdout.trim() === "true") return repo;
	throw refuse(
		`${repo} is not a git repository (${top.stderr.split("\n")[0] ?? "git refused it"})`,
		"pass the folder of a git repository",
	);
}
