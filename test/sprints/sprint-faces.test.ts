import { join } from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi, READ_ROUTES } from "../../src/api/index.js";
import { rosterInputs } from "../../src/cli/commands/roster.js";
import { sprintVersion } from "../../src/definitions/index.js";
import { recordSprintRun } from "../../src/orchestrator/index.js";
import { openStore, type Store } from "../../src/store/index.js";
import { runCli } from "../support/cli.js";
import { footprint, type SprintFixture, sprintRun, writeSprintFixture } from "../support/sprint-fixture.js";

/* Sprint rows as the API, the roster and the CLI show them: model/a and model/b, each in the
 * direct and loop modes, plus one harness error of model/c, in a real store under the fixture. */

let fixture: SprintFixture;
let store: Store;
let app: Hono;
const base = "/api/v1/benchmarks";

beforeAll(async () => {
	fixture = writeSprintFixture();
	const definitions = fixture.load();
	const version = await sprintVersion(definitions.sprints[0] as never);
	store = openStore({
		database: join(fixture.root, "data", "benchmarks.db"),
		artifacts: join(fixture.root, "data", "artifacts"),
	});
	const scores: Record<string, number> = { "model/a direct": 0.8, "model/a loop": 0.7, "model/b direct": 0.6 };
	for (const model of ["model/a", "model/b"])
		for (const orchestration of ["direct", "loop"] as const) {
			const code_score = scores[`${model} ${orchestration}`];
			await recordSprintRun(
				store,
				sprintRun(definitions, version, {
					model,
					orchestration,
					...(code_score === undefined
						? { outcome: "fail@M02", error: "CI red twice", code_score: null, footprint: footprint(null) }
						: { code_score }),
				}),
			);
		}
	await recordSprintRun(
		store,
		sprintRun(definitions, version, {
			model: "model/c",
			orchestration: "orchestrate",
			outcome: "harness_error",
			error: "the clone failed",
			code_score: null,
		}),
	);
	app = createApi({ store, useCases: rosterInputs(definitions), rateToken: null });
});
afterAll(() => store.close());

/** GET `path`, its body held to the route's documented response schema. */
async function get(route: string, path: string): Promise<Record<string, unknown>> {
	const response = await app.request(`${base}${path}`);
	expect(response.status).toBe(200);
	const body = (await response.json()) as Record<string, unknown>;
	const schema = READ_ROUTES.find((candidate) => candidate.path === route)?.response;
	expect(schema?.safeParse(body).error).toBeUndefined();
	return body;
}

describe("sprint rows through the API", () => {
	it("lists the sprint in the roster as a runnable use case of plugin sprint, with its runs", async () => {
		const body = await get("/roster", "/roster");
		const entry = (body.roster as Record<string, unknown>[]).find((item) => item.id === "sprint-example");
		expect(entry).toMatchObject({
			title: "Calculator refactor",
			status: "runnable",
			plugin: "sprint",
			runs: 5,
			models_run: 3,
			benchmark_version: expect.stringMatching(/^sprint-example@[0-9a-f]{12}$/),
		});
	});

	it("serves the leaderboard per model × orchestration harness, the harness error counted", async () => {
		const body = await get("/leaderboard", "/leaderboard?use_case=sprint-example");
		const rows = body.rows as { model_id: string; harness: string; headline: number | null; cost_usd: number | null }[];
		expect(rows.map((row) => [row.model_id, row.harness, row.headline, row.cost_usd])).toEqual([
			["model/a", "sprint-direct", 0.8, 0.25],
			["model/a", "sprint-loop", 0.7, 0.25],
			["model/b", "sprint-direct", 0.6, 0.25],
			["model/b", "sprint-loop", 0, null],
			["model/c", "sprint-orchestrate", null, 0.25],
		]);
		expect(rows[4]).toMatchObject({ harness_errors: 1, samples: 0 });
		expect(body).toMatchObject({ headline_metric: "sprint_score", stale_rows: 0 });
	});

	it("inspects the sprint's one case: each row's diff, error and layer scores side by side", async () => {
		const body = await get("/inspector", "/inspector?use_case=sprint-example&case_id=example");
		const models = body.models as {
			model_id: string;
			harness: string;
			samples: { status: string; error: string | null; diff: string | null; scores: { metric: string }[] }[];
		}[];
		expect(models).toHaveLength(5);
		const failed = models.find((model) => model.model_id === "model/b" && model.harness === "sprint-loop");
		expect(failed?.samples[0]).toMatchObject({ status: "failed", error: "fail@M02: CI red twice" });
		expect(failed?.samples[0]?.diff).toContain("export const sub");
		const passed = models.find((model) => model.model_id === "model/a" && model.harness === "sprint-direct");
		expect(passed?.samples[0]?.scores.map((score) => score.metric)).toEqual([
			"sprint_score",
			"sprint_gates",
			"sprint_corpus",
			"sprint_process",
		]);
		expect(body.input).toMatchObject({ sprint: "example", source: { baseline: "1a2b3c4d" } });
	});

	it("serves the spec with the three orchestration harnesses it holds current", async () => {
		const version = store.currentSpec("sprint-example")?.benchmark_version as string;
		const body = await get("/spec/{benchmark_version}", `/spec/${encodeURIComponent(version)}`);
		expect(body.spec).toMatchObject({
			plugin: "sprint",
			headline: "sprint_score",
			harness: { id: "sprint-direct" },
			harnesses: [{ id: "sprint-direct" }, { id: "sprint-loop" }, { id: "sprint-orchestrate" }],
		});
	});
});

describe("sprint rows through the CLI", () => {
	it("prints the leaderboard with the harness of each row, and the roster with the sprint", async () => {
		const board = await runCli(["leaderboard", "--use-case", "sprint-example"], { cwd: fixture.root });
		expect(board.code, board.stderr).toBe(0);
		expect(board.stdout).toMatch(/model\/b\s.*sprint-loop/);
		expect(board.stdout).toMatch(/model\/a\s.*sprint-direct/);
		const roster = await runCli(["roster", "--json"], { cwd: fixture.root });
		expect(roster.code, roster.stderr).toBe(0);
		expect(JSON.parse(roster.stdout).use_cases).toContainEqual(
			expect.objectContaining({ id: "sprint-example", plugin: "sprint", runs: 5 }),
		);
	});
});
