import type { Command } from "commander";
import { readPromptfooResults } from "../../orchestrator/index.js";
import type { CliIo } from "../io.js";
import { type ImportFlags, importSubcommand, writeAndReport } from "./import-subcommand.js";

/** How a promptfoo file becomes rows, for --help (the README says the same). */
const MAPPING_HELP = [
	"",
	"Reads the file `promptfoo eval -o results.json` writes (results format version 3 or later):",
	"  models   one per prompt × provider column: the provider's label, else its id",
	"           (`<provider>·<prompt label>` when the eval compares several prompts)",
	"  cases    one per test: its description slugged, else vars-<hash of its vars>; repeats are samples",
	"  scores   pass (the headline: promptfoo's verdict, 1 or 0), score, named:<metric>, assert:<type>",
	"  status   a failed provider call without an answer is a harness error (excluded);",
	"           an assertion failing or breaking on an answer is the model's failure",
	"  cost, tokens, latency   as promptfoo measured them; unknown (never 0) where it did not",
	"Re-importing the same source (by default promptfoo:<evalId>) replaces exactly its rows.",
].join("\n");

/** `touchstone import promptfoo FILE`: a promptfoo eval's results as a source of their own. */
export function registerPromptfooImport(parent: Command, io: CliIo): void {
	importSubcommand(parent, "promptfoo", "import a promptfoo results file (promptfoo eval -o results.json)")
		.argument("<file>", "the results file promptfoo wrote")
		.addHelpText("after", MAPPING_HELP)
		.action((file: string, flags: ImportFlags) => {
			// Read and validated whole before the store is opened: a bad file writes nothing.
			const evaluation = readPromptfooResults(file, { useCase: flags.useCase, source: flags.source });
			writeAndReport(io, flags, evaluation);
		});
}
