import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BASE_PATH, createApi, OPENAPI_PATH, RATE_PATH, READ_ROUTES } from "../../src/api/index.js";
import { loadDefinitions } from "../../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import { loadScript, startScriptedServer } from "../../src/scripted-server/index.js";
import { openStore, type Store } from "../../src/store/index.js";
import { ROOT } from "../support/cli.js";
import { copyExampleBenchmarks } from "../support/example-benchmarks.js";

/* Every answer of every endpoint, from a store filled by real runs of a cases use case
 * (classification), a jury use case (kids-qa, with owner ratings) and a task use case (code-fix,
 * with traces, diffs and verifier extras), held to the schema the OpenAPI document gives for it,
 * with additional properties refused: a field the API carries but does not document fails. */

type JsonSchema = Record<string, unknown>;
interface Document {
	paths: Record<
		string,
		Record<string, { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>
	>;
	components: { schemas: Record<string, JsonSchema> };
}

let store: Store;
let app: Hono;
let document: Document;
const versions: Record<string, string> = {};

beforeAll(async () => {
	const server = await startScriptedServer({
		script: await loadScript(join(ROOT, "examples", "scripted", "demo.yaml")),
	});
	const { root, benchmarks } = await copyExampleBenchmarks("touchstone-api-schemas-");
	const definitions = loadDefinitions(benchmarks);
	store = openStore({ database: join(root, "db.sqlite"), artifacts: join(root, "artifacts") });
	try {
		for (const useCaseId of ["classification", "kids-qa", "code-fix"]) {
			const summary = await runUseCase({
				definitions,
				store,
				useCaseId,
				depth: "thorough",
				samples: 1,
				concurrency: 8,
				force: false,
				dryRun: false,
				parts: defaultRunParts({ TOUCHSTONE_SCRIPTED_URL: server.url }),
				stop: new StopControl(),
				provenance: { test: "api-schemas" },
			});
			expect(summary.remaining).toBe(0);
			versions[useCaseId] = summary.benchmark_version;
		}
	} finally {
		await server.close();
	}
	// Production traffic for one use case, so the decision's projected saving and the roster's offload candidates are held to their schemas too.
	store.recordVolumeSnapshot({
		use_case_id: "classification",
		period_start: "2026-11-01T00:00:00.000Z",
		period_end: "2026-12-01T00:00:00.000Z",
		calls: 1000,
		input_tokens: 5000,
		output_tokens: 900,
		cost_usd: null,
		source_file: "usage.jsonl",
	});
	app = createApi({ store, useCases: definitions.useCases, rateToken: null });
	document = (await (await app.request(OPENAPI_PATH)).json()) as Document;
}, 120_000);
afterAll(() => store?.close());

/** A validator for one endpoint's answer with `status`, from the served document. */
function validatorFor(path: string, method: "get" | "post", status: string) {
	const schema =
		document.paths[`${API_BASE_PATH}${path}`]?.[method]?.responses[status]?.content?.["application/json"]?.schema;
	expect(schema, `${method} ${path} ${status}`).toBeDefined();
	const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
	ajv.addSchema({ $id: "touchstone-components", $defs: document.components.schemas });
	// Error answers point at the shared component.
	return ajv.compile(
		JSON.parse(JSON.stringify(schema).replaceAll("#/components/schemas/", "touchstone-components#/$defs/")),
	);
}

/** Requests `url`, checks its status and holds its body to the documented schema. */
async function holdToSchema(route: string, url: string, status = 200, init?: RequestInit): Promise<unknown> {
	const response = await app.request(`${API_BASE_PATH}${url}`, init);
	expect(response.status, url).toBe(status);
	const body = (await response.json()) as unknown;
	const validate = validatorFor(route, init?.method === "POST" ? "post" : "get", String(status));
	expect(validate(body) ? [] : validate.errors, url).toEqual([]);
	return body;
}

/** Every object schema under `schema` that accepts properties it does not name. */
function openObjects(schema: unknown, at: string, found: string[] = []): string[] {
	if (Array.isArray(schema)) {
		for (const [index, item] of schema.entries()) openObjects(item, `${at}/${index}`, found);
	} else if (schema !== null && typeof schema === "object") {
		const node = schema as JsonSchema;
		if (node.type === "object" && node.properties !== undefined && node.additionalProperties !== false) found.push(at);
		for (const [key, value] of Object.entries(node)) openObjects(value, `${at}/${key}`, found);
	}
	return found;
}

describe("every API answer against its documented schema", () => {
	it("documents every response object with its fields, additional properties refused", () => {
		const responses = Object.values(document.paths).flatMap((methods) =>
			Object.values(methods).flatMap((operation) => Object.values(operation.responses)),
		);
		expect(responses.length).toBeGreaterThan(20);
		expect(openObjects(document.paths, "#/paths")).toEqual([]);
		expect(openObjects(document.components, "#/components")).toEqual([]);
	});

	it("holds the lists, leaderboards, matrices and specs of cases, jury and task use cases to their schemas", async () => {
		await holdToSchema("/use-cases", "/use-cases");
		const page = (await holdToSchema("/use-cases", "/use-cases?limit=1")) as { next_cursor: string | null };
		expect(page.next_cursor).not.toBeNull();
		const roster = (await holdToSchema("/roster", "/roster")) as {
			roster: { deployments: unknown[] }[];
			offload_candidates: unknown[];
		};
		expect(roster.offload_candidates.length).toBeGreaterThan(0);
		expect(roster.roster.some((entry) => entry.deployments.length > 0)).toBe(true);
		for (const useCase of ["classification", "kids-qa", "code-fix"]) {
			const board = (await holdToSchema("/leaderboard", `/leaderboard?use_case=${useCase}`)) as {
				decision: { projected_saving: unknown };
			};
			if (useCase === "classification") expect(board.decision.projected_saving).not.toBeNull();
			const matrix = (await holdToSchema("/case-matrix", `/case-matrix?use_case=${useCase}&limit=2`)) as {
				next_cursor: string;
			};
			await holdToSchema("/case-matrix", `/case-matrix?use_case=${useCase}&limit=2&cursor=${matrix.next_cursor}`);
			await holdToSchema("/spec/{benchmark_version}", `/spec/${versions[useCase]}`);
			const history = (await holdToSchema("/history", `/history?use_case=${useCase}`)) as {
				versions: { benchmark_version: string; rows: unknown[] }[];
			};
			expect(history.versions.at(-1)?.benchmark_version).toBe(versions[useCase]);
			expect(history.versions.at(-1)?.rows.length).toBeGreaterThan(0);
		}
		await holdToSchema("/history", "/history?use_case=nope", 404);
	});

	it("carries a task use case's gate model and lenses on its leaderboard rows, and nulls elsewhere", async () => {
		type Board = {
			floor_miss_tolerance: number | null;
			rows: { floor_tasks: number | null; qualified: boolean | null; lenses: { cloud: unknown } | null }[];
		};
		const tasks = (await holdToSchema("/leaderboard", "/leaderboard?use_case=code-fix")) as Board;
		expect(tasks.floor_miss_tolerance).toBe(1);
		expect(tasks.rows.length).toBeGreaterThan(0);
		for (const row of tasks.rows) {
			expect(row.floor_tasks).toBeGreaterThan(0);
			expect(row.lenses?.cloud).toMatchObject({ solves: expect.any(Number) });
		}
		const cases = (await holdToSchema("/leaderboard", "/leaderboard?use_case=classification")) as Board;
		expect(cases.floor_miss_tolerance).toBeNull();
		expect(cases.rows.map((row) => [row.floor_tasks, row.qualified, row.lenses])).toEqual(
			cases.rows.map(() => [null, null, null]),
		);
	});

	it("holds the inspector and calibration to their schemas: traces, diffs, extras, votes and ratings", async () => {
		const kids = (await holdToSchema("/inspector", "/inspector?use_case=kids-qa&case_id=sky-blue")) as {
			models: { samples: { run_id: string; scores: { jury_votes: unknown[] | null }[] }[] }[];
		};
		expect(kids.models[0]?.samples[0]?.scores.some((score) => (score.jury_votes?.length ?? 0) > 0)).toBe(true);
		const runs = store.listRuns({ use_case_id: "kids-qa" });
		const labels = ["ship", "edit", "reject", "ship", "reject", "ship"] as const;
		for (const [index, label] of labels.entries())
			await holdToSchema(RATE_PATH, RATE_PATH, 201, {
				method: "POST",
				headers: { "Content-Type": "application/json" },
				body: JSON.stringify({ run_id: runs[index]?.run_id, label, ...(index === 0 ? { note: "clear" } : {}) }),
			});
		const rated = runs[0] as { case_id: string };
		await holdToSchema("/inspector", `/inspector?use_case=kids-qa&case_id=${rated.case_id}`);
		const task = (await holdToSchema("/inspector", "/inspector?use_case=code-fix&case_id=audit-currency")) as {
			models: { samples: { trace: unknown[]; diff: string | null }[] }[];
		};
		expect(task.models.some((model) => (model.samples[0]?.trace.length ?? 0) > 0)).toBe(true);
		expect(task.models.some((model) => model.samples[0]?.diff)).toBe(true);
		await holdToSchema("/inspector", "/inspector?use_case=classification&case_id=refund-request");
		const calibration = (await holdToSchema("/calibration", "/calibration?use_case=kids-qa")) as {
			n: number;
			agreement: { interval: unknown };
		};
		expect(calibration.n).toBe(6);
		expect(calibration.agreement.interval).not.toBeNull();
		await holdToSchema("/calibration", "/calibration?use_case=classification");
	});

	it("holds error answers to the error schema, and refuses an answer with a field it does not document", async () => {
		await holdToSchema("/leaderboard", "/leaderboard?use_case=nope", 404);
		await holdToSchema("/leaderboard", "/leaderboard?use_case=kids-qa&surprise=1", 400);
		const board = (await (await app.request(`${API_BASE_PATH}/leaderboard?use_case=kids-qa`)).json()) as {
			rows: Record<string, unknown>[];
		};
		const validate = validatorFor("/leaderboard", "get", "200");
		expect(validate(board)).toBe(true);
		board.rows[0] = { ...board.rows[0], surprise: 1 };
		expect(validate(board)).toBe(false);
		expect(validate.errors?.[0]).toMatchObject({
			keyword: "additionalProperties",
			params: { additionalProperty: "surprise" },
		});
	});

	it("covers every endpoint", () => {
		expect(READ_ROUTES.map((route) => route.path).sort()).toEqual([
			"/calibration",
			"/case-matrix",
			"/history",
			"/inspector",
			"/leaderboard",
			"/roster",
			"/spec/{benchmark_version}",
			"/use-cases",
		]);
	});
});
