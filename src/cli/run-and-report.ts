import { hostname } from "node:os";
import type { Depth } from "../contract/index.js";
import { TouchstoneError } from "../contract/index.js";
import type { Definitions } from "../definitions/index.js";
import { type RunParts, type RunSummary, runUseCase, StopControl } from "../orchestrator/index.js";
import type { Store } from "../store/index.js";
import { leaderboard } from "../views/index.js";
import { formatCost } from "./format.js";
import { compactHeap } from "./heap-tuning.js";
import { type CliIo, printJson, printLine } from "./io.js";
import { VERSION } from "./package-info.js";
import { printLeaderboard } from "./print-leaderboard.js";
import { Progress } from "./progress.js";

/** One `run` as the CLI asks for it. */
export interface RunChoices {
	readonly useCase: string;
	readonly models?: readonly string[] | undefined;
	readonly depth: Depth;
	readonly samples?: number | undefined;
	readonly concurrency: number;
	readonly force: boolean;
	readonly dryRun: boolean;
	readonly json: boolean;
}

/**
 * Runs one use case with progress on stderr and Ctrl-C handling (first: drain, second: abandon),
 * then prints the summary and the leaderboard. A stopped run with cells left throws, so the
 * exit code says the work is unfinished.
 */
export async function runAndReport(
	io: CliIo,
	store: Store | null,
	definitions: Definitions,
	parts: RunParts,
	choices: RunChoices,
): Promise<RunSummary> {
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
	let summary: RunSummary;
	try {
		summary = await runUseCase({
			definitions,
			store,
			useCaseId: choices.useCase,
			models: choices.models,
			depth: choices.depth,
			samples: choices.samples,
			concurrency: choices.concurrency,
			force: choices.force,
			dryRun: choices.dryRun,
			parts,
			stop,
			provenance: { touchstone: VERSION, host: hostname(), node: process.version },
			hooks: {
				onPrepared: compactHeap,
				onRunStart: (plan) => {
					io.stderr.write(
						`${plan.prepared.useCase.id}: ${plan.planned} cells planned (${plan.prepared.fleet.length} models × ${plan.prepared.cases.length} cases, ${choices.depth}), ${plan.skipped} already current, ${plan.toRun} to run\n`,
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
	} finally {
		process.off("SIGINT", onSignal);
		progress?.finish();
	}
	report(io, store, summary, choices);
	if (summary.stopped && summary.remaining > 0)
		throw new TouchstoneError(
			"run-stopped",
			`stopped with ${summary.remaining} cells left: run the same command again to resume.`,
		);
	return summary;
}

function report(io: CliIo, store: Store | null, summary: RunSummary, choices: RunChoices): void {
	if (summary.dry_run || store === null) {
		if (choices.json) printJson(io, { summary, leaderboard: null });
		else
			printLine(
				io,
				`dry run: ${summary.planned - summary.skipped} of ${summary.planned} cells would run under spec ${summary.benchmark_version}; no model was called and nothing was written.`,
			);
		return;
	}
	const board = leaderboard(store, choices.useCase);
	if (choices.json) {
		printJson(io, { summary, leaderboard: board });
		return;
	}
	const statuses = Object.entries(summary.statuses)
		.map(([status, count]) => `${count} ${status}`)
		.join(", ");
	printLine(
		io,
		`ran ${summary.executed} cells (${statuses || "none"}), skipped ${summary.skipped} current, cost ${formatCost(summary.cost_usd, summary.unknown_cost)}${summary.grader_errors > 0 ? `, ${summary.grader_errors} grader errors` : ""}`,
	);
	printLine(io);
	printLeaderboard(io, board);
}
