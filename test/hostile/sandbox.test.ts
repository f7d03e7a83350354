/**
 * Hostile inputs against grading and the sandbox (issue 16, items 3, 11 and 12), end to end with
 * real parts: the compiled CLI spawned as a process against a scripted model server on loopback,
 * real bubblewrap, real external agents that leave hostile files in their workdir.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { openStore } from "../../src/store/index.js";
import { inspectCase } from "../../src/views/index.js";
import { writeBenchFixture } from "../support/bench-fixture.js";
import { BIN } from "../support/cli.js";

/** The output that makes `(a+)+$` backtrack for hours. */
const EVIL_OUTPUT = `${"a".repeat(40)}b`;
let scriptedUrl = "";

describe("an author's regex that backtracks catastrophically (item 3)", () => {
	let server: ScriptedServer;
	beforeAll(async () => {
		const model = { latency_ms: 5, rules: [{ when: { user: "." }, reply: EVIL_OUTPUT }] };
		server = await startScriptedServer({
			script: validateScript({ seed: 1, models: { "m/a": model, "m/b": model } } as never),
		});
		scriptedUrl = server.url;
	});
	afterAll(async () => server.close());

	/** A benchmarks folder whose `count` cases each hold the catastrophic check and a fine one. */
	function fixture(count: number) {
		const bench = writeBenchFixture({ cases: count, samples: 1, models: { "m/a": {}, "m/b": {} } });
		const cases = Array.from({ length: count }, (_, index) => ({
			id: `q${index}`,
			kind: "floor",
			input: { prompt: `answer ${index}` },
			checks: [
				{ metric: "shape", regex: "(a+)+$" },
				{ metric: "ends", contains: ["b"] },
			],
		}));
		writeFileSync(join(bench.dir, "packs", "arith", "cases.yaml"), stringify({ cases }));
		return bench;
	}

	it("finishes in bounded time over two models, writes every cell, and the regex cells carry a grader error with its fix", async () => {
		const bench = fixture(1);
		const started = performance.now();
		const result = await runBounded(["run", "--use-case", "arith", "--depth", "thorough"], bench.root, 12_000);
		expect(performance.now() - started).toBeLessThan(12_000);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("(0 harness errors, 2 grader errors)");
		const store = openStore({
			database: join(bench.root, "data", "benchmarks.db"),
			artifacts: join(bench.root, "data", "artifacts"),
		});
		try {
			const models = inspectCase(store, "arith", "q0").models;
			expect(models.map((model) => model.model_id).sort()).toEqual(["m/a", "m/b"]);
			for (const model of models) {
				const error = model.samples[0]?.grader_error ?? "";
				expect(error, model.model_id).toContain('/(a+)+$/ of check "shape" on case q0 ran longer than');
				expect(error).toContain("fix: simplify the pattern");
			}
		} finally {
			store.close();
		}
	}, 20_000);

	it("still stops on Ctrl-C while slow regexes are being graded", async () => {
		const bench = fixture(30);
		const run = spawnCli(["run", "--use-case", "arith", "--concurrency", "2"], bench.root, 12_000);
		const deadline = Date.now() + 8_000;
		while (!run.stderr().includes("cells planned") && Date.now() < deadline) await sleep(20);
		await sleep(1_500); // grading is under way: 60 cells, one second each
		run.child.kill("SIGINT");
		const { code, stderr } = await run.exited;
		expect(stderr).toContain("stopping: no new cells");
		expect(code).toBe(1);
		expect(stderr).toMatch(/stopped with \d+ cells left/);
	}, 20_000);
});

/** The compiled CLI spawned in `cwd` against the scripted server, killed (SIGKILL) after `killAfterMs`. */
function spawnCli(args: readonly string[], cwd: string, killAfterMs: number) {
	const env = {
		PATH: process.env.PATH ?? "",
		TOUCHSTONE_SCRIPTED_URL: scriptedUrl,
		TOUCHSTONE_DB: join(cwd, "data", "benchmarks.db"),
		TOUCHSTONE_ARTIFACTS: join(cwd, "data", "artifacts"),
	};
	const child = spawn(process.execPath, [BIN, ...args], { cwd, env });
	let stderr = "";
	child.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
	const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
		child.on("exit", (code) => {
			clearTimeout(timer);
			resolve({ code, stderr });
		}),
	);
	return { child, exited, stderr: () => stderr };
}

function runBounded(args: readonly string[], cwd: string, killAfterMs: number) {
	return spawnCli(args, cwd, killAfterMs).exited;
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
