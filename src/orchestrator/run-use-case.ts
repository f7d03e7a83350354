import type { Depth, JsonObject, SpecDocument } from "../contract/index.js";
import type { Definitions } from "../definitions/index.js";
import { runtimeCacheDir, type Store } from "../store/index.js";
import { CellWriter } from "./cell-writer.js";
import type { EndpointOverride } from "./endpoint-models.js";
import { type CellContext, type CellOutcome, gradeCell, persistCell } from "./execute-cell.js";
import { refuseOversizedPlan } from "./plan.js";
import { gradeContextFor, prepareAndPlan, type StartedRun } from "./plan-run.js";
import { runPool } from "./pool.js";
import type { PreparedUseCase, RunParts } from "./prepare-use-case.js";
import type { QueueRunOptions, QueueSummary } from "./queue/coordinator.js";
import { recordDeploymentChange } from "./record-deployment.js";
import { countOutcome, emptyTally, type Tally } from "./run-tally.js";
import { StagedInputs } from "./staged-inputs.js";
import type { StopControl } from "./stop-control.js";

/** Runs of at least this many cells record them on the store's writer thread (BackgroundCellWriter). */
export const WRITER_THREAD_MIN_CELLS = 1000;

/**
 * How long the writer thread's batches gather cells. Each commit writes every index page its
 * cells touched; a longer wait shares more of them. At 2,000 cells a second, 100 ms batches cost
 * the run about 2 s less CPU than 20 ms ones over 100,000 cells (bench/overhead).
 */
const THREAD_BATCH_DELAY_MS = 100;

/** What `touchstone run` asks for. */
export interface RunRequest {
	readonly definitions: Definitions;
	/**
	 * The store cells are skipped against and written to. A dry run only reads it, and may pass
	 * null when there is no store yet (then every cell is to run).
	 */
	readonly store: Store | null;
	readonly useCaseId: string;
	/** `--models`: registry ids; the use case's fleet when absent. */
	readonly models?: readonly string[] | undefined;
	/** `--base-url`: run `models` at this OpenAI-compatible endpoint, as rows of their own. */
	readonly endpoint?: EndpointOverride | undefined;
	readonly depth: Depth;
	/** `--samples`: samples per case at thorough depth; the use case's `samples` when absent. */
	readonly samples?: number | undefined;
	/** `--task`: plan only these tasks of a task use case's pack (the spec still holds them all); every task when absent. */
	readonly tasks?: readonly string[] | undefined;
	readonly concurrency: number;
	/** `--force`: re-run cells that already have a current complete row. */
	readonly force: boolean;
	/** `--dry-run`: plan, but write nothing (no spec snapshot, no activation) and call no model. */
	readonly dryRun: boolean;
	readonly parts: RunParts;
	readonly stop: StopControl;
	/** Kept in every run's provenance (touchstone version, host). */
	readonly provenance: JsonObject;
	readonly hooks?: RunHooks;
	/**
	 * Record cells on the store's writer thread (true) or on this one (false); by default, the
	 * thread for runs of at least {@link WRITER_THREAD_MIN_CELLS} cells.
	 */
	readonly writerThread?: boolean;
	/**
	 * `--queue`: put the cells to run on this Redis queue for `touchstone worker`s to execute, and
	 * write what they return here (the one writer); in this process when absent.
	 */
	readonly queue?: QueueRunOptions | undefined;
}

/** Events of a run, for progress displays. */
export interface RunHooks {
	/**
	 * Called once the use case's cases are loaded and its spec is built, with the loaded cases,
	 * before the cells are planned and the spec frozen.
	 */
	onPrepared?(prepared: PreparedUseCase): void;
	/**
	 * Called once the cells are planned, just before the spec is frozen: the loaded cases are
	 * packed into the plan by then and the objects let go, so this is the moment to compact the
	 * heap before the freeze's large write (the CLI does).
	 */
	onPlanned?(): void;
	/** Called once the plan is known, before any cell runs. */
	onRunStart?(plan: RunPlan): void;
	/** Called after each cell is written (or abandoned). */
	onCellEnd?(outcome: CellOutcome): void;
}

/** The plan of a run: what will run and what is skipped as already current. */
export interface RunPlan {
	/** The prepared use case, but its cases: the plan holds them packed by now. */
	readonly prepared: Omit<PreparedUseCase, "cases">;
	/** Cases the plan covers: those `--task` names, or every case of the use case. */
	readonly cases: number;
	readonly planned: number;
	readonly skipped: number;
	/** Cells this invocation will run. */
	readonly toRun: number;
}

/** How a run ended. */
export interface RunSummary {
	readonly benchmark_version: string;
	readonly planned: number;
	readonly skipped: number;
	readonly executed: number;
	/** Cells not written because the run was stopped: a re-run does them. */
	readonly remaining: number;
	readonly statuses: Readonly<Record<string, number>>;
	readonly grader_errors: number;
	/** Sum of the known costs of this invocation's cells. */
	readonly cost_usd: number;
	/** Cells of this invocation whose cost is unknown (so `cost_usd` is a lower bound when > 0). */
	readonly unknown_cost: number;
	readonly stopped: boolean;
	readonly dry_run: boolean;
	/** A `--queue` run's figures (duplicates dropped, cells workers failed); null in process. */
	readonly queue: QueueSummary | null;
}

/**
 * `plan → skip current cells → execute → persist` for one use case. The spec is frozen and made
 * current before any result is written. A dry run stops after the plan and writes nothing: made
 * current, its spec would turn the rows of the definitions in force into stale ones before
 * anything ran. Cells already holding a complete current row are skipped unless forced.
 */
export async function runUseCase(request: RunRequest): Promise<RunSummary> {
	const started = await startRun(request);
	const { plan, toRun } = started;
	let queue: QueueSummary | null = null;
	let tally: Tally = emptyTally();
	if (!request.dryRun && request.queue !== undefined) {
		// Loaded here alone: BullMQ and ioredis stay out of the start-up of every run without --queue.
		const { executeOnQueue } = await import("./queue/coordinator.js");
		const onQueue = await executeOnQueue(request, writableStore(request), started, request.queue);
		tally = onQueue.tally;
		queue = onQueue.summary;
	} else if (!request.dryRun) tally = await executeCells(request, writableStore(request), started);
	return {
		benchmark_version: started.context.benchmarkVersion,
		planned: plan.size,
		skipped: plan.size - toRun.length,
		executed: tally.executed,
		remaining: toRun.length - tally.executed,
		statuses: tally.statuses,
		grader_errors: tally.graderErrors,
		cost_usd: tally.cost,
		unknown_cost: tally.unknownCost,
		stopped: request.stop.stopping,
		dry_run: request.dryRun,
		queue,
	};
}

/**
 * Prepares the use case, freezes and activates its spec (not on a dry run), plans the cells and
 * picks those to run. What it returns holds no reference to the spec document: a pack of 50,000
 * cases spends megabytes on it, and the run needs only the plan (bench/overhead).
 */
async function startRun(request: RunRequest): Promise<StartedRun> {
	const { store, stop } = request;
	const { prepared, plan, cases, samples } = await prepareAndPlan({
		...request,
		recordedEndpoints: (store?.currentSpec(request.useCaseId)?.spec as unknown as SpecDocument | undefined)?.endpoints,
		signal: stop.signal,
		...(store === null ? {} : { runtimeCacheDir: runtimeCacheDir(store.paths) }),
		onPrepared: request.hooks?.onPrepared,
	});
	request.hooks?.onPlanned?.();
	const { spec } = prepared;
	// Refused before the spec is written: a plan this large is a typo, and would not fit in memory.
	refuseOversizedPlan(prepared.useCase.id, plan.size);
	if (!request.dryRun) {
		const writable = writableStore(request);
		writable.freezeSpec({
			benchmark_version: spec.benchmark_version,
			use_case_id: prepared.useCase.id,
			spec_hash: spec.spec_hash,
			spec: spec.document as unknown as JsonObject,
			home_repo: null,
			methodology: spec.methodology,
		});
		writable.activateSpec(prepared.useCase.id, spec.benchmark_version);
		recordDeploymentChange(writable, prepared.useCase.id, prepared.useCase.deployed);
	}

	const toRun = plan.remaining(
		request.force || store === null ? new Set<string>() : store.completeCellKeys(prepared.useCase.id),
	);
	request.hooks?.onRunStart?.({
		prepared,
		cases,
		planned: plan.size,
		skipped: plan.size - toRun.length,
		toRun: toRun.length,
	});
	return {
		plan,
		toRun,
		samples,
		endpoints: spec.document.endpoints ?? null,
		context: gradeContextFor(prepared, {
			definitions: request.definitions,
			depth: request.depth,
			provenance: request.provenance,
			signal: stop.signal,
			env: request.parts.env ?? {},
		}),
	};
}

/** The store a run that writes needs; only a dry run may have none. */
export function writableStore(request: RunRequest): Store {
	if (request.store === null) throw new TypeError("runUseCase: only a dry run may go without a store");
	return request.store;
}

/** Runs, grades and writes the cells of a started run, `concurrency` at a time, until done or stopped. */
async function executeCells(request: RunRequest, store: Store, started: StartedRun): Promise<Tally> {
	const { plan, toRun } = started;
	const { stop } = request;
	// A large run records on the store's writer thread, so that inserts and commits do not hold up
	// the model calls (about 5 % less wall time at 100,000 cells in bench/overhead); a small one
	// is not worth starting a thread for.
	const useThread = request.writerThread ?? toRun.length >= WRITER_THREAD_MIN_CELLS;
	const thread = useThread ? store.startBackgroundWriter() : null;
	// On its own thread a commit stalls nothing, so batches can wait longer and share more pages.
	const writer =
		thread === null
			? new CellWriter((cells) => store.recordCells(cells))
			: new CellWriter((cells) => thread.record(cells), { delayMs: THREAD_BATCH_DELAY_MS });
	const context: CellContext = { ...started.context, store, writer, stagedInputs: new StagedInputs() };
	const tally = emptyTally();
	const count = (outcome: CellOutcome) => {
		countOutcome(tally, outcome);
		request.hooks?.onCellEnd?.(outcome);
	};
	// A worker hands its graded cell to persistence and takes the next cell at once, so model
	// calls in flight stay at `concurrency` while files and rows are written behind them.
	// Persistence may lag by at most four times `concurrency` cells (a slow commit on a busy
	// machine) before a worker waits for it.
	const persisting = new Set<Promise<void>>();
	const waiting: (() => void)[] = [];
	let persistError: unknown;
	await runPool(
		toRun,
		request.concurrency,
		async (index) => {
			const graded = await gradeCell(plan.cell(index), context);
			if ("run_id" in graded) return count(graded);
			const written = persistCell(graded, context)
				.then(count, (error: unknown) => {
					// The store refused a write: stop scheduling, let the rest drain, then fail.
					if (persistError === undefined && !stop.stopping) stop.request();
					persistError ??= error;
				})
				.finally(() => {
					persisting.delete(written);
					waiting.shift()?.();
				});
			persisting.add(written);
			// A queue, not Promise.race over the set: racing hundreds of promises per cell
			// costs quadratic reactions and garbage.
			if (persisting.size >= 4 * request.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
		},
		() => stop.stopping,
	);
	try {
		context.writer.flush();
		await Promise.all(persisting);
		await context.writer.drain();
	} finally {
		await thread?.close();
	}
	if (persistError !== undefined) throw persistError;
	return tally;
}
