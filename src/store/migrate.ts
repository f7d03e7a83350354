import type Database from "better-sqlite3";
import { StoreError } from "../contract/index.js";
import type { Migration } from "./migrations.js";

const BOOTSTRAP = `
CREATE TABLE IF NOT EXISTS schema_migrations (
	version INTEGER PRIMARY KEY NOT NULL,
	name TEXT NOT NULL,
	applied_at TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS schema_migrations_no_update BEFORE UPDATE ON schema_migrations
BEGIN SELECT RAISE(ABORT, 'touchstone store is append-only: UPDATE on schema_migrations is refused'); END;
CREATE TRIGGER IF NOT EXISTS schema_migrations_no_delete BEFORE DELETE ON schema_migrations
BEGIN SELECT RAISE(ABORT, 'touchstone store is append-only: DELETE on schema_migrations is refused'); END;
`;

/**
 * Brings a writable database up to the last of `migrations`, applying the missing ones in a
 * single immediate transaction (so two processes opening a new store do not race). Returns the
 * versions applied. Refuses a database whose version is newer than `migrations` knows.
 */
export function applyMigrations(database: Database.Database, migrations: readonly Migration[]): number[] {
	checkOrder(migrations);
	// A rebuilt table is dropped while others still reference it: SQLite asks for foreign keys to
	// be off meanwhile, which only takes effect outside a transaction, and checked before commit.
	// Read before the transaction only to choose the pragmas: a store migrated meanwhile by another
	// process at worst runs an empty transaction with foreign keys off.
	const foreignKeys = database.pragma("foreign_keys", { simple: true }) === 1;
	const before = schemaVersion(database) ?? 0;
	const rebuilds =
		foreignKeys && migrations.some((migration) => migration.rebuildsTables === true && migration.version > before);
	const migrate = database.transaction(() => {
		database.exec(BOOTSTRAP);
		const current = schemaVersion(database) ?? 0;
		refuseNewer(database, current, migrations);
		const insert = database.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
		const applied: number[] = [];
		for (const migration of migrations) {
			if (migration.version <= current) continue;
			database.exec(migration.sql);
			insert.run(migration.version, migration.name, new Date().toISOString());
			applied.push(migration.version);
		}
		if (rebuilds) refuseBrokenReferences(database);
		return applied;
	});
	if (!rebuilds) return migrate.immediate();
	database.pragma("foreign_keys = OFF");
	// The rename of a rebuilt table must not re-check triggers that name the table it replaces.
	database.pragma("legacy_alter_table = ON");
	try {
		return migrate.immediate();
	} finally {
		database.pragma("legacy_alter_table = OFF");
		database.pragma("foreign_keys = ON");
	}
}

/** Throws (rolling the migration back) when a row references one that no longer exists. */
function refuseBrokenReferences(database: Database.Database): void {
	const broken = database.pragma("foreign_key_check") as { table: string; rowid: number; parent: string }[];
	if (broken.length === 0) return;
	const first = broken[0] as { table: string; rowid: number; parent: string };
	throw new StoreError(
		`migrating the store at ${database.name} would leave ${broken.length} row(s) referencing missing ones (first: ${first.table} rowid ${first.rowid} → ${first.parent}); nothing was changed`,
	);
}

/**
 * Checks, without writing, that a database opened read-only is exactly at the last of
 * `migrations`: an older one must be opened writable once to migrate, a newer one needs newer code.
 */
export function checkMigrated(database: Database.Database, migrations: readonly Migration[]): void {
	const current = schemaVersion(database);
	const latest = migrations.at(-1)?.version ?? 0;
	if (current === null || current < latest)
		throw new StoreError(
			`the store at ${database.name} is at schema version ${current ?? 0}, but this touchstone needs ${latest}; open it writable once (any touchstone command that records results) to migrate it`,
		);
	refuseNewer(database, current, migrations);
}

/** The highest applied migration, or null when the database has no schema_migrations table. */
export function schemaVersion(database: Database.Database): number | null {
	const table = database
		.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
		.pluck()
		.get();
	if (table === undefined) return null;
	const version = database.prepare("SELECT max(version) FROM schema_migrations").pluck().get();
	return typeof version === "number" ? version : 0;
}

function refuseNewer(database: Database.Database, current: number, migrations: readonly Migration[]): void {
	const latest = migrations.at(-1)?.version ?? 0;
	if (current > latest)
		throw new StoreError(
			`the store at ${database.name} is at schema version ${current}, newer than this touchstone knows (${latest}); upgrade touchstone to read it, or point TOUCHSTONE_DB at another store`,
		);
}

function checkOrder(migrations: readonly Migration[]): void {
	migrations.forEach((migration, index) => {
		if (migration.version !== index + 1)
			throw new StoreError(
				`migration "${migration.name}" has version ${migration.version} at position ${index + 1}; versions must run 1, 2, 3, … without gaps`,
			);
	});
}
