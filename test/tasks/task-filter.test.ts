import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { loadTaskPack } from "../../src/definitions/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { arithCases } from "../support/bench-fixture.js";
import { runCli, tempDir } from "../support/cli.js";
import { CODE_FIX_USE_CASES, GOLD_TEST, SUM_FIXED, sumTask, writeFiles } from "../support/sum-task.js";

/**
 * `run --task ID` (issue 17, item 5): a pack of three sum tasks, run by the reference policies
 * through the spawned CLI, real bubblewrap and a real SQLite store.
 */
const TASKS = ["fix-alpha", "fix-beta", "fix-gamma"];
const MODELS = ["builtin/baseline", "builtin/gold"];
let root = "";

beforeAll(async () => {
	root = tempDir("touchstone-task-filter-");
	const { use_cases: useCases } = parse(CODE_FIX_USE_CASES) as { use_cases: object[] };
	const files: Record<string, string> = {
		"benchmarks/models.yaml": stringify({
			models: MODELS.map((id) => ({ id, provider: "builtin", model: id.split("/")[1], role: "anchor" })),
		}),
		"benchmarks/use_cases.yaml": stringify({
			use_cases: [
				...useCases,
				{
					id: "arith",
					status: "runnable",
					modality: { input: "text", output: "text" },
					plugin: "cases",
					cases: "packs/arith/*.yaml",
				},
			],
		}),
		"benchmarks/packs/arith/cases.yaml": stringify({ cases: arithCases(2) }),
	};
	for (const id of TASKS) {
		files[`benchmarks/packs/code-fix/${id}/task.yaml`] = sumTask(id, { reference: "reference/sum.mjs" });
		files[`benchmarks/packs/code-fix/${id}/hidden/sum.test.mjs`] = GOLD_TEST;
		files[`benchmarks/packs/code-fix/${id}/reference/sum.mjs`] = SUM_FIXED;
	}
	writeFiles(root, files);
	for (const entry of loadTaskPack(join(root, "benchmarks", "packs", "code-fix")).tasks)
		await materializeFixture(entry.dir, entry.task, { repo: null });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const DATABASE = () => join(root, "data", "benchmarks.db");

/** Rows of the store: specs frozen, and the (task, model) of every recorded run. */
function storeRows(): { specs: number; cells: string[] } {
	if (!existsSync(DATABASE())) return { specs: 0, cells: [] };
	const database = new Database(DATABASE(), { readonly: true });
	try {
		const specs = (database.prepare("SELECT count(*) AS n FROM spec_snapshots").get() as { n: number }).n;
		const cells = (
			database.prepare("SELECT case_id, model_id FROM runs").all() as { case_id: string; model_id: string }[]
		)
			.map((row) => `${row.case_id} ${row.model_id}`)
			.sort();
		return { specs, cells };
	} finally {
		database.close();
	}
}

const run = (...args: string[]) => runCli(["run", "--use-case", "code-fix", ...args], { cwd: root });

describe("touchstone run --task (item 5)", () => {
	it("refuses an unknown task and --task on a cases use case as bad input, writing nothing", async () => {
		const unknown = await run("--task", "fix-beta", "--task", "fix-btea");
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("no task `fix-btea` in use case `code-fix`");
		expect(unknown.stderr).toContain("did you mean `fix-beta`?");
		expect(storeRows()).toEqual({ specs: 0, cells: [] });

		const cases = await runCli(["run", "--use-case", "arith", "--task", "q00000"], { cwd: root });
		expect(cases.code).toBe(2);
		expect(cases.stderr).toContain("use case `arith` is not a task use case");
		expect(storeRows()).toEqual({ specs: 0, cells: [] });
	}, 60_000);

	it("runs only the named tasks; a plain run then runs the rest and skips theirs as current", async () => {
		const dry = await run("--task", "fix-beta", "--dry-run");
		expect(dry.code).toBe(0);
		expect(dry.stderr).toContain("2 cells planned (2 models × 1 cases");
		expect(dry.stdout).toContain("2 of 2 cells would run");

		const subset = await run("--task", "fix-beta", "--task", "fix-gamma");
		expect(subset.code).toBe(0);
		expect(storeRows().cells).toEqual(TASKS.slice(1).flatMap((id) => MODELS.map((model) => `${id} ${model}`)));

		const dryAgain = await run("--task", "fix-gamma", "--dry-run");
		expect(dryAgain.stdout).toContain("0 of 2 cells would run");

		const rest = await run();
		expect(rest.code).toBe(0);
		expect(rest.stderr).toContain("6 cells planned (2 models × 3 cases, thorough), 4 already current, 2 to run");
		const after = storeRows();
		// One frozen spec for both runs: the filter left the spec, and so every cell key, as a plain run's.
		expect(after.specs).toBe(1);
		expect(after.cells).toEqual(TASKS.flatMap((id) => MODELS.map((model) => `${id} ${model}`)));
	}, 120_000);
});
