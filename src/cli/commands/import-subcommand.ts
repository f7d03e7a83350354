import type { Command } from "commander";
import { type ImportedEvaluation, type ImportWrite, writeImported } from "../../orchestrator/index.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { openWritableStore, type StoreFlags, withStoreOptions } from "../store-options.js";

/** Flags every `touchstone import <format>` takes. */
export interface ImportFlags extends StoreFlags {
	readonly useCase?: string;
	readonly source?: string;
	readonly json?: boolean;
}

/**
 * A format's subcommand with the flags every import shares: `--use-case` (where the rows land),
 * `--source` (the name a re-import replaces), `--json` and the store's.
 */
export function importSubcommand(parent: Command, name: string, description: string): Command {
	const command = parent
		.command(name)
		.description(description)
		.option("--use-case <id>", "the use case the rows land in (default: named after what the file evaluated)")
		.option(
			"--source <name>",
			"the source the rows are tagged with; re-importing it replaces them (default: from the file)",
		)
		.option("--json", "print what was written as JSON");
	return withStoreOptions(command, "writes");
}

/**
 * Writes an evaluation an importer read (whole and valid: a bad file never gets here, so it
 * writes nothing) and says what was written and how to see it.
 */
export function writeAndReport(io: CliIo, flags: ImportFlags, evaluation: ImportedEvaluation): ImportWrite {
	const store = openWritableStore(io, flags);
	let written: ImportWrite;
	try {
		written = writeImported(store, evaluation);
	} finally {
		store.close();
	}
	if (flags.json === true) printJson(io, written);
	else {
		const replaced = written.deleted.runs > 0 ? `, replacing its ${written.deleted.runs} earlier rows` : "";
		printLine(
			io,
			`imported ${written.inserted} rows (${written.cases} cases × ${written.models} models) from ${evaluation.file.path} into ${written.use_case_id} as source ${written.source}${replaced}`,
		);
		printLine(io, `benchmark version ${written.benchmark_version}`);
		printLine(io, `see it: touchstone leaderboard --use-case ${written.use_case_id}`);
	}
	return written;
}
