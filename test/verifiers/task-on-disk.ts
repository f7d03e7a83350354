import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
	type Attempt,
	type AttemptWorkspace,
	type Case,
	type ChecksVerifierArgs,
	defineCase,
	FIXTURE_DIR,
	type Grader,
	type Score,
	type TestsVerifierArgs,
	UNKNOWN_TELEMETRY,
} from "../../src/contract/index.js";

/* A tiny task on disk for the verifiers' end-to-end tests: a fixture, hidden files beside it, and
 * finished workspaces made by copying the fixture and editing the copy, as an agent would. */

/** A task folder in a fresh temporary folder: `fixture/` plus hidden files, and a cleanup. */
export interface TaskOnDisk {
	readonly dir: string;
	/** Makes a finished workspace: a copy of the fixture with `edits` (null deletes a file). */
	workspace(edits?: Readonly<Record<string, string | null>>): Promise<AttemptWorkspace>;
	/** Removes the task and every workspace made from it. */
	cleanup(): Promise<void>;
}

/** Writes a task folder: `fixture` files under fixture/, `hidden` files beside it. */
export async function taskOnDisk(
	fixture: Readonly<Record<string, string>>,
	hidden: Readonly<Record<string, string>>,
): Promise<TaskOnDisk> {
	const root = await mkdtemp(join(tmpdir(), "touchstone-verifier-"));
	const dir = join(root, "task");
	for (const [path, content] of Object.entries(fixture)) await writeAt(join(dir, FIXTURE_DIR, path), content);
	for (const [path, content] of Object.entries(hidden)) await writeAt(join(dir, path), content);
	let count = 0;
	return {
		dir,
		async workspace(edits = {}) {
			count += 1;
			const path = join(root, `workspace-${count}`);
			await cp(join(dir, FIXTURE_DIR), path, { recursive: true, verbatimSymlinks: true });
			for (const [file, content] of Object.entries(edits)) {
				if (content === null) await rm(join(path, file), { force: true });
				else await writeAt(join(path, file), content);
			}
			return {
				path,
				fixture: join(dir, FIXTURE_DIR),
				dispose: () => rm(path, { recursive: true, force: true }),
			};
		},
		cleanup: () => rm(root, { recursive: true, force: true }),
	};
}

async function writeAt(path: string, content: string): Promise<void> {
	await mkdir(dirname(path), { recursive: true });
	await writeFile(path, content);
}

/** A finished agentic attempt over `workspace` (or a single-shot one with `diff`). */
export function finishedAttempt(overrides: Partial<Attempt> = {}): Attempt {
	return {
		final: "done",
		trace: [],
		telemetry: UNKNOWN_TELEMETRY,
		status: "completed",
		error: null,
		runner_provenance: { runner: "test", runner_version: "1", details: {} },
		diff: null,
		raw: null,
		workspace: null,
		...overrides,
	};
}

const CASE: Case = defineCase({
	id: "task",
	version: "1",
	use_case_id: "code-fix",
	kind: "floor",
	input: { prompt: "fix it" },
	reference: null,
	threshold: 1,
	metadata: {},
});

/** Grades an attempt; returns its scores by metric. */
export async function grade(grader: Grader, attempt: Attempt): Promise<Record<string, Score>> {
	const scores = await grader.grade({ case: CASE, attempt }, { signal: new AbortController().signal });
	return Object.fromEntries(scores.map((score) => [score.metric, score]));
}

/** Tests-verifier args with the defaults the task loader fills in. */
export function testsArgs(args: Partial<TestsVerifierArgs> & Pick<TestsVerifierArgs, "command">): TestsVerifierArgs {
	return {
		gold_files: [],
		report: "node-test",
		report_file: null,
		required_tests: [],
		sites: null,
		pass_threshold: 1,
		reset: ["**/*.test.*"],
		env: {},
		timeout_s: 30,
		...args,
	};
}

/** Checks-verifier args with the defaults the task loader fills in. */
export function checksArgs(args: Partial<ChecksVerifierArgs> & Pick<ChecksVerifierArgs, "script">): ChecksVerifierArgs {
	return { interpreter: ["node"], weights: {}, critical: [], pass_threshold: 1, env: {}, timeout_s: 30, ...args };
}

/** Whether a file exists, and its text. */
export async function readIfAny(path: string): Promise<string | null> {
	return readFile(path, "utf8").catch(() => null);
}
