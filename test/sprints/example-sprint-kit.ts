import { execFile } from "node:child_process";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { SprintDefinition } from "../../src/contract/index.js";

/**
 * The parts of test/sprints/example-sprint.test.ts: real commands in temp folders, the corpus of
 * a branch put on the etalon's implementation, and what a driven run left, so the corpus figures
 * are computed independently of the scoring layers.
 */

/** How a command ended. */
export interface Ran {
	readonly code: number;
	readonly stdout: string;
	readonly stderr: string;
}

/** Runs `argv` without a shell in `cwd`, without the caller's `GIT_*` and Node test settings; never rejects on a failing exit. */
export function run(cwd: string, argv: readonly string[], env: Record<string, string> = {}): Promise<Ran> {
	const clean: Record<string, string> = {};
	for (const [name, value] of Object.entries(process.env))
		if (value !== undefined && !/^(GIT_|NODE_TEST|NODE_OPTIONS$)/.test(name)) clean[name] = value;
	const [program = "", ...args] = argv;
	return new Promise((resolve) => {
		execFile(program, args, { cwd, env: { ...clean, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
			const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
			resolve({ code, stdout, stderr });
		});
	});
}

/** The tests a TAP report (node --test --test-reporter=tap) lists at its top level, and whether each passed. */
export function tapTests(stdout: string): { name: string; ok: boolean }[] {
	return [...stdout.matchAll(/^(not )?ok \d+ - (.*)$/gm)].map((line) => ({
		name: (line[2] ?? "").replace(/\\#/g, "#"),
		ok: line[1] === undefined,
	}));
}

/** Every file under `root`, as sorted `/`-separated relative paths. */
export async function filesUnder(root: string): Promise<string[]> {
	const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
	return entries
		.filter((entry) => entry.isFile() && !relative(root, entry.parentPath).split(sep).includes(".git"))
		.map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"))
		.sort();
}

/** The files of `root` whose path starts with `prefix`, by path. */
export async function readFiles(root: string, prefix: string): Promise<Map<string, string>> {
	const files = new Map<string, string>();
	for (const path of await filesUnder(root))
		if (path.startsWith(prefix)) files.set(path, await readFile(join(root, path), "utf8"));
	return files;
}

/**
 * The etalon's implementation with `corpus` as its tests: the seeded baseline's files, the etalon
 * overlay on top, the superseded tests and every other test file removed, then the corpus written in.
 */
export async function etalonWith(
	sprint: SprintDefinition,
	seeded: string,
	corpus: ReadonlyMap<string, string>,
	into: string,
): Promise<string> {
	await cp(seeded, into, { recursive: true, filter: (path) => !relative(seeded, path).split(sep).includes(".git") });
	await cp(join(sprint.etalon_path, "tree"), into, { recursive: true });
	for (const path of await filesUnder(into)) if (path.startsWith("test/")) await rm(join(into, path));
	for (const [path, content] of corpus) {
		await mkdir(dirname(join(into, path)), { recursive: true });
		await writeFile(join(into, path), content);
	}
	return into;
}

/** One milestone's verdict in a driven run. */
export interface DrivenMilestone {
	readonly id: string;
	readonly attempts: number;
	readonly passed: boolean;
	/** Why each failed attempt failed: `ci`, or `scope: <paths>`. */
	readonly failures: string[];
}

/** What a driven run left: its outcome, its milestones, and the work tree of its branch. */
export interface DrivenRun {
	readonly outcome: string;
	readonly milestones: DrivenMilestone[];
	readonly workdir: string;
}
