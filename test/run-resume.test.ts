import { spawn } from "node:child_process";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { arithScript, writeBenchFixture } from "./support/bench-fixture.js";
import { BIN, runCli } from "./support/cli.js";

function counts(database: string): { runs: number; cells: number; partial: number } {
	const db = new Database(database, { readonly: true });
	try {
		return db
			.prepare(
				`SELECT count(*) AS runs, count(DISTINCT cell_key) AS cells,
				(SELECT count(*) FROM runs r WHERE r.status != 'harness_error' AND r.grader_error IS NULL
					AND NOT EXISTS (SELECT 1 FROM scores s WHERE s.run_id = r.run_id)) AS partial
				FROM runs`,
			)
			.get() as { runs: number; cells: number; partial: number };
	} finally {
		db.close();
	}
}

describe("resume after a crash", () => {
	it("a run killed with SIGKILL mid-way leaves no partial cell; the same command finishes it, each cell once", async () => {
		const server = await startScriptedServer({
			script: validateScript(arithScript({ "model/a": { right: true, latency_ms: 40 } }) as never),
		});
		try {
			const fixture = writeBenchFixture({
				cases: 60,
				samples: 2,
				models: { "model/a": { options: { concurrency: 8 } } },
			});
			const env = {
				PATH: process.env.PATH ?? "",
				TOUCHSTONE_SCRIPTED_URL: server.url,
				TOUCHSTONE_DB: join(fixture.root, "data", "benchmarks.db"),
				TOUCHSTONE_ARTIFACTS: join(fixture.root, "data", "artifacts"),
			};
			const args = ["run", "--use-case", "arith", "--concurrency", "8"];
			const child = spawn(process.execPath, [BIN, ...args], { cwd: fixture.root, env, stdio: "ignore" });
			const exited = new Promise<NodeJS.Signals | null>((resolve) =>
				child.on("exit", (_code, signal) => resolve(signal)),
			);
			// Kill it once some cells, but not all 120, are written.
			for (let waited = 0; waited < 20_000; waited += 25) {
				await new Promise((resolve) => setTimeout(resolve, 25));
				try {
					if (counts(env.TOUCHSTONE_DB).runs >= 20) break;
				} catch {
					// the database does not exist yet
				}
			}
			child.kill("SIGKILL");
			expect(await exited).toBe("SIGKILL");

			const killed = counts(env.TOUCHSTONE_DB);
			expect(killed.runs).toBeGreaterThanOrEqual(20);
			expect(killed.runs).toBeLessThan(120);
			expect(killed.partial).toBe(0);
			expect(killed.cells).toBe(killed.runs);

			const resumed = await runCli(args, { cwd: fixture.root, env });
			expect(resumed.stderr).toContain(`${killed.runs} already current, ${120 - killed.runs} to run`);
			expect(resumed.code).toBe(0);
			expect(counts(env.TOUCHSTONE_DB)).toEqual({ runs: 120, cells: 120, partial: 0 });
		} finally {
			await server.close();
		}
	}, 60_000);
});
