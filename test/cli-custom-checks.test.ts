import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { openStore } from "../src/store/index.js";
import { type BenchFixture, writeBenchFixture } from "./support/bench-fixture.js";
import { runCli } from "./support/cli.js";

/* javascript: and rubric: checks, run by the real CLI against the scripted server over HTTP. */

const VALID_SQL = `
export function check({ output, vars }) {
	const ok = /^SELECT\\b/i.test(output) && output.includes(vars.table);
	return { value: ok, reasoning: ok ? "a SELECT over " + vars.table : "not a SELECT over " + vars.table };
}
`;

describe("touchstone run with javascript checks", () => {
	it("stores pass and fail, records a throw and a timeout as grader errors, and re-runs a module's cells when it changes", async () => {
		const server = await startScriptedServer({
			script: validateScript({
				seed: 7,
				models: {
					"model/a": {
						latency_ms: 5,
						rules: [
							{ when: { user: "^good" }, reply: "SELECT id FROM users" },
							{ when: { user: "^bad" }, reply: "DROP TABLE users" },
							{ reply: "answer: 1." },
						],
					},
				},
			} as never),
		});
		try {
			const fixture = writeBenchFixture({ cases: 1, samples: 1, models: { "model/a": {} } });
			mkdirSync(join(fixture.dir, "checks"));
			writeFileSync(join(fixture.dir, "checks", "valid-sql.mjs"), VALID_SQL);
			writeFileSync(
				join(fixture.dir, "checks", "boom.mjs"),
				"export function check() { throw new Error('no FROM clause'); }",
			);
			writeFileSync(join(fixture.dir, "checks", "slow.mjs"), "export async function check() { for (;;) {} }");
			const sql = { metric: "sql", javascript: "./checks/valid-sql.mjs" };
			const cases = [
				{ id: "good", input: { prompt: "good query", vars: { table: "users" } }, checks: [sql] },
				{ id: "bad", input: { prompt: "bad query", vars: { table: "users" } }, checks: [sql] },
				{ id: "throws", input: { prompt: "throws" }, checks: [{ metric: "sql", javascript: "checks/boom.mjs" }] },
				{
					id: "loops",
					input: { prompt: "loops" },
					checks: [{ metric: "sql", javascript: "checks/slow.mjs", timeout_ms: 300 }],
				},
				{ id: "plain", input: { prompt: "plain" }, checks: [{ metric: "answer", contains: "answer: 1." }] },
			];
			writeFileSync(join(fixture.dir, "packs", "arith", "cases.yaml"), stringify({ cases }));
			const env = cliEnv(fixture, server.url);
			const validated = await runCli(["validate"], { cwd: fixture.root, env });
			expect(validated.stderr).not.toContain("error");
			expect(validated.code).toBe(0);

			const first = await runCli(["run", "--use-case", "arith"], { cwd: fixture.root, env });
			expect(first.stdout + first.stderr).toContain("2 grader errors");
			const rows = storedRows(fixture);
			expect(rows.map((row) => `${row.case_id}:${row.value}`)).toEqual([
				"bad:0",
				"good:1",
				"loops:null",
				"plain:1",
				"throws:null",
			]);
			expect(rows.find((row) => row.case_id === "good")).toMatchObject({
				grader_version: "javascript@1",
				extras_json: '{"returned":true}',
			});
			expect(rows.find((row) => row.case_id === "throws")?.grader_error).toContain(
				"the javascript check checks/boom.mjs threw: no FROM clause",
			);
			expect(rows.find((row) => row.case_id === "loops")?.grader_error).toContain(
				"the javascript check checks/slow.mjs ran longer than 300 ms",
			);

			// Editing the module changes its hash, so its cells' keys: they re-run, the others stay current.
			writeFileSync(join(fixture.dir, "checks", "valid-sql.mjs"), "export const check = () => 0.25;");
			await runCli(["run", "--use-case", "arith"], { cwd: fixture.root, env });
			const after = storedRows(fixture);
			const runsOf = (id: string) => after.filter((row) => row.case_id === id);
			expect(runsOf("good").map((row) => row.value)).toEqual([1, 0.25]);
			expect(runsOf("bad").map((row) => row.value)).toEqual([0, 0.25]);
			expect(runsOf("plain")).toHaveLength(1);
			// No rubric check, so no panel asked for: the spec names none (and no panel is needed).
			expect(specPanels(fixture)).toEqual({ arith: null });
		} finally {
			await server.close();
		}
	}, 90_000);

	it("refuses at validate a module that is missing or outside the benchmarks folder, naming the line", async () => {
		const fixture = writeBenchFixture({ cases: 1, samples: 1, models: { "model/a": {} } });
		writeFileSync(join(fixture.root, "outside.mjs"), "export const check = () => true;");
		const cases = [
			{ id: "missing", input: { prompt: "p" }, checks: [{ javascript: "./checks/nope.mjs" }] },
			{ id: "escapes", input: { prompt: "p" }, checks: [{ javascript: "../outside.mjs" }] },
		];
		writeFileSync(join(fixture.dir, "packs", "arith", "cases.yaml"), stringify({ cases }));
		const validated = await runCli(["validate"], { cwd: fixture.root, env: cliEnv(fixture, "http://127.0.0.1:9") });
		expect(validated.code).toBe(2);
		expect(validated.stderr).toMatch(
			/cases\.yaml:\d+:\d+.*the javascript check module \.\/checks\/nope\.mjs does not exist/,
		);
		expect(validated.stderr).toContain("the javascript check module ../outside.mjs is outside the benchmarks folder");
	}, 60_000);
});

const CRITERION = "The reply apologises once and names the next step.";

describe("touchstone run with rubric checks", () => {
	it("grades one criterion by the pinned panel: failed votes count toward nothing, a panel below quorum is a grader error", async () => {
		const verdict = (score: number) => JSON.stringify({ score, rationale: `score ${score}` });
		const server = await startScriptedServer({
			script: validateScript({
				seed: 7,
				models: {
					"model/a": { latency_ms: 5, rules: [{ reply: "Sorry for the trouble. Next, we send a new card." }] },
					"juror/a": {
						rules: [{ when: { user: "Sorry for the trouble" }, reply: verdict(0.8) }, { reply: verdict(0.1) }],
					},
					// Garbage on the first try and on the retry: a failed vote, never a pass.
					"juror/garbage": { rules: [{ reply: "Looks great to me!" }] },
				},
			} as never),
		});
		try {
			const fixture = writeBenchFixture({
				cases: 1,
				samples: 1,
				models: { "model/a": {}, "juror/a": { role: "anchor" }, "juror/garbage": { role: "anchor" } },
			});
			writeFileSync(
				join(fixture.dir, "judge_panels.yaml"),
				stringify({
					default: "lenient",
					panels: [
						{ id: "lenient", version: "panel@v1", jurors: ["juror/a", "juror/garbage"], quorum: 1 },
						{ id: "strict", version: "panel@v2", jurors: ["juror/a", "juror/garbage"], quorum: 2 },
					],
				}),
			);
			const useCase = (id: string, panel: string) => ({
				id,
				status: "runnable",
				modality: { input: "text", output: "text" },
				plugin: "cases",
				cases: `packs/${id}/*.yaml`,
				samples: 1,
				judge_panel: panel,
				fleet: ["model/a"],
				grading: { headline: "composite" },
			});
			writeFileSync(
				join(fixture.dir, "use_cases.yaml"),
				stringify({ use_cases: [useCase("replies", "lenient"), useCase("strict", "strict")] }),
			);
			const cases = [
				{
					id: "apology",
					input: { prompt: "Reply to a customer whose card was lost." },
					checks: [{ metric: "tone", rubric: CRITERION }],
				},
			];
			for (const id of ["replies", "strict"]) {
				mkdirSync(join(fixture.dir, "packs", id));
				writeFileSync(join(fixture.dir, "packs", id, "cases.yaml"), stringify({ cases }));
			}
			const env = cliEnv(fixture, server.url);
			const validated = await runCli(["validate"], { cwd: fixture.root, env });
			expect(validated.stderr).not.toContain("error");
			expect(validated.code).toBe(0);
			await runCli(["run", "--use-case", "replies"], { cwd: fixture.root, env });
			await runCli(["run", "--use-case", "strict"], { cwd: fixture.root, env });

			const [lenient, strict] = storedRows(fixture).filter((row) => row.case_id === "apology");
			// The mean of the valid votes: juror/a's 0.8 alone; juror/garbage's reply counts toward nothing.
			expect(lenient).toMatchObject({
				use_case_id: "replies",
				metric: "tone",
				value: 0.8,
				grader_version: "jury@1",
				judge_panel_version: "panel@v1",
				grader_error: null,
			});
			expect(lenient?.jury_votes_sha).not.toBeNull();
			// The panel asked for by a rubric check is frozen into the spec, as for a jury plugin.
			expect(specPanels(fixture)).toEqual({
				replies: { id: "lenient", version: "panel@v1" },
				strict: { id: "strict", version: "panel@v2" },
			});
			expect(strict).toMatchObject({ use_case_id: "strict", metric: null, value: null });
			expect(strict?.grader_error).toMatch(
				/jury-quorum: the jury strict \(panel@v2\) gave 1 valid vote of 2, below its quorum of 2; failed votes: juror\/garbage: unusable reply, twice/,
			);
			// Asked twice per cell (the reply, then the retry), from a blinded prompt holding the criterion.
			const garbage = server.requests("juror/garbage");
			expect(garbage).toHaveLength(4);
			const prompt = JSON.stringify(server.requests("juror/a")[0]?.body);
			expect(prompt).toContain(CRITERION);
			expect(prompt).toContain("Sorry for the trouble");
			expect(prompt).not.toContain("model/a");

			// The panel's jurors are in the cell key: the same run is current, another panel re-grades.
			await runCli(["run", "--use-case", "replies"], { cwd: fixture.root, env });
			expect(server.requests("juror/a")).toHaveLength(2);
			writeFileSync(
				join(fixture.dir, "judge_panels.yaml"),
				stringify({
					default: "lenient",
					panels: [
						{ id: "lenient", version: "panel@v1", jurors: ["juror/a"], quorum: 1 },
						{ id: "strict", version: "panel@v2", jurors: ["juror/a", "juror/garbage"], quorum: 2 },
					],
				}),
			);
			await runCli(["run", "--use-case", "replies"], { cwd: fixture.root, env });
			expect(storedRows(fixture).filter((row) => row.use_case_id === "replies")).toHaveLength(2);
			expect(server.requests("juror/a")).toHaveLength(3);
		} finally {
			await server.close();
		}
	}, 90_000);

	it("refuses at validate a rubric check when no judge panel has a juror, naming the line", async () => {
		const fixture = writeBenchFixture({ cases: 1, samples: 1, models: { "model/a": {} } });
		const cases = [{ id: "tone", input: { prompt: "p" }, checks: [{ rubric: CRITERION }] }];
		writeFileSync(join(fixture.dir, "packs", "arith", "cases.yaml"), stringify({ cases }));
		const validated = await runCli(["validate"], { cwd: fixture.root, env: cliEnv(fixture, "http://127.0.0.1:9") });
		expect(validated.code).toBe(2);
		expect(validated.stderr).toMatch(/cases\.yaml:\d+:\d+.*a rubric check is graded by the use case's judge panel/);
		expect(validated.stderr).toContain("pin a panel in judge_panels.yaml");
	}, 60_000);
});

function cliEnv(fixture: BenchFixture, url: string): Record<string, string> {
	return {
		PATH: process.env.PATH ?? "",
		TOUCHSTONE_SCRIPTED_URL: url,
		TOUCHSTONE_DB: join(fixture.root, "data", "benchmarks.db"),
		TOUCHSTONE_ARTIFACTS: join(fixture.root, "data", "artifacts"),
	};
}

/** A stored run with its non-composite score (null for a grader error), oldest first per case. */
interface StoredRow {
	readonly case_id: string;
	readonly use_case_id: string;
	readonly grader_error: string | null;
	readonly metric: string | null;
	readonly value: number | null;
	readonly grader_version: string | null;
	readonly judge_panel_version: string | null;
	readonly extras_json: string | null;
	readonly jury_votes_sha: string | null;
}

/** The judge panel each use case's latest spec records. */
function specPanels(fixture: BenchFixture): Record<string, unknown> {
	const env = cliEnv(fixture, "");
	const store = openStore({ database: env.TOUCHSTONE_DB ?? "", artifacts: env.TOUCHSTONE_ARTIFACTS ?? "" });
	try {
		const rows = store.database
			.prepare("SELECT use_case_id, spec_json FROM spec_snapshots ORDER BY created_at, rowid")
			.all() as { use_case_id: string; spec_json: string }[];
		return Object.fromEntries(rows.map((row) => [row.use_case_id, JSON.parse(row.spec_json).judge_panel]));
	} finally {
		store.close();
	}
}

function storedRows(fixture: BenchFixture): StoredRow[] {
	const env = cliEnv(fixture, "");
	const store = openStore({ database: env.TOUCHSTONE_DB ?? "", artifacts: env.TOUCHSTONE_ARTIFACTS ?? "" });
	try {
		return store.database
			.prepare(
				`SELECT r.case_id, r.use_case_id, r.grader_error, s.metric, s.value, s.grader_version, s.judge_panel_version,
				        s.extras_json, s.jury_votes_sha
				 FROM runs r LEFT JOIN scores s ON s.run_id = r.run_id AND s.metric != 'composite'
				 ORDER BY r.use_case_id, r.case_id, r.rowid`,
			)
			.all() as StoredRow[];
	} finally {
		store.close();
	}
}
