import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { loadDefinitions, loadTaskPack } from "../../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { openStore, type Store } from "../../src/store/index.js";
import { inspectCase, leaderboard } from "../../src/views/index.js";
import { runCli, tempDir } from "../support/cli.js";

/**
 * Task runtimes end to end, with real bubblewrap and the reference policies: a task whose tests
 * need a dependency its runtime's setup installs (npm, offline, from a vendored folder), a folder
 * shown through a mount, variables from the use case's runtime; a task whose setup fails; and a
 * mount that does not exist.
 */
const TOTAL_BUGGY =
	'import { cents } from "money-lib";\nexport const total = (amounts) => amounts.reduce((sum, x) => sum + x, 0);\n';
const TOTAL_FIXED =
	'import { cents } from "money-lib";\nexport const total = (amounts) => amounts.reduce((sum, x) => sum + cents(x), 0);\n';
// Passes only with money-lib installed, the mount shown at /opt/rates and the use case's variable set.
const GOLD = `import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { total } from "../src/total.mjs";
test("total adds amounts in cents", () => assert.equal(total([1.5, 2.25]), 375));
test("the runtime reaches the tests", () => {
	assert.equal(readFileSync("/opt/rates/eur.txt", "utf8"), "1.00\\n");
	assert.equal(process.env.LEDGER_MODE, "strict");
});
`;

function task(id: string, runtime: object): string {
	return stringify({
		id,
		mode: "agentic",
		tier: "standard",
		prompt: "total() should add amounts in cents.",
		snapshot: {
			files: {
				"package.json": JSON.stringify({
					name: "ledger",
					version: "1.0.0",
					type: "module",
					dependencies: { "money-lib": "file:vendor/money-lib" },
				}),
				"vendor/money-lib/package.json":
					'{ "name": "money-lib", "version": "1.0.0", "type": "module", "main": "index.mjs" }\n',
				"vendor/money-lib/index.mjs": "export const cents = (x) => Math.round(x * 100);\n",
				"src/total.mjs": TOTAL_BUGGY,
			},
		},
		verifier: {
			kind: "tests",
			args: {
				command: ["node", "--test", "--test-reporter=tap", "tests/"],
				gold_files: [{ source: "hidden/total.test.mjs", target: "tests/total.test.mjs" }],
				report: "node-test",
				required_tests: ["total adds amounts in cents", "the runtime reaches the tests"],
			},
		},
		reference: { files: [{ source: "reference/total.mjs", target: "src/total.mjs" }] },
		runtime,
	});
}

const INSTALL = ["npm", "install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"];

function writePack(useCaseEnv: Record<string, string>): string {
	const root = tempDir("touchstone-runtime-e2e-");
	const files: Record<string, string> = {
		"benchmarks/models.yaml": stringify({
			models: [
				{ id: "builtin/baseline", provider: "builtin", model: "baseline" },
				{ id: "builtin/gold", provider: "builtin", model: "gold" },
				// An external agent (a CLI coding agent) works in the same base, with the same runtime.
				{ id: "cli/fixer", provider: "command", command: ["node", join(root, "harness", "fixer.mjs")] },
			],
		}),
		"benchmarks/use_cases.yaml": stringify({
			use_cases: [
				{
					id: "ledger",
					status: "runnable",
					modality: { input: "text", output: "code" },
					plugin: "tasks",
					tasks: "packs/ledger",
					samples: 1,
					runtime: { env: useCaseEnv },
				},
			],
		}),
		"benchmarks/packs/ledger/uses-lib/task.yaml": task("uses-lib", {
			setup: [INSTALL],
			// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal ${VAR} of a mount
			mounts: [{ from: "${RATES_DIR}", to: "/opt/rates" }],
		}),
		"benchmarks/packs/ledger/uses-lib/hidden/total.test.mjs": GOLD,
		"benchmarks/packs/ledger/uses-lib/reference/total.mjs": TOTAL_FIXED,
		"benchmarks/packs/ledger/no-registry/task.yaml": task("no-registry", {
			setup: [
				[
					"node",
					"-e",
					"console.error('npm error code EAI_AGAIN'); console.error('npm error request to https://registry.npmjs.org/money-lib failed'); process.exit(1)",
				],
			],
		}),
		"benchmarks/packs/ledger/no-registry/hidden/total.test.mjs": GOLD,
		"benchmarks/packs/ledger/no-registry/reference/total.mjs": TOTAL_FIXED,
		"rates/eur.txt": "1.00\n",
		"harness/fixer.mjs": `import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const request = JSON.parse(readFileSync(0, "utf8"));
const seen = [
	"money-lib " + (existsSync(join(request.workdir, "node_modules", "money-lib", "index.mjs")) ? "installed" : "missing"),
	"rate " + (existsSync("/opt/rates/eur.txt") ? readFileSync("/opt/rates/eur.txt", "utf8").trim() : "missing"),
	"mode " + (process.env.LEDGER_MODE ?? "unset"),
];
const file = join(request.workdir, "src", "total.mjs");
writeFileSync(file, readFileSync(file, "utf8").replace("sum + x", "sum + cents(x)"));
console.log(JSON.stringify({ final: seen.join(", "), trace: [], telemetry: { turns: 1 } }));
`,
	};
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), content);
	}
	// The sandbox's user (`nobody` under root) reads the mount, as it would a real shared folder.
	chmodSync(root, 0o755);
	return root;
}

async function materialize(packDir: string): Promise<void> {
	for (const entry of loadTaskPack(packDir).tasks) await materializeFixture(entry.dir, entry.task, { repo: null });
}

const stores: Store[] = [];
afterAll(() => {
	for (const store of stores) store.close();
});

function run(root: string, store: Store) {
	return runUseCase({
		definitions: loadDefinitions(join(root, "benchmarks")),
		store,
		useCaseId: "ledger",
		depth: "thorough",
		concurrency: 2,
		force: false,
		dryRun: false,
		parts: defaultRunParts({ PATH: process.env.PATH, RATES_DIR: join(root, "rates") }),
		stop: new StopControl(),
		provenance: {},
	});
}

describe("task runtimes", () => {
	let root: string;
	let store: Store;
	beforeAll(async () => {
		root = writePack({ LEDGER_MODE: "strict" });
		await materialize(join(root, "benchmarks", "packs", "ledger"));
		store = openStore({ database: join(root, "data", "db.sqlite"), artifacts: join(root, "data", "artifacts") });
		stores.push(store);
	});

	it("installs dependencies once, shows mounts and variables, and keeps node_modules out of every diff", async () => {
		const summary = await run(root, store);
		expect(summary.executed).toBe(6);
		const board = leaderboard(store, "ledger");
		const gold = inspectCase(store, "ledger", "uses-lib").models.find((model) => model.model_id === "builtin/gold");
		const sample = gold?.samples[0];
		expect(sample?.status).toBe("completed");
		expect(sample?.scores.find((score) => score.metric === "task_score")?.value).toBe(1);
		expect(sample?.diff).toContain("+export const total = (amounts) => amounts.reduce((sum, x) => sum + cents(x), 0);");
		expect(sample?.diff).not.toContain("node_modules");
		expect(sample?.diff).not.toContain(".touchstone-fixture.json");
		const baseline = inspectCase(store, "ledger", "uses-lib").models.find(
			(model) => model.model_id === "builtin/baseline",
		);
		expect(baseline?.samples[0]?.scores.find((score) => score.metric === "task_score")?.value).toBe(0);
		expect(board.rows.find((row) => row.model_id === "builtin/gold")?.harness_errors).toBe(1);
		// The external agent saw the installed dependency, the mount and the variable, and fixed the code.
		const agent = inspectCase(store, "ledger", "uses-lib").models.find((model) => model.model_id === "cli/fixer");
		expect(agent?.samples[0]?.output).toBe("money-lib installed, rate 1.00, mode strict");
		expect(agent?.samples[0]?.scores.find((score) => score.metric === "task_score")?.value).toBe(1);
		expect(agent?.samples[0]?.diff).not.toContain("node_modules");
		// The base is cached beside the store: installed once, with node_modules in it.
		const cache = join(root, "data", "runtimes");
		const entries = (await import("node:fs")).readdirSync(cache).filter((name) => !name.startsWith("."));
		expect(entries).toHaveLength(1);
		expect(
			readFileSync(join(cache, entries[0] as string, "tree", "node_modules", "money-lib", "index.mjs"), "utf8"),
		).toContain("Math.round");
	}, 60_000);

	it("makes a failing setup a harness error of that task, with the command's output and a fix", () => {
		const models = inspectCase(store, "ledger", "no-registry").models;
		for (const model of models) {
			const sample = model.samples[0];
			expect(sample?.status).toBe("harness_error");
			expect(sample?.error).toMatch(
				/setup command 1 of 1, `node -e .*`, exited 1; its output ends:\n\s+npm error code EAI_AGAIN\n\s+npm error request to/,
			);
			expect(sample?.error).toMatch(/fix: the setup runs with the network on, but a request failed/);
		}
		expect(models).toHaveLength(3);
	});

	it("keys cells by the runtime: the same definitions re-run nothing, a changed runtime re-runs its cells", async () => {
		const again = await run(root, store);
		// The failed cells are retried (a harness error is never current); the graded ones are skipped.
		expect({ skipped: again.skipped, executed: again.executed }).toEqual({ skipped: 3, executed: 3 });
		const useCases = join(root, "benchmarks", "use_cases.yaml");
		writeFileSync(useCases, readFileSync(useCases, "utf8").replace("LEDGER_MODE: strict", "LEDGER_MODE: lenient"));
		const changed = await run(root, store);
		expect(changed.skipped).toBe(0);
		const gold = inspectCase(store, "ledger", "uses-lib").models.find((model) => model.model_id === "builtin/gold");
		// The gold test now fails on the variable: the runtime reaches the verifier.
		expect(gold?.samples[0]?.scores.find((score) => score.metric === "task_score")?.value).toBe(0);
	}, 60_000);
});

describe("task runtimes from the command line", () => {
	it("refuses a mount whose variable is unset, at the mount's line, with exit 2", async () => {
		const root = writePack({ LEDGER_MODE: "strict" });
		await materialize(join(root, "benchmarks", "packs", "ledger"));
		const result = await runCli(["run", "--use-case", "ledger", "--dir", "benchmarks"], { cwd: root });
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(
			/benchmarks\/packs\/ledger\/uses-lib\/task\.yaml:\d+:\d+ runtime\.mounts\[0\]\.from: the mount "\$\{RATES_DIR\}" needs `RATES_DIR`, which is not set/,
		);
		expect(result.stderr).toContain("fix: set RATES_DIR=/path/on/this/machine");
	});

	it("refuses a fixture its task.yaml no longer builds, saying to run touchstone snapshot", async () => {
		const root = writePack({ LEDGER_MODE: "strict" });
		await materialize(join(root, "benchmarks", "packs", "ledger"));
		const yaml = join(root, "benchmarks", "packs", "ledger", "uses-lib", "task.yaml");
		writeFileSync(yaml, readFileSync(yaml, "utf8").replace("Math.round(x * 100)", "Math.round(x * 1000)"));
		const result = await runCli(["run", "--use-case", "ledger", "--dir", "benchmarks"], {
			cwd: root,
			env: { RATES_DIR: join(root, "rates") },
		});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(
			"the fixture of task uses-lib is stale: the `snapshot:` block of its task.yaml changed since it was built",
		);
		expect(result.stderr).toMatch(/fix: rebuild it: run touchstone snapshot uses-lib --tasks \S+ledger/);
	});

	it("validate-tasks prepares the base once, then reads it from the cache, and says why each verdict is what it is", async () => {
		const root = writePack({ LEDGER_MODE: "strict" });
		await materialize(join(root, "benchmarks", "packs", "ledger"));
		const env = { RATES_DIR: join(root, "rates") };
		const args = ["validate-tasks", "--use-case", "ledger", "--dir", "benchmarks", "--repeats", "1"];
		const first = await runCli(args, { cwd: root, env });
		expect(first.code).toBe(1);
		expect(first.stdout).toMatch(
			/uses-lib: runtime: 1 setup command, 1 mount; base prepared in \d+\.\d s \(cached from now on\)/,
		);
		expect(first.stdout).toMatch(
			/uses-lib: baseline: fail: required test failed: total adds amounts in cents.*\(1 passed, 1 failed\)/,
		);
		expect(first.stdout).toMatch(
			/uses-lib: gold: all 2 required tests ran and passed, and the command exited 0 \(2 passed\)/,
		);
		expect(first.stdout).toMatch(/no-registry: runtime setup: the runtime's setup command 1 of 1/);
		expect(first.stderr).toContain("1 of 2 tasks measure nothing reliable (no-registry: setup-failure)");
		const second = await runCli([...args, "uses-lib"], { cwd: root, env });
		expect(second.code).toBe(0);
		expect(second.stdout).toMatch(/uses-lib: runtime: 1 setup command, 1 mount; base from the cache/);
	}, 60_000);
});
