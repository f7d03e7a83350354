import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { BadInputError, StoreError } from "../../contract/index.js";
import { MIGRATIONS, openStore, type Store, storedSchemaVersion } from "../../store/index.js";

/**
 * The oldest schema a federated ingest reads: runs with their seals (5), the layout of runs,
 * scores, specs and artifacts every later schema kept. An older store is migrated by the
 * touchstone that owns it, never by an ingest, which only reads.
 */
export const INGEST_MIN_SCHEMA = 5;

/** The artifacts folder touchstone lays out beside a database: `artifacts/` next to `benchmarks.db`. */
export function defaultForeignArtifacts(database: string): string {
	return join(dirname(database), "artifacts");
}

/**
 * Opens another machine's store read-only, against the migrations its own schema version was made
 * with (from {@link INGEST_MIN_SCHEMA} to this build's latest): nothing is written to it, no
 * folder is made, no migration runs, and a reader never blocks its writer (WAL; like any reader of
 * a WAL database it may create the empty `-wal` and the `-shm` index beside it, never changing the
 * database file). A path that is not a touchstone store, or one of a schema this build cannot
 * read, is bad input on `flag` with the fix.
 */
export function openForeignStore(database: string, artifacts: string, flag = "--from"): Store {
	const refuse = (message: string, fix: string): never => {
		throw new BadInputError("The store to ingest cannot be read.", [
			{ source: flag, line: null, column: null, path: database, message, fix },
		]);
	};
	if (!existsSync(database) || !statSync(database).isFile())
		refuse("there is no file there", "name another touchstone store's database (its data/benchmarks/benchmarks.db)");
	let version = 0;
	try {
		version = storedSchemaVersion(database);
	} catch (error) {
		refuse(
			`it is not a SQLite database touchstone can open (${(error as Error).message})`,
			"name a touchstone store's database, or a saved leaderboard (touchstone leaderboard --json)",
		);
	}
	const latest = MIGRATIONS.at(-1)?.version ?? 0;
	if (version === 0)
		refuse("it is a SQLite database but not a touchstone store (no schema_migrations)", "name a touchstone store");
	if (version < INGEST_MIN_SCHEMA)
		refuse(
			`it is at schema version ${version}; ingest reads ${INGEST_MIN_SCHEMA} to ${latest}`,
			"let the touchstone that owns it migrate it (any command that records results, run on its machine), then ingest again; ingest never writes another store",
		);
	if (version > latest)
		refuse(
			`it is at schema version ${version}, newer than this touchstone knows (${latest})`,
			"upgrade touchstone here to the version that wrote it, then ingest again",
		);
	try {
		return openStore({ database, artifacts, readonly: true, migrations: MIGRATIONS.slice(0, version) });
	} catch (error) {
		if (error instanceof StoreError) return refuse(error.message, "restore that store or ingest another one");
		throw error;
	}
}
