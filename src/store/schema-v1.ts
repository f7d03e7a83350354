import { type Guarded, guardTriggers } from "./guard-triggers.js";

/**
 * Migration 1: every table, index, view and append-only trigger of the first store. Frozen: a
 * change to the schema is a new migration, never an edit here.
 */

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";

const TABLES = `
CREATE TABLE spec_snapshots (
	benchmark_version TEXT PRIMARY KEY NOT NULL,
	use_case_id TEXT NOT NULL,
	spec_hash TEXT NOT NULL,
	spec_json TEXT NOT NULL CHECK (json_valid(spec_json)),
	home_repo TEXT,
	methodology TEXT NOT NULL,
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}
);
CREATE INDEX spec_snapshots_by_use_case ON spec_snapshots (use_case_id, created_at);

CREATE TABLE spec_activations (
	activation_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	benchmark_version TEXT NOT NULL REFERENCES spec_snapshots (benchmark_version),
	activated_at TEXT NOT NULL DEFAULT ${NOW}
);
CREATE INDEX spec_activations_by_use_case ON spec_activations (use_case_id, activation_id);

CREATE TABLE artifacts (
	sha256 TEXT PRIMARY KEY NOT NULL CHECK (length(sha256) = 64),
	path TEXT NOT NULL,
	size INTEGER NOT NULL CHECK (size >= 0),
	content_type TEXT NOT NULL,
	created_at TEXT NOT NULL DEFAULT ${NOW}
);

CREATE TABLE runs (
	run_id TEXT PRIMARY KEY NOT NULL,
	benchmark_version TEXT NOT NULL REFERENCES spec_snapshots (benchmark_version),
	use_case_id TEXT NOT NULL,
	case_id TEXT NOT NULL,
	case_version TEXT NOT NULL,
	case_kind TEXT NOT NULL,
	input_hash TEXT NOT NULL,
	model_id TEXT NOT NULL,
	harness TEXT NOT NULL,
	sample_index INTEGER NOT NULL CHECK (sample_index >= 0),
	depth TEXT NOT NULL CHECK (depth IN ('limited', 'thorough')),
	cell_key TEXT NOT NULL,
	status TEXT NOT NULL CHECK (status IN ('completed', 'failed', 'timeout', 'limit', 'tool_error', 'harness_error')),
	error TEXT,
	grader_error TEXT,
	cost_usd REAL,
	latency_ms REAL,
	ttft_ms REAL,
	input_tokens INTEGER,
	output_tokens INTEGER,
	cache_tokens INTEGER,
	tokens_per_sec REAL,
	turns INTEGER,
	input_sha TEXT REFERENCES artifacts (sha256),
	output_sha TEXT REFERENCES artifacts (sha256),
	trace_sha TEXT REFERENCES artifacts (sha256),
	diff_sha TEXT REFERENCES artifacts (sha256),
	raw_sha TEXT REFERENCES artifacts (sha256),
	provenance_json TEXT NOT NULL CHECK (json_valid(provenance_json)),
	ingest_source TEXT,
	started_at TEXT,
	finished_at TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}
);
CREATE INDEX runs_by_version ON runs (use_case_id, benchmark_version);
CREATE INDEX runs_by_cell_key ON runs (cell_key);
CREATE INDEX runs_by_case ON runs (use_case_id, case_id);

-- UNIQUE (run_id, metric) is also the index on run_id: run_id is its leading column.
CREATE TABLE scores (
	score_id INTEGER PRIMARY KEY AUTOINCREMENT,
	run_id TEXT NOT NULL REFERENCES runs (run_id),
	metric TEXT NOT NULL,
	score_type TEXT NOT NULL CHECK (score_type IN ('absolute', 'boolean', 'ordinal', 'label')),
	value REAL,
	value_label TEXT,
	jury_votes_sha TEXT REFERENCES artifacts (sha256),
	inter_judge_disagreement REAL,
	confidence REAL,
	critical_failure INTEGER NOT NULL CHECK (critical_failure IN (0, 1)),
	gate_meta_json TEXT CHECK (gate_meta_json IS NULL OR json_valid(gate_meta_json)),
	reasoning_sha TEXT REFERENCES artifacts (sha256),
	grader_version TEXT NOT NULL,
	judge_panel_version TEXT,
	extras_json TEXT CHECK (extras_json IS NULL OR json_valid(extras_json)),
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW},
	UNIQUE (run_id, metric)
);

CREATE TABLE owner_ratings (
	rating_id INTEGER PRIMARY KEY AUTOINCREMENT,
	run_id TEXT NOT NULL REFERENCES runs (run_id),
	rating REAL NOT NULL CHECK (rating BETWEEN 0 AND 1),
	label TEXT CHECK (label IS NULL OR label IN ('ship', 'edit', 'reject')),
	note TEXT,
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}
);
CREATE INDEX owner_ratings_by_run ON owner_ratings (run_id, rating_id);
CREATE VIEW latest_owner_ratings AS
	SELECT o.* FROM owner_ratings AS o
	WHERE o.rating_id = (SELECT max(i.rating_id) FROM owner_ratings AS i WHERE i.run_id = o.run_id);

CREATE TABLE deployments (
	deployment_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	model_id TEXT NOT NULL,
	harness TEXT NOT NULL,
	config_source TEXT,
	deployed_at TEXT NOT NULL,
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}
);
CREATE INDEX deployments_by_use_case ON deployments (use_case_id, deployed_at);

CREATE TABLE calibration_results (
	calibration_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	benchmark_version TEXT NOT NULL REFERENCES spec_snapshots (benchmark_version),
	n INTEGER NOT NULL CHECK (n >= 0),
	report_json TEXT NOT NULL CHECK (json_valid(report_json)),
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}
);
CREATE INDEX calibration_results_by_use_case ON calibration_results (use_case_id, benchmark_version);

CREATE TABLE volume_snapshots (
	snapshot_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	period_start TEXT NOT NULL,
	period_end TEXT NOT NULL,
	calls INTEGER,
	input_tokens INTEGER,
	output_tokens INTEGER,
	cost_usd REAL,
	source_file TEXT,
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}
);
CREATE INDEX volume_snapshots_by_use_case ON volume_snapshots (use_case_id, period_start);

CREATE TABLE comparisons (
	comparison_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	benchmark_version TEXT NOT NULL REFERENCES spec_snapshots (benchmark_version),
	case_id TEXT NOT NULL,
	run_a TEXT NOT NULL REFERENCES runs (run_id),
	run_b TEXT NOT NULL REFERENCES runs (run_id),
	judge TEXT NOT NULL,
	verdict TEXT NOT NULL CHECK (verdict IN ('a', 'b', 'tie')),
	confidence REAL,
	reasoning_sha TEXT REFERENCES artifacts (sha256),
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW},
	CHECK (run_a <> run_b)
);
CREATE INDEX comparisons_by_version ON comparisons (use_case_id, benchmark_version, case_id);
CREATE INDEX comparisons_by_run_a ON comparisons (run_a);
CREATE INDEX comparisons_by_run_b ON comparisons (run_b);
`;

/** The append-only guard of spec_snapshots; migration 3 makes the same triggers again for the rebuilt table. */
export const SPEC_SNAPSHOTS_GUARD: Guarded = {
	table: "spec_snapshots",
	keys: [["benchmark_version"]],
	deletable: "ingest",
	duplicate: "first-wins",
};

/** The append-only guard of every table; migration 4 makes the same triggers again for the rebuilt tables. */
export const V1_GUARDED: readonly Guarded[] = [
	SPEC_SNAPSHOTS_GUARD,
	{ table: "spec_activations", keys: [["activation_id"]], deletable: "never", duplicate: "refuse" },
	{ table: "artifacts", keys: [["sha256"]], deletable: "never", duplicate: "first-wins" },
	{
		table: "runs",
		keys: [["run_id"]],
		deletable: "ingest",
		duplicate: "refuse",
		checks: [
			{
				when: "EXISTS (SELECT 1 FROM spec_snapshots WHERE benchmark_version = NEW.benchmark_version AND use_case_id IS NOT NEW.use_case_id)",
				message: "touchstone store: a run''s use_case_id must match the use case of its benchmark_version",
			},
		],
	},
	{ table: "scores", keys: [["score_id"], ["run_id", "metric"]], deletable: "ingest", duplicate: "refuse" },
	{ table: "owner_ratings", keys: [["rating_id"]], deletable: "ingest", duplicate: "refuse" },
	{ table: "deployments", keys: [["deployment_id"]], deletable: "ingest", duplicate: "refuse" },
	{ table: "calibration_results", keys: [["calibration_id"]], deletable: "ingest", duplicate: "refuse" },
	{ table: "volume_snapshots", keys: [["snapshot_id"]], deletable: "ingest", duplicate: "refuse" },
	{ table: "comparisons", keys: [["comparison_id"]], deletable: "ingest", duplicate: "refuse" },
];

/** The SQL of migration 1. */
export const SCHEMA_V1 = [TABLES, ...V1_GUARDED.map(guardTriggers)].join("\n");
