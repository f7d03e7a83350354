import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attempt, TaskBudget } from "../../src/contract/index.js";
import { createModelProvider } from "../../src/providers/index.js";
import { type AgentTask, createSingleShotTaskRunner, readTaskFiles } from "../../src/runners/index.js";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { ENV, runInput, scriptedEntry } from "./agent-fixtures.js";

/*
 * The single-shot task runner over real HTTP to the scripted server, in plain-process sandboxes
 * (what these tests check does not depend on isolation; the bubblewrap run is in
 * test/tasks/single-shot-task.test.ts): budgets bind the one request, and a reply's files are
 * written only when the whole reply is sound.
 */
const FIX = "```js path=src/a.mjs\nexport const a = 2;\n```\n";
const BUDGET: TaskBudget = { turns: 1, tokens: null, timeout_s: 30, cost_usd: null };
let server: ScriptedServer;
let fixture = "";

beforeAll(async () => {
	server = await startScriptedServer({
		script: validateScript({
			models: {
				"m/fix": { usage: { prompt_tokens: 1000, completion_tokens: 100 }, rules: [{ reply: FIX }] },
				"m/slow": { latency_ms: 3000, rules: [{ reply: FIX }] },
			},
		} as never),
	});
	fixture = join(mkdtempSync(join(tmpdir(), "touchstone-single-shot-runner-")), "fixture");
	mkdirSync(join(fixture, "src"), { recursive: true });
	writeFileSync(join(fixture, "src", "a.mjs"), "export const a = 1;\n");
});
afterAll(async () => {
	await server?.close();
});

async function run(model: string, task: Partial<AgentTask> = {}): Promise<Attempt> {
	const runner = createSingleShotTaskRunner({
		providerFor: (model) => createModelProvider(model, { env: ENV }),
		resolveTask: () => ({
			prompt: "Make a two.",
			fixtureDir: fixture,
			budget: BUDGET,
			tools: { shell: false },
			target_files: ["src/a.mjs"],
			...task,
		}),
		sandbox: { backend: "process", allowUnisolated: true },
	});
	const attempt = await runner.run(runInput(scriptedEntry(model, server.url)), {
		signal: new AbortController().signal,
	});
	return attempt;
}

const written = (attempt: Attempt) => readFileSync(join(attempt.workspace?.path ?? "", "src", "a.mjs"), "utf8");

describe("the single-shot task runner", () => {
	it("writes the reply's file and records one turn, its tokens and its diff", async () => {
		const attempt = await run("m/fix");
		expect(attempt.status).toBe("completed");
		expect(written(attempt)).toBe("export const a = 2;\n");
		expect(attempt.telemetry).toMatchObject({ turns: 1, input_tokens: 1000, output_tokens: 100 });
		expect(attempt.diff).toContain("+export const a = 2;");
		expect(attempt.final).toBe(FIX);
		await attempt.workspace?.dispose();
	});

	it("ends as limit past the token budget of the one request, writing none of its files", async () => {
		const attempt = await run("m/fix", { budget: { ...BUDGET, tokens: 500 } });
		expect(attempt.status).toBe("limit");
		expect(attempt.error).toContain("token budget exceeded: 1,100 tokens used of 500");
		expect(attempt.error).toContain("the reply's files were not written");
		expect(written(attempt)).toBe("export const a = 1;\n");
		expect(attempt.diff).toBe("");
		await attempt.workspace?.dispose();
	});

	it("ends as limit when the request outlasts the wall-time budget", async () => {
		const attempt = await run("m/slow", { budget: { ...BUDGET, timeout_s: 0.5 } });
		expect(attempt.status).toBe("limit");
		expect(attempt.error).toContain("wall-time budget used up: 0.5 s");
		expect(written(attempt)).toBe("export const a = 1;\n");
		await attempt.workspace?.dispose();
	});

	it("refuses target files that lead out of the fixture through a link, as the task's problem", async () => {
		const outside = mkdtempSync(join(tmpdir(), "touchstone-single-shot-outside-"));
		writeFileSync(join(outside, "secret.txt"), "secret\n");
		const linked = join(mkdtempSync(join(tmpdir(), "touchstone-single-shot-linked-")), "fixture");
		mkdirSync(linked);
		symlinkSync(outside, join(linked, "lib"));
		symlinkSync(join(outside, "secret.txt"), join(linked, "secret.txt"));
		expect((await readTaskFiles(linked, ["lib/new.mjs"])).problem).toContain("leads out of the fixture");
		expect((await readTaskFiles(linked, ["lib/secret.txt"])).problem).toContain("lies under a symbolic link");
		expect((await readTaskFiles(linked, ["secret.txt"])).problem).toContain("is a symbolic link");
		const attempt = await run("m/fix", { fixtureDir: linked, target_files: ["lib/new.mjs"] });
		expect(attempt.status).toBe("harness_error");
		expect(existsSync(join(outside, "new.mjs"))).toBe(false);
		await attempt.workspace?.dispose();
	});
});
