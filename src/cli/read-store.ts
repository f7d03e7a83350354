import { existsSync } from "node:fs";
import { BadInputError } from "../contract/index.js";
import { openStore, resolveStorePaths, type Store } from "../store/index.js";
import type { CliIo } from "./io.js";

/**
 * Opens the store of TOUCHSTONE_DB / TOUCHSTONE_ARTIFACTS read-only for a read command, runs
 * `read` and closes it. A missing store is bad input that says how to get one, never an empty
 * answer that looks like "no results".
 */
export function withReadStore<T>(io: CliIo, useCaseId: string | null, read: (store: Store) => T): T {
	const paths = resolveStorePaths(io.env);
	if (!existsSync(paths.database))
		throw new BadInputError("There are no results to read.", [
			{
				source: "TOUCHSTONE_DB",
				line: null,
				column: null,
				path: "",
				message: `there is no store at ${paths.database} yet`,
				fix:
					useCaseId === null
						? "run a use case first (touchstone run --use-case ID, or touchstone demo), or point TOUCHSTONE_DB at a store"
						: `run it first (touchstone run --use-case ${useCaseId}), or point TOUCHSTONE_DB at a store`,
			},
		]);
	const store = openStore({ ...paths, readonly: true });
	try {
		return read(store);
	} finally {
		store.close();
	}
}
