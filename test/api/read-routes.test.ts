import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/api/index.js";
import { type ApiFixture, buildApiFixture, CASES } from "./api-fixture.js";

let fixture: ApiFixture;
let app: Hono;

beforeAll(async () => {
	fixture = await buildApiFixture();
	app = createApi({ store: fixture.store, useCases: fixture.useCases, rateToken: null });
});
afterAll(() => fixture.close());

const base = "/api/v1/benchmarks";

async function get(path: string): Promise<{ status: number; body: Record<string, unknown>; response: Response }> {
	const response = await app.request(`${base}${path}`);
	return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

/** The error of an error response, checked to be the API's shape and free of stack traces. */
function errorOf(body: Record<string, unknown>) {
	const error = body.error as {
		code: string;
		message: string;
		issues: { path: string; message: string; fix: string | null }[];
	};
	expect(Object.keys(body)).toEqual(["error"]);
	expect(error.message).not.toMatch(/\n\s+at /);
	return error;
}

describe("GET use-cases and roster", () => {
	it("lists the use case that has a spec with its version, methodology and run counts", async () => {
		const { status, body } = await get("/use-cases");
		expect(status).toBe(200);
		expect(body.next_cursor).toBeNull();
		expect(body.use_cases).toEqual([
			expect.objectContaining({
				use_case_id: "arith",
				benchmark_version: fixture.version,
				runs: 2 * CASES * 2,
				models: 2,
				methodology: expect.stringContaining("Headline metric"),
			}),
		]);
	});

	it("lists the roster with the idea on the unlock board and the runnable use case's counts", async () => {
		const { status, body } = await get("/roster");
		expect(status).toBe(200);
		const roster = body.roster as Record<string, unknown>[];
		expect(roster.map((entry) => entry.id)).toEqual(["arith", "voice"]);
		expect(roster[0]).toMatchObject({ status: "runnable", benchmark_version: fixture.version, models_run: 2 });
		expect(roster[1]).toMatchObject({
			status: "idea",
			unlock: "read the daily summary aloud",
			ceiling: "no model yet speaks names right",
			benchmark_version: null,
			runs: 0,
		});
	});

	it("pages the roster with limit and the cursor it gave", async () => {
		const first = await get("/roster?limit=1");
		expect((first.body.roster as { id: string }[]).map((entry) => entry.id)).toEqual(["arith"]);
		expect(first.body.next_cursor).toEqual(expect.any(String));
		const second = await get(`/roster?limit=1&cursor=${first.body.next_cursor}`);
		expect((second.body.roster as { id: string }[]).map((entry) => entry.id)).toEqual(["voice"]);
		expect(second.body.next_cursor).toBeNull();
	});

	it("refuses a limit out of range and a cursor it never gave with 400 naming the parameter", async () => {
		const tooMany = await get("/roster?limit=501");
		expect(tooMany.status).toBe(400);
		expect(errorOf(tooMany.body)).toMatchObject({
			code: "bad-input",
			issues: [expect.objectContaining({ path: "limit" })],
		});
		const forged = await get("/use-cases?cursor=bm90LWEtY3Vyc29y");
		expect(forged.status).toBe(400);
		expect(errorOf(forged.body).issues[0]?.message).toContain("not a cursor");
	});
});

describe("GET leaderboard", () => {
	it("ranks the right model first, marks the deployed incumbent, and serves the decision", async () => {
		const { status, body } = await get("/leaderboard?use_case=arith");
		expect(status).toBe(200);
		expect(body).toMatchObject({ use_case_id: "arith", benchmark_version: fixture.version });
		const rows = body.rows as Record<string, unknown>[];
		expect(rows.map((row) => row.model_id)).toEqual(["model/right", "model/wrong"]);
		expect(rows[0]).toMatchObject({ headline: 1, pass_rate: 1, deployed: true, precision: "thorough" });
		expect(rows[1]).toMatchObject({ headline: 0, deployed: false });
		expect(body.decision).toMatchObject({
			incumbent: { model_id: "model/right", benchmarked: true },
			best: { model_id: "model/right" },
		});
	});

	it("answers the same for the version pinned explicitly", async () => {
		const current = await get("/leaderboard?use_case=arith");
		const pinned = await get(`/leaderboard?use_case=arith&benchmark_version=${encodeURIComponent(fixture.version)}`);
		expect(pinned.status).toBe(200);
		expect(pinned.body.rows).toEqual(current.body.rows);
	});

	it("404s an unknown use case or version, and 400s a missing or misspelt parameter with a suggestion", async () => {
		const unknown = await get("/leaderboard?use_case=nope");
		expect(unknown.status).toBe(404);
		expect(errorOf(unknown.body)).toMatchObject({ code: "not-found", issues: [] });
		const version = await get("/leaderboard?use_case=arith&benchmark_version=arith@000000000000");
		expect(version.status).toBe(404);

		const missing = await get("/leaderboard");
		expect(missing.status).toBe(400);
		expect(errorOf(missing.body).issues).toEqual([expect.objectContaining({ path: "use_case" })]);
		const misspelt = await get("/leaderboard?usecase=arith");
		expect(misspelt.status).toBe(400);
		const issues = errorOf(misspelt.body).issues;
		expect(issues.find((issue) => issue.path === "usecase")?.fix).toContain("use_case");
	});

	it("caches an answer and revalidates it by its entity tag", async () => {
		const first = await get(`/leaderboard?use_case=arith&benchmark_version=${encodeURIComponent(fixture.version)}`);
		const again = await app.request(
			`${base}/leaderboard?use_case=arith&benchmark_version=${encodeURIComponent(fixture.version)}`,
		);
		expect(again.headers.get("X-Cache")).toBe("hit");
		const tag = first.response.headers.get("ETag") ?? "";
		expect(tag).not.toBe("");
		const revalidated = await app.request(
			`${base}/leaderboard?use_case=arith&benchmark_version=${encodeURIComponent(fixture.version)}`,
			{ headers: { "If-None-Match": tag } },
		);
		expect(revalidated.status).toBe(304);
	});
});

describe("GET case-matrix", () => {
	it("pages the cases with a cursor and has one column per model", async () => {
		const first = await get("/case-matrix?use_case=arith&limit=3");
		expect(first.status).toBe(200);
		const rows = first.body.rows as { case_id: string; cells: ({ headline: number; passed: boolean } | null)[] }[];
		expect(rows.map((row) => row.case_id)).toEqual(["q00000", "q00001", "q00002"]);
		expect((first.body.models as { model_id: string }[]).map((model) => model.model_id)).toEqual([
			"model/right",
			"model/wrong",
		]);
		expect(rows[0]?.cells.map((cell) => cell?.passed)).toEqual([true, false]);
		const second = await get(`/case-matrix?use_case=arith&limit=3&cursor=${first.body.next_cursor}`);
		expect((second.body.rows as { case_id: string }[]).map((row) => row.case_id)).toEqual(["q00003"]);
		expect(second.body.next_cursor).toBeNull();
	});

	it("400s a bad cursor or limit and 404s an unknown use case", async () => {
		expect((await get("/case-matrix?use_case=arith&cursor=garbage")).status).toBe(400);
		expect((await get("/case-matrix?use_case=arith&limit=zero")).status).toBe(400);
		expect((await get("/case-matrix?use_case=arith&limit=0")).status).toBe(400);
		expect((await get("/case-matrix?use_case=nope")).status).toBe(404);
	});
});

describe("GET inspector", () => {
	it("shows every model's samples of one case with outputs and scores", async () => {
		const { status, body } = await get("/inspector?use_case=arith&case_id=q00001");
		expect(status).toBe(200);
		expect(body).toMatchObject({ use_case_id: "arith", case: expect.objectContaining({ id: "q00001" }) });
		const models = body.models as { model_id: string; samples: { output: string; run_id: string }[] }[];
		const right = models.find((model) => model.model_id === "model/right");
		expect(right?.samples).toHaveLength(2);
		expect(right?.samples[0]?.output).toContain("answer: 1.");
		expect(fixture.runIds["model/right"]).toContain(right?.samples[0]?.run_id);
	});

	it("404s an unknown case and 400s a missing case_id", async () => {
		const unknown = await get("/inspector?use_case=arith&case_id=q99999");
		expect(unknown.status).toBe(404);
		expect(errorOf(unknown.body).code).toBe("not-found");
		expect((await get("/inspector?use_case=arith")).status).toBe(400);
	});
});

describe("GET calibration", () => {
	it("reports no owner-rated runs yet, over the current runs", async () => {
		const { status, body } = await get("/calibration?use_case=arith");
		expect(status).toBe(200);
		expect(body).toMatchObject({ use_case_id: "arith", benchmark_version: fixture.version, n: 0 });
	});

	it("404s an unknown use case", async () => {
		expect((await get("/calibration?use_case=nope")).status).toBe(404);
	});
});

describe("GET spec/{benchmark_version}", () => {
	it("returns the frozen spec with its methodology", async () => {
		const { status, body } = await get(`/spec/${encodeURIComponent(fixture.version)}`);
		expect(status).toBe(200);
		expect(body).toMatchObject({ benchmark_version: fixture.version, use_case_id: "arith", current: true });
		expect((body.spec as { cases: unknown[] }).cases).toHaveLength(CASES);
		expect(body.methodology).toEqual(expect.stringContaining("cases"));
	});

	it("404s an unknown version and 400s an unknown query parameter", async () => {
		expect((await get("/spec/arith@000000000000")).status).toBe(404);
		expect((await get(`/spec/${encodeURIComponent(fixture.version)}?x=1`)).status).toBe(400);
	});
});
