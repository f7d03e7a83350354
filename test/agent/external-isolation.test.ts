/**
 * A hostile external agent on a task use case, end to end through runUseCase and real
 * bubblewrap: it is told where the task's hidden gold test, its reference solution, task.yaml,
 * the pristine fixture, the store and a file in the user's HOME lie, and which host variables
 * exist, and it tries to read them all and to reach a server on the host's loopback. It finds
 * none of them; the variable its entry allows and its key do arrive, the key redacted from
 * everything stored; the network answers only the entry with `network: true`.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { loadDefinitions, loadTaskPack } from "../../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { openStore } from "../../src/store/index.js";
import { inspectCase, leaderboard } from "../../src/views/index.js";
import { tempDir } from "../support/cli.js";
import { commandVariables } from "../support/processes.js";
import { CODE_FIX_USE_CASES, GOLD_TEST, SUM_FIXED, sumTask, writeFiles } from "../support/sum-task.js";

const HOSTILE = fileURLToPath(new URL("./harnesses/hostile-agent.mjs", import.meta.url));
const KEY = `sk-agent-${randomUUID()}`;
const HOST_ONLY = `host-only-${randomUUID().slice(0, 8)}`;
let server: Server;
let url: string;
const homeFile = join(homedir(), `.touchstone-probe-${randomUUID()}`);
const roots: string[] = [];

beforeAll(async () => {
	server = createServer((_request, response) => response.end("reached"));
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
	writeFileSync(homeFile, "the user's private notes\n");
});
afterAll(() => {
	server.close();
	rmSync(homeFile, { force: true });
	for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A pack of one task whose prompt names every path the agent must not reach. */
function writePack(root: string): void {
	const task = join(root, "benchmarks", "packs", "code-fix", "fix-sum");
	const prompt = `sum() is wrong. Fix it. PROBES:${JSON.stringify({
		files: {
			hidden: join(task, "hidden", "sum.test.mjs"),
			reference: join(task, "reference", "sum.mjs"),
			task_yaml: join(task, "task.yaml"),
			pristine_fixture: join(task, "fixture", "src", "sum.mjs"),
			store: join(root, "db.sqlite"),
			home: homeFile,
		},
		variables: ["AGENT_REGION", "HOST_ONLY_VALUE", "AGENT_API_KEY"],
		url,
	})}`;
	const agent = (id: string, extra: Record<string, unknown>) => ({
		id,
		provider: "command",
		command: ["node", HOSTILE],
		api_key_env: "AGENT_API_KEY",
		env: ["AGENT_REGION"],
		...extra,
	});
	const files: Record<string, string> = {
		"benchmarks/models.yaml": stringify({
			models: [
				agent("hostile/offline", { price: { input: 1, output: 2 } }),
				agent("hostile/online", { network: true }),
			],
		}),
		"benchmarks/use_cases.yaml": CODE_FIX_USE_CASES,
		"benchmarks/packs/code-fix/fix-sum/task.yaml": sumTask("fix-sum", { reference: "reference/sum.mjs", prompt }),
		"benchmarks/packs/code-fix/fix-sum/hidden/sum.test.mjs": GOLD_TEST,
		"benchmarks/packs/code-fix/fix-sum/reference/sum.mjs": SUM_FIXED,
	};
	writeFiles(root, files);
}

describe("a hostile external agent on a task use case", () => {
	it("reaches none of the pack, the store, the user's HOME or the host's variables, and the network only when allowed", async () => {
		const root = tempDir("touchstone-hostile-");
		roots.push(root);
		writePack(root);
		const packDir = join(root, "benchmarks", "packs", "code-fix");
		for (const entry of loadTaskPack(packDir).tasks) await materializeFixture(entry.dir, entry.task, { repo: null });
		const store = openStore({ database: join(root, "db.sqlite"), artifacts: join(root, "artifacts") });
		try {
			const summary = await runUseCase({
				definitions: loadDefinitions(join(root, "benchmarks")),
				store,
				useCaseId: "code-fix",
				depth: "thorough",
				concurrency: 2,
				force: false,
				dryRun: false,
				parts: defaultRunParts({
					PATH: process.env.PATH,
					AGENT_API_KEY: KEY,
					AGENT_REGION: "eu-west",
					HOST_ONLY_VALUE: HOST_ONLY,
				}),
				stop: new StopControl(),
				provenance: {},
			});
			expect(summary.statuses).toEqual({ completed: 2 });

			const models = inspectCase(store, "code-fix", "fix-sum").models;
			const sampleOf = (id: string) => models.find((model) => model.model_id === id)?.samples[0];
			for (const id of ["hostile/offline", "hostile/online"]) {
				const sample = sampleOf(id);
				const found = JSON.parse(sample?.output ?? "{}");
				expect(found.files, id).toEqual({
					hidden: null,
					reference: null,
					task_yaml: null,
					pristine_fixture: null,
					store: null,
					home: null,
				});
				expect(found.variables, id).toEqual({
					AGENT_REGION: "eu-west",
					HOST_ONLY_VALUE: null,
					AGENT_API_KEY: "<redacted>",
				});
				expect(commandVariables(found.env), id).toEqual([
					"AGENT_API_KEY",
					"AGENT_REGION",
					"HOME",
					"LANG",
					"PATH",
					"TMPDIR",
				]);
				expect(found.root, id).not.toContain("root");
				expect(found.root, id).not.toContain("home");
				// It fixed the bug, so its attempt passes; its HOME cache stays out of the diff.
				expect(sample?.scores.find((score) => score.metric === "task_score")?.value, id).toBe(1);
				expect(sample?.diff, id).toContain("+\treturn a + b;");
				expect(sample?.diff, id).not.toContain("state.json");
			}
			expect(JSON.parse(sampleOf("hostile/offline")?.output ?? "{}").network).toBeNull();
			expect(JSON.parse(sampleOf("hostile/online")?.output ?? "{}").network).toBe("reached");

			// The provenance says what each could reach: names, never values.
			const provenance = store.database
				.prepare("SELECT model_id, provenance_json FROM runs ORDER BY model_id")
				.all() as { model_id: string; provenance_json: string }[];
			const details = provenance.map((row) => [row.model_id, JSON.parse(row.provenance_json)]);
			for (const [id, stored] of details) {
				const reach = JSON.stringify(stored);
				expect(reach, id).toContain('"isolated":true');
				expect(reach, id).toContain('"env":["AGENT_API_KEY","AGENT_REGION"]');
				expect(reach, id).toContain(`"network":${id === "hostile/online"}`);
				expect(reach, id).not.toContain("eu-west");
			}

			// A command that reports tokens and no cost: the price table applied to them, or unknown.
			const board = leaderboard(store, "code-fix");
			const cost = (id: string) => board.rows.find((row) => row.model_id === id)?.cost_usd;
			expect(cost("hostile/offline")).toBeCloseTo((2000 * 1 + 500 * 2) / 1_000_000, 12);
			expect(cost("hostile/online")).toBeNull();
		} finally {
			store.close();
		}
		// The key never reached the store: not the database, not an artifact.
		for (const file of allFiles(root).filter((path) => !path.includes("/benchmarks/")))
			expect(readFileSync(file, "latin1").includes(KEY), file).toBe(false);
	}, 60_000);
});

function allFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((item) =>
		item.isDirectory() ? allFiles(join(folder, item.name)) : [join(folder, item.name)],
	);
}
