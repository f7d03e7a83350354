import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cellKey } from "../../src/contract/index.js";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { writeBenchFixture } from "../support/bench-fixture.js";
import { type CliResult, runCli, tempDir } from "../support/cli.js";
import { spawnServe, stopServe } from "../support/serve-process.js";

/*
 * Hostile edits of a real store (issue 16, items 14 and 15): raw SQL through better-sqlite3 on the
 * SQLite file a real `touchstone run` wrote, special files at artifact paths, and the real CLI and
 * API server reading the result. The next probe of the store extends this file.
 */

/** Bytes of padding in every reply of `m/long`, so its outputs are files, not inline rows. */
const LONG_REPLY = 6000;
const CASES = 2;

let server: ScriptedServer;
/** A project folder holding a store filled by one real run: copied afresh for every test. */
let pristine: string;

beforeAll(async () => {
	server = await startScriptedServer({
		script: validateScript({
			seed: 7,
			models: {
				"m/short": { latency_ms: 1, rules: [{ when: { user: "repeat the number (\\d+)" }, reply: "answer: $1." }] },
				"m/long": {
					latency_ms: 1,
					rules: [{ when: { user: "repeat the number (\\d+)" }, reply: `answer: none. ${"x".repeat(LONG_REPLY)}` }],
				},
			},
		} as never),
	});
	const fixture = writeBenchFixture({ cases: CASES, samples: 1, models: { "m/short": {}, "m/long": {} } });
	const run = await runCli(["run", "--use-case", "arith"], { cwd: fixture.root, env: scripted() });
	expect(run.code, run.stderr).toBe(0);
	pristine = fixture.root;
}, 60_000);

afterAll(async () => server.close());

function scripted(): Record<string, string> {
	return { TOUCHSTONE_SCRIPTED_URL: server.url };
}

/** A copy of the pristine project (definitions, database, artifacts) for one test to damage. */
function project(): string {
	const root = tempDir("touchstone-hostile-store-");
	cpSync(pristine, root, { recursive: true });
	return root;
}

function databasePath(root: string): string {
	return join(root, "data", "benchmarks.db");
}

/** Runs `edit` on a raw connection to the project's database, as an attacker with file access would. */
function tamper<T>(root: string, edit: (database: Database.Database) => T): T {
	const database = new Database(databasePath(root));
	try {
		return edit(database);
	} finally {
		database.close();
	}
}

function cli(root: string, args: readonly string[]): Promise<CliResult> {
	return runCli(args, { cwd: root, env: scripted() });
}

/** A CLI failure that is ours: exit 1, a `touchstone:` message, never a stack trace or "unexpected". */
function expectCleanFailure(result: CliResult, pattern: RegExp, what: string): void {
	expect(result.code, `${what}: ${result.stderr}`).toBe(1);
	expect(result.stderr, what).toMatch(pattern);
	expect(result.stderr, what).not.toMatch(/unexpected error|\n\s+at /);
}

interface LeaderboardJson {
	readonly rows: readonly { readonly model_id: string; readonly headline: number | null }[];
}

function headlineOf(result: CliResult, model: string): number | null {
	const board = JSON.parse(result.stdout) as LeaderboardJson;
	const row = board.rows.find((item) => item.model_id === model);
	if (row === undefined) throw new Error(`no row for ${model} in ${result.stdout}`);
	return row.headline;
}

describe("tampering with the store (issue 16, item 14)", () => {
	it("a dropped guard trigger makes leaderboard, inspect, run and serve refuse the store, naming it and the fix", async () => {
		const root = project();
		const before = await cli(root, ["leaderboard", "--use-case", "arith", "--json"]);
		expect(before.code, before.stderr).toBe(0);
		expect(headlineOf(before, "m/long")).toBe(0);
		tamper(root, (database) => {
			database.exec("DROP TRIGGER scores_no_update");
			database
				.prepare("UPDATE scores SET value = 1 WHERE run_id IN (SELECT run_id FROM runs WHERE model_id = 'm/long')")
				.run();
		});
		const refusal = /scores_no_update is missing.*touchstone verify/s;
		const [board, inspect, matrix, run, serve, verify] = (await Promise.all(
			[
				["leaderboard", "--use-case", "arith", "--json"],
				["inspect", "--use-case", "arith", "--case", "q00000"],
				["matrix", "--use-case", "arith"],
				["run", "--use-case", "arith", "--force"],
				["serve", "--port", "0"],
				["verify"],
			].map((command) => cli(root, command)),
		)) as [CliResult, CliResult, CliResult, CliResult, CliResult, CliResult];
		expectCleanFailure(board, refusal, "leaderboard");
		expect(board.stdout).not.toMatch(/"headline": 1/);
		expectCleanFailure(inspect, refusal, "inspect");
		expectCleanFailure(matrix, refusal, "matrix");
		expectCleanFailure(run, refusal, "run");
		expectCleanFailure(serve, refusal, "serve");
		expect(verify.code, verify.stderr).toBe(1);
		expect(verify.stdout).toMatch(/trigger scores_no_update is missing/);
	}, 30_000);

	it("a score changed behind a trigger put back as it was is found by verify, naming the run", async () => {
		const root = project();
		const forged = tamper(root, (database) => {
			const trigger = database
				.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'scores_no_update'")
				.pluck()
				.get() as string;
			const runId = database
				.prepare("SELECT run_id FROM runs WHERE model_id = 'm/long' LIMIT 1")
				.pluck()
				.get() as string;
			database.exec("DROP TRIGGER scores_no_update");
			database.prepare("UPDATE scores SET value = 1 WHERE run_id = ?").run(runId);
			database.exec(trigger);
			return runId;
		});
		expect((await cli(root, ["verify", "--json"])).code).toBe(1);
		const verify = await cli(root, ["verify"]);
		expect(verify.code, verify.stderr).toBe(1);
		expect(verify.stdout).toMatch(new RegExp(`run ${forged}.*(differ|hash)`));
		const clean = await cli(project(), ["verify"]);
		expect(clean.code, clean.stdout + clean.stderr).toBe(0);
	}, 30_000);

	it("a run row inserted by hand without scores is never a current cell: not counted, not skipped by run", async () => {
		const root = project();
		const before = await cli(root, ["leaderboard", "--use-case", "arith", "--json"]);
		const forgedKey = tamper(root, (database) => {
			const spec = JSON.parse(
				database
					.prepare(
						"SELECT spec_json FROM spec_snapshots WHERE benchmark_version = (SELECT benchmark_version FROM spec_activations ORDER BY activation_id DESC LIMIT 1)",
					)
					.pluck()
					.get() as string,
			) as {
				cases: { id: string; key_part: string }[];
				models: Record<string, string>;
				harness: { key_part: string };
			};
			const key = cellKey({
				case_part: spec.cases[0]?.key_part as string,
				model_part: spec.models["m/long"] as string,
				harness_part: spec.harness.key_part,
				sample_index: 1,
			});
			const columns = (database.pragma("table_info(runs)") as { name: string }[]).map((column) => column.name);
			const copied = columns.map((name) =>
				name === "run_id"
					? "? AS run_id"
					: name === "sample_index"
						? "? AS sample_index"
						: name === "cell_key"
							? "coalesce(?, cell_key)"
							: name,
			);
			const insert = (runId: string, sample: number, cell: string | null) =>
				database
					.prepare(
						`INSERT INTO runs (${columns.join(", ")}) SELECT ${copied.join(", ")} FROM runs WHERE model_id = 'm/long' AND case_id = ? LIMIT 1`,
					)
					.run(runId, sample, cell, spec.cases[0]?.id);
			// A second row of an existing cell (it would replace the graded one) and a row of a new cell.
			insert("forged-replacement", 0, null);
			insert("forged-new-cell", 1, key);
			return key;
		});
		const after = await cli(root, ["leaderboard", "--use-case", "arith", "--json"]);
		expect(after.code, after.stderr).toBe(0);
		const rows = (result: CliResult) => (JSON.parse(result.stdout) as LeaderboardJson).rows;
		expect(rows(after)).toEqual(rows(before));
		const inspect = await cli(root, ["inspect", "--use-case", "arith", "--case", "q00000", "--json"]);
		expect(inspect.stdout).not.toContain("forged-");
		const rerun = await cli(root, ["run", "--use-case", "arith", "--samples", "2"]);
		expect(rerun.code, rerun.stderr).toBe(0);
		const scored = tamper(root, (database) =>
			database
				.prepare(
					"SELECT count(*) FROM runs AS r WHERE cell_key = ? AND EXISTS (SELECT 1 FROM scores AS s WHERE s.run_id = r.run_id)",
				)
				.pluck()
				.get(forgedKey),
		);
		expect(scored).toBe(1);
		const verify = await cli(root, ["verify"]);
		expect(verify.code).toBe(1);
		expect(verify.stdout).toContain("run forged-replacement");
		expect(verify.stdout).toContain("run forged-new-cell");
	}, 30_000);

	it("a dropped table is a clear error for every command that opens the store, not a stack trace", async () => {
		const root = project();
		tamper(root, (database) => {
			database.pragma("foreign_keys = OFF");
			database.exec("DROP TABLE runs");
		});
		const damaged = /store at \S*benchmarks\.db is damaged: it has no table runs.*restore/s;
		const commands: (readonly string[])[] = [
			["leaderboard", "--use-case", "arith"],
			["matrix", "--use-case", "arith"],
			["inspect", "--use-case", "arith", "--case", "q00000"],
			["roster"],
			["calibrate", "--use-case", "arith"],
			["rate", "run-1", "--rating", "1"],
			["run", "--use-case", "arith"],
			["serve", "--port", "0"],
		];
		const results = await Promise.all([...commands, ["verify"]].map((command) => cli(root, command)));
		commands.forEach((command, index) => {
			expectCleanFailure(results[index] as CliResult, damaged, command[0] as string);
		});
		const verify = results[commands.length] as CliResult;
		expectCleanFailure(verify, /is damaged/, "verify");
		expect(verify.stdout).toContain("table runs is missing");
	}, 60_000);

	it("verify re-hashes every artifact: flipped bytes in a file and in an inline row are each named; a clean store passes", async () => {
		const root = project();
		const clean = await cli(root, ["verify", "--json"]);
		expect(clean.code, clean.stdout + clean.stderr).toBe(0);
		expect(JSON.parse(clean.stdout)).toMatchObject({ ok: true, problems: [] });
		const { file, inline } = tamper(root, (database) => {
			const file = database.prepare("SELECT sha256, path FROM artifacts WHERE path <> '' LIMIT 1").get() as {
				sha256: string;
				path: string;
			};
			const inline = database.prepare("SELECT sha256 FROM artifacts WHERE path = '' LIMIT 1").pluck().get() as string;
			const trigger = database
				.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'artifacts_no_update'")
				.pluck()
				.get() as string;
			database.exec("DROP TRIGGER artifacts_no_update");
			database
				.prepare(
					"UPDATE artifacts SET content = CAST(replace(CAST(content AS TEXT), 'a', 'b') AS BLOB) WHERE sha256 = ?",
				)
				.run(inline);
			database.exec(trigger);
			return { file, inline };
		});
		const absolute = join(root, "data", "artifacts", file.path);
		const bytes = readFileSync(absolute);
		bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
		writeFileSync(absolute, bytes);
		const verify = await cli(root, ["verify"]);
		expect(verify.code, verify.stderr).toBe(1);
		expect(verify.stdout).toMatch(new RegExp(`artifact ${file.sha256}.*corrupted`));
		expect(verify.stdout).toMatch(new RegExp(`artifact ${inline}.*corrupted`));
		const json = JSON.parse((await cli(root, ["verify", "--json"])).stdout) as { ok: boolean; problems: unknown[] };
		expect(json.ok).toBe(false);
		expect(json.problems.length).toBeGreaterThanOrEqual(2);
	}, 30_000);
});

/** The path of one file artifact of `m/long`'s output for case q00000. */
function outputArtifact(root: string): string {
	const path = tamper(
		root,
		(database) =>
			database
				.prepare(
					"SELECT a.path FROM runs AS r JOIN artifacts AS a ON a.sha256 = r.output_sha WHERE r.model_id = 'm/long' AND r.case_id = 'q00000'",
				)
				.pluck()
				.get() as string,
	);
	expect(path).not.toBe("");
	return join(root, "data", "artifacts", path);
}

describe("special files at artifact paths (issue 16, item 15)", () => {
	it("a FIFO at an artifact's path: inspect answers at once, names it and exits 1; so does verify", async () => {
		const root = project();
		const path = outputArtifact(root);
		rmSync(path);
		execFileSync("mkfifo", [path]);
		const started = Date.now();
		const inspect = await cli(root, ["inspect", "--use-case", "arith", "--case", "q00000"]);
		expect(Date.now() - started).toBeLessThan(8_000);
		expect(inspect.code, inspect.stderr).toBe(1);
		expect(inspect.stdout + inspect.stderr).toMatch(/not a regular file/);
		const verify = await cli(root, ["verify"]);
		expect(verify.code).toBe(1);
		expect(verify.stdout).toMatch(/not a regular file/);
	}, 20_000);

	it("a symlink at an artifact's path is refused, even to a file with the right bytes", async () => {
		const root = project();
		const path = outputArtifact(root);
		const copy = join(root, "elsewhere");
		cpSync(path, copy);
		rmSync(path);
		symlinkSync(copy, path);
		const inspect = await cli(root, ["inspect", "--use-case", "arith", "--case", "q00000", "--json"]);
		expect(inspect.code).toBe(1);
		const body = JSON.parse(inspect.stdout) as { artifact_errors: string[] };
		expect(body.artifact_errors.join("\n")).toMatch(/not a regular file/);
	}, 20_000);

	it("a FIFO at an artifact's path: the API server answers the inspector within a bound and keeps serving", async () => {
		const root = project();
		const path = outputArtifact(root);
		rmSync(path);
		execFileSync("mkfifo", [path]);
		const served = await spawnServe(root, { database: databasePath(root), artifacts: join(root, "data", "artifacts") });
		const api = `${served.url}/api/v1/benchmarks`;
		try {
			const inspector = await fetch(`${api}/inspector?use_case=arith&case_id=q00000`, {
				signal: AbortSignal.timeout(5_000),
			});
			expect(inspector.status).toBe(200);
			const body = (await inspector.json()) as { artifact_errors: string[] };
			expect(body.artifact_errors.join("\n")).toMatch(/not a regular file/);
			const board = await fetch(`${api}/leaderboard?use_case=arith`, { signal: AbortSignal.timeout(5_000) });
			expect(board.status).toBe(200);
		} finally {
			await stopServe(served);
		}
	}, 20_000);
});
