import { createHash } from "node:crypto";
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { writeBenchFixture } from "../support/bench-fixture.js";
import { runCli, tempDir } from "../support/cli.js";

/* End to end: a real run on "another machine" (its own folder and store), mirrored with the real
 * CLI into this one. runCli puts a folder's store at data/benchmarks.db and data/artifacts/, so the
 * other store's artifacts are where ingest looks by default: artifacts/ beside its database. */

let server: ScriptedServer;
let foreign: string;
let foreignDb: string;
const PADDING = " (checked twice)".repeat(300);

beforeAll(async () => {
	// m/a answers at length, so its outputs are artifact files (beyond 4 KB), not rows inside the database.
	server = await startScriptedServer({
		script: validateScript({
			seed: 7,
			models: {
				"m/a": {
					latency_ms: 5,
					cost_usd: 0.001,
					rules: [{ when: { user: "repeat the number (\\d+)" }, reply: `answer: $1.${PADDING}` }],
				},
				"m/b": { latency_ms: 5, rules: [{ when: { user: "repeat the number (\\d+)" }, reply: "answer: none." }] },
			},
		} as never),
	});
	foreign = writeBenchFixture({ cases: 4, samples: 2, models: { "m/a": {}, "m/b": {} } }).root;
	foreignDb = join(foreign, "data", "benchmarks.db");
	const run = await runCli(["run", "--use-case", "arith"], {
		cwd: foreign,
		env: { TOUCHSTONE_SCRIPTED_URL: server.url },
	});
	expect(run.code, run.stderr).toBe(0);
}, 60_000);
afterAll(async () => server.close());

function fingerprint(path: string): { sha: string; mtime: number } {
	return { sha: createHash("sha256").update(readFileSync(path)).digest("hex"), mtime: statSync(path).mtimeMs };
}

/** A board with its rows' origins left out: what two stores holding the same rows agree on. */
function withoutOrigins(board: Record<string, unknown>): Record<string, unknown> {
	const rows = (board.rows as Record<string, unknown>[]).map(
		({ sources: _sources, native_rows: _native, ...row }) => row,
	);
	return { ...board, rows };
}

async function json(args: string[], cwd: string): Promise<Record<string, unknown>> {
	const result = await runCli([...args, "--json"], { cwd });
	expect(result.code, result.stderr).toBe(0);
	return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe("touchstone ingest", () => {
	it("mirrors a real run: the same leaderboard, readable outputs, native rows untouched, re-runnable", async () => {
		// This machine runs a use case of its own.
		const here = writeBenchFixture({ cases: 2, samples: 1, models: { "m/b": {} } }).root;
		const useCases = join(here, "benchmarks", "use_cases.yaml");
		writeFileSync(useCases, readFileSync(useCases, "utf8").replace("id: arith", "id: native"));
		const own = await runCli(["run", "--use-case", "native"], {
			cwd: here,
			env: { TOUCHSTONE_SCRIPTED_URL: server.url },
		});
		expect(own.code, own.stderr).toBe(0);
		const nativeBefore = await json(["leaderboard", "--use-case", "native"], here);
		const before = fingerprint(foreignDb);

		// A writer holds the other store's write lock meanwhile: a reader neither waits for it nor changes it.
		const writer = new Database(foreignDb);
		writer.exec("BEGIN IMMEDIATE");
		const started = Date.now();
		const first = await runCli(["ingest", "--from", foreignDb, "--source", "lab"], { cwd: here });
		expect(Date.now() - started).toBeLessThan(4_500);
		expect(fingerprint(foreignDb)).toEqual(before);
		writer.exec("ROLLBACK");
		writer.close();
		expect(first.code, first.stderr).toBe(0);
		expect(first.stdout).toContain("ingested 16 rows of arith from lab");
		expect(first.stdout).toMatch(/artifacts: \d+ copied, 0 unavailable/);

		const theirs = await json(["leaderboard", "--use-case", "arith"], foreign);
		const ours = await json(["leaderboard", "--use-case", "arith"], here);
		// The deployments ledger is the other machine's production history, not mirrored.
		const { deployments: _theirs, ...theirBoard } = theirs;
		const { deployments: _ours, ...ourBoard } = ours;
		// The same figures, each row now labelled with where its rows came from.
		expect(withoutOrigins(ourBoard)).toEqual(withoutOrigins(theirBoard));
		expect(
			(ours.rows as { sources: string[]; native_rows: number }[]).map((row) => [row.sources, row.native_rows]),
		).toEqual([
			[["lab"], 0],
			[["lab"], 0],
		]);

		const inspected = await json(["inspect", "--use-case", "arith", "--case", "q00001"], here);
		const models = inspected.models as { model_id: string; samples: { output: string }[] }[];
		expect(models.find((model) => model.model_id === "m/a")?.samples[0]?.output).toBe(`answer: 1.${PADDING}`);
		expect(inspected.artifact_errors).toEqual([]);
		expect(await json(["leaderboard", "--use-case", "native"], here)).toEqual(nativeBefore);

		const again = await json(["ingest", "--from", foreignDb, "--source", "lab"], here);
		expect(again.use_cases).toMatchObject([{ use_case_id: "arith", inserted: 16, deleted: { runs: 16 } }]);
		expect(await json(["leaderboard", "--use-case", "native"], here)).toEqual(nativeBefore);
		const { deployments: _again, ...boardAgain } = await json(["leaderboard", "--use-case", "arith"], here);
		expect(withoutOrigins(boardAgain)).toEqual(withoutOrigins(theirBoard));
		expect(fingerprint(foreignDb)).toEqual(before);

		const unknown = await runCli(["ingest", "--from", foreignDb, "--source", "lab", "--use-case", "nope"], {
			cwd: here,
		});
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("--use-case nope:");
		expect(unknown.stderr).toContain("fix: use cases there: arith");
	}, 60_000);

	it("brings the rows of a store whose artifacts folder is missing, with a warning on each, and says how many", async () => {
		const artifacts = join(foreign, "data", "artifacts");
		const moved = join(foreign, "data", "artifacts-away");
		renameSync(artifacts, moved);
		try {
			const here = tempDir("touchstone-ingest-bare-");
			const result = await runCli(["ingest", "--from", foreignDb, "--source", "lab"], { cwd: here });
			expect(result.code, result.stderr).toBe(0);
			// m/a's four long outputs were files there; its eight rows come without them.
			expect(result.stdout).toContain("ingested 16 rows of arith from lab");
			expect(result.stdout).toContain("8 rows came without some artifact (a warning on each)");
			expect(result.stdout).toMatch(
				/artifacts: \d+ copied, 4 unavailable \(no artifacts folder at .*--from-artifacts\)/,
			);
			const inspected = await json(["inspect", "--use-case", "arith", "--case", "q00001"], here);
			const sample = (inspected.models as { model_id: string; samples: { output: null; warnings: string[] }[] }[]).find(
				(model) => model.model_id === "m/a",
			)?.samples[0];
			expect(sample?.output).toBeNull();
			expect(sample?.warnings.join("\n")).toMatch(
				/output not available at ingest from lab: artifact [0-9a-f]{64} is missing/,
			);
			const board = await json(["leaderboard", "--use-case", "arith"], here);
			expect(
				(board.rows as { model_id: string; headline: number }[]).map((row) => [row.model_id, row.headline]),
			).toEqual([
				["m/a", 1],
				["m/b", 0],
			]);
			const named = await runCli(["ingest", "--from", foreignDb, "--source", "lab", "--from-artifacts", moved], {
				cwd: here,
			});
			expect(named.stdout).toMatch(/artifacts: [1-9]\d* copied, 0 unavailable\n/);
		} finally {
			renameSync(moved, artifacts);
		}
	}, 60_000);

	it("takes a saved leaderboard as aggregate rows, marked with their source and left out of the decision", async () => {
		const saved = await runCli(["leaderboard", "--use-case", "arith", "--json"], { cwd: foreign });
		const board = join(foreign, "board.json");
		writeFileSync(board, saved.stdout);
		const here = tempDir("touchstone-ingest-board-");
		const result = await runCli(["ingest", "--from", board, "--source", "lab-board"], { cwd: here });
		expect(result.code, result.stderr).toBe(0);
		expect(result.stdout).toContain("ingested 2 aggregate rows of arith");
		const shown = await runCli(["leaderboard", "--use-case", "arith"], { cwd: here });
		expect(shown.code, shown.stderr).toBe(0);
		expect(shown.stdout).toMatch(/^m\/a ≈ .* 1\.000 .*\(aggregate from lab-board\)$/m);
		expect(shown.stdout).toMatch(/^m\/b ≈ .*\(aggregate from lab-board\)$/m);
		expect(shown.stdout).toMatch(/best:\s+none/);
		const wrong = await runCli(["ingest", "--from", board, "--source", "lab-board", "--from-artifacts", "x"], {
			cwd: here,
		});
		expect(wrong.code).toBe(2);
		expect(wrong.stderr).toContain("is a summary file, which has no artifacts");
	}, 60_000);
});
