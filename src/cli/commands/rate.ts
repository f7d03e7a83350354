import { existsSync } from "node:fs";
import type { Command } from "commander";
import { BadInputError, type InputIssue, NotFoundError } from "../../contract/index.js";
import {
	OWNER_RATING_LABELS,
	type OwnerRatingLabel,
	openStore,
	type Store,
	type StoredOwnerRating,
	type StoredRun,
} from "../../store/index.js";
import {
	currentRuns,
	OWNER_LABEL_RATINGS,
	type OwnerRatingFieldNames,
	ownerVerdict,
	resolveOwnerRating,
} from "../../views/index.js";
import { formatScore } from "../format.js";
import { type CliIo, printLine } from "../io.js";
import { databaseSource, type StoreFlags, storePaths, withStoreOptions } from "../store-options.js";

/** What `rate` was given, before checking. */
interface RateFlags extends StoreFlags {
	readonly rating?: string;
	readonly label?: string;
	readonly note?: string;
}

/**
 * `touchstone rate`: records the owner's rating of one run, the ground truth the jury is
 * calibrated against. Append-only: rating a run again adds a row, and the latest one counts.
 */
export function registerRateCommand(program: Command, io: CliIo): void {
	withStoreOptions(program.command("rate"), "reads and writes")
		.description("record your own rating of one run's output (the latest rating of a run counts)")
		.argument("<run-id>", "the run to rate")
		.option("--rating <0..1>", "how good the output is, 0 (useless) to 1 (perfect)")
		.option(
			"--label <label>",
			`${OWNER_RATING_LABELS.join(", ")}: ${Object.entries(OWNER_LABEL_RATINGS)
				.map(([label, rating]) => `${label} = ${rating.toFixed(1)}`)
				.join(", ")} when no --rating is given`,
		)
		.option("--note <text>", "why, e.g. what was wrong")
		.action((runId: string, flags: RateFlags) => {
			const issues: InputIssue[] = [];
			const choice = readRating(flags, issues);
			const paths = storePaths(io, flags);
			if (!existsSync(paths.database)) {
				issues.push(
					issue(databaseSource(io, flags), `no run ${runId}: there is no store at ${paths.database} yet`, runFirst),
				);
				throw new BadInputError("Nothing was rated.", issues);
			}
			const store = openStore(paths);
			try {
				const run = store.getRun(runId);
				if (run === null) issues.push(issue("RUN_ID", `no run ${runId} in the store at ${paths.database}`, runFirst));
				if (issues.length > 0 || choice === null || run === null) throw new BadInputError("Nothing was rated.", issues);
				const previous = store.latestOwnerRating(runId);
				const recorded = store.addOwnerRating({
					run_id: runId,
					rating: choice.rating,
					label: choice.label,
					note: flags.note === undefined || flags.note.trim() === "" ? null : flags.note,
				});
				printRecorded(io, store, run, recorded, previous);
			} finally {
				store.close();
			}
		});
}

const runFirst = "rate a run id of a recorded run (touchstone run --use-case ID records some)";

/** Problems of the flags are named by the flag: `--rating`, `--label`. */
const flagNames: OwnerRatingFieldNames = {
	where: (field) => ({ source: `--${field}`, path: "" }),
	example: (field, value) => `--${field} ${value}`,
};

/** The rating and label the flags ask for (see resolveOwnerRating), or null with the problems added to `issues`. */
function readRating(flags: RateFlags, issues: InputIssue[]): { rating: number; label: OwnerRatingLabel | null } | null {
	const resolved = resolveOwnerRating({ rating: flags.rating, label: flags.label }, flagNames);
	if (Array.isArray(resolved)) {
		issues.push(...resolved);
		return null;
	}
	return resolved;
}

function issue(source: string, message: string, fix: string): InputIssue {
	return { source, line: null, column: null, path: "", message, fix };
}

function printRecorded(
	io: CliIo,
	store: Store,
	run: StoredRun,
	recorded: StoredOwnerRating,
	previous: StoredOwnerRating | null,
): void {
	printLine(io, `rated run ${run.run_id}: ${describeRating(recorded)}`);
	printLine(
		io,
		`  ${run.use_case_id} / case ${run.case_id} / ${run.model_id} (${run.harness}), sample ${run.sample_index}, ${run.benchmark_version}`,
	);
	if (recorded.note !== null) printLine(io, `  note: ${recorded.note}`);
	if (previous !== null) printLine(io, `  replaces ${describeRating(previous)} given ${previous.created_at}`);
	if (!isCurrent(store, run))
		printLine(io, "  this run is not current (its definition changed since), so calibration leaves it out");
}

function describeRating(rating: StoredOwnerRating): string {
	return `${formatScore(rating.rating)} (${rating.label ?? ownerVerdict(rating.rating)}${rating.label === null ? " by the cut-offs" : ""})`;
}

function isCurrent(store: Store, run: StoredRun): boolean {
	try {
		return currentRuns(store, run.use_case_id).current.some((item) => item.run_id === run.run_id);
	} catch (error) {
		// A use case whose versions were frozen but never activated has no current spec: nothing is current.
		if (error instanceof NotFoundError) return false;
		throw error;
	}
}
