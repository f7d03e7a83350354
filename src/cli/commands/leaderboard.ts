import { type Command, CommanderError } from "commander";
import { leaderboard } from "../../views/index.js";
import { type CliIo, printJson, printLine } from "../io.js";
import {
	DEFAULT_LEADERBOARD_COLUMNS,
	describeColumns,
	type LeaderboardColumn,
	leaderboardColumns,
} from "../leaderboard-columns.js";
import { printLeaderboard } from "../print-leaderboard.js";
import { withReadStore } from "../read-store.js";
import { type StoreFlags, withStoreOptions } from "../store-options.js";

/** `touchstone leaderboard`: a use case's leaderboard and decision, from the store alone. */
export function registerLeaderboardCommand(program: Command, io: CliIo): void {
	withStoreOptions(program.command("leaderboard"), "reads")
		.description("show a use case's leaderboard (intervals, costs, latency, delta vs deployed) and the decision")
		.requiredOption("--use-case <id>", "the use case")
		.option("--benchmark-version <version>", "pin a frozen spec instead of the current one")
		.option("--json", "print the leaderboard as JSON (the API's shape)")
		.option(
			"--columns <names>",
			`the table's columns after the model, comma-separated, or all (default: ${DEFAULT_LEADERBOARD_COLUMNS.join(",")})`,
			leaderboardColumns,
		)
		.option("--list-columns", "list the columns --columns can show, and exit")
		.on("option:list-columns", () => {
			for (const line of describeColumns()) printLine(io, line);
			// Like --help: the listing is the whole answer, even without --use-case.
			throw new CommanderError(0, "touchstone.listColumns", "");
		})
		.action(
			(
				options: StoreFlags & {
					useCase: string;
					benchmarkVersion?: string;
					json?: boolean;
					columns?: LeaderboardColumn[];
				},
			) => {
				const query = { useCase: options.useCase, benchmarkVersion: options.benchmarkVersion };
				const board = withReadStore(io, options, query, (store) =>
					leaderboard(store, options.useCase, { benchmarkVersion: options.benchmarkVersion }),
				);
				if (options.json) printJson(io, board);
				else printLeaderboard(io, board, options.columns);
			},
		);
}
