import { hostname } from "node:os";
import type { Depth } from "../contract/index.js";
import { type Definitions, retiredFor } from "../definitions/index.js";
import {
	type EndpointOverride,
	type QueueRunOptions,
	type RunParts,
	type RunSummary,
	runUseCase,
	StopControl,
} from "../orchestrator/index.js";
import type { Store } from "../store/index.js";
import { evaluateGates, type Gate, type GateReport, leaderboard } from "../views/index.js";
import { CliFailure } from "./exit-codes.js";
import { formatCost } from "./format.js";
import { gateFailure, printGates } from "./gate-flags.js";
import { compactHeap } from "./heap-tuning.js";
import { type CliIo, printJson, printLine } from "./io.js";
import { VERSION } from "./package-info.js";
import { printLeaderboard } from "./print-leaderboard.js";
import { printQueueSummary } from "./print-queue-summary.js";
import { Progress } from "./progress.js";

/** One `run` as the CLI asks for it. */
export interface RunChoices {
	readonly useCase: string;
	readonly models?: readonly string[] | undefined;
	/** `--base-url` (and `--api-key-env`): the endpoint `models` run at, as rows of their own. */
	readonly endpoint?: EndpointOverride | undefined;
	readonly depth: Depth;
	readonly samples?: number | undefined;
	/** `--task`: only these tasks of a task use case's pack. */
	readonly tasks?: readonly string[] | undefined;
	readonly concurrency: number;
	readonly force: boolean;
	readonly dryRun: boolean;
	readonly json: boolean;
	/** `--fail-under`: held against the rows of the models this run ran, once it has run. */
	readonly gates?: readonly Gate[] | undefined;
	/** `--queue`: the cells go to `touchstone worker`s on this Redis. */
	readonly queue?: QueueRunOptions | undefined;
}

/** How a run went, and why the command should exit 1 though the run itself ended. */
export interface RunOutcome {
	readonly summary: RunSummary;
	/** Cells left ungraded, or a gate that fell short; null when the run did its whole job. */
	readonly failure: CliFailure | null;
}

/**
 * Runs one use case with progress on stderr and Ctrl-C handling (first: drain, second: abandon),
 * then prints the summary, the leaderboard and the gates. A stopped run with cells left throws,
 * so the exit code says the work is unfinished; a run that left cells ungraded (harness or
 * grader errors after retries) or fell short of a gate comes back with its failure, for the
 * caller to end with.
 */
export async function runAndReport(
	io: CliIo,
	store: Store | null,
	definitions: Definitions,
	parts: RunParts,
	choices: RunChoices,
): Promise<RunOutcome> {
	const { summary, fleet } = await runWithProgress(io, store, definitions, parts, choices);
	if (summary.dry_run || store === null) {
		reportDryRun(io, summary, choices);
		return { summary, failure: null };
	}
	const board = leaderboard(store, choices.useCase);
	const gates =
		choices.gates === undefined || choices.gates.length === 0
			? null
			: evaluateGates(board, choices.gates, { models: fleet });
	if (choices.json) printJson(io, { summary, leaderboard: board, gates });
	else {
		printSummary(io, summary);
		printLine(io);
		printLeaderboard(io, board);
		if (gates !== null) printGates(io, gates);
	}
	if (summary.stopped && summary.remaining > 0)
		throw new CliFailure(
			"run-stopped",
			`stopped with ${summary.remaining} cells left`,
			"run the same command again to resume",
		);
	return { summary, failure: runFailure(summary, gates, choices.useCase) };
}

/**
 * Runs one use case with progress on stderr and Ctrl-C handling (first: drain, second: abandon),
 * printing nothing else: the run's summary and the ids of the models it planned. Shared by `run`
 * and the commands that run cells on the way to an answer of their own (`ladder`).
 */
export async function runWithProgress(
	io: CliIo,
	store: Store | null,
	definitions: Definitions,
	parts: RunParts,
	choices: Omit<RunChoices, "json" | "gates">,
): Promise<{ summary: RunSummary; fleet: ReadonlySet<string> }> {
	const stop = new StopControl();
	const onSignal = () => {
		const count = stop.request();
		io.stderr.write(
			count === 1
				? "\nstopping: no new cells; waiting for those in flight (Ctrl-C again to abandon them)\n"
				: "\nabandoning in-flight cells; run the same command again to resume\n",
		);
	};
	process.on("SIGINT", onSignal);
	let progress: Progress | undefined;
	let fleet: ReadonlySet<string> = new Set();
	try {
		const summary = await runUseCase({
			definitions,
			store,
			useCaseId: choices.useCase,
			models: choices.models,
			endpoint: choices.endpoint,
			depth: choices.depth,
			samples: choices.samples,
			tasks: choices.tasks,
			concurrency: choices.concurrency,
			force: choices.force,
			dryRun: choices.dryRun,
			queue: choices.queue,
			parts,
			stop,
			provenance: { touchstone: VERSION, host: hostname(), node: process.version },
			hooks: {
				onPlanned: compactHeap,
				onRunStart: (plan) => {
					fleet = new Set(plan.prepared.fleet.map((model) => model.id));
					io.stderr.write(
						`${plan.prepared.useCase.id}: ${plan.planned} cells planned (${plan.prepared.fleet.length} models × ${plan.cases} cases, ${choices.depth}), ${plan.skipped} already current, ${plan.toRun} to run\n`,
					);
					const retired = choices.models === undefined ? retiredFor(definitions, plan.prepared.useCase) : [];
					if (retired.length > 0)
						io.stderr.write(
							`retired, not run: ${retired.map((model) => model.id).join(", ")} (touchstone drop; their stored results stay)\n`,
						);
					if (!choices.dryRun) progress = new Progress(io, plan.toRun);
				},
				onCellEnd: (outcome) =>
					progress?.onCellEnd({
						failed: outcome.attempt.status !== "completed" || outcome.grader_error !== null,
						cost_usd: outcome.attempt.telemetry.cost_usd,
					}),
			},
		});
		return { summary, fleet };
	} finally {
		process.off("SIGINT", onSignal);
		progress?.finish();
	}
}

function reportDryRun(io: CliIo, summary: RunSummary, choices: RunChoices): void {
	if (choices.json) {
		printJson(io, { summary, leaderboard: null, gates: null });
		return;
	}
	printLine(
		io,
		`dry run: ${summary.planned - summary.skipped} of ${summary.planned} cells would run under spec ${summary.benchmark_version}; no model was called and nothing was written.`,
	);
	if (choices.gates !== undefined && choices.gates.length > 0)
		printLine(io, "  --fail-under is not checked on a dry run: there is nothing new to gate.");
}

function printSummary(io: CliIo, summary: RunSummary): void {
	const statuses = Object.entries(summary.statuses)
		.map(([status, count]) => `${count} ${status}`)
		.join(", ");
	printLine(
		io,
		`ran ${summary.executed} cells (${statuses || "none"}), skipped ${summary.skipped} current, cost ${formatCost(summary.cost_usd, summary.unknown_cost)}${summary.grader_errors > 0 ? `, ${summary.grader_errors} grader errors` : ""}`,
	);
	if (summary.queue !== null) printQueueSummary(io, summary.queue);
}

/**
 * Why a run that ended exits 1: cells this run left without a grade (a harness error that
 * outlived its retries, or a grader that could not grade; skipped cells are graded ones), or
 * gates that fell short. Null when every planned cell is graded and every gate held.
 */
function runFailure(summary: RunSummary, gates: GateReport | null, useCaseId: string): CliFailure | null {
	const onWorkers = summary.queue?.failed_count ?? 0;
	if (onWorkers > 0)
		return new CliFailure(
			"run-incomplete",
			`${onWorkers} of ${summary.planned} planned cells were not run: the workers failed them (listed above), and nothing of them was written`,
			"fix what the reasons say (a worker's definitions or fixtures, its keys), then run the same command again: it runs only those cells",
		);
	const harnessErrors = summary.statuses.harness_error ?? 0;
	const ungraded = harnessErrors + summary.grader_errors;
	if (ungraded === 0) return gates === null ? null : gateFailure(gates);
	const gate =
		gates === null || gates.passed
			? ""
			: `, and ${gates.failed} of ${gates.checks.length} gate checks fell short (listed under Gates)`;
	return new CliFailure(
		"run-incomplete",
		`${ungraded} of ${summary.planned} planned cells ended without a grade after retries (${harnessErrors} harness errors, ${summary.grader_errors} grader errors): the run did not finish its job${gate}`,
		`see why in the errors column or with touchstone inspect --use-case ${useCaseId} --case CASE, then run the same command again to retry those cells`,
	);
}
