import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadDefinitions } from "../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../src/orchestrator/index.js";
import { startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { openStore } from "../src/store/index.js";
import { arithScript, writeBenchFixture } from "./support/bench-fixture.js";
import { tempDir } from "./support/cli.js";

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { recursive: true, encoding: "utf8" })
		.map((name) => join(dir, name))
		.filter((path) => statSync(path).isFile());
}

describe("a run under faults", () => {
	it("ends with exactly one row per cell when 30 % of calls fail in every way the script offers", async () => {
		const server = await startScriptedServer({
			script: validateScript(
				arithScript({
					"model/flaky": {
						right: true,
						latency_ms: 5,
						faults: {
							rate_limit: 0.06,
							retry_after_s: 1,
							server_error: 0.06,
							hang: 0.06,
							cut_stream: 0.06,
							malformed: 0.06,
						},
					},
				}) as never,
			),
		});
		try {
			const fixture = writeBenchFixture({
				cases: 100,
				samples: 2,
				models: { "model/flaky": { options: { concurrency: 64, max_retries: 2, timeout_s: 0.5 } } },
			});
			const data = tempDir();
			const store = openStore({ database: join(data, "db.sqlite"), artifacts: join(data, "artifacts") });
			const summary = await runUseCase({
				definitions: loadDefinitions(fixture.dir),
				store,
				useCaseId: "arith",
				depth: "thorough",
				concurrency: 64,
				force: false,
				dryRun: false,
				parts: defaultRunParts({ TOUCHSTONE_SCRIPTED_URL: server.url }),
				stop: new StopControl(),
				provenance: {},
			});
			expect(summary).toMatchObject({ planned: 200, executed: 200, remaining: 0 });
			const cells = store.database
				.prepare("SELECT count(*) AS rows, count(DISTINCT cell_key) AS cells FROM runs")
				.get() as { rows: number; cells: number };
			expect(cells).toEqual({ rows: 200, cells: 200 });

			const outcomes = server.stats().models["model/flaky"]?.outcomes;
			for (const fault of ["rate_limit", "server_error", "hang", "cut_stream", "malformed"] as const)
				expect(outcomes?.[fault], fault).toBeGreaterThan(0);

			// Every row is complete: graded rows have their scores, failures say why.
			const rows = store.listRuns({ use_case_id: "arith" });
			const scores = store.scoresForRuns(rows.map((row) => row.run_id));
			for (const row of rows) {
				if (row.status === "harness_error") {
					expect(row.error).toMatch(/after \d+ retr/);
					expect(scores.get(row.run_id) ?? []).toEqual([]);
				} else
					expect(
						scores
							.get(row.run_id)
							?.map((score) => score.metric)
							.sort(),
					).toEqual(["answer", "composite"]);
			}
			// Most cells survive their faults through retries, and those retries are on record.
			const retried = rows.filter(
				(row) => row.status === "completed" && Number(JSON.stringify(row.provenance).match(/"retries":(\d+)/)?.[1]) > 0,
			);
			expect(rows.filter((row) => row.status === "completed").length).toBeGreaterThan(150);
			expect(retried.length).toBeGreaterThan(10);
			store.close();
		} finally {
			await server.close();
		}
	}, 60_000);

	it("never writes an API key to the database or the artifacts", async () => {
		const secret = "sk-test-7f3a9c2e41b8d6f0aa55c3e2";
		const server = await startScriptedServer({
			script: validateScript(arithScript({ "model/keyed": { right: true } }) as never),
		});
		try {
			const fixture = writeBenchFixture({
				cases: 4,
				models: { "model/keyed": { api_key_env: "TOUCHSTONE_TEST_KEY" } },
			});
			const data = tempDir();
			const store = openStore({ database: join(data, "db.sqlite"), artifacts: join(data, "artifacts") });
			const summary = await runUseCase({
				definitions: loadDefinitions(fixture.dir),
				store,
				useCaseId: "arith",
				depth: "thorough",
				concurrency: 4,
				force: false,
				dryRun: false,
				parts: defaultRunParts({ TOUCHSTONE_SCRIPTED_URL: server.url, TOUCHSTONE_TEST_KEY: secret }),
				stop: new StopControl(),
				provenance: {},
			});
			expect(summary.statuses).toEqual({ completed: 8 });
			// The key did travel: the server saw an Authorization header on every call.
			expect(server.requests("model/keyed").every((request) => request.headers.authorization === "<present>")).toBe(
				true,
			);
			// Small artifacts live inside the database file, large ones under artifacts/: grep both.
			const inline = store.database.prepare("SELECT count(*) AS n FROM artifacts WHERE content IS NOT NULL").get() as {
				n: number;
			};
			expect(inline.n).toBeGreaterThan(0);
			store.close();
			const files = filesUnder(data);
			expect(files.some((file) => file.endsWith("db.sqlite"))).toBe(true);
			for (const file of files) expect(readFileSync(file).includes(secret), file).toBe(false);
		} finally {
			await server.close();
		}
	});
});
