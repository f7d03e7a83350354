import { guardTriggers } from "./guard-triggers.js";
import { V1_GUARDED } from "./schema-v1.js";

/**
 * Migration 4: every table is rebuilt STRICT, telemetry columns refuse what is not a telemetry
 * figure, and runs gain `redactions` and `warnings_json`.
 *
 * Without STRICT, SQLite stores whatever it is given: a token count reported as `"lots"` was
 * kept as the text `0lots` in an INTEGER column, and a cost of -1000 made a model the cheapest.
 * A STRICT table refuses a value that is not of its column's type (SQLite ≥ 3.37), and the
 * CHECKs refuse a negative or infinite cost, latency, rate or token count (SQL NULL, unknown,
 * passes). touchstone itself never writes such a value (providers read reported numbers as
 * unknown when they are not figures); the store is the last line against a bug or a forged
 * ingest.
 *
 * `redactions` counts the secrets replaced in the run's stored texts and `warnings_json` holds
 * the run's warnings (a JSON array of strings: telemetry that was not a number, a reply cut at
 * its size bound, …). Both are NULL on runs recorded before this migration: not counted then,
 * which is not the same as none.
 *
 * Rows are copied unchanged with one exception: a telemetry value the new checks refuse (text in
 * a count, a negative cost) was never a figure, and is copied as NULL, unknown. Each table is
 * rebuilt the documented way (as in migration 3): a new table, the rows copied in rowid order,
 * the old one dropped, the new one renamed, its indexes, view and append-only triggers (the same
 * as migration 1's) made again, with foreign keys off and checked before commit. Frozen: a later
 * change is a new migration.
 */

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
/** Bounds a real figure: not negative, not infinite (NaN is stored as NULL by SQLite). */
const figure = (column: string) => `CHECK (${column} >= 0 AND ${column} < 1e308)`;
/** Copies a REAL figure, or NULL when it is not one. */
const realFigure = (column: string) =>
	`CASE WHEN typeof(${column}) IN ('integer', 'real') AND ${column} >= 0 AND ${column} < 1e308 THEN ${column} END`;
/** Copies an INTEGER count, or NULL when it is not one. */
const countFigure = (column: string) => `CASE WHEN typeof(${column}) = 'integer' AND ${column} >= 0 THEN ${column} END`;

interface Rebuilt {
	readonly table: string;
	/** Column definitions and table constraints of the STRICT table. */
	readonly definition: string;
	/** Columns copied from the old table, each with the expression copying it (default: itself). */
	readonly copied: readonly (string | readonly [string, string])[];
	/** Indexes and views, made again after the rename. */
	readonly after: string;
}

const REBUILT: readonly Rebuilt[] = [
	{
		table: "spec_snapshots",
		definition: `benchmark_version TEXT PRIMARY KEY NOT NULL,
	use_case_id TEXT NOT NULL,
	spec_hash TEXT NOT NULL,
	spec_json TEXT NOT NULL,
	home_repo TEXT,
	methodology TEXT NOT NULL,
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}`,
		copied: [
			"benchmark_version",
			"use_case_id",
			"spec_hash",
			"spec_json",
			"home_repo",
			"methodology",
			"ingest_source",
			"created_at",
		],
		after: "CREATE INDEX spec_snapshots_by_use_case ON spec_snapshots (use_case_id, created_at);",
	},
	{
		table: "spec_activations",
		definition: `activation_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	benchmark_version TEXT NOT NULL REFERENCES spec_snapshots (benchmark_version),
	activated_at TEXT NOT NULL DEFAULT ${NOW}`,
		copied: ["activation_id", "use_case_id", "benchmark_version", "activated_at"],
		after: "CREATE INDEX spec_activations_by_use_case ON spec_activations (use_case_id, activation_id);",
	},
	{
		table: "artifacts",
		definition: `sha256 TEXT PRIMARY KEY NOT NULL CHECK (length(sha256) = 64),
	path TEXT NOT NULL,
	size INTEGER NOT NULL CHECK (size >= 0),
	content_type TEXT NOT NULL,
	created_at TEXT NOT NULL DEFAULT ${NOW},
	content BLOB`,
		copied: ["sha256", "path", "size", "content_type", "created_at", "content"],
		after: "",
	},
	{
		table: "runs",
		definition: `run_id TEXT PRIMARY KEY NOT NULL,
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
	cost_usd REAL ${figure("cost_usd")},
	latency_ms REAL ${figure("latency_ms")},
	ttft_ms REAL ${figure("ttft_ms")},
	input_tokens INTEGER CHECK (input_tokens >= 0),
	output_tokens INTEGER CHECK (output_tokens >= 0),
	cache_tokens INTEGER CHECK (cache_tokens >= 0),
	tokens_per_sec REAL ${figure("tokens_per_sec")},
	turns INTEGER CHECK (turns >= 0),
	input_sha TEXT REFERENCES artifacts (sha256),
	output_sha TEXT REFERENCES artifacts (sha256),
	trace_sha TEXT REFERENCES artifacts (sha256),
	diff_sha TEXT REFERENCES artifacts (sha256),
	raw_sha TEXT REFERENCES artifacts (sha256),
	provenance_json TEXT NOT NULL CHECK (json_valid(provenance_json)),
	ingest_source TEXT,
	started_at TEXT,
	finished_at TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW},
	redactions INTEGER CHECK (redactions >= 0),
	warnings_json TEXT CHECK (warnings_json IS NULL OR json_type(warnings_json) = 'array')`,
		copied: [
			"run_id",
			"benchmark_version",
			"use_case_id",
			"case_id",
			"case_version",
			"case_kind",
			"input_hash",
			"model_id",
			"harness",
			"sample_index",
			"depth",
			"cell_key",
			"status",
			"error",
			"grader_error",
			["cost_usd", realFigure("cost_usd")],
			["latency_ms", realFigure("latency_ms")],
			["ttft_ms", realFigure("ttft_ms")],
			["input_tokens", countFigure("input_tokens")],
			["output_tokens", countFigure("output_tokens")],
			["cache_tokens", countFigure("cache_tokens")],
			["tokens_per_sec", realFigure("tokens_per_sec")],
			["turns", countFigure("turns")],
			"input_sha",
			"output_sha",
			"trace_sha",
			"diff_sha",
			"raw_sha",
			"provenance_json",
			"ingest_source",
			"started_at",
			"finished_at",
			"created_at",
		],
		after: `CREATE INDEX runs_by_version ON runs (use_case_id, benchmark_version);
CREATE INDEX runs_by_cell_key ON runs (cell_key);
CREATE INDEX runs_by_case ON runs (use_case_id, case_id);`,
	},
	{
		table: "scores",
		definition: `score_id INTEGER PRIMARY KEY AUTOINCREMENT,
	run_id TEXT NOT NULL REFERENCES runs (run_id),
	metric TEXT NOT NULL,
	score_type TEXT NOT NULL CHECK (score_type IN ('absolute', 'boolean', 'ordinal', 'label')),
	value REAL CHECK (value > -1e308 AND value < 1e308),
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
	UNIQUE (run_id, metric)`,
		copied: [
			"score_id",
			"run_id",
			"metric",
			"score_type",
			"value",
			"value_label",
			"jury_votes_sha",
			"inter_judge_disagreement",
			"confidence",
			"critical_failure",
			"gate_meta_json",
			"reasoning_sha",
			"grader_version",
			"judge_panel_version",
			"extras_json",
			"ingest_source",
			"created_at",
		],
		after: "",
	},
	{
		table: "owner_ratings",
		definition: `rating_id INTEGER PRIMARY KEY AUTOINCREMENT,
	run_id TEXT NOT NULL REFERENCES runs (run_id),
	rating REAL NOT NULL CHECK (rating BETWEEN 0 AND 1),
	label TEXT CHECK (label IS NULL OR label IN ('ship', 'edit', 'reject')),
	note TEXT,
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}`,
		copied: ["rating_id", "run_id", "rating", "label", "note", "ingest_source", "created_at"],
		after: `CREATE INDEX owner_ratings_by_run ON owner_ratings (run_id, rating_id);
CREATE VIEW latest_owner_ratings AS
	SELECT o.* FROM owner_ratings AS o
	WHERE o.rating_id = (SELECT max(i.rating_id) FROM owner_ratings AS i WHERE i.run_id = o.run_id);`,
	},
	{
		table: "deployments",
		definition: `deployment_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	model_id TEXT NOT NULL,
	harness TEXT NOT NULL,
	config_source TEXT,
	deployed_at TEXT NOT NULL,
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}`,
		copied: [
			"deployment_id",
			"use_case_id",
			"model_id",
			"harness",
			"config_source",
			"deployed_at",
			"ingest_source",
			"created_at",
		],
		after: "CREATE INDEX deployments_by_use_case ON deployments (use_case_id, deployed_at);",
	},
	{
		table: "calibration_results",
		definition: `calibration_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	benchmark_version TEXT NOT NULL REFERENCES spec_snapshots (benchmark_version),
	n INTEGER NOT NULL CHECK (n >= 0),
	report_json TEXT NOT NULL CHECK (json_valid(report_json)),
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}`,
		copied: ["calibration_id", "use_case_id", "benchmark_version", "n", "report_json", "ingest_source", "created_at"],
		after: "CREATE INDEX calibration_results_by_use_case ON calibration_results (use_case_id, benchmark_version);",
	},
	{
		table: "volume_snapshots",
		definition: `snapshot_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	period_start TEXT NOT NULL,
	period_end TEXT NOT NULL,
	calls INTEGER CHECK (calls >= 0),
	input_tokens INTEGER CHECK (input_tokens >= 0),
	output_tokens INTEGER CHECK (output_tokens >= 0),
	cost_usd REAL ${figure("cost_usd")},
	source_file TEXT,
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT ${NOW}`,
		copied: [
			"snapshot_id",
			"use_case_id",
			"period_start",
			"period_end",
			["calls", countFigure("calls")],
			["input_tokens", countFigure("input_tokens")],
			["output_tokens", countFigure("output_tokens")],
			["cost_usd", realFigure("cost_usd")],
			"source_file",
			"ingest_source",
			"created_at",
		],
		after: "CREATE INDEX volume_snapshots_by_use_case ON volume_snapshots (use_case_id, period_start);",
	},
	{
		table: "comparisons",
		definition: `comparison_id INTEGER PRIMARY KEY AUTOINCREMENT,
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
	CHECK (run_a <> run_b)`,
		copied: [
			"comparison_id",
			"use_case_id",
			"benchmark_version",
			"case_id",
			"run_a",
			"run_b",
			"judge",
			"verdict",
			"confidence",
			"reasoning_sha",
			"ingest_source",
			"created_at",
		],
		after: `CREATE INDEX comparisons_by_version ON comparisons (use_case_id, benchmark_version, case_id);
CREATE INDEX comparisons_by_run_a ON comparisons (run_a);
CREATE INDEX comparisons_by_run_b ON comparisons (run_b);`,
	},
];

function rebuild({ table, definition, copied, after }: Rebuilt): string {
	const guard = V1_GUARDED.find((guarded) => guarded.table === table);
	if (guard === undefined) throw new Error(`migration 4: no append-only guard for ${table}`);
	const columns = copied.map((column) => (typeof column === "string" ? column : column[0]));
	const values = copied.map((column) => (typeof column === "string" ? column : column[1]));
	return `CREATE TABLE ${table}_v4 (
	${definition}
) STRICT;
INSERT INTO ${table}_v4 (${columns.join(", ")})
	SELECT ${values.join(", ")} FROM ${table} ORDER BY rowid;
DROP TABLE ${table};
ALTER TABLE ${table}_v4 RENAME TO ${table};
${after}
${guardTriggers(guard)}`;
}

/** The SQL of migration 4. */
export const SCHEMA_V4 = ["DROP VIEW latest_owner_ratings;", ...REBUILT.map(rebuild)].join("\n");
