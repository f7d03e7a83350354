import {
	type Attempt,
	type AttemptStatus,
	type Completion,
	type ModelEntry,
	type Provider,
	ProviderError,
	type RunInput,
	type Runner,
	SandboxPathError,
	SINGLE_SHOT_TASK_HARNESS,
} from "../../contract/index.js";
import { entrySettings } from "../../providers/index.js";
import {
	BudgetMeter,
	providerFailureOutcome,
	type ResolveTask,
	replyAccount,
	runTaskAttempt,
	startAttemptDeadline,
	type TaskDrive,
	type TaskDriveParts,
	type TaskSandboxOptions,
} from "../agent/index.js";
import { parseFileFences } from "./file-fences.js";
import { readTaskFiles } from "./task-files.js";
import { singleShotTaskMessages } from "./task-prompt.js";

/** Id of the single-shot task harness, in the provenance of its attempts. */
export const SINGLE_SHOT_TASK_RUNNER_ID = SINGLE_SHOT_TASK_HARNESS.id;
/**
 * Its version; bump it (in the contract's SINGLE_SHOT_TASK_HARNESS) when the request, the reply
 * format or the attempt change meaning: it is in each single-shot task's case input.
 */
export const SINGLE_SHOT_TASK_RUNNER_VERSION = SINGLE_SHOT_TASK_HARNESS.version;

/** What the single-shot task runner needs; the same parts as the agent runner's. */
export interface SingleShotTaskRunnerOptions {
	/** The provider for an entry, usually `createModelProvider` with the run's limiter. May throw. */
	providerFor(model: ModelEntry): Provider;
	/** The task of a case (prompt, base, budget, target files); the plugin's mapping. May throw. */
	readonly resolveTask: ResolveTask;
	/** How sandboxes are made; default bubblewrap, refused where it cannot run. */
	readonly sandbox?: TaskSandboxOptions;
}

/**
 * The harness of a `mode: single-shot` task: one request holding the prompt and the content of
 * the task's target files (read from the base every workdir is copied from), one reply with
 * whole files in fenced blocks (see parseFileFences), written into a fresh sandbox copy of the
 * base, which is then diffed and verified as an agent's is. The budget binds the one request:
 * its wall time (a reply past it is `limit`), tokens, cost and output (a reply past them is
 * `limit` and none of its files is written).
 *
 * Outcomes: `completed` when the reply's files were written; `failed`, a graded failure of the
 * model with the reason, for a reply with no file fence, an unclosed fence, a file named twice
 * or a path outside the target files or the workdir (nothing is written), or one the content
 * filter stopped; `timeout` for a call that timed out after its retries; `harness_error` for an
 * endpoint that failed, target files that cannot be given (a link, too large), or a sandbox
 * that broke. Nothing is thrown.
 */
export function createSingleShotTaskRunner(options: SingleShotTaskRunnerOptions): Runner {
	const shell = { ...options, id: SINGLE_SHOT_TASK_RUNNER_ID, version: SINGLE_SHOT_TASK_RUNNER_VERSION };
	return {
		specificationVersion: "v1",
		id: SINGLE_SHOT_TASK_RUNNER_ID,
		version: SINGLE_SHOT_TASK_RUNNER_VERSION,
		run: (input: RunInput, { signal }): Promise<Attempt> => runTaskAttempt(shell, input, signal, driveOnce),
	};
}

async function driveOnce({ provider, sandbox, task, entry, signal }: TaskDriveParts): Promise<TaskDrive> {
	const started = performance.now();
	const targets = task.target_files ?? [];
	const meter = new BudgetMeter(task.budget, entry.price, entrySettings(entry).maxOutputBytes);
	const replies: TaskDrive["replies"][number][] = [];
	const raw: TaskDrive["raw"][number][] = [];
	let retries = 0;
	let final: string | null = null;
	const end = (status: AttemptStatus, error: string | null, details: Record<string, string[]> = {}): TaskDrive => ({
		status,
		error,
		aborted: signal.aborted,
		final,
		trace: [],
		replies,
		raw,
		wall_ms: performance.now() - started,
		details: { retries, target_files: [...targets], ...details },
	});
	const given = await readTaskFiles(task.fixtureDir, targets);
	if (given.problem !== null)
		return end("harness_error", `the task's files cannot be given to the model: ${given.problem}`);

	const deadline = startAttemptDeadline(signal, meter.timeLeftMs(performance.now() - started));
	let completion: Completion;
	try {
		const messages = singleShotTaskMessages(task.prompt, given.files, task.system_prompt);
		completion = await provider.complete({ messages }, { signal: deadline.signal });
	} catch (error) {
		if (signal.aborted) return end("harness_error", "aborted: the run was stopped before the attempt finished");
		if (!(error instanceof ProviderError)) throw error;
		retries += error.retries;
		if (deadline.passed()) return end("limit", meter.wallTimeExhausted().message);
		const outcome = providerFailureOutcome(error);
		return end(outcome.status, outcome.error);
	} finally {
		deadline.clear();
	}
	retries += completion.retries;
	replies.push(replyAccount(completion));
	raw.push(completion.raw);
	final = completion.text === "" ? null : completion.text;
	const overspent = meter.afterReply(completion);
	if (overspent !== null) return end("limit", `${overspent.message}; the reply's files were not written`);
	if (completion.finish_reason === "content-filter")
		return end("failed", "the provider's content filter stopped the model's reply");
	const parsed = parseFileFences(completion.text, targets);
	if (parsed.problem !== null)
		return end("failed", `the reply cannot be applied: ${parsed.problem}; nothing was written`);
	const written: string[] = [];
	for (const file of parsed.files) {
		try {
			await sandbox.write(file.path, file.content);
		} catch (error) {
			if (!(error instanceof SandboxPathError)) throw error;
			return end("failed", `the reply cannot be applied: ${error.message}`, { files_written: written });
		}
		written.push(file.path);
	}
	return end("completed", null, { files_written: written });
}
