import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { arithScript, writeBenchFixture } from "./support/bench-fixture.js";
import { runCli } from "./support/cli.js";

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({ script: validateScript(arithScript({ "m/a": { right: true } }) as never) });
});
afterAll(async () => server.close());

describe("where results are read and written", () => {
	it("a store, scaffold or schema folder that cannot be made is bad input at once, never a hang", async () => {
		const fixture = writeBenchFixture({ cases: 1, samples: 1, models: { "m/a": {} } });
		const cwd = fixture.root;
		const started = Date.now();
		const run = await runCli(["run", "--use-case", "arith", "--db", "/proc/touchstone-x/results.db"], {
			cwd,
			env: { TOUCHSTONE_SCRIPTED_URL: server.url },
		});
		expect(run.code).toBe(2);
		expect(run.stderr).toMatch(/--db cannot make the folder \/proc\/touchstone-x \(ENOENT\)/);
		const init = await runCli(["init", "/proc/touchstone-x/benchmarks"], { cwd });
		expect(init.code).toBe(2);
		expect(init.stderr).toContain("cannot write it (ENOENT)");
		const schema = await runCli(["schema", "--out", "/proc/touchstone-x"], { cwd });
		expect(schema.code).toBe(2);
		// Node's own recursive mkdir never returns for these paths.
		expect(Date.now() - started).toBeLessThan(20_000);
	});

	it("--db and --artifacts win over TOUCHSTONE_DB and TOUCHSTONE_ARTIFACTS, and every --help says where results go", async () => {
		const fixture = writeBenchFixture({ cases: 2, samples: 1, models: { "m/a": {} } });
		const flags = ["--db", "flagged/results.db", "--artifacts", "flagged/artifacts"];
		const run = await runCli(["run", "--use-case", "arith", ...flags], {
			cwd: fixture.root,
			env: { TOUCHSTONE_SCRIPTED_URL: server.url },
		});
		expect(run.code).toBe(0);
		expect(existsSync(join(fixture.root, "flagged", "results.db"))).toBe(true);
		expect(existsSync(join(fixture.root, "flagged", "artifacts"))).toBe(true);
		expect(existsSync(join(fixture.root, "data"))).toBe(false);
		const fromFlag = await runCli(["leaderboard", "--use-case", "arith", "--db", "flagged/results.db"], {
			cwd: fixture.root,
		});
		expect(fromFlag.code).toBe(0);
		expect(fromFlag.stdout).toMatch(/^m\/a/m);
		const fromEnv = await runCli(["leaderboard", "--use-case", "arith"], { cwd: fixture.root });
		expect(fromEnv.code).toBe(2);
		expect(fromEnv.stderr).toContain("TOUCHSTONE_DB there is no store at");

		for (const command of ["run", "demo", "leaderboard", "matrix", "inspect", "roster", "rate", "calibrate", "serve"]) {
			const help = await runCli([command, "--help"], { cwd: fixture.root });
			expect(help.stdout, command).toContain("--db <path>");
			expect(help.stdout, command).toContain("data/benchmarks/benchmarks.db");
			expect(help.stdout, command).toContain("TOUCHSTONE_DB");
		}
		for (const command of ["init", "validate", "list", "schema", "snapshot", "validate-tasks", "scripted-server"]) {
			const help = await runCli([command, "--help"], { cwd: fixture.root });
			expect(help.stdout, command).toContain("neither reads nor writes the store");
		}
	}, 60_000);
});
