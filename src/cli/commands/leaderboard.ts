import type { Command } from "commander";
import { leaderboard } from "../../views/index.js";
import { type CliIo, printJson } from "../io.js";
import { printLeaderboard } from "../print-leaderboard.js";
import { withReadStore } from "../read-store.js";

/** `touchstone leaderboard`: a use case's leaderboard and decision, from the store alone. */
export function registerLeaderboardCommand(program: Command, io: CliIo): void {
	program
		.command("leaderboard")
		.description("show a use case's leaderboard (intervals, costs, latency, delta vs deployed) and the decision")
		.requiredOption("--use-case <id>", "the use case")
		.option("--benchmark-version <version>", "pin a frozen spec instead of the current one")
		.option("--json", "print the leaderboard as JSON (the API's shape)")
		.action((options: { useCase: string; benchmarkVersion?: string; json?: boolean }) => {
			const board = withReadStore(io, options.useCase, (store) =>
				leaderboard(store, options.useCase, { benchmarkVersion: options.benchmarkVersion }),
			);
			if (options.json) printJson(io, board);
			else printLeaderboard(io, board);
		});
}
