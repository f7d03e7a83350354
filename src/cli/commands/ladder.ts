import { join, resolve } from "node:path";
import type { Command } from "commander";
import {
	BadInputError,
	LADDER_TIERS,
	type LadderRecord,
	type LadderTier,
	type LadderTierRecord,
	ladderBounds,
	TASK_FILE,
	type TaskEntry,
} from "../../contract/index.js";
import {
	type Definitions,
	findUseCase,
	ladderAnchors,
	loadLadderScores,
	loadTaskPack,
	writeLadderRecord,
} from "../../definitions/index.js";
import { COUNT_BOUNDS } from "../../input/index.js";
import { defaultRunParts } from "../../orchestrator/index.js";
import { checkLadder, type LadderCheck, type LadderTierScores, ladderScores } from "../../views/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { CliFailure } from "../exit-codes.js";
import { integerUpTo } from "../flag-parsers.js";
import { type CliIo, printJson } from "../io.js";
import { runWithProgress } from "../run-and-report.js";
import { openWritableStore, type StoreFlags, withStoreOptions } from "../store-options.js";
import { printLadder } from "./print-ladder.js";

interface LadderOptions extends StoreFlags, DirOptions {
	readonly useCase: string;
	readonly task: string;
	readonly reps?: number;
	readonly fromJson?: string;
	readonly write?: boolean;
	readonly json?: boolean;
	readonly concurrency: number;
}

/**
 * `touchstone ladder --use-case ID --task ID --reps N`: runs each anchor (the active `role:
 * anchor` models, one per `tags.tier`) N times on one task through the normal run machinery
 * (cells stored and re-used when current), and checks the tiers' mean scores against the task's
 * ladder. `--from-json FILE` checks scores produced elsewhere and runs nothing; `--write` records
 * the outcome in the task's `calibration:` block. Exits 0 when the ladder holds, 1 when not.
 */
export function registerLadderCommand(program: Command, io: CliIo): void {
	const command = withDirOption(program.command("ladder"))
		.description("check a task against the anchor ladder (small <= 0.4, mid in [0.35, 0.8], large >= 0.85, increasing)")
		.requiredOption("--use-case <id>", "the task use case the task belongs to")
		.requiredOption("--task <id>", "the task to check")
		.option(
			"--reps <n>",
			"attempts per anchor (samples 0..N-1; current ones are re-used)",
			integerUpTo(COUNT_BOUNDS.samples),
		)
		.option(
			"--from-json <file>",
			'check scores produced elsewhere, {"small": [...], "mid": [...], "large": [...]}; runs nothing',
		)
		.option("--write", "record the outcome in the task's calibration: block (comments and layout kept)")
		.option("--concurrency <n>", "cells in flight at once", integerUpTo(COUNT_BOUNDS.concurrency), 4)
		.option("--json", "print the check as JSON");
	withStoreOptions(command, "reads and writes").action(async (options: LadderOptions) => {
		refuseFlagMix(options);
		const definitions = loadFromDirOption(options.dir, options.allowPath);
		const entry = ladderTask(definitions, options.useCase, options.task);
		const bounds = ladderBounds(entry.task.calibration?.ladder ?? {});
		const scores =
			options.fromJson === undefined
				? await runAnchors(io, definitions, options, options.reps as number)
				: fileScores(options.fromJson);
		const check = checkLadder(scores, bounds);
		const record = ladderRecord(check, options.fromJson === undefined ? "runs" : "from-json");
		const written = options.write === true ? await writeLadderRecord(join(entry.dir, TASK_FILE), record) : false;
		if (options.json) printJson(io, { task_id: entry.task.id, ...check, written });
		else printLadder(io, entry.task.id, check, options.write === true ? (written ? "written" : "unchanged") : null);
		if (!check.admissible)
			throw new CliFailure(
				"ladder-failed",
				`task \`${entry.task.id}\` does not hold the anchor ladder: ${check.reasons.join("; ")}`,
				"keep it out of the frontier tier, or make it harder (or easier) until the anchors' means fall on the ladder",
			);
	});
}

/** `--reps` says how many runs; `--from-json` runs nothing: exactly one of the two. */
function refuseFlagMix(options: LadderOptions): void {
	const refuse = (message: string, fix: string) => {
		throw new BadInputError(message, [{ source: "--reps", line: null, column: null, path: "", message, fix }]);
	};
	if (options.fromJson === undefined && options.reps === undefined)
		refuse(
			"the ladder needs --reps N (how many attempts per anchor)",
			"add --reps 3, or --from-json FILE with scores produced elsewhere",
		);
	if (options.fromJson !== undefined && options.reps !== undefined)
		refuse(
			"--from-json runs nothing, so --reps has nothing to count",
			"drop --reps, or drop --from-json to run the anchors",
		);
}

/** The task, from the task use case's pack; bad input when either is unknown. */
function ladderTask(definitions: Definitions, useCaseId: string, taskId: string): TaskEntry {
	const useCase = findUseCase(definitions, useCaseId);
	if (useCase === undefined || useCase.tasks === null)
		throw new BadInputError(`no task use case \`${useCaseId}\``, [
			{
				source: "--use-case",
				line: null,
				column: null,
				path: useCaseId,
				message:
					useCase === undefined
						? `use_cases.yaml has no use case \`${useCaseId}\``
						: `use case \`${useCaseId}\` is not a task use case (it has no \`tasks:\` pack)`,
				fix: "name a use case with a `tasks:` pack in use_cases.yaml",
			},
		]);
	// An unknown id is the loader's bad input, with the closest task's name.
	const [entry] = loadTaskPack(resolve(definitions.dir, useCase.tasks), { ids: [taskId] }).tasks;
	if (entry === undefined) throw new Error(`the task pack loaded no task \`${taskId}\``);
	return entry;
}

/** Runs the anchors `reps` times each on the task (current cells re-used), then reads their scores. */
async function runAnchors(
	io: CliIo,
	definitions: Definitions,
	options: LadderOptions,
	reps: number,
): Promise<Record<LadderTier, LadderTierScores>> {
	const anchors = ladderAnchors(definitions);
	const ids = Object.fromEntries(LADDER_TIERS.map((tier) => [tier, anchors[tier].id])) as Record<LadderTier, string>;
	const store = openWritableStore(io, options);
	try {
		const { summary } = await runWithProgress(io, store, definitions, defaultRunParts(io.env), {
			useCase: options.useCase,
			models: LADDER_TIERS.map((tier) => ids[tier]),
			depth: "thorough",
			samples: reps,
			tasks: [options.task],
			concurrency: options.concurrency,
			force: false,
			dryRun: false,
		});
		if (summary.stopped && summary.remaining > 0)
			throw new CliFailure(
				"run-stopped",
				`stopped with ${summary.remaining} cells left`,
				"run the same command again to resume",
			);
		return ladderScores(store, options.useCase, options.task, ids, reps);
	} finally {
		store.close();
	}
}

function fileScores(file: string): Record<LadderTier, LadderTierScores> {
	const scores = loadLadderScores(file);
	const tier = (name: LadderTier): LadderTierScores => ({ anchor: null, scores: scores[name], excluded: 0 });
	return { small: tier("small"), mid: tier("mid"), large: tier("large") };
}

/** The check as task.yaml records it; means rounded to 6 places, so the file reads as decimals. */
function ladderRecord(check: LadderCheck, source: LadderRecord["source"]): LadderRecord {
	const tier = (name: LadderTier): LadderTierRecord => {
		const line = check.tiers.find((candidate) => candidate.tier === name);
		if (line === undefined) throw new Error(`the ladder check has no ${name} tier`);
		return {
			anchor: line.anchor,
			scores: [...line.scores],
			mean: line.mean === null ? null : Number(line.mean.toFixed(6)),
			ok: line.ok,
		};
	};
	return {
		date: new Date().toISOString().slice(0, 10),
		source,
		admissible: check.admissible,
		reasons: [...check.reasons],
		tiers: { small: tier("small"), mid: tier("mid"), large: tier("large") },
	};
}
