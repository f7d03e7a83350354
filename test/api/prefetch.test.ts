import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeBody } from "../../src/api/cached-body.js";
import { closeApi, createApi, prefetchCaseInspections } from "../../src/api/index.js";
import { ResponseCache } from "../../src/api/response-cache.js";
import { openStore } from "../../src/store/index.js";
import { type ApiFixture, buildApiFixture, CASES } from "./api-fixture.js";

let fixture: ApiFixture;
const apps: Hono[] = [];

beforeAll(async () => {
	fixture = await buildApiFixture();
});
afterAll(async () => {
	for (const app of apps) await closeApi(app);
	fixture.close();
});

function newApp(cacheBytes?: number): Hono {
	const app = createApi({
		store: fixture.store,
		useCases: fixture.useCases,
		rateToken: null,
		...(cacheBytes === undefined ? {} : { cacheBytes }),
	});
	apps.push(app);
	return app;
}

const caseIds = Array.from({ length: CASES }, (_, index) => `q${String(index).padStart(5, "0")}`);
const inspector = (caseId: string) => `/api/v1/benchmarks/inspector?use_case=arith&case_id=${caseId}`;

describe("prefetching the case inspections", () => {
	it("computes every case of every use case with a spec off the server's thread, and the first request of each is a hit with the same bytes and tag as one computed on request", async () => {
		const prefetched = newApp();
		const report = await prefetchCaseInspections(prefetched);
		// `voice` is an idea without a spec: nothing to inspect, and not a failure.
		expect(report).toMatchObject({ inspections: CASES, cached: 0, failed: 0, ended: "done" });
		expect(report?.bytes).toBeGreaterThan(0);

		const onRequest = newApp();
		for (const caseId of caseIds) {
			for (const encoding of ["gzip", "identity"]) {
				const headers = { "Accept-Encoding": encoding };
				const hit = await prefetched.request(inspector(caseId), { headers });
				const computed = await onRequest.request(inspector(caseId), { headers });
				expect(hit.headers.get("X-Cache")).toBe("hit");
				expect(hit.status).toBe(200);
				expect(hit.headers.get("ETag")).toBe(computed.headers.get("ETag"));
				expect(Buffer.from(await hit.arrayBuffer())).toEqual(Buffer.from(await computed.arrayBuffer()));
			}
		}
		// A second prefetch finds them all cached and computes nothing.
		expect(await prefetchCaseInspections(prefetched)).toMatchObject({ inspections: 0, cached: CASES, ended: "done" });
	});

	it("keeps how each prefetched inspection shows owner ratings: a rating through the server shows on the next read", async () => {
		const app = newApp();
		await prefetchCaseInspections(app);
		const runId = fixture.runIds["model/wrong"]?.[0] ?? "";
		const caseId = fixture.store.getRun(runId)?.case_id ?? "";
		const rated = await app.request("/api/v1/benchmarks/rate", {
			method: "POST",
			headers: { "Content-Type": "application/json" },
			body: JSON.stringify({ run_id: runId, label: "reject" }),
		});
		expect(rated.status).toBe(201);
		const after = await app.request(inspector(caseId));
		const body = (await after.json()) as { models: { samples: { run_id: string; owner_rating: unknown }[] }[] };
		const sample = body.models.flatMap((model) => model.samples).find((item) => item.run_id === runId);
		expect(sample?.owner_rating).toMatchObject({ rating: 0.2, label: "reject" });
	});

	it("stops at half the cache's bytes, and a cache turned off starts no thread", async () => {
		const json = await (
			await newApp().request(inspector(caseIds[0] ?? ""), { headers: { "Accept-Encoding": "gzip" } })
		).arrayBuffer();
		// Half the cache is the first answer's gzip: the prefetch keeps it, reaches its budget and stops.
		const small = newApp(json.byteLength * 2);
		expect(await prefetchCaseInspections(small)).toMatchObject({ inspections: 1, ended: "budget" });
		expect(await prefetchCaseInspections(newApp(0))).toMatchObject({ inspections: 0, ended: "budget" });
	});

	it("never keeps an answer computed before another connection wrote to the store", () => {
		const cache = new ResponseCache(fixture.store);
		const generation = cache.generation();
		const other = openStore(fixture.store.paths);
		try {
			other.addOwnerRating({ run_id: fixture.runIds["model/right"]?.[0] ?? "", rating: 1, label: "ship", note: null });
		} finally {
			other.close();
		}
		expect(cache.offer("/inspector?case_id=q00000&use_case=arith", generation, encodeBody("{}"), null)).toBe(false);
		expect(cache.has("/inspector?case_id=q00000&use_case=arith")).toBe(false);
		const now = cache.generation();
		expect(cache.offer("/inspector?case_id=q00000&use_case=arith", now, encodeBody("{}"), null)).toBe(true);
		expect(cache.has("/inspector?case_id=q00000&use_case=arith")).toBe(true);
	});
});
