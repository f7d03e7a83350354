/**
 * `touchstone index` end to end: a small task use case (one floor task, one hard task tagged
 * judgement) run once by a scripted model and the gold policy in real sandboxes, then the index
 * read, re-weighted by editing index.yaml, and a task re-tagged, without another cell running.
 */
import { appendFileSync, cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadScript, type ScriptedServer, startScriptedServer } from "../../src/scripted-server/index.js";
import { openStore } from "../../src/store/index.js";
import type { IndexModel, RoleIndex } from "../../src/views/index.js";
import { ROOT, runCli } from "../support/cli.js";
import { copyExampleBenchmarks } from "../support/example-benchmarks.js";

const USE_CASE = `
  - id: index-fixes
    title: Two fixes for the index
    project: demo
    status: runnable
    modality: { input: text, output: code }
    plugin: tasks
    tasks: packs/index-pack
    fleet: [scripted/mid, builtin/gold]
    samples: 1
`;

let server: ScriptedServer;
let root: string;
let benchmarks: string;
const cli = (...args: string[]) => runCli(args, { cwd: root, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });
const indexJson = async (...args: string[]) => {
	const result = await cli("index", "--use-case", "index-fixes", "--json", ...args);
	expect(result.stderr).toBe("");
	return JSON.parse(result.stdout) as RoleIndex & { settings_source: string | null };
};
const storedRows = () => {
	const store = openStore({
		database: join(root, "data", "benchmarks.db"),
		artifacts: join(root, "data", "artifacts"),
	});
	try {
		return store.runsStamp("index-fixes").rows;
	} finally {
		store.close();
	}
};
const model = (index: RoleIndex, id: string) => index.models.find((item) => item.model_id === id) as IndexModel;
const row = (index: RoleIndex, role: string, id: string) =>
	index.roles.find((ranking) => ranking.role === role)?.rows.find((item) => item.model_id === id);

describe("touchstone index", () => {
	beforeAll(async () => {
		server = await startScriptedServer({ script: await loadScript(join(ROOT, "examples", "scripted", "demo.yaml")) });
		({ root, benchmarks } = await copyExampleBenchmarks("touchstone-index-cli-"));
		const packs = join(benchmarks, "packs");
		for (const task of ["invoice-quantity", "audit-currency"])
			cpSync(join(packs, "code-fix", task), join(packs, "index-pack", task), { recursive: true });
		appendFileSync(join(benchmarks, "use_cases.yaml"), USE_CASE);
		const run = await cli("run", "--use-case", "index-fixes");
		expect(run.code, run.stderr).toBe(0);
	}, 120_000);
	afterAll(async () => server?.close());

	it("ranks per role from index.yaml: axes with their tasks and min_n flags, the gold policy shown but never picked", async () => {
		const index = await indexJson();
		expect(index.settings_source).toBe(join("benchmarks", "index.yaml"));
		expect(index.use_cases).toEqual(["index-fixes"]);
		expect(index.roles.map((ranking) => ranking.role)).toEqual(["planner", "implementer", "reviewer"]);
		// mid fixes invoice-quantity (floor) and is silent on audit-currency (hard, judgement): 0.6.
		const mid = model(index, "scripted/mid");
		expect(mid.axes.correctness).toEqual({ score: 1, n: 1, below_min_n: true });
		expect(mid.axes.frontier).toEqual({ score: 0.6, n: 1, below_min_n: true });
		expect(mid.axes.judgement).toEqual({ score: 0.6, n: 1, below_min_n: true });
		expect(mid.axes.security.score).toBeNull();
		expect(mid.cost_per_task_usd).toBeGreaterThan(0);
		expect(row(index, "reviewer", "scripted/mid")?.dropped).toContain("review");
		const gold = row(index, "planner", "builtin/gold");
		expect(gold?.reference).toBe(true);
		expect(gold?.index).toBe(1);
		for (const ranking of index.roles) expect(ranking.best?.model_id).toBe("scripted/mid");

		const table = await cli("index", "--use-case", "index-fixes", "--role", "planner");
		expect(table.code).toBe(0);
		expect(table.stdout).toContain("weights from benchmarks/index.yaml");
		expect(table.stdout).toMatch(/^planner \(correctness 1, frontier 2, judgement 3, security 1, judge 1\)$/m);
		expect(table.stdout).toMatch(
			/^model +harness +index +90% interval +correctness +frontier +judgement +security +judge +cost\/task +p50 wall$/m,
		);
		expect(table.stdout).toMatch(
			/^scripted\/mid +agent +0\.667 +\[0\.600, 1\.000\] +1\.000 \(1\)! +0\.600 \(1\)! +0\.600 \(1\)! +- +- +\$/m,
		);
		expect(table.stdout).toMatch(/^builtin\/gold \(reference\) +agent +1\.000 /m);
		expect(table.stdout).toMatch(/^best: scripted\/mid \(agent\) 0\.667; cheapest within 0\.05: scripted\/mid/m);
		expect(table.stdout).not.toMatch(/^implementer/m);
	});

	it("re-weights on an edit of index.yaml, tags on an edit of task.yaml, and neither runs a cell", async () => {
		const rows = storedRows();
		writeFileSync(join(benchmarks, "index.yaml"), "roles:\n  fixer: { correctness: 1 }\n");
		// Tagging a task security is metadata: every cell stays current, and the axis appears.
		const task = join(benchmarks, "packs", "index-pack", "invoice-quantity", "task.yaml");
		writeFileSync(task, readFileSync(task, "utf8").replace(/^tools: (.*)$/m, "tools: $1\naxes: [security]"));
		const dry = await cli("run", "--use-case", "index-fixes", "--dry-run");
		expect(dry.code, dry.stderr).toBe(0);
		expect(dry.stdout).toContain("0 of 4 cells would run");
		const reweighted = await indexJson();
		expect(reweighted.roles.map((ranking) => ranking.role)).toEqual(["fixer"]);
		expect(row(reweighted, "fixer", "scripted/mid")?.index).toBe(1);
		expect(model(reweighted, "scripted/mid").axes.security).toEqual({ score: 1, n: 1, below_min_n: true });
		expect(storedRows()).toBe(rows);

		// validate reads index.yaml too: a misspelt axis is a located problem.
		writeFileSync(join(benchmarks, "index.yaml"), "min_n: 2\nroles:\n  fixer: { corectness: 1 }\n");
		const invalid = await cli("validate");
		expect(invalid.code).toBe(2);
		expect(invalid.stderr).toMatch(/benchmarks\/index\.yaml:3:\d+ roles\.fixer\.corectness: unknown key/);
		expect(invalid.stderr).toContain("did you mean `correctness`?");
		rmSync(join(benchmarks, "index.yaml"));
		const unknown = await cli("index", "--role", "coder");
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("--role coder: no role `coder` in the default index (there is no index.yaml)");
		expect(unknown.stderr).toContain("name one of planner, implementer, reviewer");
		const defaults = await cli("index", "--use-case", "index-fixes", "--role", "reviewer");
		expect(defaults.stdout).toContain("no index.yaml, so the default weights apply");
		expect(defaults.stdout).toMatch(/^reviewer \(correctness 1, judgement 1, security 2, review 3\)$/m);
	});
});
