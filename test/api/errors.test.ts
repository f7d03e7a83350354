import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createApi, INTERNAL_ERROR_MESSAGE } from "../../src/api/index.js";
import { openStore } from "../../src/store/index.js";
import { scratchFolder } from "./api-fixture.js";

function emptyStore() {
	const folder = scratchFolder();
	return openStore({ database: join(folder, "db.sqlite"), artifacts: join(folder, "artifacts") });
}

describe("errors every route shares", () => {
	it("404s an unknown route or method with the error shape and a pointer to the OpenAPI document", async () => {
		const store = emptyStore();
		const app = createApi({ store, useCases: [], rateToken: null });
		for (const [method, path] of [
			["GET", "/api/v1/benchmarks/nope"],
			["GET", "/favicon.ico"],
			["DELETE", "/api/v1/benchmarks/leaderboard?use_case=x"],
			["GET", "/api/v1/benchmarks/rate"],
		] as const) {
			const response = await app.request(path, { method });
			expect(response.status, `${method} ${path}`).toBe(404);
			expect(await response.json()).toEqual({
				error: { code: "not-found", message: expect.stringContaining("/api/v1/openapi.json"), issues: [] },
			});
		}
		store.close();
	});

	it("answers an empty store with empty lists, and its use cases with 404 saying how to get results", async () => {
		const store = emptyStore();
		const app = createApi({ store, useCases: [], rateToken: null });
		expect(await (await app.request("/api/v1/benchmarks/use-cases")).json()).toEqual({
			use_cases: [],
			next_cursor: null,
		});
		const board = await app.request("/api/v1/benchmarks/leaderboard?use_case=arith");
		expect(board.status).toBe(404);
		expect(((await board.json()) as { error: { message: string } }).error.message).toContain("touchstone run");
		store.close();
	});

	it("500s an unexpected failure with a generic message, never the stack, and hands the error to the logger", async () => {
		const store = emptyStore();
		const logged: unknown[] = [];
		const app = createApi({ store, useCases: [], rateToken: null, logError: (error) => logged.push(error) });
		store.close();
		const response = await app.request("/api/v1/benchmarks/use-cases");
		expect(response.status).toBe(500);
		const text = await response.text();
		expect(JSON.parse(text)).toEqual({ error: { code: "internal", message: INTERNAL_ERROR_MESSAGE, issues: [] } });
		expect(text).not.toContain("at ");
		expect(logged).toHaveLength(1);
		expect(String(logged[0])).toMatch(/not open/i);
	});
});
