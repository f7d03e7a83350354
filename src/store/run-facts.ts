import type { AttemptStatus } from "../contract/index.js";
import type { StoreContext } from "./context.js";
import { failedJuryFact, juryFact } from "./run-jury-facts.js";
import { wholeRunSql } from "./run-queries.js";

/**
 * What the read layer aggregates of one run: its cell, how it ended, its telemetry and the value
 * of one metric. Lean on purpose (no ids, no provenance, no artifacts, repeated names shared): a
 * leaderboard over 500,000 runs holds one of these per run.
 */
export interface RunFact {
	/** The run's id, and the artifact of its workspace diff (tasks; null when none was stored). */
	readonly run_id: string;
	readonly diff_sha: string | null;
	readonly model_id: string;
	readonly harness: string;
	readonly case_id: string;
	readonly sample_index: number;
	readonly status: AttemptStatus;
	/** Whether the grader failed on this run (no scores). */
	readonly grader_failed: boolean;
	readonly cost_usd: number | null;
	readonly latency_ms: number | null;
	readonly ttft_ms: number | null;
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	/** The value of the requested metric, null when the run has no such score (or its value is a label). */
	readonly value: number | null;
	/** The jury's confidence in that score, when a jury graded it. */
	readonly confidence: number | null;
	/** Whether that score tripped a critical-failure gate. */
	readonly critical_failure: boolean;
	/**
	 * Whether the sandboxes of this run isolated their commands from the host: false when the
	 * runner's or the grader's (as the headline score records it) ran unisolated, true when they
	 * were isolated, null when no sandbox ran (single-shot).
	 */
	readonly isolated: boolean | null;
	/**
	 * What grading this run with a jury cost and who judged: the record of its headline score plus
	 * those of its rubric checks (each its own panel), or, when the grading failed, the record its
	 * jury's error left (see `failed`); null when no jury graded any of them.
	 */
	readonly jury: RunJuryFact | null;
	/** Whether that score is a graded 0..1 score (`extras.graded_score`: mutation, multi-site tests, checks), not a pass/fail. */
	readonly graded_score: boolean;
	/** What the agent loop recorded of its effort (`runner.details`); null for a run that records none (single-shot, external). */
	readonly agent: AgentEffortFact | null;
	/** The source a federated ingest or an import tagged the run with; null for a run this store recorded. */
	readonly ingest_source: string | null;
}

/** An agent attempt's effort, as its runner's details record it: for the self-host lens. */
export interface AgentEffortFact {
	/** Model turns taken (`budget_used.turns`); null when not recorded. */
	readonly turns: number | null;
	/** Tool calls made, all tools together (`tool_calls` by name, summed). */
	readonly tool_calls: number;
	/**
	 * Of those, calls that were not well formed: arguments that did not parse or fit the tool, or a
	 * tool that does not exist (`tool_errors_by_kind.arguments` + `.unknown_tool`). A command that
	 * ran and failed was a well-formed call.
	 */
	readonly malformed_tool_calls: number;
}

/**
 * The jury's record of one run (the jury grader's `extras.jury`), or what a jury score stored
 * before it was recorded shows (`recorded: false`, every figure unknown).
 */
export interface RunJuryFact {
	/** False for a jury score stored before jurors' usage was recorded: nothing below is known. */
	readonly recorded: boolean;
	/** Sum of the known costs of the votes, in USD; null when none is known. */
	readonly cost_usd: number | null;
	/** Votes asked for (one per juror asked). */
	readonly votes: number;
	/** Votes whose cost is unknown (an unpriced juror, a failed call). */
	readonly unpriced_votes: number;
	/** Whether a juror of the candidate's own model or family judged it. */
	readonly self_judged: boolean;
	/**
	 * Whether the grading failed after the jury was asked (a panel below its quorum: a grader
	 * error, no score): the votes above were paid for all the same.
	 */
	readonly failed: boolean;
}

/*
 * Isolation as the run's provenance (runner details, and an external harness's own flag) and its
 * headline score's extras (the grading sandbox) record it. The `instr` guards skip the JSON parse
 * for the runs that mention no isolation at all (every single-shot run).
 */
const RUNNER_ISOLATED = "json_extract(r.provenance_json, '$.runner.details.sandbox.isolated')";
const HARNESS_ISOLATED = "json_extract(r.provenance_json, '$.runner.details.isolated')";
const GRADER_ISOLATED = "json_extract(s.extras_json, '$.sandbox.isolated')";
const ISOLATED_SQL = `CASE WHEN instr(r.provenance_json, '"isolated"') = 0 AND coalesce(instr(s.extras_json, '"isolated"'), 0) = 0 THEN NULL
	WHEN ${RUNNER_ISOLATED} = 0 OR ${HARNESS_ISOLATED} = 0 OR ${GRADER_ISOLATED} = 0 THEN 0
	WHEN coalesce(${RUNNER_ISOLATED}, ${HARNESS_ISOLATED}, ${GRADER_ISOLATED}) = 1 THEN 1 END`;

/*
 * The jury's record on the headline score (see the jury grader), in one column: NULL for a score
 * no jury gave, '' for a jury score without a record, else one JSON array of the four figures
 * (one parse of the extras, and only where a record is).
 */
const JURY_FIGURES = (alias: string) =>
	`json_extract(${alias}.extras_json, '$.jury.usage.cost_usd', '$.jury.usage.votes', '$.jury.usage.unpriced_votes', '$.jury.self_judged_by')`;
const JURY_SQL = `CASE WHEN s.judge_panel_version IS NULL THEN NULL WHEN coalesce(instr(s.extras_json, '"jury"'), 0) = 0 THEN ''
	ELSE ${JURY_FIGURES("s")} END`;

/*
 * The records of the run's other panels: each rubric check is its own jury call, its record
 * marked with the check's metric (`extras.jury.check`, see the rubric check), so a jury plugin's
 * field scores (which repeat its headline's one record) are not counted again. NULL when there
 * is none, else a JSON array of the four figures of each. A headline a jury gave without the
 * mark is a jury plugin's one call: its runs skip the look-up.
 */
const CHECKS_JURY_SQL = `CASE WHEN s.judge_panel_version IS NOT NULL AND instr(s.extras_json, '"check":') = 0 THEN NULL ELSE (SELECT CASE WHEN count(*) = 0 THEN NULL ELSE json_group_array(json(${JURY_FIGURES("c")})) END
	FROM scores AS c WHERE c.run_id = r.run_id AND c.metric IS NOT s.metric AND c.judge_panel_version IS NOT NULL
	AND instr(c.extras_json, '"check":') > 0 AND json_extract(c.extras_json, '$.jury.check') IS NOT NULL) END`;

/*
 * A grading that failed keeps the jury's record of the votes it paid for (a panel below its
 * quorum) in the run's provenance (`grader.jury`): read only on those rows, the four figures.
 */
const FAILED_JURY_SQL = `CASE WHEN r.grader_error IS NULL OR instr(r.provenance_json, '"jury"') = 0 THEN NULL
	ELSE json_extract(r.provenance_json, '$.grader.jury.usage.cost_usd', '$.grader.jury.usage.votes', '$.grader.jury.usage.unpriced_votes', '$.grader.jury.self_judged_by') END`;

/*
 * The agent loop's effort record (runner.details: budget_used.turns, tool_calls by name, tool
 * errors by kind), in one column: NULL for a run without one (the `instr` guard skips the parse),
 * else a JSON array of turns, calls and malformed calls.
 */
const AGENT_SQL = `CASE WHEN instr(r.provenance_json, '"tool_calls"') = 0
	OR json_type(r.provenance_json, '$.runner.details.tool_calls') IS NOT 'object' THEN NULL ELSE json_array(
	json_extract(r.provenance_json, '$.runner.details.budget_used.turns'),
	(SELECT coalesce(sum(value), 0) FROM json_each(r.provenance_json, '$.runner.details.tool_calls')),
	coalesce(json_extract(r.provenance_json, '$.runner.details.tool_errors_by_kind.arguments'), 0)
		+ coalesce(json_extract(r.provenance_json, '$.runner.details.tool_errors_by_kind.unknown_tool'), 0)) END`;

/* Whether the score is a graded one (see the verifiers' scoredVerdict); the `instr` guard skips the parse for the rest. */
const GRADED_SQL = `coalesce(instr(s.extras_json, '"graded_score"'), 0) > 0 AND json_extract(s.extras_json, '$.graded_score') = 1`;

const FACT_SQL = (
	byCase: boolean,
	checks: boolean,
) => `SELECT r.cell_key, r.model_id, r.harness, r.case_id, r.sample_index, r.status,
	r.grader_error IS NOT NULL, r.cost_usd, r.latency_ms, r.ttft_ms, r.input_tokens, r.output_tokens,
	s.value, s.confidence, coalesce(s.critical_failure, 0), ${ISOLATED_SQL}, ${JURY_SQL}, ${checks ? CHECKS_JURY_SQL : "NULL"}, ${FAILED_JURY_SQL},
	${GRADED_SQL}, ${AGENT_SQL}, r.run_id, r.diff_sha, r.ingest_source
	FROM runs AS r LEFT JOIN scores AS s ON s.run_id = r.run_id AND s.metric = ?
	WHERE r.use_case_id = ?${byCase ? " AND r.case_id = ?" : ""} AND ${wholeRunSql("r")}
	AND NOT EXISTS (SELECT 1 FROM runs AS o INDEXED BY runs_by_cell_key WHERE o.cell_key = r.cell_key AND o.use_case_id = r.use_case_id
		AND o.rowid <> r.rowid AND ${wholeRunSql("o")} AND (
			(r.status <> 'harness_error' AND o.status <> 'harness_error' AND o.rowid > r.rowid)
			OR (r.status = 'harness_error' AND (o.status <> 'harness_error' OR o.rowid > r.rowid))))
	ORDER BY r.rowid`;

type FactRow = [
	string,
	string,
	string,
	string,
	number,
	AttemptStatus,
	0 | 1,
	number | null,
	number | null,
	number | null,
	number | null,
	number | null,
	number | null,
	number | null,
	0 | 1,
	0 | 1 | null,
	string | null,
	string | null,
	string | null,
	0 | 1,
	string | null,
	string,
	string | null,
	string | null,
];

/** How {@link iterateRunFacts} reads. */
export interface RunFactOptions {
	/**
	 * Whether to look up the rubric checks' jury records (a look-up per run); false when the
	 * caller knows no jury graded the use case (its spec names no judge panel). Default true.
	 */
	readonly juryChecks?: boolean;
}

/**
 * The facts of a use case's runs (optionally of one case) with the score of `metric`, in write
 * order, each with its cell key: one row per cell, the one that counts (the latest graded row;
 * when every row of the cell is a harness error, the latest of those). Rows that are not whole
 * (see wholeRunSql) neither count nor replace one that does. Older rows of a re-run
 * cell are left out here, in SQL, so a reader can aggregate as it iterates without holding every
 * row to replace it later. The names that repeat on every row are shared.
 */
export function* iterateRunFacts(
	context: StoreContext,
	useCaseId: string,
	metric: string,
	caseId?: string,
	options: RunFactOptions = {},
): Generator<{ readonly cell_key: string; readonly fact: RunFact }> {
	const names = new Map<string, string>();
	const intern = <T extends string>(value: T): T => {
		const known = names.get(value);
		if (known !== undefined) return known as T;
		names.set(value, value);
		return value;
	};
	const statement = context.statements.get(FACT_SQL(caseId !== undefined, options.juryChecks !== false));
	const values = caseId === undefined ? [metric, useCaseId] : [metric, useCaseId, caseId];
	for (const row of statement.raw(true).iterate(...values) as IterableIterator<FactRow>) {
		yield {
			cell_key: row[0],
			fact: {
				run_id: row[21],
				diff_sha: row[22],
				model_id: intern(row[1]),
				harness: intern(row[2]),
				case_id: intern(row[3]),
				sample_index: row[4],
				status: intern(row[5]),
				grader_failed: row[6] === 1,
				cost_usd: row[7],
				latency_ms: row[8],
				ttft_ms: row[9],
				input_tokens: row[10],
				output_tokens: row[11],
				value: row[12],
				confidence: row[13],
				critical_failure: row[14] === 1,
				isolated: row[15] === null ? null : row[15] === 1,
				jury: row[18] === null ? juryFact(row[16], row[17]) : failedJuryFact(row[18]),
				graded_score: row[19] === 1,
				agent: row[20] === null ? null : agentFact(row[20]),
				ingest_source: row[23] === null ? null : intern(row[23]),
			},
		};
	}
}

function agentFact(column: string): AgentEffortFact | null {
	const [turns, calls, malformed] = JSON.parse(column) as [unknown, unknown, unknown];
	if (typeof calls !== "number" || typeof malformed !== "number") return null;
	return { turns: typeof turns === "number" ? turns : null, tool_calls: calls, malformed_tool_calls: malformed };
}

/** What the store holds of one use case's runs (any version), without reading them. */
export interface UseCaseRunCounts {
	readonly runs: number;
	readonly last_run_at: string | null;
	/** Distinct models among the runs. */
	readonly models: number;
	/** Distinct sources a federated ingest or an import tagged runs with, sorted; [] when this store recorded every run. */
	readonly sources: readonly string[];
	/** Runs this store recorded itself (no ingest source). */
	readonly native_runs: number;
}

/** How many runs each use case has, and when the latest was written, and where they came from: one pass over the runs. */
export function runCountsByUseCase(context: StoreContext): Map<string, UseCaseRunCounts> {
	const rows = context.statements
		.get(
			`SELECT use_case_id, count(*) AS runs, max(created_at) AS last_run_at, count(DISTINCT model_id) AS models,
				json_group_array(DISTINCT ingest_source) AS sources, sum(ingest_source IS NULL) AS native_runs
				FROM runs GROUP BY use_case_id`,
		)
		.all() as (Omit<UseCaseRunCounts, "sources"> & { use_case_id: string; sources: string })[];
	return new Map(
		rows.map(({ use_case_id, sources, ...rest }) => [
			use_case_id,
			{ ...rest, sources: (JSON.parse(sources) as (string | null)[]).filter((item) => item !== null).sort() },
		]),
	);
}

/**
 * A stamp that changes whenever a use case's runs do: the last row id and the row count (rows are
 * only appended, or replaced by an ingest, which changes one or the other). Cheap next to reading
 * the runs, so a reader can keep what it computed until the stamp moves.
 */
export function runsStamp(context: StoreContext, useCaseId: string): { stamp: string; rows: number } {
	const row = context.statements
		.get("SELECT max(rowid) AS last, count(*) AS rows FROM runs WHERE use_case_id = ?")
		.get(useCaseId) as { last: number | null; rows: number };
	return { stamp: `${row.last ?? 0}:${row.rows}`, rows: row.rows };
}
