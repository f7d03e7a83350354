import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { openStore } from "../src/store/index.js";
import { writeBenchFixture } from "./support/bench-fixture.js";
import { runCli } from "./support/cli.js";

const INVOICE = '{"total": 318.4, "lines": [{"sku": "A-1", "qty": 2}]}';

describe("touchstone run with json_path and similar checks", () => {
	it("stores each check's score, failing non-JSON output and missing paths with a reason", async () => {
		const server = await startScriptedServer({
			script: validateScript({
				seed: 7,
				models: {
					"model/a": {
						latency_ms: 5,
						rules: [
							{ when: { user: "^invoice" }, reply: `Here it is:\n\`\`\`json\n${INVOICE}\n\`\`\`` },
							{ when: { user: "^prose" }, reply: "The total is 318.4 euros." },
							{ when: { user: "^capital" }, reply: "The capital of France is  Paris." },
						],
					},
				},
			} as never),
		});
		try {
			const cases = [
				{
					id: "invoice",
					input: { prompt: "invoice please" },
					checks: [
						{ metric: "total", json_path: "$.total", equals: 318.4 },
						{ metric: "line", json_path: "$.lines[0]['sku']", equals: "A-1" },
						{ metric: "tax", json_path: "$.tax", equals: 0 },
					],
				},
				{
					id: "prose",
					input: { prompt: "prose please" },
					checks: [{ metric: "total", json_path: "$.total", equals: 318.4 }],
				},
				{
					id: "capital",
					input: { prompt: "capital of France?" },
					checks: [
						{ metric: "loose", similar: "the capital of france is paris.", min: 0.9, case_sensitive: false },
						{ metric: "strict", similar: "the capital of france is paris.", min: 0.99 },
					],
				},
			];
			const scores = await runCases(server.url, cases);
			expect(Object.keys(scores)).toEqual([
				"capital.loose",
				"capital.strict",
				"invoice.line",
				"invoice.tax",
				"invoice.total",
				"prose.total",
			]);
			expect(scores["invoice.total"]).toMatchObject({ value: 1, grader_version: "json_path@1" });
			expect(scores["invoice.line"]?.value).toBe(1);
			expect(scores["invoice.tax"]?.value).toBe(0);
			expect(scores["prose.total"]?.value).toBe(0);
			expect(scores["capital.loose"]).toMatchObject({ value: 1, grader_version: "similar@1" });
			expect(JSON.parse(scores["capital.loose"]?.extras_json ?? "null")).toEqual({ similarity: 1, distance: 0 });
			const strict = JSON.parse(scores["capital.strict"]?.extras_json ?? "null") as { similarity: number };
			expect(scores["capital.strict"]?.value).toBe(0);
			expect(strict.similarity).toBeCloseTo(1 - 3 / 31, 10); // T, F and P differ in case;
		} finally {
			await server.close();
		}
	}, 60_000);

	it("stores max_cost_usd and max_latency_ms scores judged on the attempt's telemetry, with figure and bound", async () => {
		const server = await startScriptedServer({
			script: validateScript({
				seed: 7,
				models: { "model/a": { latency_ms: 5, cost_usd: 0.0004, rules: [{ reply: "ok" }] } },
			} as never),
		});
		try {
			const cases = [
				{
					id: "within",
					input: { prompt: "within budget" },
					checks: [
						{ metric: "cheap", max_cost_usd: 0.001 },
						{ metric: "fast", max_latency_ms: 2000 },
					],
				},
				{ id: "over", input: { prompt: "over budget" }, checks: [{ metric: "cheap", max_cost_usd: 0.0001 }] },
			];
			const scores = await runCases(server.url, cases);
			expect(Object.keys(scores)).toEqual(["over.cheap", "within.cheap", "within.fast"]);
			expect(scores["within.cheap"]).toMatchObject({ value: 1, grader_version: "max_cost_usd@1" });
			expect(JSON.parse(scores["within.cheap"]?.extras_json ?? "null")).toEqual({
				cost_usd: 0.0004,
				max_cost_usd: 0.001,
			});
			expect(scores["over.cheap"]?.value).toBe(0);
			expect(scores["within.fast"]).toMatchObject({ value: 1, grader_version: "max_latency_ms@1" });
			const fast = JSON.parse(scores["within.fast"]?.extras_json ?? "null") as Record<string, number>;
			expect(fast.max_latency_ms).toBe(2000);
			expect(fast.latency_ms).toBeGreaterThanOrEqual(5);
			expect(fast.latency_ms).toBeLessThanOrEqual(2000);
		} finally {
			await server.close();
		}
	}, 60_000);
});

interface StoredScore {
	readonly case_id: string;
	readonly metric: string;
	readonly value: number;
	readonly grader_version: string;
	readonly extras_json: string;
}

/** Validates and runs these cases for model/a on the scripted server; returns the stored check scores by `case.metric`. */
async function runCases(url: string, cases: readonly object[]): Promise<Record<string, StoredScore>> {
	const fixture = writeBenchFixture({ cases: 1, samples: 1, models: { "model/a": {} } });
	writeFileSync(join(fixture.dir, "packs", "arith", "cases.yaml"), stringify({ cases }));
	const env = {
		PATH: process.env.PATH ?? "",
		TOUCHSTONE_SCRIPTED_URL: url,
		TOUCHSTONE_DB: join(fixture.root, "data", "benchmarks.db"),
		TOUCHSTONE_ARTIFACTS: join(fixture.root, "data", "artifacts"),
	};
	const validated = await runCli(["validate"], { cwd: fixture.root, env });
	expect(validated.stderr + validated.stdout).not.toContain("error");
	expect(validated.code).toBe(0);
	const run = await runCli(["run", "--use-case", "arith"], { cwd: fixture.root, env });
	expect(run.stderr).not.toContain("grader error");
	const store = openStore({ database: env.TOUCHSTONE_DB, artifacts: env.TOUCHSTONE_ARTIFACTS });
	try {
		const rows = store.database
			.prepare(
				"SELECT r.case_id, s.metric, s.value, s.grader_version, s.extras_json FROM scores s JOIN runs r USING (run_id) WHERE s.metric != 'composite' ORDER BY r.case_id, s.metric",
			)
			.all() as StoredScore[];
		return Object.fromEntries(rows.map((row) => [`${row.case_id}.${row.metric}`, row]));
	} finally {
		store.close();
	}
}
