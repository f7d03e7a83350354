import type { Depth, JsonObject, SpecDocument, SpecEndpoints } from "../contract/index.js";
import { type Definitions, findUseCase } from "../definitions/index.js";
import type { EndpointOverride } from "./endpoint-models.js";
import type { GradeContext } from "./execute-cell.js";
import { knownSecrets } from "./known-secrets.js";
import { type CellPlan, planCells } from "./plan.js";
import { type PreparedUseCase, prepareUseCase, type RunParts } from "./prepare-use-case.js";
import { SecretRedactor } from "./secret-redactor.js";
import { refuseTasksOutsidePack, selectTasks } from "./task-selection.js";

/**
 * What planning a run needs: the choices of `touchstone run` that decide its cells. A run in
 * process and a queue worker plan from the same choices, so both compute the same spec and the
 * same cell keys (a worker whose definitions differ is told so by the benchmark version).
 */
export interface PlanRequest {
	readonly definitions: Definitions;
	readonly useCaseId: string;
	readonly models?: readonly string[] | undefined;
	readonly endpoint?: EndpointOverride | undefined;
	/** The endpoint models the current spec records (see PrepareOptions.recordedEndpoints). */
	readonly recordedEndpoints?: SpecEndpoints | undefined;
	readonly depth: Depth;
	readonly samples?: number | undefined;
	readonly tasks?: readonly string[] | undefined;
	readonly parts: RunParts;
	readonly signal: AbortSignal;
	readonly runtimeCacheDir?: string | undefined;
	/** Called with the loaded cases before they are packed into the plan. */
	readonly onPrepared?: ((prepared: PreparedUseCase) => void) | undefined;
}

/** A planned run: the prepared use case without its cases (the plan holds them packed). */
export interface PlannedRun {
	readonly prepared: Omit<PreparedUseCase, "cases">;
	readonly plan: CellPlan;
	/** Cases the plan covers. */
	readonly cases: number;
	/** Samples per case the plan was made with. */
	readonly samples: number;
}

/** A run ready to execute: its plan, the cells to run, and what each cell needs. */
export interface StartedRun {
	readonly plan: CellPlan;
	readonly toRun: Uint32Array;
	/** Samples per case the plan was made with. */
	readonly samples: number;
	/** What each cell needs to be run and graded; the store and writer are chosen when the cells run. */
	readonly context: GradeContext;
	/** The endpoint models the spec records: a queue worker prepares with them to reach the same spec. */
	readonly endpoints: SpecEndpoints | null;
}

/**
 * Prepares the use case and plans its cells. Returns the prepared use case without its cases,
 * which the plan holds packed: once this returns, nothing refers to the loaded case objects, so
 * they are garbage before the spec is frozen (about 20 MB of a 50,000-case pack at the moment
 * the freeze writes its largest value, bench/overhead).
 */
export async function prepareAndPlan(request: PlanRequest): Promise<PlannedRun> {
	refuseTasksOutsidePack(findUseCase(request.definitions, request.useCaseId), request.tasks ?? []);
	const { cases: loaded, ...prepared } = await prepareUseCase(request.definitions, request.useCaseId, {
		models: request.models,
		endpoint: request.endpoint,
		recordedEndpoints: request.recordedEndpoints,
		parts: request.parts,
		signal: request.signal,
		...(request.runtimeCacheDir === undefined ? {} : { runtimeCacheDir: request.runtimeCacheDir }),
	});
	request.onPrepared?.({ ...prepared, cases: loaded });
	const cases = selectTasks(prepared.useCase, loaded, request.tasks ?? []);
	const samples = request.samples ?? prepared.useCase.samples;
	const plan = planCells({
		spec: prepared.spec.document,
		cases,
		fleet: prepared.fleet,
		depth: request.depth,
		samples,
	});
	return { prepared, plan, cases: cases.length, samples };
}

/**
 * What running and grading a cell of a planned run needs (see gradeCell). The redactor knows
 * every key of the registry in `env`, not only the fleet's: a model may echo any secret it comes by.
 */
export function gradeContextFor(
	prepared: Omit<PreparedUseCase, "cases">,
	options: {
		readonly definitions: Definitions;
		readonly depth: Depth;
		readonly provenance: JsonObject;
		readonly signal: AbortSignal;
		readonly env: Readonly<Record<string, string | undefined>>;
	},
): GradeContext {
	const { spec } = prepared;
	return {
		runner: prepared.runner,
		grader: prepared.grader,
		harnessConfig: prepared.harnessConfig,
		benchmarkVersion: spec.benchmark_version,
		useCaseId: prepared.useCase.id,
		headline: (spec.document as SpecDocument).headline,
		depth: options.depth,
		provenance: options.provenance,
		signal: options.signal,
		redactor: new SecretRedactor(knownSecrets([...options.definitions.models, ...prepared.fleet], options.env)),
	};
}
