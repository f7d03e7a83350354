import { stat } from "node:fs/promises";
import { join } from "node:path";
import { type Attempt, FIXTURE_DIR, type Sandbox, TouchstoneError } from "../../contract/index.js";
import { type CreateSandboxOptions, createSandbox, findSpecialFiles, type SpecialFile } from "../../sandbox/index.js";
import { VerifierHarnessError } from "./verifier-harness-error.js";

/**
 * How a verifier's sandbox runs commands: backend, isolation consent, limits, extra read-only
 * paths, where workspaces go. The fixture and the timeout are the verifier's own business.
 */
export type VerifierSandboxOptions = Omit<CreateSandboxOptions, "fixture" | "timeoutMs" | "diffCapBytes">;

/** What every task verifier is given besides its own block: where the task lives and how to run commands. */
export interface TaskVerifierOptions {
	/** The task's folder: its fixture/ and its hidden files. */
	readonly taskDir: string;
	/** How the grading sandbox runs (backend, isolation consent, the runtime's mounts and variables); default bubblewrap, refusing to run unisolated. */
	readonly sandbox?: VerifierSandboxOptions;
	/**
	 * The folder the task's workdirs are copied from (its fixture after the runtime's setup), for
	 * grading from a diff; default the task's fixture/. May reject (a setup that failed).
	 */
	readonly base?: () => Promise<string>;
}

/** Where a grading copy came from: the attempt's finished workspace, or its diff over the fixture. */
export const GRADING_SOURCES = ["workspace", "diff"] as const;
/** One of {@link GRADING_SOURCES}. */
export type GradingSource = (typeof GRADING_SOURCES)[number];

/** A fresh sandbox over a copy of what the model left, ready for hidden files. */
export interface GradingSandbox {
	/** The sandbox; the caller disposes of it. */
	readonly sandbox: Sandbox;
	/** The pristine fixture the model started from, for resetting test files. */
	readonly fixture: string;
	/** See {@link GRADING_SOURCES}. */
	readonly source: GradingSource;
	/**
	 * What the model left in its workdir that the copy left out: FIFOs, sockets, devices and
	 * symlinks to nothing. They are part of its attempt, reported with the score, never a grader error.
	 */
	readonly special_files: readonly SpecialFile[];
}

/** What {@link openGradingSandbox} needs. */
export interface GradingSandboxRequest {
	/** Verifier id, for error messages. */
	readonly verifier: string;
	/** The task's folder, holding fixture/ and the hidden files. */
	readonly taskDir: string;
	/** The attempt being graded. */
	readonly attempt: Attempt;
	/** See {@link VerifierSandboxOptions}. */
	readonly options: VerifierSandboxOptions;
	/** See {@link TaskVerifierOptions.base}. */
	readonly base?: () => Promise<string>;
	/** Aborts `git apply`. */
	readonly signal: AbortSignal;
}

/**
 * Makes a fresh sandbox holding a copy of the attempt's result, never touching the original: the
 * finished workspace of an agentic attempt when there is one, else the task's base (its fixture
 * after the runtime's setup) with the attempt's diff applied by `git apply` inside the sandbox. A missing workspace or fixture, a
 * diff that does not apply, or a sandbox that cannot start is a {@link VerifierHarnessError}.
 */
export async function openGradingSandbox(request: GradingSandboxRequest): Promise<GradingSandbox> {
	const { attempt, verifier } = request;
	const workspace = attempt.workspace ?? null;
	if (workspace !== null) {
		await requireFolder(
			verifier,
			workspace.path,
			"the attempt's workspace",
			"keep the workspace until grading is done",
		);
		// Test files are reset against it: a missing fixture must not read as "the fixture has no tests".
		await requireFolder(verifier, workspace.fixture, "the attempt's fixture", "keep the task's fixture/ in place");
		const special_files = await findSpecialFiles(workspace.path);
		const sandbox = await startVerifierSandbox(verifier, { ...request.options, fixture: workspace.path });
		return { sandbox, fixture: workspace.fixture, source: "workspace", special_files };
	}
	const fixture =
		request.base === undefined ? join(request.taskDir, FIXTURE_DIR) : await taskBase(verifier, request.base);
	await requireFolder(verifier, fixture, "the task's fixture", "materialize it with `touchstone snapshot`");
	if (attempt.diff === null)
		throw new VerifierHarnessError(
			verifier,
			"the attempt has neither a workspace nor a diff, so there is nothing to grade",
			"run the task with a task runner (it keeps the workspace until grading, or records the diff)",
		);
	const sandbox = await startVerifierSandbox(verifier, { ...request.options, fixture });
	try {
		if (attempt.diff.trim() !== "") await applyDiff(verifier, sandbox, attempt.diff, request.signal);
	} catch (error) {
		await sandbox.dispose();
		throw error;
	}
	return { sandbox, fixture, source: "diff", special_files: [] };
}

async function taskBase(verifier: string, base: () => Promise<string>): Promise<string> {
	try {
		return await base();
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		throw new VerifierHarnessError(
			verifier,
			`the task's base could not be prepared: ${message}`,
			"fix the task's runtime, then run again",
			{
				cause: error,
			},
		);
	}
}

async function applyDiff(verifier: string, sandbox: Sandbox, diff: string, signal: AbortSignal): Promise<void> {
	const result = await sandbox.exec(
		{
			argv: ["git", "apply", "--whitespace=nowarn", "-"],
			stdin: diff.endsWith("\n") ? diff : `${diff}\n`,
			env: { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
		},
		{ signal },
	);
	if (result.exit_code === 0) return;
	const why = result.exit_code === 127 ? "git is not installed" : result.stderr.trim() || `exit ${result.exit_code}`;
	throw new VerifierHarnessError(
		verifier,
		`the attempt's diff does not apply to the task's fixture with \`git apply\`: ${why}`,
		result.exit_code === 127
			? "install git where the sandbox can run it"
			: "grade from the attempt's workspace, or re-run the cell (a capped or binary diff cannot be applied; a changed fixture no longer matches)",
	);
}

/**
 * Creates a verifier's sandbox, turning a sandbox that cannot start into a VerifierHarnessError
 * with the sandbox's own fix: a kind that builds its own grading folder uses it too.
 */
export async function startVerifierSandbox(verifier: string, options: CreateSandboxOptions): Promise<Sandbox> {
	try {
		return await createSandbox(options);
	} catch (error) {
		const fix =
			typeof error === "object" && error !== null && "fix" in error && typeof error.fix === "string"
				? error.fix
				: "check the sandbox options and the free space of the temporary folder";
		const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
		const code = error instanceof TouchstoneError ? ` (${error.code})` : "";
		throw new VerifierHarnessError(verifier, `cannot set up the grading sandbox${code}: ${message}`, fix, {
			cause: error,
		});
	}
}

async function requireFolder(verifier: string, path: string, what: string, fix: string): Promise<void> {
	const stats = await stat(path).catch(() => undefined);
	if (stats?.isDirectory() !== true) throw new VerifierHarnessError(verifier, `${what} (${path}) is not a folder`, fix);
}
