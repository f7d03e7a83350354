import { guardTriggers } from "./guard-triggers.js";
import { SPEC_SNAPSHOTS_GUARD } from "./schema-v1.js";

/**
 * Migration 3: `spec_snapshots.spec_json` loses its `CHECK (json_valid(spec_json))`. SQLite
 * checks it by parsing the whole document into a binary copy, which cost about three times the
 * spec's size in memory at the moment of freezing: 30 MB for a pack of 50,000 cases, the largest
 * moment of a whole run (bench/overhead). The check guarded nothing touchstone can write: a spec
 * is frozen only as the canonical JSON of a document (contract/json.ts refuses what JSON cannot
 * carry), and every read parses it.
 *
 * SQLite cannot drop a CHECK in place, so the table is rebuilt the documented way: a new table,
 * the rows copied unchanged, the old one dropped, the new one renamed, its index and append-only
 * triggers made again. It runs with foreign keys off (the migration's `rebuildsTables`), which
 * `applyMigrations` checks with `PRAGMA foreign_key_check` before committing. Frozen: a later
 * change is a new migration.
 */
export const SCHEMA_V3 = `
CREATE TABLE spec_snapshots_v3 (
	benchmark_version TEXT PRIMARY KEY NOT NULL,
	use_case_id TEXT NOT NULL,
	spec_hash TEXT NOT NULL,
	spec_json TEXT NOT NULL,
	home_repo TEXT,
	methodology TEXT NOT NULL,
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO spec_snapshots_v3 (benchmark_version, use_case_id, spec_hash, spec_json, home_repo, methodology, ingest_source, created_at)
	SELECT benchmark_version, use_case_id, spec_hash, spec_json, home_repo, methodology, ingest_source, created_at
	FROM spec_snapshots ORDER BY rowid;
DROP TABLE spec_snapshots;
ALTER TABLE spec_snapshots_v3 RENAME TO spec_snapshots;
CREATE INDEX spec_snapshots_by_use_case ON spec_snapshots (use_case_id, created_at);
${guardTriggers(SPEC_SNAPSHOTS_GUARD)}
`;
