import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
	BadInputError,
	type Case,
	contentHash,
	FIXTURE_DIR,
	type InputIssue,
	type LoadedTask,
	type LoadedTaskRuntime,
	type Runner,
	sha256,
	type TaskBase,
	type TaskEntry,
	type TaskPackAccess,
} from "../contract/index.js";
import {
	loadTaskPack,
	type RuntimeDeclaration,
	resolveTaskRuntime,
	reviewFixtureIssues,
	taskIssueAt,
} from "../definitions/index.js";
import { readTaskFiles, SINGLE_SHOT_FILES_MAX_BYTES } from "../runners/index.js";
import { fixtureState, prepareRuntime } from "../sandbox/index.js";

/** What a task pack needs besides its folder: its use case's runtime, where bases are cached, the environment. */
export interface TaskPackOptions {
	/** The use case's `runtime:` block, laid under each task's own; null when it has none. */
	readonly useCaseRuntime?: RuntimeDeclaration | null;
	/** Where runtime bases are cached, e.g. `data/benchmarks/runtimes`. */
	readonly runtimeCacheDir: string;
	/** Where `${VAR}` references of mounts are read from. */
	readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The host's side of a task pack: loads `DIR/<task>/task.yaml`, checks every fixture is
 * materialized and current (its manifest matches today's snapshot block), resolves each task's
 * runtime (mounts expanded and checked), and hashes each fixture and each verifier (settings and
 * hidden files), so a changed fixture, gold test or runtime re-runs exactly the cells it affects.
 * Each task's base (the fixture after its runtime's setup) is prepared once, on first use.
 */
export function createTaskPackAccess(
	dir: string,
	sandbox: TaskPackAccess["sandbox"],
	createRunner: (resolve: (testCase: Case) => LoadedTask) => Runner,
	options: TaskPackOptions,
): TaskPackAccess {
	return {
		dir,
		sandbox,
		createRunner,
		async load({ signal }) {
			const pack = loadTaskPack(dir);
			const issues: InputIssue[] = [];
			const loaded: LoadedTask[] = [];
			for (const entry of pack.tasks) {
				signal.throwIfAborted();
				const fixture_dir = join(entry.dir, FIXTURE_DIR);
				const state = await fixtureState(entry.dir, entry.task);
				if (state.state !== "current") {
					issues.push(fixtureIssue(entry, dir, state.state === "missing" ? null : state.why));
					continue;
				}
				const review = reviewFixtureIssues(entry, fixture_dir);
				if (review.length > 0) {
					issues.push(...review);
					continue;
				}
				if (entry.task.mode === "single-shot") {
					const files = await singleShotFilesIssue(entry, fixture_dir);
					if (files !== null) {
						issues.push(files);
						continue;
					}
				}
				const resolved = resolveTaskRuntime(
					{ runtime: entry.task.runtime, source: entry.source, at: ["runtime"], dir: entry.dir },
					options.useCaseRuntime ?? null,
					options.env ?? {},
				);
				issues.push(...resolved.issues);
				if (resolved.issues.length > 0) continue;
				const runtime: LoadedTaskRuntime | null =
					resolved.runtime === null
						? null
						: {
								key: resolved.runtime.key,
								setup: resolved.runtime.declared.setup,
								mounts: resolved.runtime.mounts,
								env: resolved.runtime.declared.env,
							};
				let base: Promise<TaskBase> | undefined;
				loaded.push({
					entry,
					fixture_dir,
					fixture_hash: state.hash,
					verifier_hash: await verifierHash(entry),
					runtime,
					base: () => {
						base ??= prepareRuntime(
							{
								fixtureDir: fixture_dir,
								fixtureHash: state.hash,
								setup: runtime?.setup ?? [],
								mounts: runtime?.mounts ?? [],
								env: runtime?.env ?? {},
								cacheDir: options.runtimeCacheDir,
								backend: sandbox.backend,
								allowUnisolated: sandbox.allowUnisolated,
							},
							signal,
						).then((prepared) => ({
							path: prepared.base,
							cached: prepared.cached,
							duration_ms: prepared.duration_ms,
						}));
						return base;
					},
				});
			}
			if (issues.length > 0) throw new BadInputError(`The task pack ${dir} is not ready to run.`, issues);
			return loaded;
		},
	};
}

/** Why a fixture cannot be used, and the `touchstone snapshot` line that fixes it. */
function fixtureIssue(entry: TaskEntry, dir: string, why: string | null): InputIssue {
	return {
		source: entry.source,
		line: null,
		column: null,
		path: "snapshot",
		message:
			why === null
				? `task ${entry.task.id} has no materialized fixture at ${join(entry.dir, FIXTURE_DIR)}`
				: `the fixture of task ${entry.task.id} is stale: ${why}`,
		fix: `${why === null ? "materialize" : "rebuild"} it: run touchstone snapshot ${entry.task.id} --tasks ${dir} [--repo PATH]`,
	};
}

/**
 * Why a single-shot task's target files cannot be its request (a link, a folder, more than one
 * request may carry), located at `target_files` in its task.yaml; null when they can.
 */
async function singleShotFilesIssue(entry: TaskEntry, fixtureDir: string): Promise<InputIssue | null> {
	const files = await readTaskFiles(fixtureDir, entry.task.target_files);
	if (files.problem === null) return null;
	return taskIssueAt(entry.source, {
		path: ["target_files"],
		message: `task ${entry.task.id} is single-shot, so its target files are sent to the model, but ${files.problem}`,
		fix:
			files.bytes > SINGLE_SHOT_FILES_MAX_BYTES
				? "list fewer or smaller files (only those the change needs), or set `mode: agentic` so the model reads what it needs with tools"
				: "list regular files of the fixture (or files to create), or set `mode: agentic`",
	});
}

/** Hash of a task's verifier settings and the content of every hidden file it uses. */
async function verifierHash(entry: TaskEntry): Promise<string> {
	const { verifier } = entry.task;
	const hidden =
		verifier.kind === "tests"
			? verifier.args.gold_files.map((file) => file.source)
			: verifier.kind === "checks"
				? [verifier.args.script]
				: [];
	const files: Record<string, string> = {};
	for (const source of hidden) files[source] = sha256(await readFile(join(entry.dir, source)));
	return contentHash({ verifier, files });
}
