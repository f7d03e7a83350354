import { randomBytes } from "node:crypto";
import { cp, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
	contentHash,
	FIXTURE_MANIFEST,
	type Sandbox,
	type SandboxBackend,
	type SandboxMount,
	type SandboxProvenance,
} from "../../contract/index.js";
import { makeFolders } from "../../input/index.js";
import { createSandbox } from "../create-sandbox.js";
import { diagnoseFailure, diagnosisFix, outputTailLines } from "../diagnose-failure.js";
import { RuntimeSetupError } from "./runtime-setup-error.js";

/** Bumped when what a prepared base holds changes, so older caches are not reused. */
export const RUNTIME_FORMAT = 1;

/** Default wall-clock limit of one setup command: an install can take minutes. */
export const DEFAULT_SETUP_TIMEOUT_MS = 20 * 60_000;

/** What to prepare: a fixture and the runtime its commands need. */
export interface RuntimeRequest {
	/** The task's materialized fixture/ (its manifest is left out of the base). */
	readonly fixtureDir: string;
	/** Its content hash: with the runtime, the cache key. */
	readonly fixtureHash: string;
	/** Setup commands, run in order in a copy of the fixture with the network on. */
	readonly setup: readonly (readonly string[])[];
	/** Read-only mounts, already expanded and checked. */
	readonly mounts: readonly SandboxMount[];
	/** Variables of every command. */
	readonly env: Readonly<Record<string, string>>;
	/** Where prepared bases are kept: `<cacheDir>/<key>/tree`. */
	readonly cacheDir: string;
	/** How the setup runs: the run's sandbox choice. */
	readonly backend: SandboxBackend | "auto";
	readonly allowUnisolated: boolean;
	/** Wall-clock limit of each setup command (default 20 minutes). */
	readonly setupTimeoutMs?: number;
}

/** One setup command as it ran. */
export interface SetupStep {
	readonly argv: readonly string[];
	readonly exit_code: number | null;
	readonly duration_ms: number;
	readonly stdout_tail: string;
	readonly stderr_tail: string;
}

/** A base ready for cells: the folder every workdir of the task is copied from. */
export interface PreparedRuntime {
	/** The base: the fixture (without its manifest) after the setup. Never changes once made. */
	readonly base: string;
	/** The cache key: fixture hash and runtime. */
	readonly key: string;
	/** Whether it was found in the cache rather than made now. */
	readonly cached: boolean;
	/** The setup commands as they ran when the base was made. */
	readonly setup: readonly SetupStep[];
	/** How the setup ran (null without setup commands). */
	readonly sandbox: SandboxProvenance | null;
	/** Wall time of making the base (0 when cached). */
	readonly duration_ms: number;
}

const RECORD = "setup.json";

/** Bases being made in this process, by cache folder and key: cells of one task share one setup. */
const preparing = new Map<string, Promise<PreparedRuntime>>();

/**
 * The base of a task's cells: a copy of the fixture with the runtime's setup run in it, made once
 * per (fixture hash, runtime) and cached under `cacheDir`, so every cell and every verifier run
 * starts from it and a diff taken against it never shows what the setup installed. The setup runs
 * in the sandbox with the network on, the runtime's mounts and variables, HOME in its private
 * temporary folder, and no secret (the sandbox's environment is scrubbed). A failing command, a
 * timeout or a sandbox that cannot start rejects with a {@link RuntimeSetupError} holding the
 * command, the tail of its stderr and a fix; nothing is cached then. Two processes preparing the
 * same base race harmlessly: the first to finish wins and the other's copy is dropped.
 */
export function prepareRuntime(request: RuntimeRequest, signal?: AbortSignal): Promise<PreparedRuntime> {
	const key = runtimeKey(request);
	const memo = `${request.cacheDir}\0${key}`;
	let pending = preparing.get(memo);
	if (pending === undefined) {
		pending = prepare(request, key, signal);
		preparing.set(memo, pending);
		// A failure is kept for this process (every cell of the task gets it at once), but an abort is not.
		pending.catch(() => {
			if (signal?.aborted === true) preparing.delete(memo);
		});
	}
	return pending;
}

/**
 * Forgets the bases made or being made in this process, so the next request reads the cache on
 * disk again (tests; a long-lived process that wants a failed setup retried).
 */
export function forgetPreparedRuntimes(): void {
	preparing.clear();
}

/** The cache key of a request: what decides the content of its base. */
function runtimeKey(request: Pick<RuntimeRequest, "fixtureHash" | "setup" | "mounts" | "env">): string {
	return contentHash({
		format: RUNTIME_FORMAT,
		fixture_hash: request.fixtureHash,
		setup: request.setup,
		mounts: request.mounts,
		env: request.env,
	});
}

async function prepare(
	request: RuntimeRequest,
	key: string,
	signal: AbortSignal | undefined,
): Promise<PreparedRuntime> {
	const entry = join(request.cacheDir, key);
	const cached = await readCached(entry, key);
	if (cached !== null) return cached;
	makeFolders(request.cacheDir);
	const building = join(request.cacheDir, `.building-${key.slice(0, 16)}-${randomBytes(4).toString("hex")}`);
	await mkdir(building);
	const started = performance.now();
	try {
		const tree = join(building, "tree");
		let steps: SetupStep[] = [];
		let sandbox: SandboxProvenance | null = null;
		if (request.setup.length === 0) {
			await cp(request.fixtureDir, tree, {
				recursive: true,
				verbatimSymlinks: true,
				filter: (source) => source !== join(request.fixtureDir, FIXTURE_MANIFEST),
			});
		} else {
			const ran = await runSetup(request, tree, signal);
			steps = ran.steps;
			sandbox = ran.sandbox;
		}
		const record = { format: RUNTIME_FORMAT, key, setup: steps, sandbox };
		await writeFile(join(building, RECORD), `${JSON.stringify(record, null, 2)}\n`);
		const won = await rename(building, entry).then(
			() => true,
			(error: NodeJS.ErrnoException) => {
				if (error.code === "EEXIST" || error.code === "ENOTEMPTY") return false;
				throw error;
			},
		);
		if (!won) {
			const theirs = await readCached(entry, key);
			if (theirs !== null) return theirs;
		}
		const duration_ms = Math.round(performance.now() - started);
		return { base: join(entry, "tree"), key, cached: false, setup: steps, sandbox, duration_ms };
	} finally {
		await rm(building, { recursive: true, force: true, maxRetries: 3 });
	}
}

/** Runs the setup commands in a sandbox over a copy of the fixture, then moves its workdir to `tree`. */
async function runSetup(
	request: RuntimeRequest,
	tree: string,
	signal: AbortSignal | undefined,
): Promise<{ steps: SetupStep[]; sandbox: SandboxProvenance }> {
	let sandbox: Sandbox;
	try {
		sandbox = await createSandbox({
			fixture: request.fixtureDir,
			backend: request.backend,
			allowUnisolated: request.allowUnisolated,
			network: true,
			// Caches (~/.npm, ~/.cache/pip) go to a private HOME and never enter the base.
			privateHome: true,
			mounts: request.mounts,
			env: request.env,
			// An install may use more CPU, processes and disk than a test run; the wall clock bounds
			// it, and it is the task author's own command, not a model's.
			limits: { cpu_seconds: null, processes: 1024, workdir_bytes: null },
			timeoutMs: request.setupTimeoutMs ?? DEFAULT_SETUP_TIMEOUT_MS,
			// In the system's temporary folder, not the cache: the sandbox's user (`nobody` under root)
			// must be able to reach the workdir, and the store's folder may be private.
		});
	} catch (error) {
		const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
		const fix =
			typeof error === "object" && error !== null && "fix" in error && typeof error.fix === "string"
				? error.fix
				: "check the runtime's mounts and the free space of the store's data folder";
		throw new RuntimeSetupError(`cannot start the sandbox for the runtime's setup: ${message}`, [], fix, {
			cause: error,
		});
	}
	try {
		await rm(join(sandbox.workdir, FIXTURE_MANIFEST), { force: true });
		const steps: SetupStep[] = [];
		for (const argv of request.setup) {
			const result = await sandbox.exec({ argv }, signal === undefined ? {} : { signal });
			const step: SetupStep = {
				argv,
				exit_code: result.exit_code,
				duration_ms: result.duration_ms,
				stdout_tail: outputTailLines(result.stdout),
				stderr_tail: outputTailLines(result.stderr),
			};
			steps.push(step);
			if (result.timed_out || result.exit_code !== 0)
				throw setupFailure(argv, result, steps.length, request.setup.length);
		}
		await moveTree(sandbox.workdir, tree);
		return { steps, sandbox: sandbox.provenance };
	} finally {
		await sandbox.dispose();
	}
}

function setupFailure(
	argv: readonly string[],
	result: {
		exit_code: number | null;
		signal: string | null;
		timed_out: boolean;
		stdout: string;
		stderr: string;
		duration_ms: number;
	},
	index: number,
	count: number,
): RuntimeSetupError {
	const shown = argv.join(" ");
	const how = result.timed_out
		? `timed out after ${Math.round(result.duration_ms / 1000)} s`
		: result.exit_code === null
			? `was killed by ${result.signal}`
			: `exited ${result.exit_code}`;
	const tail = outputTailLines(result.stderr) || outputTailLines(result.stdout) || "(no output)";
	const diagnosis = diagnoseFailure(result);
	const fix =
		diagnosis !== null
			? diagnosisFix(diagnosis, "setup")
			: result.timed_out
				? "make the setup faster (cache its downloads in a mount), or split it"
				: `run \`${shown}\` by hand in a fresh copy of the fixture and correct the task's runtime.setup`;
	return new RuntimeSetupError(
		`the runtime's setup command ${index} of ${count}, \`${shown}\`, ${how}; its output ends:\n${indent(tail)}`,
		argv,
		fix,
	);
}

async function readCached(entry: string, key: string): Promise<PreparedRuntime | null> {
	try {
		const record = JSON.parse(await readFile(join(entry, RECORD), "utf8")) as {
			format?: unknown;
			key?: unknown;
			setup?: SetupStep[];
			sandbox?: SandboxProvenance | null;
		};
		if (record.format !== RUNTIME_FORMAT || record.key !== key) return null;
		if (!(await stat(join(entry, "tree"))).isDirectory()) return null;
		return {
			base: join(entry, "tree"),
			key,
			cached: true,
			setup: record.setup ?? [],
			sandbox: record.sandbox ?? null,
			duration_ms: 0,
		};
	} catch {
		return null;
	}
}

/** Moves a folder, copying it when it lies on another file system. */
async function moveTree(from: string, to: string): Promise<void> {
	try {
		await rename(from, to);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
		await cp(from, to, { recursive: true, verbatimSymlinks: true });
	}
}

function indent(text: string): string {
	return text
		.split("\n")
		.map((line) => `    ${line}`)
		.join("\n");
}
