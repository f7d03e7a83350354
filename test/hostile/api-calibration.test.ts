/**
 * A calibration takes seconds on a large store (bench/calibration.ts); computed on the server's
 * one thread, a single GET froze every other request, again after every rating. Against the real
 * server on loopback over a real SQLite store whose calibration is made slow with the API's own
 * option (many bootstrap resamples): the calibration is computed off the server's thread, other
 * requests answer meanwhile, concurrent GETs share one computation, and a rating during a
 * computation keeps its stale report from being cached.
 */
import { request } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ApiServer, createApi, startApiServer } from "../../src/api/index.js";
import { calibrateUseCase } from "../../src/views/index.js";
import { type ApiFixture, buildApiFixture } from "../api/api-fixture.js";

const API = "/api/v1/benchmarks";
/** About 1.5 s of calibration on the fixture's twelve rated runs: long enough to observe, short enough to test. */
const BOOTSTRAP = { samples: 250_000, seed: 1 } as const;

let fixture: ApiFixture;
let server: ApiServer | null = null;
/** Runs of `arith` the fixture rates. */
const RATED = 12;
/** Runs of `arith` left unrated by the fixture, for the tests to rate. */
let unrated: string[];

beforeAll(async () => {
	fixture = await buildApiFixture();
	const runs = Object.values(fixture.runIds).flat();
	runs.slice(0, RATED).forEach((run_id, index) => {
		fixture.store.addOwnerRating({ run_id, rating: index % 3 === 0 ? 0.2 : 1, label: null, note: null });
	});
	unrated = runs.slice(RATED);
}, 60_000);
afterEach(async () => {
	await server?.close();
	server = null;
});
afterAll(() => fixture?.close());

/** A fresh server (empty cache, no calibration thread yet) over the fixture's store. */
async function serve(): Promise<ApiServer> {
	const app = createApi({
		store: fixture.store,
		useCases: fixture.useCases,
		rateToken: null,
		calibrationBootstrap: BOOTSTRAP,
	});
	server = await startApiServer(app, { host: "127.0.0.1", port: 0 });
	return server;
}

/** What a request got back, and when (performance.now()) its answer ended. */
interface Answer {
	readonly status: number;
	readonly cache: string | undefined;
	readonly body: string;
	readonly endedAt: number;
}

function send(port: number, path: string, options: { method?: string; body?: string } = {}): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const outgoing = request(
			{
				hostname: "127.0.0.1",
				port,
				path: `${API}${path}`,
				method: options.method ?? "GET",
				headers: options.body === undefined ? {} : { "Content-Type": "application/json" },
				agent: false,
			},
			(incoming) => {
				let body = "";
				incoming.setEncoding("utf8");
				incoming.on("data", (chunk: string) => {
					body += chunk;
				});
				incoming.on("end", () =>
					resolve({
						status: incoming.statusCode ?? 0,
						cache: incoming.headers["x-cache"] as string | undefined,
						body,
						endedAt: performance.now(),
					}),
				);
			},
		);
		outgoing.setTimeout(8_000, () => outgoing.destroy(new Error(`no answer to ${path} within 8 s`)));
		outgoing.on("error", reject);
		outgoing.end(options.body);
	});
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nOf = (answer: Answer) => (JSON.parse(answer.body) as { n: number }).n;

describe("a slow calibration and the server's other requests", () => {
	it("answers a leaderboard within 1 s while an uncached calibration is computed, and the calibration is calibrateUseCase's report", async () => {
		const { port } = await serve();
		const calibration = send(port, "/calibration?use_case=arith");
		await pause(100);
		const sent = performance.now();
		const leaderboard = await send(port, "/leaderboard?use_case=arith");
		expect(leaderboard.status).toBe(200);
		expect(leaderboard.endedAt - sent).toBeLessThan(1_000);
		const calibrated = await calibration;
		expect(leaderboard.endedAt).toBeLessThan(calibrated.endedAt);
		expect(calibrated.status).toBe(200);
		expect(calibrated.cache).toBe("miss");
		expect(calibrated.body).toBe(JSON.stringify(calibrateUseCase(fixture.store, "arith", { bootstrap: BOOTSTRAP })));
		expect((await send(port, "/calibration?use_case=arith")).cache).toBe("hit");
	}, 10_000);

	it("computes two concurrent GETs of the same uncached calibration once, and answers both with it", async () => {
		const { port } = await serve();
		const answers = await Promise.all([
			send(port, "/calibration?use_case=arith"),
			send(port, "/calibration?use_case=arith"),
		]);
		expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
		expect(answers.map((answer) => answer.cache).sort()).toEqual(["miss", "shared"]);
		expect(answers[0]?.body).toBe(answers[1]?.body);
	}, 10_000);

	it("records a rating during a computation at once, does not cache the report computed before it, and computes anew (n + 1)", async () => {
		const { port } = await serve();
		// Starts the thread, so the computation below reads the store at once, before the rating.
		expect((await send(port, "/calibration?use_case=nope")).status).toBe(404);
		const before = send(port, "/calibration?use_case=arith");
		await pause(100);
		const rating = await send(port, "/rate", {
			method: "POST",
			body: JSON.stringify({ run_id: unrated[0], label: "ship" }),
		});
		expect(rating.status).toBe(201);
		const stale = await before;
		expect(rating.endedAt).toBeLessThan(stale.endedAt);
		expect(nOf(stale)).toBe(RATED);
		const after = await send(port, "/calibration?use_case=arith");
		expect(after.cache).toBe("miss");
		expect(nOf(after)).toBe(RATED + 1);
		expect((await send(port, "/calibration?use_case=arith")).cache).toBe("hit");
	}, 10_000);

	it("answers an unknown use case 404 from the thread with the body the synchronous route gave", async () => {
		const { port } = await serve();
		const unknown = await send(port, "/calibration?use_case=nope");
		expect(unknown.status).toBe(404);
		expect(JSON.parse(unknown.body)).toEqual({
			error: { code: "not-found", message: expect.stringContaining("nope"), issues: [] },
		});
	});
});
