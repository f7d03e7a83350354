import { type Command, CommanderError } from "commander";
import { BadInputError } from "../../contract/index.js";
import { evaluateGates, leaderboard } from "../../views/index.js";
import { type DirOptions, withDirOption } from "../definitions-option.js";
import { checkGateModels, gateFailure, parseGates, printGates, withGateOption } from "../gate-flags.js";
import { type CliIo, printJson, printLine } from "../io.js";
import {
	DEFAULT_LEADERBOARD_COLUMNS,
	describeColumns,
	type LeaderboardColumn,
	leaderboardColumns,
} from "../leaderboard-columns.js";
import { printLeaderboard } from "../print-leaderboard.js";
import { withReadStore } from "../read-store.js";
import { retiredModels } from "../retired-models.js";
import { type StoreFlags, withStoreOptions } from "../store-options.js";
import { LEADERBOARD_LENSES, type LeaderboardLens, leaderboardLens } from "../task-leaderboard-columns.js";

interface LeaderboardOptions extends StoreFlags, DirOptions {
	readonly useCase: string;
	readonly benchmarkVersion?: string;
	readonly failUnder: readonly string[];
	readonly json?: boolean;
	readonly columns?: LeaderboardColumn[];
	readonly lens?: LeaderboardLens;
}

/**
 * `touchstone leaderboard`: a use case's leaderboard and decision, from the store alone. With
 * `--fail-under`, a CI gate on a stored result: exit 1 when a row falls short, no run needed.
 */
export function registerLeaderboardCommand(program: Command, io: CliIo): void {
	const command = withDirOption(program.command("leaderboard"))
		.description("show a use case's leaderboard (intervals, costs, latency, delta vs deployed) and the decision")
		.requiredOption("--use-case <id>", "the use case")
		.option("--benchmark-version <version>", "pin a frozen spec instead of the current one")
		.option("--json", "print the leaderboard as JSON (the API's shape; with --fail-under, plus `gates`)")
		.option(
			"--columns <names>",
			`the table's columns after the model, comma-separated, or all (default: ${DEFAULT_LEADERBOARD_COLUMNS.join(",")})`,
			leaderboardColumns,
		)
		.option(
			"--lens <lens>",
			`task use cases: show the rows through one lens, ${LEADERBOARD_LENSES.join(" or ")} (the JSON carries both)`,
			leaderboardLens,
		)
		.option("--list-columns", "list the columns --columns can show, and exit")
		.on("option:list-columns", () => {
			for (const line of describeColumns()) printLine(io, line);
			// Like --help: the listing is the whole answer, even without --use-case.
			throw new CommanderError(0, "touchstone.listColumns", "");
		});
	withStoreOptions(withGateOption(command), "reads").action((options: LeaderboardOptions, self: Command) => {
		const gates = parseGates(options.failUnder);
		const retired = retiredModels(io, options, self);
		const board = withReadStore(
			io,
			options,
			{ useCase: options.useCase, benchmarkVersion: options.benchmarkVersion },
			(store) =>
				leaderboard(store, options.useCase, {
					benchmarkVersion: options.benchmarkVersion,
					retired: retired && new Set(retired.keys()),
				}),
		);
		if (options.lens !== undefined && board.floor_miss_tolerance === null)
			throw new BadInputError("--lens: not a task use case", [
				{
					source: "--lens",
					line: null,
					column: null,
					path: options.lens,
					message: `${options.useCase} is not a task use case: the self-host and cloud lenses read task packs`,
					fix: "leave out --lens, or name a use case with `tasks:` in use_cases.yaml",
				},
			]);
		checkGateModels(
			gates,
			[...new Set(board.rows.map((row) => row.model_id))],
			`on the leaderboard of ${board.benchmark_version}`,
		);
		const report = gates.length === 0 ? null : evaluateGates(board, gates);
		if (options.json) printJson(io, report === null ? board : { ...board, gates: report });
		else {
			printLeaderboard(io, board, options.columns, options.lens);
			if (report !== null) printGates(io, report);
		}
		const failure = report === null ? null : gateFailure(report);
		if (failure !== null) throw failure;
	});
}
