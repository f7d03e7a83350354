import { Command } from "commander";
import { registerCalibrateCommand } from "./commands/calibrate.js";
import { registerDemoCommand } from "./commands/demo.js";
import { registerDropCommand } from "./commands/drop.js";
import { registerGoldSizeCommand } from "./commands/gold-size.js";
import { registerImportCommand } from "./commands/import.js";
import { registerIngestCommand } from "./commands/ingest.js";
import { registerInitCommand } from "./commands/init.js";
import { registerInspectCommand } from "./commands/inspect.js";
import { registerJudgeCommand } from "./commands/judge.js";
import { registerLadderCommand } from "./commands/ladder.js";
import { registerLeaderboardCommand } from "./commands/leaderboard.js";
import { registerListCommand } from "./commands/list.js";
import { registerMatrixCommand } from "./commands/matrix.js";
import { registerPruneCommand } from "./commands/prune.js";
import { registerRateCommand } from "./commands/rate.js";
import { registerReportCommand } from "./commands/report.js";
import { registerIndexCommand } from "./commands/role-index.js";
import { registerRosterCommand } from "./commands/roster.js";
import { registerRunCommand } from "./commands/run.js";
import { registerSchemaCommand } from "./commands/schema.js";
import { registerScriptedServerCommand } from "./commands/scripted-server.js";
import { registerServeCommand } from "./commands/serve.js";
import { registerSnapshotCommand } from "./commands/snapshot.js";
import { registerSprintCommand } from "./commands/sprint.js";
import { registerValidateCommand } from "./commands/validate.js";
import { registerValidateTasksCommand } from "./commands/validate-tasks.js";
import { registerVerifyCommand } from "./commands/verify.js";
import { registerVolumeCommand } from "./commands/volume.js";
import { registerWorkerCommand } from "./commands/worker.js";
import type { CliIo } from "./io.js";
import { VERSION } from "./package-info.js";
import { NO_STORE_HELP } from "./store-options.js";

/** Builds the `touchstone` command tree, writing through `io` and throwing instead of exiting. */
export function createProgram(io: CliIo): Command {
	const program = new Command("touchstone")
		.description(
			"Measure language models against the work your team really does: which model is best, and which is the cheapest or fastest that is still good enough.",
		)
		.version(VERSION)
		.showHelpAfterError("(add --help for usage)")
		.configureOutput({
			writeOut: (text) => io.stdout.write(text),
			writeErr: (text) => io.stderr.write(text),
		})
		.exitOverride();
	for (const register of [
		registerDemoCommand,
		registerInitCommand,
		registerValidateCommand,
		registerValidateTasksCommand,
		registerListCommand,
		registerRunCommand,
		registerWorkerCommand,
		registerLeaderboardCommand,
		registerMatrixCommand,
		registerInspectCommand,
		registerRosterCommand,
		registerRateCommand,
		registerCalibrateCommand,
		registerSprintCommand,
		registerImportCommand,
		registerIngestCommand,
		registerVerifyCommand,
		registerSchemaCommand,
		registerScriptedServerCommand,
		registerServeCommand,
		registerSnapshotCommand,
		registerGoldSizeCommand,
		registerVolumeCommand,
		registerLadderCommand,
		registerIndexCommand,
		registerJudgeCommand,
		registerDropCommand,
		registerPruneCommand,
		registerReportCommand,
	]) {
		register(program, io);
	}
	// Subcommands inherit the output and exit behaviour of the root.
	for (const command of program.commands) {
		command.exitOverride().configureOutput(program.configureOutput());
		// A group of subcommands (`volume`) leaves it to each of them to say what it does to the store.
		if (!command.options.some((option) => option.long === "--db") && command.commands.length === 0)
			command.addHelpText("after", NO_STORE_HELP);
	}
	program.addHelpText(
		"after",
		[
			"",
			"Exit codes: 0 ok; 1 failure (a run that left cells ungraded or was stopped, a --fail-under gate",
			"that fell short); 2 bad input (a flag, a definition file, an unknown use case or case).",
			"Results live in the store: data/benchmarks/benchmarks.db and data/benchmarks/artifacts/ under",
			"the working directory, or TOUCHSTONE_DB and TOUCHSTONE_ARTIFACTS, or --db and --artifacts.",
		].join("\n"),
	);
	return program;
}
