import type { Command } from "commander";
import { inspectLogNotice, readInspectLog } from "../../orchestrator/index.js";
import type { CliIo } from "../io.js";
import { type ImportFlags, importSubcommand, writeAndReport } from "./import-subcommand.js";

/** How an inspect_ai log becomes rows, for --help (the README says the same). */
const MAPPING_HELP = [
	"",
	"Reads a log inspect_ai wrote, in either format: .eval (a zip; deflate or zstd members) or .json:",
	"  use case the eval's task, slugged (--use-case overrides)",
	"  model    the eval's model; its generate config and model args are its identity",
	"  cases    one per dataset sample (its id); each epoch is a sample (index epoch - 1)",
	"  scores   one metric per scorer (<scorer>:<key> for a scorer of mappings), read as inspect's",
	"           metrics read them: C 1, P 0.5, I and N 0, numbers as they are, other strings as labels;",
	"           the first scorer the log ranks by is the headline",
	"  status   an error after the model answered is the model's failure; an error before any model",
	"           output is a harness error (excluded); a limit that ended a sample is a limit, still scored",
	"  tokens, cost, time   the model's usage and the sample's total time; unknown (never 0) where absent",
	"A log still being written, cancelled or stopped by an error imports the samples it holds.",
	"Re-importing the same source (by default inspect:<eval_id>) replaces exactly its rows.",
].join("\n");

/** `touchstone import inspect LOG`: an inspect_ai eval log as a source of its own. */
export function registerInspectImport(parent: Command, io: CliIo): void {
	importSubcommand(parent, "inspect", "import an inspect_ai eval log (LOG.eval or LOG.json)")
		.argument("<log>", "the log inspect_ai wrote (.eval or .json)")
		.addHelpText("after", MAPPING_HELP)
		.action(async (log: string, flags: ImportFlags) => {
			// Read and validated whole before the store is opened: a bad log writes nothing.
			const evaluation = await readInspectLog(log, { useCase: flags.useCase, source: flags.source });
			const notice = inspectLogNotice(evaluation);
			if (notice !== null) io.stderr.write(`${notice}\n`);
			writeAndReport(io, flags, evaluation);
		});
}
