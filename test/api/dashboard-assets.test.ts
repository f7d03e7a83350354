import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createApi, DASHBOARD_CSP, loadDashboardAssets } from "../../src/api/index.js";
import { openStore } from "../../src/store/index.js";
import { tempDir } from "../support/cli.js";

/** A built dashboard as Vite writes it: index.html and hashed files under assets/. */
function builtDashboard(): string {
	const root = tempDir("touchstone-web-");
	const dir = join(root, "web");
	mkdirSync(join(dir, "assets"), { recursive: true });
	writeFileSync(join(dir, "index.html"), '<!doctype html><script type="module" src="./assets/index-abc.js"></script>');
	writeFileSync(join(dir, "assets", "index-abc.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);
	writeFileSync(join(dir, "assets", "index-abc.css"), "body{}");
	writeFileSync(join(root, "secret.txt"), "not for the page");
	symlinkSync(join(root, "secret.txt"), join(dir, "assets", "link.txt"));
	return dir;
}

describe("the dashboard's files at /", () => {
	const store = openStore({ database: ":memory:", artifacts: tempDir() });
	afterAll(() => store.close());
	const dashboard = loadDashboardAssets(builtDashboard());
	const app = createApi({ store, useCases: [], rateToken: null, dashboard });
	const get = (path: string, headers: Record<string, string> = {}) =>
		app.request(`http://127.0.0.1${path}`, { headers });

	it("serves index.html at / and the hashed files, each with its type, caching and policy", async () => {
		const index = await get("/");
		expect(index.status).toBe(200);
		expect(index.headers.get("content-type")).toBe("text/html; charset=utf-8");
		expect(index.headers.get("cache-control")).toBe("no-cache");
		expect(index.headers.get("content-security-policy")).toBe(DASHBOARD_CSP);
		expect(index.headers.get("x-content-type-options")).toBe("nosniff");
		expect(await index.text()).toContain("index-abc.js");
		const script = await get("/assets/index-abc.js");
		expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
		expect(script.headers.get("cache-control")).toContain("immutable");
		expect((await get("/assets/index-abc.css")).headers.get("content-type")).toBe("text/css; charset=utf-8");
	});

	it("sends the gzip form to a client that accepts it, the same bytes unzipped", async () => {
		const plain = await (await get("/assets/index-abc.js")).text();
		const zipped = await get("/assets/index-abc.js", { "Accept-Encoding": "gzip, br" });
		expect(zipped.headers.get("content-encoding")).toBe("gzip");
		const bytes = Buffer.from(await zipped.arrayBuffer());
		expect(bytes.length).toBeLessThan(plain.length / 4);
		expect(gunzipSync(bytes).toString()).toBe(plain);
	});

	it("answers only the files the build wrote: traversal, encoded slashes and symlinks lead nowhere", async () => {
		for (const path of [
			"/assets/../index.html/../../secret.txt",
			"/assets/%2e%2e/%2e%2e/secret.txt",
			"/assets/..%2F..%2Fsecret.txt",
			"/assets/link.txt",
			"/assets/",
			"/assets/index-abc.js%00.html",
			"/secret.txt",
			"/api/v1/../../secret.txt",
			"/index.html/",
		]) {
			const response = await get(path);
			expect(response.status, path).toBe(404);
			expect(await response.text(), path).not.toContain("not for the page");
		}
	});

	it("keeps the Host check in front of the page, as for the API", async () => {
		const response = await get("/", { Host: "evil.example" });
		expect(response.status).toBe(421);
		expect(((await response.json()) as { error: { code: string } }).error.code).toBe("misdirected-host");
	});

	it("says how to build the dashboard where it was not built, and the API still answers", async () => {
		expect(loadDashboardAssets(tempDir())).toBeNull();
		const bare = createApi({ store, useCases: [], rateToken: null, dashboard: null });
		const response = await bare.request("http://127.0.0.1/");
		expect(response.status).toBe(404);
		const body = (await response.json()) as { error: { code: string; message: string } };
		expect(body.error.code).toBe("dashboard-not-built");
		expect(body.error.message).toContain("npm run build");
		expect((await bare.request("http://127.0.0.1/api/v1/benchmarks/use-cases")).status).toBe(200);
	});
});
