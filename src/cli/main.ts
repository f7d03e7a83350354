import { CommanderError } from "commander";
import { EXIT, exitCodeFor, renderError } from "./exit-codes.js";
import { tuneHeapForRuns } from "./heap-tuning.js";
import type { CliIo } from "./io.js";
import { createProgram } from "./program.js";

/**
 * Runs the CLI with `argv` (without `node` and the script path) and returns the exit code:
 * 0 ok, 1 failure, 2 bad input. Never calls process.exit, so tests can run it in process.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
	tuneHeapForRuns();
	const program = createProgram(io);
	try {
		await program.parseAsync([...argv], { from: "user" });
		return EXIT.ok;
	} catch (error) {
		if (error instanceof CommanderError) {
			// Help and version end with code 0; any other commander error is a usage mistake.
			return error.exitCode === 0 ? EXIT.ok : EXIT.badInput;
		}
		io.stderr.write(`${renderError(error)}\n`);
		return exitCodeFor(error);
	}
}
