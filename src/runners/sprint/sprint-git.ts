import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { TouchstoneError } from "../../contract/index.js";

const run = promisify(execFile);

/**
 * Settings every git call of a sprint run carries: the work tree of an attempt is a sandbox copy
 * the model wrote (owned by the sandbox's user), so its ownership is accepted, and nothing of it
 * may run code on the host (no hooks, no fsmonitor, no configured filters reach it: the git
 * folder and its config live outside every sandbox).
 */
const SAFE_CONFIG = [
	"-c",
	"safe.directory=*",
	"-c",
	"core.hooksPath=/dev/null",
	"-c",
	"core.fsmonitor=false",
	"-c",
	"core.autocrlf=false",
	"-c",
	"commit.gpgsign=false",
];

/** The identity of the run's own commits (each milestone's passed attempt). */
const COMMITTER = {
	GIT_AUTHOR_NAME: "touchstone sprint",
	GIT_AUTHOR_EMAIL: "sprint@touchstone.invalid",
	GIT_COMMITTER_NAME: "touchstone sprint",
	GIT_COMMITTER_EMAIL: "sprint@touchstone.invalid",
};

/** Where a git call works: the run's git folder and the work tree it looks at. */
export interface GitPlace {
	readonly gitDir: string;
	readonly workTree: string;
}

/**
 * Runs git on the host, argv only, with a clean environment (no GIT_DIR or hooks of the caller's
 * leak in). Resolves with stdout; a failure is a TouchstoneError naming the command and git's message.
 */
export async function git(place: GitPlace | null, args: readonly string[]): Promise<string> {
	const placeArgs = place === null ? [] : [`--git-dir=${place.gitDir}`, `--work-tree=${place.workTree}`];
	const env = {
		PATH: process.env.PATH ?? "/usr/bin:/bin",
		HOME: process.env.HOME ?? "/tmp",
		...COMMITTER,
		LC_ALL: "C",
	};
	try {
		const { stdout } = await run("git", [...SAFE_CONFIG, ...placeArgs, ...args], {
			env,
			maxBuffer: 64 * 1024 * 1024,
			encoding: "utf8",
		});
		return stdout;
	} catch (error) {
		const failed = error as { stderr?: string; code?: string | number; message: string };
		if (failed.code === "ENOENT")
			throw new TouchstoneError("sprint-git", "git is not installed, and a sprint run clones and branches with it", {
				data: { fix: "install git (apt-get install -y git) and run again" },
			});
		const detail = (failed.stderr ?? failed.message).trim().split("\n").slice(-3).join(" / ");
		throw new TouchstoneError("sprint-git", `git ${args.slice(0, 2).join(" ")} failed: ${detail}`);
	}
}

/** Paths the work tree changed against HEAD (tracked and untracked, ignored ones aside), `/`-separated. */
export async function changedPaths(place: GitPlace): Promise<string[]> {
	const out = await git(place, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"]);
	const paths: string[] = [];
	for (const record of out.split("\0")) if (record.length > 3) paths.push(record.slice(3));
	return paths.sort();
}

/** Lines added and removed and files touched between two commits. */
export async function diffSize(
	gitDir: string,
	from: string,
	to: string,
): Promise<{ added: number; removed: number; files: number }> {
	const out = await git({ gitDir, workTree: "/nonexistent" }, ["diff", "--numstat", from, to]);
	let added = 0;
	let removed = 0;
	let files = 0;
	for (const line of out.split("\n")) {
		const [plus, minus] = line.split("\t");
		if (plus === undefined || minus === undefined) continue;
		files += 1;
		added += Number(plus) || 0;
		removed += Number(minus) || 0;
	}
	return { added, removed, files };
}
