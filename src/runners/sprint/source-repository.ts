import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, lstat, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { devNull } from "node:os";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { TouchstoneError } from "../../contract/index.js";

/**
 * Where a sprint's runs start: a sprint names its source repository in sprint.yaml (`source.repo`),
 * and a bundled example ships a plain folder of files instead of a repository, because a git
 * repository cannot be committed inside another. Seeding turns that folder into a repository with
 * one commit whose id is the same on every machine, so sprint.yaml can name it as the baseline.
 */

/** The stable code of every error this module throws. */
export const SPRINT_SOURCE_ERROR = "sprint-source";

/** Author and committer of a seeded commit, and its date: fixed, so its id depends on the files only. */
export const SEED_IDENTITY = {
	name: "touchstone seed",
	email: "seed@touchstone.invalid",
	date: "2026-01-01T00:00:00Z",
} as const;

/** The message of a seeded commit. */
export const SEED_MESSAGE = "baseline";

/** What the sprint driver clones, and the commit seeding made. */
export interface PreparedSource {
	/** The repository to clone: the seeded folder, or the registry's repository or URL as it is. */
	readonly gitDir: string;
	/** The seeded commit; null for a repository or URL, whose baseline is sprint.yaml's `source.baseline`. */
	readonly baseline: string | null;
}

/**
 * Makes a git repository at `into` (absent or empty) from `folder`, a plain folder of files (not a
 * repository): one commit of every file with {@link SEED_IDENTITY} and {@link SEED_MESSAGE}. Line
 * endings are kept byte for byte and a file is executable only when its source is, whatever the
 * user's git configuration says, so the commit id is the same on every machine. Returns it.
 */
export async function seedRepository(folder: string, into: string): Promise<string> {
	const source = resolve(folder);
	const target = resolve(into);
	if ((await lstat(source).catch(() => null))?.isDirectory() !== true)
		throw sourceError(`cannot seed ${source}: it is not a folder`, "point it at the folder of files to seed");
	if (await isRepository(source))
		throw sourceError(
			`cannot seed ${source}: it is a git repository already`,
			"clone it instead, or name it in source.repo as it is",
		);
	if ((await readdir(target).catch(() => [])).length > 0)
		throw sourceError(`cannot seed into ${target}: it is not empty`, "seed into a new or empty folder");
	const executables = await executableFiles(source);
	await mkdir(target, { recursive: true });
	await cp(source, target, { recursive: true, verbatimSymlinks: true, errorOnExist: true, force: false });
	await git(target, ["init", "--quiet", "--template="]);
	await git(target, ["add", "--all"]);
	if ((await git(target, ["ls-files"])).trim() === "")
		throw sourceError(`cannot seed ${source}: it holds no files to commit`, "add the repository's files to the folder");
	if (executables.length > 0) await git(target, ["update-index", "--chmod=+x", "--", ...executables]);
	await git(target, ["commit", "--quiet", "--no-verify", "--message", SEED_MESSAGE]);
	return (await git(target, ["rev-parse", "HEAD"])).trim();
}

/**
 * Resolves sprint.yaml's `source.repo` (a path from the sprint folder, absolute, or a URL). A plain
 * folder is seeded into `into`, a cache folder replaced only when the folder's files changed; a
 * repository, a bundle or a URL is returned as it is, for the driver to clone.
 */
export async function prepareSource(sprintDir: string, repo: string, into: string): Promise<PreparedSource> {
	if (isUrl(repo)) return { gitDir: repo, baseline: null };
	const path = resolve(sprintDir, repo);
	const found = await stat(path).catch(() => null);
	if (found === null)
		throw sourceError(
			`no source repository at ${path} (source.repo \`${repo}\` in ${join(sprintDir, "sprint.yaml")})`,
			"point source.repo at a git repository, a git bundle, a URL, or a folder of files to seed, relative to the sprint folder",
		);
	if (!found.isDirectory() || (await isRepository(path))) return { gitDir: path, baseline: null };
	return { gitDir: resolve(into), baseline: await seedCached(path, resolve(into)) };
}

/**
 * Seeds next to `into`, then keeps `into` when it holds the same commit already, else moves the new
 * one in. Runs of one sprint started together in one folder all seed at once: only a seed of an
 * older commit is removed, never a folder that is not (yet) one, because it may be another run's
 * seed being moved in, and a run that finds the right commit there uses it.
 */
async function seedCached(folder: string, into: string): Promise<string> {
	await mkdir(dirname(into), { recursive: true });
	const staging = join(dirname(into), `.${basename(into)}.seeding-${randomBytes(4).toString("hex")}`);
	try {
		const baseline = await seedRepository(folder, staging);
		const cached = await headOf(into);
		if (cached === baseline) return baseline;
		if (cached === null && (await readdir(into).catch(() => [])).length > 0) {
			// Another run may have moved its seed in since headOf looked.
			if ((await headOf(into)) === baseline) return baseline;
			throw sourceError(
				`cannot seed into ${into}: it holds files but no seeded repository`,
				"remove the folder, or give the sprint's seeded repository a folder of its own",
			);
		}
		if (cached !== null) await rm(into, { recursive: true, force: true });
		try {
			await rename(staging, into);
		} catch (error) {
			// Another run seeded the same folder at the same moment: its commit is as good as ours.
			if ((await headOf(into)) !== baseline)
				throw sourceError(
					`cannot move the seeded repository to ${into}: ${String(error)}`,
					"remove the folder and retry",
				);
		}
		return baseline;
	} finally {
		await rm(staging, { recursive: true, force: true });
	}
}

async function headOf(repository: string): Promise<string | null> {
	if (!(await isRepository(repository))) return null;
	return git(repository, ["rev-parse", "--verify", "--quiet", "HEAD"]).then(
		(out) => out.trim(),
		() => null,
	);
}

/** A work tree with `.git` (a folder, or a file of a worktree), or a bare repository. */
async function isRepository(path: string): Promise<boolean> {
	if ((await lstat(join(path, ".git")).catch(() => null)) !== null) return true;
	const [head, objects] = await Promise.all([stat(join(path, "HEAD")), stat(join(path, "objects"))].map(exists));
	return head === true && objects === true;
}

const exists = (pending: Promise<unknown>) =>
	pending.then(
		() => true,
		() => false,
	);

/** Files (relative, with `/`) whose owner may execute them: the only ones the commit marks executable. */
async function executableFiles(root: string): Promise<string[]> {
	const found: string[] = [];
	for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
		if (!entry.isFile()) continue;
		const path = join(entry.parentPath, entry.name);
		if (((await stat(path)).mode & 0o100) !== 0) found.push(relative(root, path).split(sep).join("/"));
	}
	return found.sort();
}

/** `scheme://…` or scp-like `user@host:path`: a remote the driver clones, never a path. */
function isUrl(repo: string): boolean {
	return /^[a-z][a-z0-9+.-]*:\/\//i.test(repo) || /^[\w.-]+@[\w.-]+:/.test(repo);
}

/**
 * Settings that would change what a commit holds or who made it, pinned: no system or user
 * configuration, no global ignore file, no line-ending conversion, the executable bit from
 * {@link executableFiles} only, no hooks, no signing.
 */
const PINNED = [
	"-c",
	"core.autocrlf=false",
	"-c",
	"core.safecrlf=false",
	"-c",
	"core.fileMode=false",
	"-c",
	`core.excludesFile=${devNull}`,
	"-c",
	`core.hooksPath=${devNull}`,
	"-c",
	"commit.gpgSign=false",
	"-c",
	"init.defaultBranch=main",
];

/** Runs git without a shell in `cwd` with a clean environment (no `GIT_*` of the caller's); resolves with stdout. */
function git(cwd: string, args: readonly string[]): Promise<string> {
	const env: Record<string, string> = {};
	for (const [name, value] of Object.entries(process.env))
		if (value !== undefined && !name.startsWith("GIT_")) env[name] = value;
	Object.assign(env, {
		GIT_CONFIG_NOSYSTEM: "1",
		GIT_CONFIG_GLOBAL: devNull,
		GIT_AUTHOR_NAME: SEED_IDENTITY.name,
		GIT_AUTHOR_EMAIL: SEED_IDENTITY.email,
		GIT_AUTHOR_DATE: SEED_IDENTITY.date,
		GIT_COMMITTER_NAME: SEED_IDENTITY.name,
		GIT_COMMITTER_EMAIL: SEED_IDENTITY.email,
		GIT_COMMITTER_DATE: SEED_IDENTITY.date,
	});
	return new Promise((done, fail) => {
		execFile("git", [...PINNED, ...args], { cwd, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
			if (error === null) return done(stdout);
			if ((error as NodeJS.ErrnoException).code === "ENOENT")
				return fail(
					sourceError("git is not installed or not on PATH", "install git: a sprint's source repository needs it"),
				);
			fail(
				sourceError(
					`git ${args[0]} failed in ${cwd}: ${stderr.trim() || error.message}`,
					"check that git works here (git --version) and that the folder is writable",
				),
			);
		});
	});
}

function sourceError(message: string, fix: string): TouchstoneError {
	return new TouchstoneError(SPRINT_SOURCE_ERROR, `${message}\n    fix: ${fix}`);
}
