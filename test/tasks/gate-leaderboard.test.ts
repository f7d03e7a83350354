/**
 * The gate model and the two lenses through the CLI, on a store filled by a real run: one easy
 * task run by the reference policies in a real sandbox, then `leaderboard --json` and `--lens`;
 * a new floor_miss_tolerance re-runs nothing, and once the next run froze it, re-ranks from the store.
 */
import { appendFileSync, cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTaskPack } from "../../src/definitions/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { runCli } from "../support/cli.js";
import { copyExampleBenchmarks } from "../support/example-benchmarks.js";

interface Row {
	model_id: string;
	reference: boolean;
	qualified: boolean | null;
	floor_tasks: number | null;
	floor_misses: number | null;
	floor_unmeasured: number | null;
	rank: number | null;
	lenses: { self_host: { hard_tasks: number }; cloud: { solves: number; median_wall_ms: number | null } } | null;
}

const USE_CASE = `
  - id: gate
    status: runnable
    modality: { input: text, output: code }
    plugin: tasks
    tasks: packs/gate
    fleet: [builtin/baseline, builtin/gold]
    samples: 1
`;

let cwd: string;
let useCases: string;
const board = async () => {
	const result = await runCli(["leaderboard", "--use-case", "gate", "--json"], { cwd });
	expect(result.stderr).toBe("");
	return JSON.parse(result.stdout) as { floor_miss_tolerance: number | null; rows: Row[] };
};
const byModel = (rows: readonly Row[]) => Object.fromEntries(rows.map((row) => [row.model_id, row]));

describe("the gate model and lenses on touchstone leaderboard", () => {
	beforeAll(async () => {
		const { root, benchmarks } = await copyExampleBenchmarks("touchstone-gate-board-");
		cwd = root;
		const packs = join(benchmarks, "packs");
		cpSync(join(packs, "code-fix", "invoice-quantity"), join(packs, "gate", "invoice-quantity"), { recursive: true });
		useCases = join(benchmarks, "use_cases.yaml");
		appendFileSync(useCases, USE_CASE);
		for (const { dir, task } of loadTaskPack(join(packs, "gate")).tasks)
			await materializeFixture(dir, task, { repo: null });
		const run = await runCli(["run", "--use-case", "gate"], { cwd });
		expect(run.code, run.stderr).toBe(0);
	}, 60_000);

	it("carries the gate and both lenses in the JSON, and reads a new tolerance from the store without re-running", async () => {
		const first = await board();
		expect(first.floor_miss_tolerance).toBe(1);
		const rows = byModel(first.rows);
		// The baseline changes nothing: one floor miss, within the default tolerance of one.
		expect(rows["builtin/baseline"]).toMatchObject({ floor_tasks: 1, floor_misses: 1, floor_unmeasured: 0 });
		expect(rows["builtin/baseline"]?.qualified).toBe(true);
		expect(rows["builtin/gold"]).toMatchObject({ qualified: true, floor_misses: 0, reference: true, rank: null });
		expect(rows["builtin/gold"]?.lenses?.cloud.solves).toBe(1);
		expect(rows["builtin/baseline"]?.lenses?.cloud.solves).toBe(0);
		expect(rows["builtin/gold"]?.lenses?.self_host.hard_tasks).toBe(0);

		writeFileSync(
			useCases,
			readFileSync(useCases, "utf8").replace("tasks: packs/gate\n", "tasks: packs/gate\n    floor_miss_tolerance: 0\n"),
		);
		const dry = await runCli(["run", "--use-case", "gate", "--dry-run"], { cwd });
		expect(dry.code, dry.stderr).toBe(0);
		expect(dry.stderr).toMatch(/2 already current, 0 to run/);
		// The run that follows freezes the new spec (the leaderboard reads it from the store) and calls no model.
		const rerun = await runCli(["run", "--use-case", "gate"], { cwd });
		expect(rerun.code, rerun.stderr).toBe(0);
		expect(rerun.stderr).toMatch(/2 already current, 0 to run/);
		const second = await board();
		expect(second.floor_miss_tolerance).toBe(0);
		expect(byModel(second.rows)["builtin/baseline"]?.qualified).toBe(false);
	});

	it("shows the gate columns by default and one lens with --lens; an unknown lens is bad input", async () => {
		const table = await runCli(["leaderboard", "--use-case", "gate"], { cwd });
		expect(table.stdout).toMatch(/^model +# +misses +hard +headline /m);
		expect(table.stdout).toMatch(/^builtin\/baseline .* - +no 1\/1 +0\/0 +0\.000 /m);
		const [above] = table.stdout.split("Decision");
		for (const line of above?.split("\n") ?? []) expect(line.length).toBeLessThanOrEqual(120);
		const selfHost = await runCli(["leaderboard", "--use-case", "gate", "--lens", "self-host"], { cwd });
		expect(selfHost.stdout).toMatch(/^model +# +qual\. +hard +tokens p50 +turns p50 +tool ok$/m);
		const cloud = await runCli(["leaderboard", "--use-case", "gate", "--lens", "cloud"], { cwd });
		expect(cloud.stdout).toMatch(/^model +# +qual\. +wall p50 +cost +\$\/solve$/m);
		// No solve: no cost per solve (a dash, not an unknown `?`).
		expect(cloud.stdout).toMatch(/^builtin\/baseline .* - +no +\d+(ms|\.\ds) +\S+ +-$/m);
		expect(cloud.stdout).toMatch(/^builtin\/gold .* - +yes +\d+(ms|\.\ds) +\$\S+ +\$\S+$/m);
		const bad = await runCli(["leaderboard", "--use-case", "gate", "--lens", "local"], { cwd });
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain("unknown lens `local`; choose self-host or cloud");
	});
});
