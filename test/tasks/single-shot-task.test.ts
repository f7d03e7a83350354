import { existsSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { loadTaskPack } from "../../src/definitions/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { openStore } from "../../src/store/index.js";
import { runCli, tempDir } from "../support/cli.js";
import { CODE_FIX_USE_CASES, GOLD_TEST, SUM_FIXED, sumTask, writeFiles } from "../support/sum-task.js";

/**
 * A `mode: single-shot` task run end to end (issue 17, item 5): the spawned CLI, a real SQLite
 * store, real bubblewrap for the verifier, and models over real HTTP: the scripted server and a
 * node:http stand-in written here. The model gets the target file's content in its one request
 * and answers with whole files in fences, which touchstone writes into the sandbox copy.
 */
const ESCAPE = `touchstone-escape-${process.pid}-${Date.now()}.mjs`;
const FENCED_FIX = `I changed the operator.\n\`\`\`js path=src/sum.mjs\n${SUM_FIXED}\`\`\`\n`;

let root = "";
let scripted: ScriptedServer;
let standIn: Server;
let standInUrl = "";
const standInBodies: string[] = [];

const model = (id: string, base: string, options: object = {}) => ({
	id,
	provider: "openai-compatible",
	model: id,
	base_url: `\${${base}}/v1`,
	role: "candidate",
	price: { input: 1, output: 1 },
	...options,
});

/** The agentic sum task as a single-shot one: the same fixture, verifier and reference, no tools. */
function singleShot(agentic: string): string {
	const { tools: _tools, ...task } = parse(agentic) as Record<string, unknown>;
	return stringify({ ...task, mode: "single-shot" });
}

beforeAll(async () => {
	root = tempDir("touchstone-single-shot-");
	scripted = await startScriptedServer({
		script: validateScript({
			seed: 1,
			models: {
				"scripted/right": { latency_ms: 5, rules: [{ when: { user: "sum\\(\\) is wrong" }, reply: FENCED_FIX }] },
				"scripted/escape": {
					latency_ms: 5,
					rules: [
						{ when: { user: "sum\\(\\) is wrong" }, reply: `${FENCED_FIX}\`\`\`path=../../${ESCAPE}\nboom\n\`\`\`\n` },
					],
				},
			},
		} as never),
	});
	standIn = createServer((request, response) => {
		let body = "";
		request.on("data", (chunk: Buffer) => {
			body += chunk.toString("utf8");
		});
		request.on("end", () => {
			standInBodies.push(body);
			response.writeHead(200, { "content-type": "application/json" });
			response.end(
				JSON.stringify({
					id: "stand-in-1",
					object: "chat.completion",
					created: 0,
					model: "stand-in/right",
					choices: [{ index: 0, message: { role: "assistant", content: FENCED_FIX }, finish_reason: "stop" }],
					usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
				}),
			);
		});
	});
	await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
	standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
	writeFiles(root, {
		"benchmarks/models.yaml": stringify({
			models: [
				{ id: "builtin/baseline", provider: "builtin", model: "baseline", role: "anchor" },
				{ id: "builtin/gold", provider: "builtin", model: "gold", role: "anchor" },
				model("scripted/right", "TOUCHSTONE_SCRIPTED_URL"),
				model("scripted/escape", "TOUCHSTONE_SCRIPTED_URL"),
				model("stand-in/right", "STAND_IN_URL", { options: { stream: false } }),
			],
		}),
		"benchmarks/use_cases.yaml": CODE_FIX_USE_CASES,
		"benchmarks/packs/code-fix/fix-sum/task.yaml": singleShot(sumTask("fix-sum", { reference: "reference/sum.mjs" })),
		"benchmarks/packs/big/huge/task.yaml": stringify({
			id: "huge",
			mode: "single-shot",
			tier: "standard",
			prompt: "Shorten the log.",
			target_files: ["small.txt", "log.txt"],
			snapshot: { files: { "small.txt": "short\n", "log.txt": `${"x".repeat(300 * 1024)}\n` } },
			verifier: { kind: "checks", args: { script: "hidden/check.mjs" } },
		}),
		"benchmarks/packs/big/huge/hidden/check.mjs": "",
		"benchmarks/packs/code-fix/fix-sum/hidden/sum.test.mjs": GOLD_TEST,
		"benchmarks/packs/code-fix/fix-sum/reference/sum.mjs": SUM_FIXED,
	});
	for (const pack of ["code-fix", "big"])
		for (const entry of loadTaskPack(join(root, "benchmarks", "packs", pack)).tasks)
			await materializeFixture(entry.dir, entry.task, { repo: null });
});

afterAll(async () => {
	await scripted?.close();
	await new Promise((resolve) => standIn?.close(resolve));
	rmSync(root, { recursive: true, force: true });
});

interface RunRow {
	model_id: string;
	status: string;
	error: string | null;
	diff_sha: string | null;
	provenance_json: string;
	task_score: number | null;
}

function runRows(): RunRow[] {
	const database = new Database(join(root, "data", "benchmarks.db"), { readonly: true });
	try {
		return database
			.prepare(
				`SELECT r.model_id, r.status, r.error, r.diff_sha, r.provenance_json,
				   (SELECT s.value FROM scores s WHERE s.run_id = r.run_id AND s.metric = 'task_score') AS task_score
				 FROM runs r ORDER BY r.model_id`,
			)
			.all() as RunRow[];
	} finally {
		database.close();
	}
}

function readArtifact(sha: string): string {
	const store = openStore({
		database: join(root, "data", "benchmarks.db"),
		artifacts: join(root, "data", "artifacts"),
	});
	try {
		return store.readArtifactText(sha);
	} finally {
		store.close();
	}
}

/**
 * Where `../../NAME` from a sandbox's workdir (a `touchstone-sandbox-` folder of the CLI's tmp,
 * which is /tmp: it gets no TMPDIR) would land, and one folder further up.
 */
function escaped(name: string): boolean {
	return [join("/tmp", name), join("/", name), join(tmpdir(), name)].some((path) => existsSync(path));
}

describe("a single-shot task (item 5)", () => {
	it("is validated by the reference policies: baseline fails, gold passes", async () => {
		const result = await runCli(["validate-tasks", "--tasks", "benchmarks/packs/code-fix", "--repeats", "1"], {
			cwd: root,
		});
		expect(result.stderr).toContain("fix-sum: ok");
		expect(result.code).toBe(0);
	}, 120_000);

	it("refuses target files past the request's byte bound as bad input, at their line in task.yaml", async () => {
		const result = await runCli(["validate-tasks", "--tasks", "benchmarks/packs/big"], { cwd: root });
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/huge[/\\]task\.yaml:6:\d+/);
		expect(result.stderr).toContain("the target files hold more than 262,144 bytes");
		expect(result.stderr).toContain("list fewer or smaller files");
	}, 60_000);

	it("sends the target file's content, writes a whole-file reply and verifies it; an escaping path is a graded failure", async () => {
		const result = await runCli(["run", "--use-case", "code-fix"], {
			cwd: root,
			env: { TOUCHSTONE_SCRIPTED_URL: scripted.url, STAND_IN_URL: standInUrl },
		});
		expect(result.stderr).not.toContain("harness_error");
		expect(result.code).toBe(0);
		const rows = new Map(runRows().map((row) => [row.model_id, row]));

		// The one request each endpoint got holds the prompt and the fixture's file.
		const [request] = scripted.requests("scripted/right");
		const sent = JSON.stringify(request?.body);
		expect(sent).toContain("sum() is wrong. Fix it.");
		expect(sent).toContain("path=src/sum.mjs");
		expect(sent).toContain("return a - b;");
		expect(sent).not.toContain('"tools"');
		expect(standInBodies).toHaveLength(1);
		expect(standInBodies[0]).toContain("return a - b;");

		for (const id of ["scripted/right", "stand-in/right"]) {
			const row = rows.get(id);
			expect(row, id).toMatchObject({ status: "completed", error: null, task_score: 1 });
			expect(JSON.parse(row?.provenance_json ?? "{}").runner).toMatchObject({
				runner: "single-shot-task",
				details: { files_written: ["src/sum.mjs"], sandbox: { backend: "bubblewrap", isolated: true } },
			});
			const diff = readArtifact(row?.diff_sha ?? "");
			expect(diff).toContain("-\treturn a - b;");
			expect(diff).toContain("+\treturn a + b;");
		}

		// The escaping reply is the model's failure, graded 0 with the reason; not even its valid file was written.
		const escaping = rows.get("scripted/escape");
		expect(escaping).toMatchObject({ status: "failed", task_score: 0 });
		expect(escaping?.error).toContain(`names "../../${ESCAPE}", which climbs out of the working directory`);
		expect(escaped(ESCAPE)).toBe(false);
		expect(rows.get("builtin/gold")).toMatchObject({ status: "completed", task_score: 1 });
		expect(rows.get("builtin/baseline")).toMatchObject({ status: "completed", task_score: 0 });
	}, 120_000);
});
