import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { arithCases, arithScript, writeBenchFixture } from "./support/bench-fixture.js";
import { BIN, ROOT, runCli, tempDir } from "./support/cli.js";

/**
 * Every file of a store with the hash of its bytes. SQLite's WAL index (`-shm`) and an empty WAL
 * are what any reader of a WAL database leaves; a WAL with content would be a write, so its
 * hash is kept then.
 */
function snapshot(dir: string): Record<string, string> {
	const files: Record<string, string> = {};
	for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
		const path = join(dir, name);
		if (!statSync(path).isFile() || name.endsWith("-shm") || (name.endsWith("-wal") && statSync(path).size === 0))
			continue;
		files[name] = createHash("sha256").update(readFileSync(path)).digest("hex");
	}
	return files;
}

describe("touchstone demo and run, spawned end to end", () => {
	it("demo runs the bundled examples offline, shows best and cheaper models, and a second demo runs nothing", async () => {
		const cwd = tempDir();
		const first = await runCli(["demo"], { cwd, timeoutMs: 150_000 });
		expect(first.stderr).not.toContain("harness_error");
		expect(first.code).toBe(0);
		expect(first.stdout).toContain("scripted stand-in models (not real ones)");
		for (const useCase of ["extraction", "classification"])
			expect(first.stdout).toMatch(new RegExp(`^${useCase} \\(${useCase}@`, "m"));
		expect(first.stdout).toMatch(/scripted\/strong \(deployed\)\s+1\.000\s+1\.00-1\.00\s+100%/);
		expect(first.stdout).toContain("cheapest good enough:");
		expect(first.stdout).toMatch(/scripted\/cheap\s+0\.\d+\s+[\d.-]+\s+\d+%/);
		// bubblewrap works here: no warning, and the agents' rows are not marked unisolated.
		expect(first.stdout).not.toContain("sandbox:");
		expect(first.stdout).not.toContain("! unisolated");
		expect(first.stdout).toContain("touchstone calibrate --use-case summarization");
		expect(first.stdout).toContain("touchstone report --dir");

		// The read commands answer from the store the demo filled.
		const board = await runCli(["leaderboard", "--use-case", "classification", "--json"], { cwd });
		expect(board.code).toBe(0);
		const parsed = JSON.parse(board.stdout) as {
			rows: { model_id: string; cases: number }[];
			decision: { best: { model_id: string } | null; cheapest_good_enough: unknown };
		};
		expect(parsed.rows.map((row) => row.cases)).toEqual([6, 6, 6]);
		expect(parsed.decision.best?.model_id).toMatch(/^scripted\//);
		// The offload answer: on kids-qa a cheaper model is good enough with confidence.
		const kids = JSON.parse((await runCli(["leaderboard", "--use-case", "kids-qa", "--json"], { cwd })).stdout) as {
			decision: { best: { model_id: string }; cheapest_good_enough: { model_id: string } };
		};
		expect(kids.decision.best.model_id).toBe("scripted/strong");
		expect(kids.decision.cheapest_good_enough.model_id).toBe("scripted/mid");
		// The two use cases built only from YAML: a rubric jury, and the team's own checks, over a CSV table.
		const leaderboardOf = async (useCase: string) =>
			JSON.parse((await runCli(["leaderboard", "--use-case", useCase, "--json"], { cwd })).stdout) as {
				rows: { model_id: string; headline: number; cases: number }[];
				grading_cost: { cost_usd: number | null; votes: number } | null;
			};
		const expectHeadlines = (rows: { model_id: string; headline: number; cases: number }[], want: number[]) => {
			expect(rows.map((row) => row.model_id)).toEqual(["scripted/strong", "scripted/mid", "scripted/cheap"]);
			rows.forEach((row, index) => {
				expect(row.cases).toBe(4);
				expect(row.headline).toBeCloseTo(want[index] ?? Number.NaN, 3);
			});
		};
		const replies = await leaderboardOf("support-replies");
		// The mid model's refund promise on outage-credit is capped at 0.2: (0.783 + 0.617 + 0.783 + 0.2) / 4.
		expectHeadlines(replies.rows, [0.95, 0.59583, 0.24167]);
		expect(replies.grading_cost?.votes).toBe(48);
		expect(replies.grading_cost?.cost_usd).toBeGreaterThan(0);
		expectHeadlines((await leaderboardOf("support-form")).rows, [0.975, 0.83125, 0.4625]);
		// The graded pack: the reference policies at the floor and the ceiling of its four tasks, and
		// the speedup task's PerformanceRecord in inspect.
		const graded = JSON.parse(
			(await runCli(["leaderboard", "--use-case", "graded-code", "--json"], { cwd })).stdout,
		) as { rows: { model_id: string; headline: number; graded_mean: number | null; graded_n: number | null }[] };
		expect(graded.rows.map((row) => [row.model_id, row.headline, row.graded_mean, row.graded_n])).toEqual([
			["builtin/gold", 1, 1, 4],
			["builtin/baseline", 0, 0, 4],
		]);
		const speedup = await runCli(["inspect", "--use-case", "graded-code", "--case", "rollup-speedup-py"], { cwd });
		expect(speedup.stdout).toMatch(/speedup: 1\.000 \(\d+\.\d+x, 50x bucket\)/);
		const matrix = await runCli(["matrix", "--use-case", "extraction", "--limit", "2"], { cwd });
		expect(matrix.code).toBe(0);
		expect(matrix.stdout).toMatch(/2 of 6 cases/);
		expect(matrix.stdout).toMatch(/next page: --cursor \S+/);
		const firstCase = (
			JSON.parse((await runCli(["matrix", "--use-case", "summarization", "--json"], { cwd })).stdout) as {
				rows: { case_id: string }[];
			}
		).rows[0]?.case_id as string;
		const inspect = await runCli(["inspect", "--use-case", "summarization", "--case", firstCase], { cwd });
		expect(inspect.code).toBe(0);
		expect(inspect.stdout).toContain("== scripted/strong (single-shot)");
		expect(inspect.stdout).toMatch(/juror scripted\/juror-a: \{/);
		// A checks verifier's critical failure shows its value and its label once.
		const audit = await runCli(["inspect", "--use-case", "code-fix", "--case", "audit-currency"], { cwd });
		expect(audit.code).toBe(0);
		expect(audit.stdout).toMatch(/^ {3}checks: 0\.000 \(critical failure\)$/m);
		expect(audit.stdout).not.toContain("critical failure critical failure");
		const roster = await runCli(["roster", "--dir", join(ROOT, "examples", "benchmarks")], { cwd });
		expect(roster.stderr).toBe("");
		expect(roster.stdout).toMatch(/^tts\s+idea\s+text -> audio\s+0\s+0/m);
		expect(roster.stdout).toMatch(/^extraction\s+runnable\s+text -> text\s+36\s+3\s+extraction@/m);
		const unknownCase = await runCli(["inspect", "--use-case", "summarization", "--case", "nope"], { cwd });
		expect(unknownCase.code).not.toBe(0);
		expect(unknownCase.stderr).toContain("no case nope");
		const noStore = await runCli(["leaderboard", "--use-case", "extraction"], { cwd: tempDir() });
		expect(noStore.code).toBe(2);
		expect(noStore.stderr).toContain("there is no store at");

		// The example sprint: two models in two orchestration modes, and its history table.
		expect(first.stdout).toMatch(/scripted\/strong · direct: passed, code 97\.9, 13 model calls/);
		expect(first.stdout).toMatch(/scripted\/cheap · loop: passed, code 64\.7/);
		expect(
			first.stdout.match(/^\| 2\d{3}-\d\d-\d\d \| scripted\/(strong|cheap) \| (direct|loop) \| pass \|/gm),
		).toHaveLength(4);

		const second = await runCli(["demo"], { cwd, timeoutMs: 150_000 });
		expect(second.code).toBe(0);
		expect(second.stdout).toContain("scripted/strong · direct: already run");
		expect(second.stdout.match(/^\| 2\d{3}-\d\d-\d\d \| scripted\//gm)).toHaveLength(4);
		expect(second.stderr).toMatch(/extraction: 36 cells planned .*36 already current, 0 to run/);
		expect(second.stdout).toContain("ran 0 cells");
	}, 180_000);

	it("run --dry-run plans without calling a model; bad flags exit 2", async () => {
		const cwd = tempDir();
		const dir = join(ROOT, "examples", "benchmarks");
		const dry = await runCli(["run", "--dir", dir, "--use-case", "classification", "--depth", "limited", "--dry-run"], {
			cwd,
			env: { TOUCHSTONE_SCRIPTED_URL: "http://127.0.0.1:9" },
		});
		expect(dry.code).toBe(0);
		expect(dry.stderr).toContain(
			"classification: 9 cells planned (3 models × 6 cases, limited), 0 already current, 9 to run",
		);
		expect(dry.stdout).toContain("no model was called");

		const badDepth = await runCli(["run", "--dir", dir, "--use-case", "classification", "--depth", "deep"], { cwd });
		expect(badDepth.code).toBe(2);
		expect(badDepth.stderr).toContain("Allowed choices are limited, thorough");
		const badSamples = await runCli(["run", "--dir", dir, "--use-case", "classification", "--samples", "0"], { cwd });
		expect(badSamples.code).toBe(2);
		expect(badSamples.stderr).toContain("expected a whole number ≥ 1");
		const idea = await runCli(["run", "--dir", dir, "--use-case", "tts"], { cwd });
		expect(idea.code).toBe(2);
		expect(idea.stderr).toContain("is an idea");
	});

	it("run --dry-run prints the plan and writes nothing: no spec, no activation, no file", async () => {
		const server = await startScriptedServer({
			script: validateScript(arithScript({ "m/a": { right: true } }) as never),
		});
		try {
			const fixture = writeBenchFixture({ cases: 4, samples: 1, models: { "m/a": {} } });
			const cli = (args: readonly string[]) =>
				runCli(args, { cwd: fixture.root, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });
			expect((await cli(["run", "--use-case", "arith"])).code).toBe(0);
			const data = join(fixture.root, "data");
			const before = snapshot(data);
			// A changed case gives a new spec: a dry run that froze and activated it would make every row stale.
			const cases = arithCases(4);
			(cases[0] as { input: { prompt: string } }).input.prompt = "repeat the number 0, please";
			writeFileSync(join(fixture.dir, "packs", "arith", "cases.yaml"), stringify({ cases }));
			const dry = await cli(["run", "--use-case", "arith", "--dry-run"]);
			expect(dry.code).toBe(0);
			expect(dry.stderr).toContain(
				"arith: 4 cells planned (1 models × 4 cases, thorough), 3 already current, 1 to run",
			);
			expect(dry.stdout).toContain("no model was called and nothing was written");
			expect(snapshot(data)).toEqual(before);
			const board = await cli(["leaderboard", "--use-case", "arith", "--json"]);
			const parsed = JSON.parse(board.stdout) as { stale_rows: number; rows: { cases: number }[] };
			expect(parsed.stale_rows).toBe(0);
			expect(parsed.rows[0]?.cases).toBe(4);

			// Without a store, a dry run creates none.
			const empty = writeBenchFixture({ cases: 2, samples: 1, models: { "m/a": {} } });
			const first = await runCli(["run", "--use-case", "arith", "--dry-run"], {
				cwd: empty.root,
				env: { TOUCHSTONE_SCRIPTED_URL: server.url },
			});
			expect(first.code).toBe(0);
			expect(first.stderr).toContain("0 already current, 2 to run");
			expect(existsSync(join(empty.root, "data"))).toBe(false);
		} finally {
			await server.close();
		}
	}, 60_000);

	it("Ctrl-C lets in-flight cells finish, exits 1 saying how to resume, and the same command resumes", async () => {
		const server = await startScriptedServer({
			script: validateScript(arithScript({ "model/a": { right: true, latency_ms: 60 } }) as never),
		});
		try {
			const fixture = writeBenchFixture({ cases: 40, samples: 2, models: { "model/a": {} } });
			const env = {
				PATH: process.env.PATH ?? "",
				TOUCHSTONE_SCRIPTED_URL: server.url,
				TOUCHSTONE_DB: join(fixture.root, "data", "benchmarks.db"),
				TOUCHSTONE_ARTIFACTS: join(fixture.root, "data", "artifacts"),
			};
			const args = [BIN, "run", "--use-case", "arith", "--concurrency", "4"];
			const child = spawn(process.execPath, args, { cwd: fixture.root, env });
			let stderr = "";
			child.stderr.on("data", (chunk: Buffer) => {
				stderr += chunk.toString();
			});
			const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
			while (!/\d+\/80/.test(stderr)) await new Promise((resolve) => setTimeout(resolve, 20));
			child.kill("SIGINT");
			expect(await exited).toBe(1);
			expect(stderr).toContain("stopping: no new cells");
			const left = Number(stderr.match(/stopped with (\d+) cells left/)?.[1]);
			expect(left).toBeGreaterThan(0);

			const resumed = await runCli(["run", "--use-case", "arith"], { cwd: fixture.root, env });
			expect(resumed.code).toBe(0);
			expect(resumed.stderr).toContain(`${80 - left} already current, ${left} to run`);
		} finally {
			await server.close();
		}
	}, 60_000);
});
