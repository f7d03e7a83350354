import { gunzipSync } from "node:zlib";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/api/index.js";
import { openStore } from "../../src/store/index.js";
import { type ApiFixture, buildApiFixture } from "./api-fixture.js";

let fixture: ApiFixture;
let app: Hono;

beforeAll(async () => {
	fixture = await buildApiFixture();
	app = createApi({ store: fixture.store, useCases: fixture.useCases, rateToken: null });
});
afterAll(() => fixture.close());

describe("the response cache", () => {
	it("serves repeated reads from the cache until another process writes to the store", async () => {
		const calibration = "/api/v1/benchmarks/calibration?use_case=arith";
		const first = await app.request(calibration);
		expect(first.headers.get("X-Cache")).toBe("miss");
		expect(await first.json()).toMatchObject({ n: 0 });
		expect((await app.request(calibration)).headers.get("X-Cache")).toBe("hit");

		// Another connection (as `touchstone rate` or a run in another process would) writes a rating.
		const other = openStore(fixture.store.paths);
		try {
			other.addOwnerRating({ run_id: fixture.runIds["model/right"]?.[0] ?? "", rating: 1, label: "ship", note: null });
		} finally {
			other.close();
		}
		const after = await app.request(calibration);
		expect(after.headers.get("X-Cache")).toBe("miss");
		expect(await after.json()).toMatchObject({ n: 1 });
	});

	it("keeps answers apart by query: a pinned version and a page are cached on their own", async () => {
		const page1 = await app.request("/api/v1/benchmarks/case-matrix?use_case=arith&limit=1");
		const page2 = await app.request("/api/v1/benchmarks/case-matrix?use_case=arith&limit=2");
		expect(((await page1.json()) as { rows: unknown[] }).rows).toHaveLength(1);
		expect(((await page2.json()) as { rows: unknown[] }).rows).toHaveLength(2);
	});

	it("takes parameters in any order as the same question", async () => {
		const version = encodeURIComponent(fixture.version);
		await app.request(`/api/v1/benchmarks/leaderboard?use_case=arith&benchmark_version=${version}`);
		const swapped = await app.request(`/api/v1/benchmarks/leaderboard?benchmark_version=${version}&use_case=arith`);
		expect(swapped.headers.get("X-Cache")).toBe("hit");
	});

	it("sends large answers gzipped to clients that accept it, each representation with its own tag", async () => {
		const url = "/api/v1/benchmarks/inspector?use_case=arith&case_id=q00000";
		const plain = await app.request(url);
		const zipped = await app.request(url, { headers: { "Accept-Encoding": "br, gzip;q=0.8" } });
		expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
		expect(zipped.headers.get("Vary")).toBe("Accept-Encoding");
		const text = await plain.text();
		expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8")).toBe(text);
		expect(zipped.headers.get("ETag")).not.toBe(plain.headers.get("ETag"));
		const refused = await app.request(url, { headers: { "Accept-Encoding": "gzip;q=0" } });
		expect(refused.headers.get("Content-Encoding")).toBeNull();
		// The cache holds only the gzip of a large answer: the JSON is unzipped again, the same bytes under the same tag.
		expect(refused.headers.get("X-Cache")).toBe("hit");
		expect(await refused.text()).toBe(text);
		expect(refused.headers.get("ETag")).toBe(plain.headers.get("ETag"));
		const revalidated = await app.request(url, {
			headers: { "Accept-Encoding": "gzip", "If-None-Match": zipped.headers.get("ETag") ?? "" },
		});
		expect(revalidated.status).toBe(304);
	});

	it("counts a large answer at the size of its gzip, so many more fit in its bytes", async () => {
		const url = (caseId: string) => `/api/v1/benchmarks/inspector?use_case=arith&case_id=${caseId}`;
		const json = await (await app.request(url("q00000"))).text();
		// Room for one answer's JSON: its gzip is kept alone, so two answers fit.
		const small = createApi({
			store: fixture.store,
			useCases: fixture.useCases,
			rateToken: null,
			cacheBytes: Buffer.byteLength(json),
		});
		for (const caseId of ["q00000", "q00001"])
			expect((await small.request(url(caseId))).headers.get("X-Cache")).toBe("miss");
		for (const caseId of ["q00000", "q00001"])
			expect((await small.request(url(caseId))).headers.get("X-Cache")).toBe("hit");
	});

	it("does not cache errors", async () => {
		const unknown = "/api/v1/benchmarks/leaderboard?use_case=nope";
		expect((await app.request(unknown)).status).toBe(404);
		expect((await app.request(unknown)).headers.get("X-Cache")).toBe("miss");
	});
});
