import {
	type JsonObject,
	type ModelEntry,
	type OrchestrationMode,
	type Provider,
	type SprintLayer,
	type SprintLayerResult,
	type SprintOutcome,
	TouchstoneError,
} from "../contract/index.js";
import { type Definitions, sprintVersion } from "../definitions/index.js";
import { readRunState, sprintWorkspace } from "../runners/index.js";
import type { Store } from "../store/index.js";
import { recordScored, type SprintRunReport, sprintAndModel } from "./sprint-run.js";
import { type SprintScoreRequest, scoreSprint } from "./sprint-score.js";

/** What `touchstone sprint score <layer>` asks for. */
export interface SprintRescoreRequest {
	readonly definitions: Definitions;
	readonly sprintId: string;
	readonly modelId: string;
	readonly orchestration?: OrchestrationMode | undefined;
	readonly baseDir: string;
	/** One layer, or `report`: every layer, folded into a new row. */
	readonly layer: SprintLayer | "report";
	readonly resultsDir: string;
	/** Another log for the process and cost layers (an external agent's session log); see SprintScoreRequest. */
	readonly log?: SprintScoreRequest["log"];
	/** Written only by `report`. */
	readonly store: Store | null;
	readonly providerFor: (model: ModelEntry) => Provider;
	readonly sandbox: { readonly backend: "auto" | "bubblewrap" | "process"; readonly allowUnisolated: boolean };
	readonly provenance: JsonObject;
	readonly env?: Readonly<Record<string, string | undefined>>;
	readonly signal: AbortSignal;
}

/**
 * Scores a run's workspace again, as seed 002's bench-score subcommands do: one layer, printed and
 * not recorded, or `report`, every layer folded into a new row (history, detail, report, store).
 * The run must have ended (finished or failed); one still running or stopped is resumed by `sprint run`.
 */
export async function scoreSprintWorkspace(
	request: SprintRescoreRequest,
): Promise<{ kind: "layer"; result: SprintLayerResult } | { kind: "report"; report: SprintRunReport }> {
	const { sprint, model } = sprintAndModel(request.definitions, request.sprintId, request.modelId);
	const orchestration = request.orchestration ?? sprint.orchestration;
	const workspace = sprintWorkspace(request.baseDir, sprint, model.id, orchestration);
	const state = readRunState(workspace);
	const fix = `run it with \`touchstone sprint run --sprint ${sprint.id} --model ${model.id} --orchestration ${orchestration}\``;
	if (state === null)
		throw new TouchstoneError(
			"sprint-no-run",
			`no run of sprint ${sprint.id} by ${model.id} (${orchestration}) in ${workspace.root}`,
			{ data: { fix } },
		);
	if (state.phase !== "finished")
		throw new TouchstoneError("sprint-unfinished", `the run in ${workspace.root} has not finished (${state.phase})`, {
			data: { fix: `${fix} to resume it` },
		});
	const version = await sprintVersion(sprint);
	if (version !== state.sprint_version)
		throw new TouchstoneError(
			"sprint-version",
			`the run in ${workspace.root} ran sprint ${sprint.id} version ${state.sprint_version}; today's is ${version}`,
			{
				data: { fix: "score it with the definitions it ran under, or prune it and run the sprint again" },
			},
		);
	const failed = state.milestones.find((milestone) => milestone.status === "failed");
	const outcome: SprintOutcome = failed === undefined ? "passed" : `fail@${failed.id}`;
	const only = request.layer === "report" ? undefined : [request.layer];
	const scored = await scoreSprint({
		definitions: request.definitions,
		sprint,
		model,
		workspace,
		state,
		outcome,
		providerFor: request.providerFor,
		sandbox: request.sandbox,
		signal: request.signal,
		...(only === undefined ? {} : { only }),
		...(request.log === undefined ? {} : { log: request.log }),
	});
	if (request.layer !== "report") {
		const result = scored.layers[request.layer];
		if (result === undefined) throw new TouchstoneError("sprint-layer", `the ${request.layer} layer gave no result`);
		return { kind: "layer", result };
	}
	if (request.store === null)
		throw new TouchstoneError("sprint-store", "a report is recorded in the store; none was given");
	const report = await recordScored(
		{ ...request, store: request.store },
		{ sprint, model, version, orchestration, workspace, state, outcome, scored, harnessError: null },
	);
	return { kind: "report", report };
}
