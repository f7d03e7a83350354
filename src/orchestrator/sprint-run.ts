import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import {
	type CompletionUsage,
	type JsonObject,
	type ModelEntry,
	NotFoundError,
	type OrchestrationMode,
	type Provider,
	type SprintDefinition,
	type SprintOutcome,
	type SprintRowInput,
	type SprintRunState,
	TouchstoneError,
} from "../contract/index.js";
import { type Definitions, findModel, findSprint, planMilestones, sprintVersion } from "../definitions/index.js";
import { type FoldedSprintRow, foldSprintRow, scopeCheck, writeSprintArtifacts } from "../graders/index.js";
import { costOf } from "../providers/index.js";
import {
	type AgentTask,
	createExternalRunner,
	type DriveLog,
	driveSprint,
	logAgentTrace,
	openSprintLog,
	prepareSource,
	readRunState,
	type SprintRunLog,
	type SprintWorkspace,
	sprintWorkspace,
	writeRunState,
} from "../runners/index.js";
import type { Store } from "../store/index.js";
import { commandAccess } from "./command-access.js";
import { recordSprintRun } from "./sprint-row.js";
import { type SprintScored, scoreSprint } from "./sprint-score.js";
import { sprintCase } from "./sprint-spec.js";

/** What `touchstone sprint run` asks for. */
export interface SprintRunRequest {
	readonly definitions: Definitions;
	readonly sprintId: string;
	readonly modelId: string;
	/** The orchestration mode; the sprint's default when absent. */
	readonly orchestration?: OrchestrationMode | undefined;
	/** The folder `.touchstone/sprints/` is under (the current one). */
	readonly baseDir: string;
	/** Where history.md, runs/ and reports/ of each sprint go (a folder per sprint inside). */
	readonly resultsDir: string;
	readonly store: Store;
	readonly providerFor: (model: ModelEntry) => Provider;
	readonly sandbox: { readonly backend: "auto" | "bubblewrap" | "process"; readonly allowUnisolated: boolean };
	/** Kept in the row's provenance (touchstone version, host). */
	readonly provenance: JsonObject;
	readonly env?: Readonly<Record<string, string | undefined>>;
	readonly signal: AbortSignal;
	readonly say?: (line: string) => void;
}

/** How `touchstone sprint run` ended. */
export type SprintRunReport =
	| { readonly kind: "stopped"; readonly workspace: string }
	| {
			readonly kind: "recorded";
			readonly outcome: SprintOutcome;
			readonly row: SprintRowInput;
			readonly folded: FoldedSprintRow;
			readonly scored: SprintScored | null;
			readonly run_id: string;
			readonly files: { readonly history: string; readonly detail: string; readonly report: string };
			readonly error: string | null;
	  };

/** The sprint and model a request names, or a NotFoundError saying which exist. */
export function sprintAndModel(
	definitions: Definitions,
	sprintId: string,
	modelId: string,
): { sprint: SprintDefinition; model: ModelEntry } {
	const sprint = findSprint(definitions, sprintId);
	if (sprint === undefined)
		throw new NotFoundError(
			`no sprint \`${sprintId}\` in ${join(definitions.dir, "sprints")}; there are: ${definitions.sprints.map((known) => known.id).join(", ") || "none"}`,
		);
	const model = findModel(definitions, modelId);
	if (model === undefined)
		throw new NotFoundError(
			`no model \`${modelId}\` in models.yaml; add it there, or pick one of: ${definitions.models.map((known) => known.id).join(", ")}`,
		);
	return { sprint, model };
}

/**
 * One sprint run, end to end: prepares the source (a seeded folder becomes its frozen commit,
 * checked against the registry's baseline), drives every milestone (resuming a killed run), then
 * scores every layer, writes the detail JSON, the human report and the history row, and records
 * the row in the store. A stopped run records nothing: re-running the command resumes it.
 */
export async function runSprint(request: SprintRunRequest): Promise<SprintRunReport> {
	const { sprint, model } = sprintAndModel(request.definitions, request.sprintId, request.modelId);
	const orchestration = request.orchestration ?? sprint.orchestration;
	const version = await sprintVersion(sprint);
	const workspace = sprintWorkspace(request.baseDir, sprint, model.id, orchestration);
	const source = await prepareSource(
		sprint.dir,
		sprint.source.repo,
		join(request.baseDir, ".touchstone", "sources", sprint.id),
	);
	if (
		source.baseline !== null &&
		!source.baseline.startsWith(sprint.source.baseline) &&
		!sprint.source.baseline.startsWith(source.baseline)
	)
		throw new TouchstoneError(
			"sprint-baseline",
			`the seeded repository of sprint ${sprint.id} is commit ${source.baseline}, not sprint.yaml's baseline ${sprint.source.baseline}: its files changed since the sprint was frozen`,
			{
				data: {
					fix: "a new baseline is a new sprint: copy the sprint under a new id with the new baseline, and restore this one's files",
				},
			},
		);
	const earlier = readRunState(workspace);
	if (earlier?.phase === "finished")
		throw new TouchstoneError(
			"sprint-finished",
			`sprint ${sprint.id} by ${model.id} (${orchestration}) has finished in ${workspace.root}; its row is in the history`,
			{
				data: {
					fix: `remove the workspace with \`touchstone sprint prune --sprint ${sprint.id} --model ${model.id} --orchestration ${orchestration}\` to run it again`,
				},
			},
		);
	await mkdir(workspace.root, { recursive: true });
	const log = openSprintLog(workspace.log);
	// An external agent reaches its model itself; the agent harness calls it through the provider.
	const provider = model.provider === "command" ? unusedProvider(model) : request.providerFor(model);
	const price = model.price ?? null;
	const priced = (usage: CompletionUsage) => costOf({ usage, billed_cost_usd: null }, price);
	const runLog: SprintRunLog = {
		attempt: (segment, attempt): DriveLog => ({
			turn: (role, steps, replies) => logAgentTrace(log, { segment, attempt, role }, steps, replies, priced),
			worker: (role, result) => logAgentTrace(log, { segment, attempt, role }, result.trace, result.replies, priced),
			contextDeath: (role, text) => log.append({ kind: "context_death", segment, attempt, role, text }),
			error: (role, text, data) =>
				log.append({ kind: "error", segment, attempt, role, text, ...(data === undefined ? {} : { data }) }),
		}),
		event: (entry) =>
			log.append({
				...entry,
				role: "harness",
				...(entry.data === undefined ? {} : { data: entry.data as JsonObject }),
			}),
	};
	const external =
		model.provider === "command"
			? (task: AgentTask, signal: AbortSignal) =>
					createExternalRunner({
						name: model.id,
						command: model.command ?? [],
						resolveTask: () => task,
						access: commandAccess(model, request.env ?? {}),
						sandbox: request.sandbox,
					}).run({ case: sprintCase(sprint, version), model, sample_index: 0, harness: {} }, { signal })
			: undefined;
	const drive = await driveSprint({
		...(external === undefined ? {} : { external }),
		sprint,
		sprintVersion: version,
		model,
		provider,
		orchestration,
		workspace,
		source: { repo: source.gitDir, baseline: source.baseline ?? sprint.source.baseline },
		milestones: (plan) => sprint.milestones ?? planMilestones(plan ?? "").milestones,
		outOfScope: (paths) => scopeCheck(paths, sprint.scope).outside,
		sandbox: request.sandbox,
		log: runLog,
		signal: request.signal,
		...(request.say === undefined ? {} : { say: request.say }),
	});
	if (drive.outcome === "stopped") return { kind: "stopped", workspace: workspace.root };
	const outcome = drive.outcome;
	request.say?.(`${sprint.id} by ${model.id} (${orchestration}): ${outcome}; scoring`);
	const scored =
		outcome === "harness_error"
			? null
			: await scoreSprint({
					definitions: request.definitions,
					sprint,
					model,
					workspace,
					state: drive.state,
					outcome,
					providerFor: request.providerFor,
					sandbox: request.sandbox,
					signal: request.signal,
				});
	const recorded = await recordScored(request, {
		sprint,
		model,
		version,
		orchestration,
		workspace,
		state: drive.state,
		outcome,
		scored,
		harnessError: drive.error,
	});
	writeRunState(workspace, { ...drive.state, phase: outcome === "harness_error" ? "harness_error" : "finished" });
	return recorded;
}

/** What a scored run is folded and recorded from. */
export interface ScoredRun {
	readonly sprint: SprintDefinition;
	readonly model: ModelEntry;
	readonly version: string;
	readonly orchestration: OrchestrationMode;
	readonly workspace: SprintWorkspace;
	readonly state: SprintRunState;
	readonly outcome: SprintOutcome;
	readonly scored: SprintScored | null;
	readonly harnessError: string | null;
}

/** Folds a scored run into its row, writes the detail JSON, the report and the history row, and records it in the store. */
export async function recordScored(
	request: Pick<SprintRunRequest, "definitions" | "resultsDir" | "store" | "provenance" | "env" | "sandbox">,
	run: ScoredRun,
): Promise<SprintRunReport & { kind: "recorded" }> {
	const { sprint, model, version, orchestration, workspace, outcome, scored } = run;
	const state = run.state;
	const drive = { state, error: run.harnessError };
	const finishedAt = new Date().toISOString();
	const row: SprintRowInput = {
		sprint: sprint.id,
		sprint_version: version,
		model: model.id,
		orchestration,
		branch: workspace.branch,
		workspace: workspace.root,
		outcome,
		footprint: scored?.footprint ?? {
			diff: { added: 0, removed: 0, files: 0 },
			input_tokens: null,
			output_tokens: null,
			cost_usd: null,
			cost_unknown_calls: 0,
			wall_clock_s: drive.state.wall_ms / 1000,
			calls: 0,
		},
		layers: scored?.layers ?? {},
		started_at: drive.state.started_at,
		finished_at: finishedAt,
		log: "run.ndjson",
		provenance: {
			...request.provenance,
			sandbox: request.sandbox.backend,
			milestones: drive.state.milestones as unknown as JsonObject[],
		},
	};
	const folded = foldSprintRow(row, sprint.scoring.weights);
	const files = await writeSprintArtifacts(join(request.resultsDir, sprint.id), row, folded);
	const failure = drive.state.milestones.find((milestone) => milestone.status === "failed");
	const error =
		outcome === "harness_error" ? drive.error : failure === undefined ? null : (failure.failures.at(-1) ?? null);
	const runId = await recordSprintRun(request.store, {
		...row,
		definitions: request.definitions,
		sprint,
		code_score: folded.code_score,
		error,
		diff: scored?.diff ?? null,
		...(request.env === undefined ? {} : { env: request.env }),
	});
	return { kind: "recorded", outcome, row, folded, scored, run_id: runId, files, error };
}

/** The provider slot of an external agent's run, which never calls it (the agent reaches its model itself). */
function unusedProvider(model: ModelEntry): Provider {
	return {
		specificationVersion: "v1",
		id: `external:${model.id}`,
		endpoint: null,
		complete: () => Promise.reject(new TouchstoneError("sprint-external", "an external agent's run calls no provider")),
	};
}
