import { existsSync } from "node:fs";
import { BadInputError } from "../contract/index.js";
import { openStore, type Store, type StorePaths } from "../store/index.js";
import type { CliIo } from "./io.js";
import { databaseSource, type StoreFlags, storePaths } from "./store-options.js";

/** What a read command asked for. */
export interface ReadQuery {
	/** `--use-case`, or null for a command that reads every use case. */
	readonly useCase: string | null;
	readonly benchmarkVersion?: string | undefined;
	readonly caseId?: string | undefined;
}

/**
 * Opens the store of `--db` / TOUCHSTONE_DB (see storePaths) read-only for a read command, runs
 * `read` and closes it. A missing store is bad input that says how to get one, never an empty
 * answer that looks like "no results".
 */
export function withReadStore<T>(io: CliIo, flags: StoreFlags, query: ReadQuery, read: (store: Store) => T): T {
	const paths = existingStorePaths(io, flags, query.useCase);
	const store = openStore({ ...paths, readonly: true });
	try {
		return read(store);
	} finally {
		store.close();
	}
}

/** The store's paths, or bad input saying how to get a store when there is none there yet. */
export function existingStorePaths(io: CliIo, flags: StoreFlags, useCaseId: string | null): StorePaths {
	const paths = storePaths(io, flags);
	if (!existsSync(paths.database))
		throw new BadInputError("There are no results to read.", [
			{
				source: databaseSource(io, flags),
				line: null,
				column: null,
				path: "",
				message: `there is no store at ${paths.database} yet`,
				fix: `${useCaseId === null ? "run a use case first (touchstone run --use-case ID, or touchstone demo)" : `run it first (touchstone run --use-case ${useCaseId})`}, or point --db (or TOUCHSTONE_DB) at a store`,
			},
		]);
	return paths;
}
