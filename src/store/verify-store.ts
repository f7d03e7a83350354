import { TouchstoneError } from "../contract/index.js";
import { readArtifact } from "./artifacts.js";
import type { StoreContext } from "./context.js";
import type { Migration } from "./migrations.js";
import { RUN_COLUMNS, rowHash, SCORE_COLUMNS } from "./row-hash.js";
import { type SchemaProblem, schemaProblems } from "./schema-check.js";

/** The kinds of problem `touchstone verify` finds. */
export const STORE_PROBLEM_KINDS = ["database", "schema", "reference", "artifact", "run"] as const;
/** What part of the store a problem is in. */
export type StoreProblemKind = (typeof STORE_PROBLEM_KINDS)[number];

/** One thing found wrong in a store. */
export interface StoreProblem {
	readonly kind: StoreProblemKind;
	/** What it is about, e.g. `trigger scores_no_update`, `artifact 3f…`, `run r-…`. */
	readonly subject: string;
	/** A sentence naming the subject and what differs. */
	readonly message: string;
}

/** What verifying a store found, and how much it looked at. */
export interface StoreVerification {
	/** Every problem, in the order of the checks (database, schema, references, artifacts, runs). */
	readonly problems: readonly StoreProblem[];
	readonly checked: {
		readonly artifacts: number;
		readonly runs: number;
		/** Runs recorded before row hashes (migration 5): their score count is checked, their rows cannot be. */
		readonly runs_without_hash: number;
	};
}

/** Rows read per query: bounded memory over a store of any size. */
const BATCH = 500;

/**
 * Checks everything a store can be checked against: SQLite's own page check, the schema against
 * the one `migrations` make (tables, indexes, views, guard triggers), references between rows,
 * every artifact re-hashed (files and inline rows, a special file refused), and every run against
 * its seal (its scores counted, its rows re-hashed). Problems are data; only a failure to read
 * the database at all throws.
 */
export function verifyStore(context: StoreContext, migrations: readonly Migration[]): StoreVerification {
	const problems: StoreProblem[] = [];
	const { database } = context;
	for (const line of database.pragma("quick_check") as { quick_check: string }[])
		if (line.quick_check !== "ok")
			problems.push({
				kind: "database",
				subject: "database",
				message: `the database file is damaged: ${line.quick_check}`,
			});
	const schema = schemaProblems(database, migrations);
	problems.push(...schema.map(schemaProblem));
	const missing = new Set(
		schema.filter((item) => item.type === "table" && item.problem === "missing").map((item) => item.name),
	);
	for (const row of database.pragma("foreign_key_check") as { table: string; rowid: number; parent: string }[])
		problems.push({
			kind: "reference",
			subject: `${row.table} row ${row.rowid}`,
			message: `${row.table} row ${row.rowid} refers to a row of ${row.parent} that does not exist`,
		});
	const artifacts = missing.has("artifacts") ? 0 : verifyArtifacts(context, problems);
	const runs = ["runs", "scores", "run_seals"].some((table) => missing.has(table))
		? { runs: 0, runs_without_hash: 0 }
		: verifyRuns(context, problems);
	return { problems, checked: { artifacts, ...runs } };
}

function schemaProblem(problem: SchemaProblem): StoreProblem {
	const subject = `${problem.type} ${problem.name}`;
	const guard = problem.type === "trigger" ? " (an append-only guard: rows could have been changed meanwhile)" : "";
	const what = {
		missing: "is missing",
		changed: "differs from the one its migrations made",
		unexpected: "was made by no migration",
	}[problem.problem];
	return { kind: "schema", subject, message: `${subject} ${what}${guard}` };
}

function verifyArtifacts(context: StoreContext, problems: StoreProblem[]): number {
	const page = context.database.prepare("SELECT rowid, sha256 FROM artifacts WHERE rowid > ? ORDER BY rowid LIMIT ?");
	let after = 0;
	let checked = 0;
	for (;;) {
		const rows = page.all(after, BATCH) as { rowid: number; sha256: string }[];
		for (const { rowid, sha256 } of rows) {
			after = rowid;
			checked += 1;
			try {
				readArtifact(context, sha256);
			} catch (error) {
				const message = error instanceof TouchstoneError ? error.message : String(error);
				problems.push({ kind: "artifact", subject: `artifact ${sha256}`, message });
			}
		}
		if (rows.length < BATCH) return checked;
	}
}

const RUN_PAGE = `SELECT r.rowid, ${RUN_COLUMNS.map((column) => `r.${column}`).join(", ")}, seal.scores, seal.row_hash, seal.run_id IS NOT NULL
	FROM runs AS r LEFT JOIN run_seals AS seal ON seal.run_id = r.run_id WHERE r.rowid > ? ORDER BY r.rowid LIMIT ?`;
const RUN_SCORES = `SELECT ${SCORE_COLUMNS.join(", ")} FROM scores WHERE run_id IN (SELECT value FROM json_each(?)) ORDER BY score_id`;

function verifyRuns(context: StoreContext, problems: StoreProblem[]): { runs: number; runs_without_hash: number } {
	const page = context.database.prepare(RUN_PAGE).raw(true);
	const scoresOf = context.database.prepare(RUN_SCORES).raw(true);
	const width = RUN_COLUMNS.length;
	let after = 0;
	let runs = 0;
	let withoutHash = 0;
	for (;;) {
		const rows = page.all(after, BATCH) as unknown[][];
		const scores = new Map<string, unknown[]>();
		for (const score of scoresOf.all(JSON.stringify(rows.map((row) => row[1]))) as unknown[][]) {
			const values = scores.get(score[0] as string) ?? [];
			values.push(...score);
			scores.set(score[0] as string, values);
		}
		for (const row of rows) {
			after = row[0] as number;
			runs += 1;
			const values = row.slice(1, 1 + width);
			const [count, hash, sealed] = row.slice(1 + width) as [number | null, string | null, 0 | 1];
			const runId = values[0] as string;
			const written = scores.get(runId) ?? [];
			const found = written.length / SCORE_COLUMNS.length;
			const cell = `case ${values[3]}, model ${values[7]}, sample ${values[9]}`;
			const problem = (message: string) =>
				problems.push({ kind: "run", subject: `run ${runId}`, message: `run ${runId} (${cell}) ${message}` });
			if (sealed === 0) problem("has no seal: it was not written by touchstone, and is not counted");
			else if (count !== found) problem(`has ${found} scores where its seal recorded ${count}: it is not counted`);
			else if (hash === null) withoutHash += 1;
			else {
				const actual = rowHash(values, [written]);
				if (actual !== hash)
					problem(`differs from what was written: its row or scores hash to ${actual}, its seal recorded ${hash}`);
			}
		}
		if (rows.length < BATCH) return { runs, runs_without_hash: withoutHash };
	}
}
