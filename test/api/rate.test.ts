import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/api/index.js";
import { type ApiFixture, buildApiFixture } from "./api-fixture.js";

let fixture: ApiFixture;
let open: Hono;
let guarded: Hono;
let rightRun: string;
let wrongRun: string;

const TOKEN = "s3cret-rate-token-for-tests";
const RATE = "/api/v1/benchmarks/rate";

beforeAll(async () => {
	fixture = await buildApiFixture();
	open = createApi({ store: fixture.store, useCases: fixture.useCases, rateToken: null });
	guarded = createApi({ store: fixture.store, useCases: fixture.useCases, rateToken: TOKEN });
	rightRun = fixture.runIds["model/right"]?.[0] ?? "";
	wrongRun = fixture.runIds["model/wrong"]?.[0] ?? "";
});
afterAll(() => fixture.close());

function post(app: Hono, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
	return Promise.resolve(
		app.request(RATE, {
			method: "POST",
			headers: { "Content-Type": "application/json", ...headers },
			body: typeof body === "string" ? body : JSON.stringify(body),
		}),
	);
}

async function errorOf(response: Response) {
	const body = (await response.json()) as {
		error: { code: string; message: string; issues: { source: string; path: string; message: string }[] };
	};
	return body.error;
}

describe("POST rate without a token configured", () => {
	it("records a label as its rating and returns the stored rating; the latest one counts", async () => {
		const labelled = await post(open, { run_id: rightRun, label: "ship", note: "clean" });
		expect(labelled.status).toBe(201);
		expect(await labelled.json()).toMatchObject({ run_id: rightRun, rating: 1, label: "ship", note: "clean" });

		const rated = await post(open, { run_id: rightRun, rating: 0.45 });
		expect(await rated.json()).toMatchObject({ rating: 0.45, label: null, note: null });
		expect(fixture.store.latestOwnerRating(rightRun)).toMatchObject({ rating: 0.45, label: null });
	});

	it("shows a new rating on the next read: its own write drops the cached answers that show it", async () => {
		const inspector = `/api/v1/benchmarks/inspector?use_case=arith&case_id=${fixture.store.getRun(wrongRun)?.case_id}`;
		const ratingOf = async () => {
			const body = (await (await open.request(inspector)).json()) as {
				models: { samples: { run_id: string; owner_rating: { rating: number } | null }[] }[];
			};
			return body.models.flatMap((model) => model.samples).find((sample) => sample.run_id === wrongRun)?.owner_rating;
		};
		expect(await ratingOf()).toBeNull();
		expect((await open.request(inspector)).headers.get("X-Cache")).toBe("hit");
		expect((await post(open, { run_id: wrongRun, label: "reject" })).status).toBe(201);
		expect(await ratingOf()).toMatchObject({ rating: 0.2 });
	});

	it("422s a label the rating contradicts, an unknown label, a rating out of range or neither, recording nothing", async () => {
		const before = fixture.store.latestOwnerRating(wrongRun);
		const disagreeing = await post(open, { run_id: wrongRun, label: "ship", rating: 0.5 });
		expect(disagreeing.status).toBe(422);
		const error = await errorOf(disagreeing);
		expect(error.code).toBe("invalid-rating");
		expect(error.issues).toEqual([
			expect.objectContaining({ source: "body", path: "rating", message: expect.stringContaining('0.5 means "edit"') }),
		]);

		const unknownLabel = await post(open, { run_id: wrongRun, label: "meh" });
		expect(unknownLabel.status).toBe(422);
		expect((await errorOf(unknownLabel)).issues[0]).toMatchObject({ path: "label" });
		expect((await post(open, { run_id: wrongRun, rating: 1.5 })).status).toBe(422);
		expect((await post(open, { run_id: wrongRun })).status).toBe(422);
		expect(fixture.store.latestOwnerRating(wrongRun)).toEqual(before);
	});

	it("403s a tokenless rating from another machine, recording nothing", async () => {
		const before = fixture.store.latestOwnerRating(wrongRun);
		// As @hono/node-server passes it: the Node request, whose socket names the peer.
		const fromAfar = { incoming: { socket: { remoteAddress: "192.0.2.9" } } };
		const init = {
			method: "POST",
			headers: { "Content-Type": "application/json" },
			body: JSON.stringify({ run_id: wrongRun, label: "ship" }),
		};
		const remote = await open.request(RATE, init, fromAfar);
		expect(remote.status).toBe(403);
		expect(await errorOf(remote)).toMatchObject({
			code: "remote-without-token",
			message: expect.stringContaining("TOUCHSTONE_RATE_TOKEN"),
		});
		expect(fixture.store.latestOwnerRating(wrongRun)).toEqual(before);
		const local = await open.request(RATE, init, { incoming: { socket: { remoteAddress: "::ffff:127.0.0.1" } } });
		expect(local.status).toBe(201);
	});

	it("400s a body of the wrong shape or not JSON, listing every problem", async () => {
		const wrongTypes = await post(open, { run_id: 7, rating: "high", extra: true });
		expect(wrongTypes.status).toBe(400);
		const error = await errorOf(wrongTypes);
		expect(error.code).toBe("bad-input");
		expect(error.issues.map((issue) => issue.path).sort()).toEqual(["extra", "rating", "run_id"]);

		const notJson = await post(open, "{run_id: oops");
		expect(notJson.status).toBe(400);
		expect((await errorOf(notJson)).issues[0]?.message).toContain("not valid JSON");
	});

	it("404s an unknown run", async () => {
		const response = await post(open, { run_id: "no-such-run", label: "ship" });
		expect(response.status).toBe(404);
		expect(await errorOf(response)).toMatchObject({
			code: "not-found",
			message: expect.stringContaining("no-such-run"),
		});
	});

	it("413s a body over the limit and 415s a body that is not sent as JSON", async () => {
		const huge = await post(open, { run_id: rightRun, label: "ship", note: "x".repeat(20_000) });
		expect(huge.status).toBe(413);
		expect((await errorOf(huge)).code).toBe("body-too-large");

		const form = await open.request(RATE, {
			method: "POST",
			headers: { "Content-Type": "text/plain" },
			body: JSON.stringify({ run_id: rightRun, label: "ship" }),
		});
		expect(form.status).toBe(415);
	});
});

describe("POST rate with TOUCHSTONE_RATE_TOKEN set", () => {
	it("401s a missing or wrong token, records nothing, and says how to authenticate", async () => {
		const before = fixture.store.latestOwnerRating(wrongRun);
		const missing = await post(guarded, { run_id: wrongRun, label: "edit" });
		expect(missing.status).toBe(401);
		expect(missing.headers.get("WWW-Authenticate")).toContain("Bearer");
		expect(await errorOf(missing)).toMatchObject({ code: "unauthorized", message: expect.stringContaining("Bearer") });

		const wrong = await post(guarded, { run_id: wrongRun, label: "edit" }, { Authorization: `Bearer ${TOKEN}x` });
		expect(wrong.status).toBe(401);
		const basic = await post(guarded, { run_id: wrongRun, label: "edit" }, { Authorization: `Basic ${TOKEN}` });
		expect(basic.status).toBe(401);
		expect(fixture.store.latestOwnerRating(wrongRun)).toEqual(before);
	});

	it("checks the token before the body, so an anonymous client learns nothing about runs", async () => {
		expect((await post(guarded, { run_id: "no-such-run", label: "ship" })).status).toBe(401);
		expect((await post(guarded, "not json")).status).toBe(401);
	});

	it("records with the right token", async () => {
		const response = await post(guarded, { run_id: wrongRun, label: "edit" }, { Authorization: `Bearer ${TOKEN}` });
		expect(response.status).toBe(201);
		expect(fixture.store.latestOwnerRating(wrongRun)).toMatchObject({ rating: 0.6, label: "edit" });
	});

	it("leaves reading open", async () => {
		expect((await guarded.request("/api/v1/benchmarks/leaderboard?use_case=arith")).status).toBe(200);
	});
});
