import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { API_BASE_PATH, createApi } from "../../src/api/index.js";
import { loadDefinitions } from "../../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import { startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { openStore, type Store } from "../../src/store/index.js";
import { leaderboard, useCaseHistory } from "../../src/views/index.js";
import { arithCases, arithScript, writeBenchFixture } from "../support/bench-fixture.js";

/* A use case run under two definitions: version 1 of four cases, then version 2, where case 3's
 * check asks for what no model says. Its history must give each version the numbers of the
 * leaderboard pinned to it: model/right scores 1 under version 1 and 0.75 under version 2. */

const CASES = 4;
let store: Store;
let app: Hono;
const versions: string[] = [];

beforeAll(async () => {
	const server = await startScriptedServer({
		script: validateScript(
			arithScript({
				"model/right": { right: true, latency_ms: 2 },
				"model/wrong": { right: false, latency_ms: 1, cost_usd: 0.0001 },
			}) as never,
		),
	});
	const fixture = writeBenchFixture({
		cases: CASES,
		samples: 2,
		models: { "model/right": { options: { concurrency: 8 } }, "model/wrong": { options: { concurrency: 8 } } },
	});
	store = openStore({
		database: join(fixture.root, "data", "benchmarks.db"),
		artifacts: join(fixture.root, "data", "artifacts"),
	});
	const run = async () => {
		const summary = await runUseCase({
			definitions: loadDefinitions(fixture.dir),
			store,
			useCaseId: "arith",
			depth: "thorough",
			concurrency: 4,
			force: false,
			dryRun: false,
			parts: defaultRunParts({ TOUCHSTONE_SCRIPTED_URL: server.url }),
			stop: new StopControl(),
			provenance: { test: "history" },
		});
		versions.push(summary.benchmark_version);
	};
	try {
		await run();
		const cases = arithCases(CASES);
		cases[3] = { ...cases[3], checks: [{ metric: "answer", contains: ["answer: never."] }] };
		writeFileSync(join(fixture.dir, "packs", "arith", "cases.yaml"), stringify({ cases }));
		await run();
	} finally {
		await server.close();
	}
	app = createApi({ store, useCases: loadDefinitions(fixture.dir).useCases, rateToken: null });
}, 60_000);
afterAll(() => store?.close());

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
	const response = await app.request(`${API_BASE_PATH}${path}`);
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("a use case's history", () => {
	it("lists every frozen version oldest first, the current one flagged", () => {
		expect(new Set(versions).size).toBe(2);
		const history = useCaseHistory(store, "arith");
		expect(history.versions.map((version) => [version.benchmark_version, version.current, version.cases])).toEqual([
			[versions[0], false, CASES],
			[versions[1], true, CASES],
		]);
		const [first, second] = history.versions;
		expect(Date.parse(first?.created_at ?? "")).toBeLessThanOrEqual(Date.parse(second?.created_at ?? ""));
		expect(history.deployments.map((row) => row.model_id)).toEqual(["model/right"]);
	});

	it("gives each version the numbers of the leaderboard pinned to it, so a headline's move shows", () => {
		const history = useCaseHistory(store, "arith");
		for (const version of history.versions) {
			const board = leaderboard(store, "arith", { benchmarkVersion: version.benchmark_version });
			expect(version.rows).toEqual(
				board.rows.map((row) => ({
					model_id: row.model_id,
					harness: row.harness,
					headline: row.headline,
					headline_interval: row.headline_interval,
					pass_rate: row.pass_rate,
					pass_rate_interval: row.pass_rate_interval,
					cases: row.cases,
					samples: row.samples,
					precision: row.precision,
					deployed: row.deployed,
					reference: row.reference,
				})),
			);
			expect(version.best?.model_id).toBe(board.decision.best?.model_id);
		}
		const right = history.versions.map((version) => version.rows.find((row) => row.model_id === "model/right"));
		expect(right.map((row) => [row?.headline, row?.cases, row?.samples])).toEqual([
			[1, CASES, CASES * 2],
			[0.75, CASES, CASES * 2],
		]);
	});

	it("answers GET history with the same, 404 for a use case without versions and 400 for a bad query", async () => {
		const { status, body } = await get("/history?use_case=arith");
		expect(status).toBe(200);
		expect(body).toEqual(JSON.parse(JSON.stringify(useCaseHistory(store, "arith"))));
		const unknown = await get("/history?use_case=nope");
		expect(unknown.status).toBe(404);
		expect((unknown.body.error as { code: string }).code).toBe("not-found");
		for (const bad of ["/history", "/history?use_case=", "/history?use_case=arith&benchmark_version=x"])
			expect((await get(bad)).status, bad).toBe(400);
	});
});
