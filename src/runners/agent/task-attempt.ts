import {
	type Attempt,
	type AttemptStatus,
	type Completion,
	type JsonObject,
	type JsonValue,
	type ModelEntry,
	type Provider,
	type RunInput,
	type Sandbox,
	type Step,
	UNKNOWN_TELEMETRY,
} from "../../contract/index.js";
import { attemptWarnings, telemetryFrom } from "../../providers/index.js";
import { type CreateSandboxOptions, createSandbox } from "../../sandbox/index.js";
import { type AgentTask, type ResolveTask, resolveCheckedTask, taskSandboxParts } from "./agent-task.js";
import { finishWorkspace } from "./finish-workspace.js";

/** How each cell's sandbox is made: everything of createSandbox but the fixture, which the task names. */
export type TaskSandboxOptions = Omit<CreateSandboxOptions, "fixture">;

/** What a task runner's model did in its sandbox: how it ended, and everything recorded on the way. */
export interface TaskDrive {
	readonly status: AttemptStatus;
	readonly error: string | null;
	/** Whether the run's signal stopped it (the attempt is then not graded and its sandbox is disposed). */
	readonly aborted: boolean;
	readonly final: string | null;
	readonly trace: readonly Step[];
	/** Usage, cost, timing and warnings of every reply, for telemetry. */
	readonly replies: readonly Pick<Completion, "usage" | "billed_cost_usd" | "timing" | "warnings">[];
	/** Each reply's raw account, for the inspector. */
	readonly raw: readonly JsonValue[];
	/** Wall time of the model's part, in milliseconds: the attempt's latency. */
	readonly wall_ms: number;
	/** Added to the attempt's provenance details. */
	readonly details: JsonObject;
}

/** What telemetry keeps of one reply: its usage, billed cost, timing and warnings. */
export function replyAccount(completion: Completion): TaskDrive["replies"][number] {
	return {
		usage: completion.usage,
		billed_cost_usd: completion.billed_cost_usd,
		timing: completion.timing,
		...(completion.warnings === undefined ? {} : { warnings: completion.warnings }),
	};
}

/** What a drive gets: the endpoint, the fresh sandbox and the checked task. */
export interface TaskDriveParts {
	readonly provider: Provider;
	readonly sandbox: Sandbox;
	readonly task: AgentTask;
	readonly entry: ModelEntry;
	readonly signal: AbortSignal;
}

/** The runner a shell stands for, and where it gets its parts. */
export interface TaskAttemptShell {
	/** Runner id and version, stored in the provenance of every attempt. */
	readonly id: string;
	readonly version: string;
	/** The provider for an entry. May throw (the attempt is then a harness error). */
	providerFor(model: ModelEntry): Provider;
	/** The task of a case; may throw. */
	readonly resolveTask: ResolveTask;
	readonly sandbox?: TaskSandboxOptions | undefined;
}

/**
 * The shell every model-driving task runner shares: resolves and checks the task, makes a fresh
 * sandbox copy of its base, lets `drive` work the model in it, then diffs the workdir and hands
 * it on for the verifier. A task or sandbox that cannot be set up, an abort before the start and
 * a throw of `drive` are harness errors; an aborted drive's sandbox is disposed at once. The
 * wall time and the latency are the drive's, so a slow copy of a large fixture is not charged
 * to the model. Nothing is thrown.
 */
export async function runTaskAttempt(
	shell: TaskAttemptShell,
	input: RunInput,
	signal: AbortSignal,
	drive: (parts: TaskDriveParts) => Promise<TaskDrive>,
): Promise<Attempt> {
	const started = performance.now();
	const entry = input.model;
	const details: JsonObject = { provider: entry.provider, model: entry.model };
	const provenance = () => ({ runner: shell.id, runner_version: shell.version, details });
	let sandbox: Sandbox | null = null;
	const early = (status: AttemptStatus, error: string): Attempt => ({
		final: null,
		trace: [],
		telemetry: { ...UNKNOWN_TELEMETRY, latency_ms: performance.now() - started },
		status,
		error,
		runner_provenance: provenance(),
		diff: null,
		raw: null,
		workspace: null,
	});
	try {
		const task = await resolveCheckedTask(shell.resolveTask, input.case);
		if (typeof task === "string") return early("harness_error", task);
		const provider = shell.providerFor(entry);
		details.endpoint = provider.endpoint;
		sandbox = await createSandbox({ ...shell.sandbox, ...taskSandboxParts(task) });
		details.sandbox = sandbox.provenance;
		if (signal.aborted) {
			await sandbox.dispose();
			return early("harness_error", "aborted: the run was stopped before the attempt started");
		}
		const driven = await drive({ provider, sandbox, task, entry, signal });
		Object.assign(details, driven.details);
		const attempt = {
			final: driven.final,
			trace: driven.trace,
			telemetry: telemetryFrom(driven.replies, driven.wall_ms, entry.price),
			...attemptWarnings(driven.replies),
			status: driven.status,
			error: driven.error,
			runner_provenance: provenance(),
			raw: { replies: [...driven.raw] },
		};
		if (driven.aborted) {
			await sandbox.dispose();
			return { ...attempt, diff: null, workspace: null };
		}
		const finished = await finishWorkspace(sandbox, task.fixtureDir);
		Object.assign(details, finished.details);
		return { ...attempt, diff: finished.diff, workspace: finished.workspace };
	} catch (error) {
		await sandbox?.dispose().catch(() => {});
		return early("harness_error", `${shell.id} runner: ${error instanceof Error ? error.message : String(error)}`);
	}
}
