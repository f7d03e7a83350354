import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/index.js";
import { runCli, tempDir } from "../support/cli.js";
import { taskStore } from "../support/task-store.js";

/** inspect_ai's own example logs (upstream/) and the capitals logs written from its schema (make-fixtures.py). */
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/inspect/${name}`, import.meta.url));

const SOURCE = "inspect:CapitalsEval7Kq2mXv9RbT4Lw";

interface BoardRow {
	readonly model_id: string;
	readonly harness: string;
	readonly headline: number | null;
	readonly harness_errors: number;
	readonly cost_per_case_usd: number | null;
	readonly unknown_cost: number;
}

/** A store with the CLI's paths under `cwd` and two rows touchstone recorded itself (use case `native`). */
function storeWithNativeRows(cwd: string): void {
	const store = openStore({ database: join(cwd, "data", "benchmarks.db"), artifacts: join(cwd, "data", "artifacts") });
	const native = taskStore({
		tasks: [{ id: "t1", kind: "floor" }],
		models: ["m/a", "m/b"],
		useCaseId: "native",
		into: { store, folder: cwd, remove: () => store.close() },
	});
	native.record({ task: "t1", model: "m/a", value: 1 });
	native.record({ task: "t1", model: "m/b", value: 0 });
	store.close();
}

/** Runs per use case and source, statuses, and the current spec of each use case. */
function snapshot(cwd: string, useCases: readonly string[]): Record<string, number> {
	const store: Store = openStore({
		database: join(cwd, "data", "benchmarks.db"),
		artifacts: join(cwd, "data", "artifacts"),
		readonly: true,
	});
	try {
		const counts: Record<string, number> = {};
		for (const useCase of useCases) {
			for (const run of store.listRuns({ use_case_id: useCase })) {
				const key = `${useCase} ${run.ingest_source ?? "touchstone"} ${run.status}`;
				counts[key] = (counts[key] ?? 0) + 1;
			}
			counts[`${useCase} spec ${store.currentSpec(useCase)?.benchmark_version ?? "none"}`] = 1;
		}
		return counts;
	} finally {
		store.close();
	}
}

describe("touchstone import inspect", () => {
	it("lands a log on the leaderboard, and a re-import of its source (either format) replaces only its rows", async () => {
		const cwd = tempDir();
		storeWithNativeRows(cwd);
		const cli = (args: readonly string[]) => runCli(args, { cwd });

		// The eval still running: the samples it holds, said on stderr.
		const started = await cli(["import", "inspect", fixture("capitals-started.eval")]);
		expect(started.code, started.stderr).toBe(0);
		expect(started.stderr).toMatch(/still being written.*only the 3 samples/);
		expect(started.stdout).toContain(`imported 3 rows (2 cases × 1 models)`);
		expect(started.stdout).toContain(`into capitals as source ${SOURCE}`);

		// The finished log of the same eval replaces them.
		const finished = await cli(["import", "inspect", fixture("capitals.eval"), "--json"]);
		expect(finished.code, finished.stderr).toBe(0);
		expect(finished.stderr).toBe("");
		const written = JSON.parse(finished.stdout) as Record<string, unknown>;
		expect(written).toMatchObject({ use_case_id: "capitals", source: SOURCE, inserted: 8, cases: 4, models: 1 });
		expect(written.deleted).toMatchObject({ runs: 3 });

		const board = await cli(["leaderboard", "--use-case", "capitals", "--json"]);
		expect(board.code, board.stderr).toBe(0);
		const rows = (JSON.parse(board.stdout) as { rows: BoardRow[] }).rows;
		expect(rows).toHaveLength(1);
		// Case means over graded samples: france 1, japan 0.5, peru 0.25, chad 0 (its failed sample; the harness error is out).
		expect(rows[0]).toMatchObject({ model_id: "openai/gpt-4o-mini", harness: "import:inspect", harness_errors: 1 });
		expect(rows[0]?.headline).toBeCloseTo(0.4375, 10);
		expect(rows[0]?.unknown_cost).toBeGreaterThan(0);
		const before = snapshot(cwd, ["native", "capitals"]);
		expect(before).toMatchObject({
			"native touchstone completed": 2,
			[`capitals ${SOURCE} completed`]: 5,
			[`capitals ${SOURCE} limit`]: 1,
			[`capitals ${SOURCE} failed`]: 1,
			[`capitals ${SOURCE} harness_error`]: 1,
		});

		// The same eval as a JSON log: the same source, so its rows replace the .eval's, and nothing else moves.
		const again = await cli(["import", "inspect", fixture("capitals.json")]);
		expect(again.code, again.stderr).toBe(0);
		expect(again.stdout).toContain("replacing its 8 earlier rows");
		expect(snapshot(cwd, ["native", "capitals"])).toEqual(before);

		const table = await cli(["leaderboard", "--use-case", "capitals"]);
		expect(table.code, table.stderr).toBe(0);
		expect(table.stdout).toContain("harness: import:inspect");
		// The row names the model and, in brackets, the import it came from (its source).
		expect(table.stdout).toMatch(/openai\/gpt-4o-mini \[inspect:CapitalsEval7Kq2mXv9RbT4Lw\] +0\.438/);
		expect(table.stdout).toMatch(/1 harness/);
	});

	it("puts two models' logs of one task side by side, each a source of its own", async () => {
		const cwd = tempDir();
		const cli = (args: readonly string[]) => runCli(args, { cwd });
		const streaming = await cli(["import", "inspect", fixture("upstream/log_streaming.eval")]);
		expect(streaming.code, streaming.stderr).toBe(0);
		expect(streaming.stdout).toContain("imported 4 rows (2 cases × 1 models)");
		const json = await cli(["import", "inspect", fixture("upstream/log_read_sample.json")]);
		expect(json.code, json.stderr).toBe(0);
		const board = await cli(["leaderboard", "--use-case", "popularity", "--json"]);
		expect(board.code, board.stderr).toBe(0);
		const rows = (JSON.parse(board.stdout) as { rows: BoardRow[] }).rows;
		const headline = (model: string) => rows.find((row) => row.model_id === model)?.headline;
		expect(headline("azureai/Meta-Llama-3-1-405B-Instruct-jqf")).toBeCloseTo(0.75, 10);
		expect(headline("ollama/gemma3")).toBe(1);
		const counts = snapshot(cwd, ["popularity"]);
		expect(counts).toMatchObject({
			"popularity inspect:3RWm2YmdLiKCyQMzEcERin completed": 4,
			"popularity inspect:hj8C8q8gxzHhwyCT67xh4L completed": 1,
		});
	});
});
