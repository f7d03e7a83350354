import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIGRATIONS, openStore, openTemporaryStore, sampleCell, sampleSpec, type TemporaryStore } from "./index.js";
import { insertSchemaV1Run } from "./legacy-rows.js";

let temporary: TemporaryStore;

beforeEach(() => {
	temporary = openTemporaryStore();
	temporary.store.freezeSpec(sampleSpec());
});

afterEach(() => temporary.remove());

describe("run seals and verifyStore", () => {
	it("finds a store as written intact, including a cell of more scores than one statement takes and a NaN value", () => {
		const { store } = temporary;
		const metrics = Array.from({ length: 70 }, (_, index) => `metric_${index}`);
		const cell = sampleCell({ cell_key: "wide" }, metrics);
		store.recordCell({
			...cell,
			scores: cell.scores.map((score, index) => (index === 3 ? { ...score, value: Number.NaN } : score)),
		});
		store.recordCell(sampleCell({ cell_key: "plain", status: "harness_error" }, []));
		store.putArtifact("x".repeat(10_000), "text/plain");
		const verification = store.verify();
		expect(verification.problems).toEqual([]);
		expect(verification.checked).toEqual({ artifacts: 1, runs: 2, runs_without_hash: 0 });
	});

	it("names a run whose scores were added by hand, and one inserted without a seal, which is never current", () => {
		const { store } = temporary;
		const runId = store.recordCell(sampleCell({ cell_key: "sealed" }, ["composite"]));
		store.database
			.prepare(
				"INSERT INTO scores (run_id, metric, score_type, value, critical_failure, grader_version) VALUES (?, 'extra', 'absolute', 1, 0, 'x@1')",
			)
			.run(runId);
		insertSchemaV1Run(store.database, "by-hand", { cell_key: "unsealed" });
		expect(store.listRuns({ use_case_id: "summarization" }).map((run) => run.run_id)).toEqual([runId]);
		expect(store.completeCellKeys("summarization")).toEqual(new Set(["sealed"]));
		const messages = store.verify().problems.map((problem) => problem.message);
		expect(messages).toHaveLength(2);
		expect(messages[0]).toMatch(new RegExp(`run ${runId} .*has 2 scores where its seal recorded 1`));
		expect(messages[1]).toMatch(/run by-hand .*has no seal/);
	});

	it("seals the runs of an older store with their score count and no hash, but not a graded run without scores", () => {
		const paths = { database: join(temporary.folder, "older.db"), artifacts: join(temporary.folder, "older") };
		const older = openStore({ ...paths, migrations: MIGRATIONS.slice(0, 4) });
		older.freezeSpec(sampleSpec());
		insertSchemaV1Run(older.database, "old-whole");
		const columns = (older.database.pragma("table_info(runs)") as { name: string }[]).map((column) => column.name);
		const copied = columns.map((name) => (name === "run_id" ? "'old-bare'" : name === "cell_key" ? "'bare'" : name));
		older.database.exec(
			`INSERT INTO runs (${columns.join(", ")}) SELECT ${copied.join(", ")} FROM runs WHERE run_id = 'old-whole'`,
		);
		older.close();
		const store = openStore(paths);
		try {
			expect(store.appliedMigrations).toEqual(MIGRATIONS.slice(4).map((migration) => migration.version));
			expect(store.database.prepare("SELECT run_id, scores, row_hash FROM run_seals").all()).toEqual([
				{ run_id: "old-whole", scores: 1, row_hash: null },
			]);
			const verification = store.verify();
			expect(verification.checked.runs_without_hash).toBe(1);
			expect(verification.problems.map((problem) => problem.subject)).toEqual(["run old-bare"]);
		} finally {
			store.close();
		}
	});
});
