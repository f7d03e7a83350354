import { existsSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { StoreError } from "../contract/index.js";
import { makeFolders } from "../input/index.js";
import { applyMigrations, checkMigrated, schemaVersion } from "./migrate.js";
import { MIGRATIONS, type Migration } from "./migrations.js";
import type { StorePaths } from "./paths.js";
import { refuseDamagedSchema } from "./schema-check.js";
import { Store } from "./store.js";
import { storeAction } from "./store-error.js";

/** Where to open a store, and whether only to read it. */
export interface OpenStoreOptions extends StorePaths {
	/** Open without writing: no folders are created, no migration runs, every write fails. */
	readonly readonly?: boolean | undefined;
	/** Artifacts up to this many bytes are kept inside the database (default 4096; 0 keeps every artifact as a file). */
	readonly inline_artifact_bytes?: number | undefined;
	/** The migrations to bring it up to; every one by default (tests pass fewer to make an older store). */
	readonly migrations?: readonly Migration[] | undefined;
	/**
	 * Refuse a store whose tables or append-only triggers are not what its migrations made (default
	 * true); only `touchstone verify`, which reports every such problem, opens one anyway.
	 */
	readonly check_schema?: boolean | undefined;
}

/** Milliseconds a writer waits for another process's lock before failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5_000;

/** Settings of every connection; journal_mode = WAL is set on writable ones, as it persists in the file. */
const CONNECTION_PRAGMAS = [
	"foreign_keys = ON",
	// A row deleted by INSERT OR REPLACE fires DELETE triggers only with this on (the insert guards catch it first).
	"recursive_triggers = ON",
	`busy_timeout = ${BUSY_TIMEOUT_MS}`,
	// WAL stays consistent on power loss with NORMAL; only the last commits may be lost.
	"synchronous = NORMAL",
	"cache_size = -8192",
	// The triggers make every insert keep a statement journal; in memory it costs a copy, not a write.
	"temp_store = MEMORY",
	// Checkpoint every ~40 MB of WAL rather than 4 MB: hash-keyed indexes (cell_key) dirty random pages in
	// every transaction, and each checkpoint rewrites them; fewer checkpoints, fewer rewrites and fsyncs.
	"wal_autocheckpoint = 10000",
	"journal_size_limit = 67108864",
] as const;

/**
 * Opens (creating it and its folders if needed) the store at `options.database`, with WAL,
 * foreign keys and recursive triggers on, and applies the migrations it is missing. Refuses a
 * database newer than this code, and one whose tables or guard triggers were dropped or changed
 * (see refuseDamagedSchema). Close it with {@link Store.close}.
 */
export function openStore(options: OpenStoreOptions): Store {
	const readonly = options.readonly === true;
	if (readonly && !existsSync(options.database))
		throw new StoreError(`no touchstone store at ${options.database}; record a run first, or set TOUCHSTONE_DB`);
	if (!readonly)
		storeAction(`could not create the folders of the store at ${options.database}`, () => {
			makeFolders(dirname(options.database));
			makeFolders(options.artifacts);
		});
	const database = storeAction(
		`could not open the store at ${options.database}`,
		() => new Database(options.database, { readonly, fileMustExist: readonly, timeout: BUSY_TIMEOUT_MS }),
	);
	try {
		if (!readonly) database.pragma("journal_mode = WAL");
		for (const pragma of CONNECTION_PRAGMAS) database.pragma(pragma);
		const migrations = options.migrations ?? MIGRATIONS;
		const applied = storeAction(`could not migrate the store at ${options.database}`, () => {
			if (readonly) {
				checkMigrated(database, migrations);
				return [];
			}
			return applyMigrations(database, migrations);
		});
		if (options.check_schema !== false) refuseDamagedSchema(database, migrations);
		return new Store(
			database,
			{ database: options.database, artifacts: options.artifacts },
			applied,
			options.inline_artifact_bytes,
		);
	} catch (error) {
		database.close();
		throw error;
	}
}

/**
 * The schema version of the store at `database`, read through a read-only connection that writes
 * nothing (0 for a database without touchstone's migrations table): how a reader of another
 * machine's store learns which migrations to check it against before opening it with them.
 */
export function storedSchemaVersion(database: string): number {
	if (!existsSync(database)) throw new StoreError(`no touchstone store at ${database}`);
	const connection = storeAction(
		`could not open the store at ${database}`,
		() => new Database(database, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS }),
	);
	try {
		return storeAction(
			`could not read the schema version of the store at ${database}`,
			() => schemaVersion(connection) ?? 0,
		);
	} finally {
		connection.close();
	}
}
