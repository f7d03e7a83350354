import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/index.js";
import { runCli, tempDir } from "../support/cli.js";
import { taskStore } from "../support/task-store.js";

/** The files promptfoo 0.123.1 wrote (test/fixtures/promptfoo/make-fixtures.mjs). */
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/promptfoo/${name}.json`, import.meta.url));

const evalIdOf = (name: string) => (JSON.parse(readFileSync(fixture(name), "utf8")) as { evalId: string }).evalId;

interface BoardRow {
	readonly model_id: string;
	readonly headline: number | null;
	readonly pass_rate: number | null;
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

/** Runs per use case and source, and the current spec of each use case: what a refused import must leave as it was. */
function snapshot(cwd: string): string {
	const store: Store = openStore({
		database: join(cwd, "data", "benchmarks.db"),
		artifacts: join(cwd, "data", "artifacts"),
		readonly: true,
	});
	try {
		const counts: Record<string, number> = {};
		for (const useCase of ["native", "greeting-check"]) {
			for (const run of store.listRuns({ use_case_id: useCase })) {
				const key = `${useCase} ${run.ingest_source ?? "touchstone"}`;
				counts[key] = (counts[key] ?? 0) + 1;
			}
			counts[`${useCase} spec ${store.currentSpec(useCase)?.benchmark_version ?? "none"}`] = 1;
		}
		return JSON.stringify(Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b))));
	} finally {
		store.close();
	}
}

describe("touchstone import promptfoo", () => {
	it("lands the rows on the leaderboard and re-imports a source in place, touching no other rows", async () => {
		const cwd = tempDir();
		storeWithNativeRows(cwd);
		const cli = (args: readonly string[]) => runCli(args, { cwd });

		const first = await cli(["import", "promptfoo", fixture("greetings"), "--json"]);
		expect(first.code, first.stderr).toBe(0);
		const written = JSON.parse(first.stdout) as { use_case_id: string; source: string; inserted: number };
		expect(written).toMatchObject({ use_case_id: "greeting-check", inserted: 12, cases: 4, models: 3 });
		expect(written.source).toMatch(/^promptfoo:eval-/);
		// Another promptfoo eval into the same use case: a source of its own beside the first.
		const other = await cli(["import", "promptfoo", fixture("repeat"), "--use-case", "greeting-check"]);
		expect(other.code, other.stderr).toBe(0);
		expect(other.stdout).toContain("imported 16 rows (2 cases × 4 models)");

		const board = await cli(["leaderboard", "--use-case", "greeting-check", "--json"]);
		expect(board.code, board.stderr).toBe(0);
		const rows = (JSON.parse(board.stdout) as { rows: BoardRow[] }).rows;
		const row = (model: string) => rows.find((item) => item.model_id === model);
		expect(row("openai:chat:gpt-4o-mini")).toMatchObject({ headline: 0.75, pass_rate: 0.75, unknown_cost: 0 });
		expect(row("openai:chat:gpt-4o-mini")?.cost_per_case_usd).toBeCloseTo(0.0000024, 12);
		expect(row("local-beta")).toMatchObject({ headline: 0.25 });
		expect(row("local-beta")?.cost_per_case_usd).toBeNull();
		expect(row("openai:chat:broken")).toMatchObject({ headline: null, harness_errors: 4 });
		expect(row("local-beta·formal")).toMatchObject({ headline: 0.5 });
		expect(rows).toHaveLength(7);
		const before = snapshot(cwd);
		expect(JSON.parse(before)).toMatchObject({
			"native touchstone": 2,
			[`greeting-check ${written.source}`]: 12,
			[`greeting-check promptfoo:${evalIdOf("repeat")}`]: 16,
		});

		const again = await cli(["import", "promptfoo", fixture("greetings")]);
		expect(again.code, again.stderr).toBe(0);
		expect(again.stdout).toContain("replacing its 12 earlier rows");
		expect(snapshot(cwd)).toBe(before);
		const table = await cli(["leaderboard", "--use-case", "greeting-check"]);
		// Each source ran only its own tests, so every row covers part of the use case's cases (`*`),
		// and names the file it came from.
		expect(table.stdout).toMatch(/openai:chat:gpt-4o-mini \* \[promptfoo:eval-HAN-[^\]]+\] +0\.750/);
	});

	it("refuses bad files with a located problem, exit 2, and writes nothing", async () => {
		const cwd = tempDir();
		const cli = (args: readonly string[]) => runCli(args, { cwd });
		const text = readFileSync(fixture("cached"), "utf8");
		const write = (name: string, content: string) => {
			const path = join(cwd, name);
			writeFileSync(path, content);
			return path;
		};
		const data = JSON.parse(text) as { results: { version: number; results?: unknown } };
		const bad = {
			"not-json.json": "promptfoo said: all good\n",
			"truncated.json": text.slice(0, Math.floor(text.length / 2)),
			"v2.json": JSON.stringify({ ...data, results: { ...data.results, version: 2 } }, null, 2),
			"no-results.json": JSON.stringify({ ...data, results: { ...data.results, results: undefined } }, null, 2),
		};
		// Into a fresh folder: not even a store is made.
		const refused = await cli(["import", "promptfoo", write("truncated.json", bad["truncated.json"])]);
		expect(refused.code).toBe(2);
		expect(existsSync(join(cwd, "data", "benchmarks.db"))).toBe(false);

		storeWithNativeRows(cwd);
		expect((await cli(["import", "promptfoo", fixture("greetings")])).code).toBe(0);
		const before = snapshot(cwd);
		const database = join(cwd, "data", "benchmarks.db");
		const modified = statSync(database).mtimeMs;
		const expected: Record<keyof typeof bad, RegExp> = {
			"not-json.json": /not-json\.json:1:1 the file is not JSON/,
			"truncated.json": /truncated\.json:\d+:\d+ the file is not JSON.*truncated/,
			"v2.json": /v2\.json:\d+:\d+ results\.version: promptfoo results of format version 2/,
			"no-results.json": /no-results\.json:\d+:\d+ results(\.results)?: .*\n +fix: .*promptfoo eval -o results\.json/,
		};
		for (const [name, content] of Object.entries(bad)) {
			const result = await cli(["import", "promptfoo", write(name, content), "--use-case", "greeting-check"]);
			expect(result.code, name).toBe(2);
			expect(result.stderr, name).toMatch(expected[name as keyof typeof bad]);
			expect(result.stdout, name).toBe("");
		}
		expect(snapshot(cwd)).toBe(before);
		expect(statSync(database).mtimeMs).toBe(modified);
	});
});
