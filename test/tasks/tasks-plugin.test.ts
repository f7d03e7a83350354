import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { loadDefinitions, loadTaskPack } from "../../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl, validateTasks } from "../../src/orchestrator/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { openStore, type Store } from "../../src/store/index.js";
import { inspectCase, leaderboard } from "../../src/views/index.js";
import { tempDir } from "../support/cli.js";
import { CODE_FIX_USE_CASES, GOLD_TEST, SUM_BUGGY, SUM_FIXED, sumTask, writeFiles } from "../support/sum-task.js";

/**
 * The tasks plugin end to end with the built-in reference policies (no model is called): a pack
 * of seeded tasks, materialized, validated and run, with its rows on a leaderboard.
 */
function writePack(): string {
	const root = tempDir("touchstone-tasks-");
	const files: Record<string, string> = {
		"benchmarks/models.yaml": stringify({
			models: [
				{ id: "builtin/baseline", provider: "builtin", model: "baseline" },
				{ id: "builtin/gold", provider: "builtin", model: "gold" },
				// A CLI coding agent behind the external-harness contract.
				{ id: "cli/fixer", provider: "command", command: ["node", join(root, "harness", "fixer.mjs")] },
			],
		}),
		"benchmarks/use_cases.yaml": CODE_FIX_USE_CASES,
		"benchmarks/packs/code-fix/fix-sum/task.yaml": sumTask("fix-sum", { reference: "reference/sum.mjs" }),
		"benchmarks/packs/code-fix/fix-sum/hidden/sum.test.mjs": GOLD_TEST,
		"benchmarks/packs/code-fix/fix-sum/reference/sum.mjs": SUM_FIXED,
		// Its "reference" repeats the bug: gold cannot pass, so the task is broken.
		"benchmarks/packs/code-fix/no-fix/task.yaml": sumTask("no-fix", { reference: "reference/sum.mjs" }),
		"benchmarks/packs/code-fix/no-fix/hidden/sum.test.mjs": GOLD_TEST,
		"benchmarks/packs/code-fix/no-fix/reference/sum.mjs": SUM_BUGGY,
		"harness/fixer.mjs": `import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const request = JSON.parse(readFileSync(0, "utf8"));
const file = join(request.workdir, "src", "sum.mjs");
writeFileSync(file, readFileSync(file, "utf8").replace("a - b", "a + b"));
console.log(JSON.stringify({ final: "fixed sum", trace: [], telemetry: { input_tokens: 10, output_tokens: 5, cost_usd: 0.002, turns: 1 } }));
`,
	};
	writeFiles(root, files);
	return root;
}

async function materialize(packDir: string): Promise<void> {
	for (const entry of loadTaskPack(packDir).tasks) await materializeFixture(entry.dir, entry.task, { repo: null });
}

const stores: Store[] = [];
afterAll(() => {
	for (const store of stores) store.close();
});

describe("task packs", () => {
	it("refuses to run a pack whose fixtures are not materialized, saying how to fix it", async () => {
		const root = writePack();
		const store = openStore({ database: join(root, "db.sqlite"), artifacts: join(root, "artifacts") });
		stores.push(store);
		const run = runUseCase({
			definitions: loadDefinitions(join(root, "benchmarks")),
			store,
			useCaseId: "code-fix",
			depth: "thorough",
			concurrency: 2,
			force: false,
			dryRun: false,
			parts: defaultRunParts({}),
			stop: new StopControl(),
			provenance: {},
		});
		await expect(run).rejects.toThrow("touchstone snapshot fix-sum");
	});

	it("validates each task with the baseline and gold policies through the real verifier", async () => {
		const root = writePack();
		const packDir = join(root, "benchmarks", "packs", "code-fix");
		await materialize(packDir);
		const validations = await validateTasks({
			dir: packDir,
			ids: [],
			repeats: 2,
			sandbox: { backend: "auto", allowUnisolated: false },
			signal: new AbortController().signal,
			runtimeCacheDir: join(root, "runtimes"),
		});
		const byId = new Map(validations.map((validation) => [validation.task_id, validation]));
		expect(byId.get("fix-sum")).toMatchObject({
			verdict: "ok",
			baseline: { passed: [false, false] },
			gold: { passed: [true, true] },
		});
		expect(byId.get("no-fix")?.verdict).toBe("broken");
		expect(byId.get("no-fix")?.reasons.join("\n")).toContain(
			"gold (the reference solution) fails: the task cannot be passed (failing: adds two numbers",
		);
		await expect(
			validateTasks({
				dir: packDir,
				ids: ["nope"],
				repeats: 1,
				sandbox: { backend: "auto", allowUnisolated: false },
				signal: new AbortController().signal,
				runtimeCacheDir: join(root, "runtimes"),
			}),
		).rejects.toThrow("no task `nope`");
	}, 60_000);

	it("runs the policies and an external harness as models: floor and ceiling rows, diffs stored, hidden tests never", async () => {
		const root = writePack();
		const packDir = join(root, "benchmarks", "packs", "code-fix");
		await materialize(packDir);
		const store = openStore({ database: join(root, "db.sqlite"), artifacts: join(root, "artifacts") });
		stores.push(store);
		const summary = await runUseCase({
			definitions: loadDefinitions(join(root, "benchmarks")),
			store,
			useCaseId: "code-fix",
			depth: "thorough",
			concurrency: 2,
			force: false,
			dryRun: false,
			parts: defaultRunParts({ PATH: process.env.PATH }),
			stop: new StopControl(),
			provenance: {},
		});
		const errors = store.database.prepare("SELECT error FROM runs WHERE status = ?").all("harness_error");
		expect(errors).toEqual([]);
		expect(summary.statuses).toEqual({ completed: 6 });
		expect(summary.grader_errors).toBe(0);
		const board = leaderboard(store, "code-fix");
		// The harness fixes the bug in both tasks; gold cannot pass the broken one.
		expect(board.rows.map((row) => [row.model_id, row.harness, row.headline, row.cost_usd])).toEqual([
			["cli/fixer", "agent", 1, 0.004],
			["builtin/gold", "agent", 0.5, 0],
			["builtin/baseline", "agent", 0, 0],
		]);
		// The policies are reference lines: on the board, never named by the decision.
		expect(board.rows.filter((row) => row.reference).map((row) => row.model_id)).toEqual([
			"builtin/gold",
			"builtin/baseline",
		]);
		expect(board.decision.best?.model_id).toBe("cli/fixer");
		expect(board.decision.candidates.map((candidate) => candidate.model_id)).toEqual(["cli/fixer"]);
		const gold = inspectCase(store, "code-fix", "fix-sum").models.find((model) => model.model_id === "builtin/gold");
		const sample = gold?.samples[0];
		expect(sample?.diff).toContain("+\treturn a + b;");
		expect(sample?.scores.find((score) => score.metric === "task_score")?.value).toBe(1);
		expect(sample?.diff).not.toContain("adds two numbers");
		// The fixture the model saw never held the hidden test.
		expect(() => readFileSync(join(packDir, "fix-sum", "fixture", "tests", "sum.test.mjs"))).toThrow();
	}, 60_000);
});
