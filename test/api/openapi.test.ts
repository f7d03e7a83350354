import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { API_BASE_PATH, createApi, READ_ROUTES } from "../../src/api/index.js";
import { openStore } from "../../src/store/index.js";
import { scratchFolder } from "./api-fixture.js";

interface Operation {
	parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
	requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
	responses: Record<string, unknown>;
}

async function fetchDocument() {
	const folder = scratchFolder();
	const store = openStore({ database: join(folder, "db.sqlite"), artifacts: join(folder, "artifacts") });
	try {
		const response = await createApi({ store, useCases: [], rateToken: null }).request("/api/v1/openapi.json");
		expect(response.status).toBe(200);
		expect(response.headers.get("Content-Type")).toContain("application/json");
		return (await response.json()) as { openapi: string; paths: Record<string, Record<string, Operation>> };
	} finally {
		store.close();
	}
}

describe("GET /api/v1/openapi.json", () => {
	it("is an OpenAPI 3.1 document with every endpoint", async () => {
		const document = await fetchDocument();
		expect(document.openapi).toBe("3.1.0");
		expect(Object.keys(document.paths).sort()).toEqual(
			[
				"/calibration",
				"/case-matrix",
				"/history",
				"/inspector",
				"/leaderboard",
				"/rate",
				"/roster",
				"/spec/{benchmark_version}",
				"/use-cases",
			].map((path) => `${API_BASE_PATH}${path}`),
		);
		expect(READ_ROUTES).toHaveLength(8);
	});

	it("documents each query parameter from the schema that validates it", async () => {
		const { paths } = await fetchDocument();
		const matrix = paths[`${API_BASE_PATH}/case-matrix`]?.get?.parameters ?? [];
		expect(matrix.map((parameter) => [parameter.name, parameter.required])).toEqual([
			["use_case", true],
			["benchmark_version", false],
			["limit", false],
			["cursor", false],
		]);
		expect(matrix.find((parameter) => parameter.name === "limit")?.schema).toMatchObject({
			type: "integer",
			minimum: 1,
			maximum: 500,
		});
		const spec = paths[`${API_BASE_PATH}/spec/{benchmark_version}`]?.get?.parameters ?? [];
		expect(spec).toEqual([expect.objectContaining({ name: "benchmark_version", in: "path", required: true })]);
	});

	it("documents the rate body, its statuses and the error shape", async () => {
		const { paths } = await fetchDocument();
		const rate = paths[`${API_BASE_PATH}/rate`]?.post;
		const body = rate?.requestBody?.content["application/json"]?.schema;
		expect(Object.keys(body?.properties ?? {})).toEqual(["run_id", "rating", "label", "note"]);
		expect(body?.required).toEqual(["run_id"]);
		expect(Object.keys(rate?.responses ?? {}).sort()).toEqual([
			"201",
			"400",
			"401",
			"403",
			"404",
			"413",
			"415",
			"421",
			"422",
			"500",
		]);
		const leaderboard = paths[`${API_BASE_PATH}/leaderboard`]?.get?.responses ?? {};
		expect(Object.keys(leaderboard).sort()).toEqual(["200", "400", "404", "421", "500"]);
	});
});
