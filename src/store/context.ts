import type Database from "better-sqlite3";
import type { StatementCache } from "./statements.js";

/** What every table module works with: one open connection, its statements, the artifacts folder. */
export interface StoreContext {
	/** The open connection. */
	readonly database: Database.Database;
	/** Prepared statements of this connection. */
	readonly statements: StatementCache;
	/** Absolute path of the artifacts folder. */
	readonly artifacts: string;
	/** Artifacts up to this many bytes are kept inside the database, larger ones as files. */
	readonly inlineBytes: number;
}

/** Options shared by every write: rows of a federated ingest carry the source they came from. */
export interface WriteOptions {
	/** Tag for rows of a federated ingest; such rows (and only those) may later be replaced. */
	readonly ingest_source?: string | undefined;
}

/** The current time as UTC ISO-8601, the one timestamp format of the store. */
export function utcNow(): string {
	return new Date().toISOString();
}

/** The ingest tag of a write, `null` for native rows. */
export function ingestSourceOf(options: WriteOptions | undefined): string | null {
	return options?.ingest_source ?? null;
}
