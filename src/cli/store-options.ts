import { dirname } from "node:path";
import type { Command } from "commander";
import { BadInputError } from "../contract/index.js";
import { makeFolders } from "../input/index.js";
import {
	DEFAULT_ARTIFACTS_PATH,
	DEFAULT_DATABASE_PATH,
	openStore,
	resolveStorePaths,
	type Store,
	type StorePaths,
} from "../store/index.js";
import type { CliIo } from "./io.js";

/** The `--db` and `--artifacts` flags of a command that reads or writes the store. */
export interface StoreFlags {
	readonly db?: string | undefined;
	readonly artifacts?: string | undefined;
}

/** What a command does with the store, for its help. */
export type StoreUse = "reads" | "writes" | "reads and writes";

/**
 * Adds `--db PATH` and `--artifacts PATH` and a help paragraph saying where results are read
 * and written: the default, the environment variable, and the flag, which wins.
 */
export function withStoreOptions(command: Command, use: StoreUse): Command {
	return command
		.option("--db <path>", "the store's SQLite database (default: $TOUCHSTONE_DB, else the path below)")
		.option("--artifacts <path>", "the store's artifacts folder (default: $TOUCHSTONE_ARTIFACTS, else the path below)")
		.addHelpText("after", storeHelp(use));
}

/** The help paragraph of a command that never touches the store. */
export const NO_STORE_HELP = "\nResults: this command neither reads nor writes the store.";

function storeHelp(use: StoreUse): string {
	const verb = { reads: "read from", writes: "written to", "reads and writes": "read from and written to" }[use];
	return [
		"",
		`Results: ${verb} the store, by default ${DEFAULT_DATABASE_PATH} and ${DEFAULT_ARTIFACTS_PATH}/`,
		"under the working directory; TOUCHSTONE_DB and TOUCHSTONE_ARTIFACTS name other paths, and",
		"--db and --artifacts win over both (relative paths are taken from the working directory).",
	].join("\n");
}

/** The store's paths for this invocation: the flags, else the environment, else the defaults. */
export function storePaths(io: CliIo, flags: StoreFlags): StorePaths {
	return resolveStorePaths({
		...io.env,
		...(flags.db === undefined ? {} : { TOUCHSTONE_DB: flags.db }),
		...(flags.artifacts === undefined ? {} : { TOUCHSTONE_ARTIFACTS: flags.artifacts }),
	});
}

/** Where the database path came from, for messages: `--db`, `TOUCHSTONE_DB`, or the default. */
export function databaseSource(io: CliIo, flags: StoreFlags): string {
	if (flags.db !== undefined) return "--db";
	return io.env.TOUCHSTONE_DB === undefined || io.env.TOUCHSTONE_DB.trim() === "" ? "store" : "TOUCHSTONE_DB";
}

/**
 * Opens (creating it if needed) the store a command writes. Folders that cannot be made (a path
 * under a file, a read-only or virtual file system such as /proc) are bad input naming the flag
 * or variable that chose them, not a failure of the store.
 */
export function openWritableStore(io: CliIo, flags: StoreFlags): Store {
	const paths = storePaths(io, flags);
	const folders: [string, string][] = [
		[dirname(paths.database), databaseSource(io, flags)],
		[
			paths.artifacts,
			flags.artifacts !== undefined ? "--artifacts" : io.env.TOUCHSTONE_ARTIFACTS ? "TOUCHSTONE_ARTIFACTS" : "store",
		],
	];
	for (const [folder, source] of folders)
		try {
			makeFolders(folder);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code ?? String(error);
			throw new BadInputError("The store cannot be created there.", [
				{
					source,
					line: null,
					column: null,
					path: "",
					message: `cannot make the folder ${folder} (${code})`,
					fix: "point it at a folder you can write to (--db and --artifacts, or TOUCHSTONE_DB and TOUCHSTONE_ARTIFACTS)",
				},
			]);
		}
	return openStore(paths);
}
