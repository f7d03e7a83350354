import { type Command, CommanderError } from "commander";
import { EXIT, errorJson, exitCodeFor, renderError, usageErrorJson } from "./exit-codes.js";
import { tuneHeapForRuns } from "./heap-tuning.js";
import { type CliIo, writeJson } from "./io.js";
import { createProgram } from "./program.js";

export { processIo } from "./io.js";

/**
 * Runs the CLI with `argv` (without `node` and the script path) and returns the exit code:
 * 0 ok, 1 failure, 2 bad input. Never calls process.exit, so tests can run it in process.
 * Under `--json`, stdout carries exactly one JSON document: the command's answer, or
 * `{"error": {code, message, fix}}`, or the answer with that `error` beside it when the command
 * answered and still failed (a run with ungraded cells, a gate that fell short). The error is
 * also written to stderr for whoever reads the log.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
	tuneHeapForRuns();
	let held: { value: unknown } | null = null;
	const holding: CliIo = {
		...io,
		holdJson: (value) => {
			if (held !== null) writeJson(io, held.value);
			held = { value };
		},
	};
	const program = createProgram(holding);
	let json = false;
	program.hook("preAction", (_root, command) => {
		json = command.opts().json === true;
	});
	try {
		await program.parseAsync([...argv], { from: "user" });
		flush(io, held, null);
		return EXIT.ok;
	} catch (error) {
		if (error instanceof CommanderError) {
			// Help and version end with code 0; any other commander error is a usage mistake.
			if (error.exitCode === 0) return EXIT.ok;
			if (wantsJson(argv)) writeJson(io, { error: usageErrorJson(error.message, commandWords(program, argv)) });
			return EXIT.badInput;
		}
		io.stderr.write(`${renderError(error)}\n`);
		flush(io, held, json ? error : null);
		return exitCodeFor(error);
	}
}

/** Writes the held `--json` answer, with `error` beside its fields when the command failed. */
function flush(io: CliIo, held: { value: unknown } | null, error: unknown): void {
	if (error === null) {
		if (held !== null) writeJson(io, held.value);
		return;
	}
	const value = held?.value;
	if (typeof value === "object" && value !== null && !Array.isArray(value))
		writeJson(io, { ...value, error: errorJson(error) });
	else {
		if (held !== null) writeJson(io, value);
		writeJson(io, { error: errorJson(error) });
	}
}

/** Whether a usage mistake should be answered as JSON: `--json` among the flags (before any `--`). */
function wantsJson(argv: readonly string[]): boolean {
	const end = argv.indexOf("--");
	return (end === -1 ? argv : argv.slice(0, end)).includes("--json");
}

/** `run ` for `touchstone run --bad`, or `` when no known command was named: for "see touchstone run --help". */
function commandWords(program: Command, argv: readonly string[]): string {
	const name = argv.find((word) => !word.startsWith("-"));
	return name !== undefined && program.commands.some((command) => command.name() === name) ? `${name} ` : "";
}
