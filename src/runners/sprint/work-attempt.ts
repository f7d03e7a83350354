import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Attempt, Sandbox } from "../../contract/index.js";
import { createSandbox } from "../../sandbox/index.js";
import type { AgentTask } from "../agent/index.js";
import { SPRINT_SYSTEM_PROMPT } from "./briefing.js";
import { type DriveLog, driveMilestone } from "./drive-milestone.js";
import type { SprintDriveRequest } from "./sprint-driver.js";
import { changedPaths, git } from "./sprint-git.js";

const DEFAULT_TURNS = 30;
const DEFAULT_CONTEXT_TOKENS = 60_000;
/** Wall clock of one CI run after an attempt. */
export const CI_TIMEOUT_MS = 10 * 60 * 1000;

/** What a milestone attempt left: the files it wrote, where CI runs on them, and how its worker ended. */
export interface WorkedAttempt {
	/** The host folder holding the attempt's files: what the scope check reads and a pass commits. */
	readonly workdir: string;
	/** Where CI runs: the attempt's own sandbox, or a copy of an external agent's workdir. */
	readonly ci: Sandbox;
	readonly status: Attempt["status"];
	readonly error: string | null;
	readonly aborted: boolean;
	dispose(): Promise<void>;
}

/**
 * Works one milestone attempt on a fresh copy of the work tree: on the agent harness in the
 * orchestration mode (the model's provider), or, for an external agent (`provider: command`),
 * through the external harness's contract with the briefing as its prompt, its trace and usage
 * written to the run's log like the agent's. The runner writes no code either way.
 */
export async function workAttempt(
	request: SprintDriveRequest,
	briefing: string,
	log: DriveLog,
): Promise<WorkedAttempt> {
	const { sprint, workspace } = request;
	const turns = sprint.budget.turns_per_milestone ?? DEFAULT_TURNS;
	const timeoutS = sprint.budget.wall_clock_s ?? 3600;
	if (request.external === undefined) {
		const sandbox = await createSandbox({ ...request.sandbox, fixture: workspace.tree, privateHome: true });
		const drive = await driveMilestone({
			mode: request.orchestration,
			provider: request.provider,
			price: request.model.price ?? null,
			sandbox,
			briefing,
			turns,
			timeoutS,
			contextTokens: sprint.scoring.thresholds.context_tokens ?? DEFAULT_CONTEXT_TOKENS,
			log,
			signal: request.signal,
		}).catch(async (error: unknown) => {
			await sandbox.dispose();
			throw error;
		});
		return { workdir: sandbox.workdir, ci: sandbox, ...drive, dispose: () => sandbox.dispose() };
	}
	const task: AgentTask = {
		prompt: briefing,
		fixtureDir: workspace.tree,
		budget: { turns, tokens: null, timeout_s: timeoutS, cost_usd: null },
		tools: { shell: true },
		system_prompt: SPRINT_SYSTEM_PROMPT,
	};
	const attempt = await request.external(task, request.signal);
	const { telemetry } = attempt;
	log.worker("worker", {
		status: attempt.status,
		trace: attempt.trace,
		replies: [
			{
				usage: {
					input_tokens: telemetry.input_tokens,
					output_tokens: telemetry.output_tokens,
					cache_tokens: telemetry.cache_tokens,
				},
				billed_cost_usd: telemetry.cost_usd,
			},
		],
	});
	const finished = attempt.workspace ?? null;
	const aborted = request.signal.aborted;
	if (finished === null || aborted || attempt.status === "harness_error") {
		await finished?.dispose();
		const empty = await createSandbox({ ...request.sandbox, privateHome: true });
		return {
			workdir: empty.workdir,
			ci: empty,
			status: aborted ? "harness_error" : attempt.status,
			error: attempt.error,
			aborted,
			dispose: () => empty.dispose(),
		};
	}
	const ci = await createSandbox({ ...request.sandbox, fixture: finished.path, privateHome: true });
	return {
		workdir: finished.path,
		ci,
		status: attempt.status,
		error: attempt.error,
		aborted: false,
		dispose: async () => {
			await ci.dispose();
			await finished.dispose();
		},
	};
}

/** The changed paths of an attempt's files against the branch, tracked and untracked (ignored ones aside). */
export function attemptChanges(request: SprintDriveRequest, worked: WorkedAttempt): Promise<string[]> {
	return changedPaths({ gitDir: request.workspace.gitDir, workTree: worked.workdir });
}

/**
 * Commits exactly `paths` of the attempt's files (those the scope check passed, read before CI
 * ran, so nothing CI wrote is committed) to the run's branch, then brings the work tree to it.
 */
export async function commitAttempt(
	request: SprintDriveRequest,
	worked: WorkedAttempt,
	paths: readonly string[],
	message: string,
): Promise<string> {
	const { workspace } = request;
	const at = { gitDir: workspace.gitDir, workTree: worked.workdir };
	const folder = await mkdtemp(join(tmpdir(), "touchstone-sprint-paths-"));
	try {
		const list = join(folder, "paths");
		await writeFile(list, paths.map((path) => `${path}\0`).join(""));
		await git(at, ["add", "-A", `--pathspec-from-file=${list}`, "--pathspec-file-nul"]);
		await git(at, ["commit", "-q", "--no-verify", "-m", message]);
	} finally {
		await rm(folder, { recursive: true, force: true });
	}
	const tree = { gitDir: workspace.gitDir, workTree: workspace.tree };
	await git(tree, ["reset", "-q", "--hard", "HEAD"]);
	await git(tree, ["clean", "-q", "-fd"]);
	return (await git(tree, ["rev-parse", "HEAD"])).trim();
}
