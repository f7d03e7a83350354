import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { runCli, tempDir } from "./support/cli.js";

/* `touchstone init` → `validate` → `run` on the scaffold as written, against a stand-in for the
 * local OpenAI-compatible server its models.yaml names; then its commented task use case,
 * uncommented, through snapshot, validate-tasks and run. */

const MODEL = "meta-llama/Llama-3.1-8B-Instruct";
let server: ScriptedServer;

beforeAll(async () => {
	server = await startScriptedServer({
		script: validateScript({
			seed: 1,
			models: {
				[MODEL]: {
					latency_ms: 5,
					rules: [
						{ when: { user: "greeting for Ada" }, reply: "Welcome to the team, Ada!" },
						// The task: read the module, fix the regex, say done.
						{
							when: { user: "Blog post addresses", turn: 1 },
							tool_calls: [{ name: "read_file", arguments: { path: "src/slug.mjs" } }],
						},
						{
							when: { user: "Blog post addresses", turn: 2, tool_result: "replace\\(/\\[\\^a-z0-9\\]\\+/," },
							tool_calls: [
								{
									name: "write_file",
									arguments: {
										path: "src/slug.mjs",
										content:
											'export function slug(title) {\n\treturn title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");\n}\n',
									},
								},
							],
						},
						{
							when: { user: "Blog post addresses", turn: 3 },
							tool_calls: [{ name: "done", arguments: { summary: "slug now replaces every run of separators." } }],
						},
					],
				},
			},
		} as never),
	});
});
afterAll(async () => server.close());

/** Points the scaffold's local model at the stand-in, as a user points it at their own server. */
function pointAtStandIn(dir: string): void {
	const file = join(dir, "models.yaml");
	const text = readFileSync(file, "utf8");
	expect(text).toContain("base_url: http://localhost:8000/v1");
	writeFileSync(file, text.replace("base_url: http://localhost:8000/v1", `base_url: ${server.url}/v1`));
}

/** Uncomments the example lines of a file from `marker` on (`  # - id:` and `  #   key:` lines). */
function uncommentFrom(file: string, marker: string): void {
	const text = readFileSync(file, "utf8");
	const at = text.indexOf(marker);
	expect(at).toBeGreaterThan(0);
	writeFileSync(file, text.slice(0, at) + text.slice(at).replace(/^ {2}# (?=[- ])/gm, "  "));
}

describe("the scaffold, first run", () => {
	it("init, validate and run work as written: exit 0 and a leaderboard", async () => {
		const cwd = tempDir();
		expect((await runCli(["init"], { cwd })).code).toBe(0);
		const validate = await runCli(["validate"], { cwd });
		expect(validate.code).toBe(0);
		pointAtStandIn(join(cwd, "benchmarks"));
		const run = await runCli(["run", "--use-case", "hello"], { cwd });
		expect(run.stderr).toContain("hello: 2 cells planned (1 models × 1 cases, thorough)");
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("ran 2 cells (2 completed)");
		expect(run.stdout).toMatch(/^hello \(hello@\w+\), headline: composite/m);
		expect(run.stdout).toMatch(/^local\/llama-3\.1-8b \(deployed\)\s+1\.000\s+.*\s100%\s/m);
		expect(run.stdout).toMatch(/best:\s+local\/llama-3\.1-8b \(single-shot\) headline 1\.000/);
	});

	it("has a commented task use case that, uncommented, snapshots, validates and runs", async () => {
		const cwd = tempDir();
		await runCli(["init"], { cwd });
		const dir = join(cwd, "benchmarks");
		pointAtStandIn(dir);
		uncommentFrom(join(dir, "models.yaml"), "Reference policies");
		uncommentFrom(join(dir, "use_cases.yaml"), "A coding-task use case");
		const validate = await runCli(["validate"], { cwd });
		expect(validate.stdout).toContain("3 use cases (2 runnable, 1 ideas)");
		expect(validate.code).toBe(0);
		const pack = join("benchmarks", "packs", "fixes");
		expect((await runCli(["snapshot", "--tasks", pack], { cwd })).code).toBe(0);
		const tasks = await runCli(["validate-tasks", "--tasks", pack, "--repeats", "1"], { cwd });
		expect(tasks.stdout).toMatch(/^slug-separators\s+baseline\s+fail\s+1\s+0\s+1\s+0\s+0\s+0\.00\s+ok$/m);
		expect(tasks.stdout).toMatch(/^slug-separators\s+gold\s+pass\s+1\s+1\s+0\s+0\s+0\s+1\.00\s+ok$/m);
		expect(tasks.code).toBe(0);
		const run = await runCli(["run", "--use-case", "fixes"], { cwd });
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("ran 3 cells (3 completed)");
		// The gate model's rank, floor (qualified, misses) and hard passes come before the headline.
		expect(run.stdout).toMatch(/^local\/llama-3\.1-8b \(deployed\)\s+1\s+yes 0\/1\s+0\/0\s+1\.000\s/m);
		expect(run.stdout).toMatch(/^builtin\/baseline \(reference\)\s+-\s+yes 1\/1\s+0\/0\s+0\.000\s/m);
	}, 60_000);
});
