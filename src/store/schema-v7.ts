import { guardTriggers } from "./guard-triggers.js";

/**
 * Migration 7: `aggregate_rows`, the aggregate fallback of a federated ingest. When another store
 * can be reached only through a summary (a saved leaderboard), each of its model × harness rows
 * is kept here as it was summarised: the headline with its interval, the pass rate, how many
 * cases and samples, cost per case and median latency, each NULL when the summary does not have
 * it (never a made-up zero). The read layer shows such a row only where no per-case row of the
 * same model × harness exists, marked as an aggregate of its source, and never lets it into the
 * decision's paired statistics (it has no cases to pair).
 *
 * Every row comes from an ingest (`ingest_source` is NOT NULL), so a re-ingest of the same source
 * replaces exactly its rows; the append-only triggers still refuse every UPDATE. No foreign key to
 * `spec_snapshots`: a summary names a benchmark version this store may not hold. One row per
 * (use case, version, model, harness, source). Frozen: a later change is a new migration.
 */
export const SCHEMA_V7 = `
CREATE TABLE aggregate_rows (
	aggregate_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	benchmark_version TEXT NOT NULL,
	headline_metric TEXT NOT NULL,
	band REAL NOT NULL CHECK (band >= 0 AND band < 1e308),
	spec_cases INTEGER NOT NULL CHECK (spec_cases >= 0),
	model_id TEXT NOT NULL,
	harness TEXT NOT NULL,
	headline REAL CHECK (headline > -1e308 AND headline < 1e308),
	headline_low REAL CHECK (headline_low > -1e308 AND headline_low < 1e308),
	headline_high REAL CHECK (headline_high > -1e308 AND headline_high < 1e308),
	pass_rate REAL CHECK (pass_rate >= 0 AND pass_rate <= 1),
	cases INTEGER CHECK (cases >= 0),
	samples INTEGER CHECK (samples >= 0),
	cost_per_case_usd REAL CHECK (cost_per_case_usd >= 0 AND cost_per_case_usd < 1e308),
	p50_latency_ms REAL CHECK (p50_latency_ms >= 0 AND p50_latency_ms < 1e308),
	precision TEXT CHECK (precision IN ('limited', 'thorough')),
	provenance_json TEXT NOT NULL CHECK (json_valid(provenance_json)),
	ingest_source TEXT NOT NULL CHECK (ingest_source <> ''),
	created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
	CHECK ((headline_low IS NULL) = (headline_high IS NULL))
) STRICT;
CREATE UNIQUE INDEX aggregate_rows_by_cell ON aggregate_rows (use_case_id, benchmark_version, model_id, harness, ingest_source);
${guardTriggers({
	table: "aggregate_rows",
	keys: [["aggregate_id"], ["use_case_id", "benchmark_version", "model_id", "harness", "ingest_source"]],
	deletable: "ingest",
	duplicate: "refuse",
})}
`;
