import { join } from "node:path";
import { runGit } from "./run-git.js";
import { SnapshotError } from "./snapshot-error.js";

// Diffs are part of a fixture, so no user or system git configuration may change their text.
const ISOLATED = { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0" };

/**
 * A unified diff (`a/` and `b/` prefixes, full blob ids, binary patches, no rename detection) from
 * the tree at `before` to the tree at `after`, computed in a throwaway repository under `scratch`
 * so the same two trees give the same text on every machine. Empty when they are equal.
 */
export async function treeDiff(before: string, after: string, scratch: string): Promise<string> {
	const gitDir = join(scratch, "diff.git");
	await git(["init", "--bare", "--quiet", gitDir], {}, scratch);
	const treeOf = async (workTree: string, index: string): Promise<string> => {
		const env = { GIT_DIR: gitDir, GIT_WORK_TREE: workTree, GIT_INDEX_FILE: join(scratch, index) };
		await git(["add", "--all", "--force", "."], env, workTree);
		return (await git(["write-tree"], env, workTree)).trim();
	};
	const beforeTree = await treeOf(before, "before.index");
	const afterTree = await treeOf(after, "after.index");
	return git(
		[
			"diff",
			"--no-color",
			"--no-ext-diff",
			"--no-textconv",
			"--no-renames",
			"--binary",
			"--full-index",
			"--diff-algorithm=myers",
			"--src-prefix=a/",
			"--dst-prefix=b/",
			beforeTree,
			afterTree,
		],
		{ GIT_DIR: gitDir },
		scratch,
	);
}

async function git(args: readonly string[], env: Record<string, string>, cwd: string): Promise<string> {
	const outcome = await runGit(args, { cwd, env: { ...ISOLATED, ...env } });
	if (outcome.code !== 0) throw new SnapshotError(`git ${args[0]} failed while computing a diff: ${outcome.stderr}`);
	return outcome.stdout;
}
