import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { arithScript, type BenchFixture, writeBenchFixture } from "./support/bench-fixture.js";
import { runCli } from "./support/cli.js";

/**
 * Exit codes a CI gates on, spawned end to end against the scripted server: m/strong is always
 * right, m/weak always wrong, m/down is not in the script (every call is refused: harness errors).
 */
let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({
		script: validateScript(arithScript({ "m/strong": { right: true }, "m/weak": { right: false } }) as never),
	});
});
afterAll(async () => server.close());

function fixture(): { fixture: BenchFixture; cli: (args: readonly string[]) => ReturnType<typeof runCli> } {
	const made = writeBenchFixture({
		cases: 4,
		samples: 1,
		models: { "m/strong": {}, "m/weak": {}, "m/down": { options: { max_retries: 0 } } },
	});
	const cli = (args: readonly string[]) =>
		runCli(args, { cwd: made.root, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });
	return { fixture: made, cli };
}

const lastLine = (text: string) => text.trimEnd().split("\n").at(-1) ?? "";

describe("touchstone run and leaderboard as CI gates", () => {
	it("run exits 0 only when every planned cell is graded, and 1 saying so when cells ended as harness errors", async () => {
		const { cli } = fixture();
		const graded = await cli(["run", "--use-case", "arith", "--models", "m/strong,m/weak"]);
		expect(graded.stderr).not.toContain("without a grade");
		expect(graded.code).toBe(0);

		const down = await cli(["run", "--use-case", "arith", "--models", "m/strong,m/down"]);
		expect(down.code).toBe(1);
		expect(lastLine(down.stderr)).toMatch(
			/4 of 8 planned cells ended without a grade after retries \(4 harness errors, 0 grader errors\): the run did not finish its job/,
		);
		// A thorough row whose every cell errored is not a limited-depth row: no `*`, its errors shown.
		const row = down.stdout.split("\n").find((line) => line.startsWith("m/down"));
		expect(row).toBeDefined();
		expect(row).not.toContain("*");
		expect(row).toMatch(/4 harness$/);
		expect(down.stdout).not.toContain("limited depth");
		const table = await cli(["leaderboard", "--use-case", "arith", "--columns", "cases,samples,errors"]);
		expect(table.stdout.split("\n").find((line) => line.startsWith("m/down"))).toMatch(/0\/4\s+0\s+4 harness$/);

		const json = await cli(["leaderboard", "--use-case", "arith", "--json"]);
		const board = JSON.parse(json.stdout) as { rows: { model_id: string; precision: string; cases: number }[] };
		expect(board.rows.find((item) => item.model_id === "m/down")).toMatchObject({ precision: "thorough", cases: 0 });

		// The same run again retries only the cells that errored, and they error again.
		const again = await cli(["run", "--use-case", "arith", "--models", "m/strong,m/down", "--json"]);
		expect(again.code).toBe(1);
		const parsed = JSON.parse(again.stdout) as { summary: { executed: number; skipped: number }; error: object };
		expect(parsed.summary).toMatchObject({ executed: 4, skipped: 4 });
		expect(parsed.error).toMatchObject({ code: "run-incomplete" });
	}, 60_000);

	it("--fail-under gates each model row of the run; leaderboard takes the same flags on the stored result", async () => {
		const { cli } = fixture();
		const passing = await cli([
			"run",
			"--use-case",
			"arith",
			"--models",
			"m/strong",
			"--fail-under",
			"headline=0.9",
			"--fail-under",
			"pass_rate=1",
		]);
		expect(passing.code).toBe(0);
		expect(passing.stdout).toContain("Gates (--fail-under): all 2 checks passed");

		const failing = await cli([
			"run",
			"--use-case",
			"arith",
			"--models",
			"m/strong,m/weak",
			"--fail-under",
			"headline=0.5",
		]);
		expect(failing.code).toBe(1);
		expect(failing.stdout).toMatch(/FAIL m\/weak \(single-shot\): headline 0\.000 < 0\.5/);
		expect(failing.stdout).toMatch(/ok {3}m\/strong \(single-shot\): headline 1\.000 ≥ 0\.5/);
		expect(lastLine(failing.stderr)).toContain(
			"1 of 2 gate checks fell short: m/weak (single-shot): headline 0.000 < 0.5",
		);

		// A run gates what it ran: m/weak's stored rows are not this run's business...
		const scoped = await cli(["run", "--use-case", "arith", "--models", "m/strong", "--fail-under", "headline=0.5"]);
		expect(scoped.code).toBe(0);
		// ...but the leaderboard gates every model row it holds, without running anything.
		const stored = await cli(["leaderboard", "--use-case", "arith", "--fail-under", "headline=0.5"]);
		expect(stored.code).toBe(1);
		expect(stored.stdout).toContain("FAIL m/weak");
		// A MODEL: gate replaces the general one for that model.
		const lenient = await cli([
			"leaderboard",
			"--use-case",
			"arith",
			"--fail-under",
			"headline=0.5",
			"--fail-under",
			"m/weak:headline=0",
		]);
		expect(lenient.code).toBe(0);

		const json = await cli(["leaderboard", "--use-case", "arith", "--fail-under", "m/weak:pass_rate=0.5", "--json"]);
		expect(json.code).toBe(1);
		const parsed = JSON.parse(json.stdout) as {
			rows: unknown[];
			gates: { passed: boolean; checks: { model_id: string; value: number; passed: boolean }[] };
			error: { code: string; message: string; fix: string };
		};
		expect(parsed.rows.length).toBe(2);
		expect(parsed.gates.passed).toBe(false);
		expect(parsed.gates.checks).toEqual([expect.objectContaining({ model_id: "m/weak", value: 0, passed: false })]);
		expect(parsed.error.code).toBe("gate-failed");
		expect(parsed.error.fix).toContain("gates.checks");
	}, 60_000);

	it("a row with no graded case falls short of any gate and says why", async () => {
		const { cli } = fixture();
		const run = await cli(["run", "--use-case", "arith", "--models", "m/down", "--fail-under", "headline=0"]);
		expect(run.code).toBe(1);
		expect(run.stdout).toContain(
			"FAIL m/down (single-shot): headline none < 0 (no graded case: 4 harness and 0 grader errors)",
		);
	}, 60_000);

	it("refuses a malformed gate or an unknown model with exit 2 and a fix, before running anything", async () => {
		const { fixture: made, cli } = fixture();
		const cases: [string, string][] = [
			["headline", "expected METRIC=VALUE"],
			["headline=abc", "`abc` is not a number"],
			["latency=0.5", "unknown metric `latency`"],
			["headline=80", "80 is outside 0..1"],
			["m/ghost:headline=0.5", "no model `m/ghost` in this run"],
		];
		for (const [gate, message] of cases) {
			const result = await cli(["run", "--use-case", "arith", "--fail-under", gate]);
			expect(result.code, gate).toBe(2);
			expect(result.stderr, gate).toContain(message);
			expect(result.stderr, gate).toContain("fix:");
		}
		// Nothing ran, nothing was written: there is no store yet.
		const nothingRan = await runCli(["leaderboard", "--use-case", "arith"], { cwd: made.root });
		expect(nothingRan.code).toBe(2);
		expect(nothingRan.stderr).toContain("there is no store at");

		await cli(["run", "--use-case", "arith", "--models", "m/strong"]);
		const unknown = await cli(["leaderboard", "--use-case", "arith", "--fail-under", "m/weak:headline=0.5", "--json"]);
		expect(unknown.code).toBe(2);
		const parsed = JSON.parse(unknown.stdout) as { error: { code: string; fix: string } };
		expect(parsed.error.code).toBe("bad-input");
		expect(parsed.error.fix).toBe("name one of: m/strong");
	}, 60_000);
});
