import { mkdir, readFile } from "node:fs/promises";
import type {
	Attempt,
	ModelEntry,
	OrchestrationMode,
	Provider,
	SprintDefinition,
	SprintMilestone,
	SprintMilestoneState,
	SprintOutcome,
	SprintRunState,
} from "../../contract/index.js";
import type { CreateSandboxOptions } from "../../sandbox/index.js";
import type { AgentTask } from "../agent/index.js";
import { milestoneBriefing } from "./briefing.js";
import type { DriveLog } from "./drive-milestone.js";
import { prepareWorkspace, readPlan } from "./prepare-workspace.js";
import { readRunState, type SprintWorkspace, writeRunState } from "./sprint-workspace.js";
import { attemptChanges, CI_TIMEOUT_MS, commitAttempt, type WorkedAttempt, workAttempt } from "./work-attempt.js";

/** The run-level entries of the log the driver writes besides the workers' (see DriveLog). */
export interface SprintRunLog {
	/** A drive log for one attempt of one milestone. */
	attempt(segment: string, attempt: number): DriveLog;
	/** A run-level or milestone-level event. */
	event(entry: {
		kind:
			| "run_start"
			| "resume"
			| "milestone_start"
			| "attempt_start"
			| "ci"
			| "scope"
			| "error"
			| "attempt_end"
			| "milestone_end"
			| "run_end";
		segment: string | null;
		attempt: number | null;
		ok?: boolean;
		text?: string;
		data?: Record<string, string | number | boolean | null | string[]>;
	}): void;
}

/** What a sprint run needs. */
export interface SprintDriveRequest {
	readonly sprint: SprintDefinition;
	readonly sprintVersion: string;
	readonly model: ModelEntry;
	readonly provider: Provider;
	readonly orchestration: OrchestrationMode;
	readonly workspace: SprintWorkspace;
	/** The repository to clone (a path or URL), and its baseline commit, as prepared from the registry. */
	readonly source: { readonly repo: string; readonly baseline: string };
	/** The milestones; null to read them from the plan in the clone at the baseline. */
	readonly milestones: (plan: string | null) => readonly SprintMilestone[];
	/** Paths out of the sprint's scope (the scope check of the graders, handed down). */
	readonly outOfScope: (paths: readonly string[]) => readonly string[];
	/**
	 * For an external agent (`provider: command`): runs one attempt's task through the external
	 * harness and returns its attempt, the finished workdir kept. Absent: the agent harness drives
	 * the model's `provider` in the orchestration mode.
	 */
	readonly external?: (task: AgentTask, signal: AbortSignal) => Promise<Attempt>;
	/** How sandboxes are made (backend, isolation), for setup, CI and every attempt. */
	readonly sandbox: Omit<CreateSandboxOptions, "fixture">;
	readonly log: SprintRunLog;
	readonly signal: AbortSignal;
	/** Progress lines for a terminal. */
	readonly say?: (line: string) => void;
}

/** How a drive ended. `stopped`: the signal came; the state says where a re-run resumes. */
export interface SprintDriveResult {
	readonly outcome: SprintOutcome | "stopped";
	readonly state: SprintRunState;
	readonly error: string | null;
}

/**
 * Carries a sprint through its milestones for one model: prepares the workspace (clone, branch off
 * the baseline, setup, CI green at the baseline, else a harness error), then for each milestone
 * hands the briefing to the pinned worker in a sandbox copy of the work tree, runs CI and the
 * scope check on what it left, and commits a passing attempt to the run's branch. A red CI, an
 * out-of-scope change or no change at all fails the attempt (it is discarded); the sprint's
 * attempt limit of failures ends the run as `fail@Mnn`. State is written after every attempt: a
 * killed run resumes at the milestone it was in (the killed attempt is not counted).
 */
export async function driveSprint(request: SprintDriveRequest): Promise<SprintDriveResult> {
	const { workspace, sprint, log } = request;
	const started = performance.now();
	let state = readRunState(workspace);
	const save = (next: SprintRunState) => {
		state = next;
		writeRunState(workspace, state);
		return state;
	};
	// Wall clock over every invocation: what earlier ones spent (read once, at the start) plus this one's.
	const spentBefore = state?.wall_ms ?? 0;
	const elapsed = () => spentBefore + (performance.now() - started);
	if (state !== null && state.sprint_version !== request.sprintVersion)
		return {
			outcome: "harness_error",
			state,
			error: `the workspace ${workspace.root} holds a run of another version of sprint ${sprint.id}; remove it with \`touchstone sprint prune\``,
		};
	if (
		state === null ||
		state.phase === "preparing" ||
		(state.phase === "harness_error" && state.milestones.length === 0)
	) {
		await mkdir(workspace.root, { recursive: true });
		state = save({
			format: 1,
			sprint: sprint.id,
			sprint_version: request.sprintVersion,
			model: request.model.id,
			orchestration: request.orchestration,
			branch: workspace.branch,
			baseline: request.source.baseline,
			started_at: new Date().toISOString(),
			phase: "preparing",
			milestones: [],
			wall_ms: 0,
			error: null,
		});
		const prepared = await prepareWorkspace(request);
		if (typeof prepared === "string") {
			log.event({ kind: "run_end", segment: null, attempt: null, ok: false, text: prepared });
			return {
				outcome: "harness_error",
				state: save({ ...state, phase: "harness_error", error: prepared, wall_ms: elapsed() }),
				error: prepared,
			};
		}
		const milestones = prepared.map(
			(milestone): SprintMilestoneState => ({
				id: milestone.id,
				attempts: 0,
				status: "pending",
				commit: null,
				failures: [],
			}),
		);
		state = save({ ...state, phase: "running", milestones, wall_ms: elapsed() });
		log.event({
			kind: "run_start",
			segment: null,
			attempt: null,
			data: { model: request.model.id, orchestration: request.orchestration, branch: workspace.branch },
		});
	} else if (state.phase === "running" || state.phase === "harness_error") {
		// A harness error is not the model's: once it is fixed, the run goes on where it stopped.
		log.event({ kind: "resume", segment: null, attempt: null, data: { wall_ms: Math.round(state.wall_ms) } });
	} else return { outcome: finishedOutcome(state), state, error: state.error };

	const plan = await readPlan(request);
	const milestones = request.milestones(plan);
	const guide = await readFile(sprint.guide_path, "utf8");
	const _place = { gitDir: workspace.gitDir, workTree: workspace.tree };
	for (const [index, milestone] of milestones.entries()) {
		let current: SprintMilestoneState | undefined = state.milestones[index];
		if (current === undefined || current.status === "passed") continue;
		if (current.status === "failed") break;
		if (current.attempts === 0)
			log.event({ kind: "milestone_start", segment: milestone.id, attempt: null, text: milestone.title });
		while (current.status === "pending") {
			const attempt: number = current.attempts + 1;
			request.say?.(`${milestone.id} ${milestone.title}: attempt ${attempt} of ${sprint.attempts}`);
			log.event({ kind: "attempt_start", segment: milestone.id, attempt });
			const briefing = milestoneBriefing({
				sprint,
				milestone,
				guide,
				attempt,
				previousFailure: current.failures.at(-1) ?? null,
			});
			let worked: WorkedAttempt | null = null;
			let failure: string | null = null;
			let commit: string | null = null;
			try {
				worked = await workAttempt(request, briefing, log.attempt(milestone.id, attempt));
				if (worked.aborted || request.signal.aborted) {
					state = save({ ...state, wall_ms: elapsed() });
					return { outcome: "stopped", state, error: null };
				}
				if (worked.status === "harness_error") {
					const error = `${milestone.id} attempt ${attempt}: ${worked.error ?? "the harness failed"}`;
					log.event({ kind: "run_end", segment: milestone.id, attempt, ok: false, text: error });
					return {
						outcome: "harness_error",
						state: save({ ...state, phase: "harness_error", error, wall_ms: elapsed() }),
						error,
					};
				}
				const checked = await checkAttempt(request, worked, milestone.id, attempt);
				failure = checked.failure;
				if (failure === null)
					commit = await commitAttempt(
						request,
						worked,
						checked.changed,
						`${milestone.id}: ${milestone.title} (attempt ${attempt}, ${request.model.id})`,
					);
			} catch (error) {
				const message = `${milestone.id} attempt ${attempt}: the harness failed: ${error instanceof Error ? error.message : String(error)}`;
				log.event({ kind: "run_end", segment: milestone.id, attempt, ok: false, text: message });
				return {
					outcome: "harness_error",
					state: save({ ...state, phase: "harness_error", error: message, wall_ms: elapsed() }),
					error: message,
				};
			} finally {
				await worked?.dispose().catch(() => {});
			}
			const failures: readonly string[] = failure === null ? current.failures : [...current.failures, failure];
			const status: SprintMilestoneState["status"] =
				failure === null ? "passed" : failures.length >= sprint.attempts ? "failed" : "pending";
			current = { ...current, attempts: attempt, status, commit, failures };
			const updated = [...state.milestones];
			updated[index] = current;
			state = save({ ...state, milestones: updated, wall_ms: elapsed() });
			log.event({
				kind: "attempt_end",
				segment: milestone.id,
				attempt,
				ok: failure === null,
				...(failure === null ? {} : { text: failure }),
			});
			request.say?.(
				`${milestone.id} attempt ${attempt}: ${failure === null ? "passed" : `failed: ${failure.split("\n")[0]}`}`,
			);
		}
		log.event({ kind: "milestone_end", segment: milestone.id, attempt: null, ok: current.status === "passed" });
		if (current.status === "failed") break;
	}
	const outcome = finishedOutcome(state);
	log.event({ kind: "run_end", segment: null, attempt: null, ok: outcome === "passed", text: outcome });
	return { outcome, state, error: null };
}

/** `passed` when every milestone passed, else `fail@` the first that failed. */
function finishedOutcome(state: SprintRunState): SprintOutcome {
	if (state.phase === "harness_error") return "harness_error";
	const failed = state.milestones.find((milestone) => milestone.status === "failed");
	return failed === undefined ? "passed" : `fail@${failed.id}`;
}

/**
 * The scope check (on the attempt's files, read before CI runs) and CI after an attempt: the
 * failure's text, or null when the attempt passed, and the changed paths a pass commits.
 */
async function checkAttempt(
	request: SprintDriveRequest,
	worked: WorkedAttempt,
	segment: string,
	attempt: number,
): Promise<{ failure: string | null; changed: readonly string[] }> {
	const { sprint, log } = request;
	const changed = await attemptChanges(request, worked);
	const outside = request.outOfScope(changed);
	log.event({
		kind: "scope",
		segment,
		attempt,
		ok: outside.length === 0,
		data: { changed: changed.slice(0, 200), outside: outside.slice(0, 200) },
	});
	const ci = await worked.ci.exec({ argv: sprint.commands.ci, timeout_ms: CI_TIMEOUT_MS }, { signal: request.signal });
	const green = ci.exit_code === 0 && !ci.timed_out;
	const tail = `${ci.stdout}\n${ci.stderr}`.trim().split("\n").slice(-30).join("\n");
	log.event({
		kind: "ci",
		segment,
		attempt,
		ok: green,
		text: tail,
		data: { exit_code: ci.exit_code, timed_out: ci.timed_out },
	});
	const fail = (failure: string) => ({ failure, changed });
	if (changed.length === 0) return fail("the attempt changed nothing");
	if (outside.length > 0) return fail(`changes outside the scope (${sprint.scope.join(", ")}): ${outside.join(", ")}`);
	if (!green)
		return fail(
			`CI (${sprint.commands.ci.join(" ")}) failed${ci.timed_out ? " (timed out)" : ` with exit code ${ci.exit_code}`}:\n${tail}`,
		);
	return { failure: null, changed };
}
