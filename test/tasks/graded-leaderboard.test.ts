/**
 * The leaderboard's graded column from a real store, through the CLI: a task use case mixing a
 * pass/fail tests task with two mutation tasks, run with the reference policies in real sandboxes,
 * then `touchstone leaderboard --json` and the table.
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
	headline: number | null;
	passed_cases: number;
	graded_mean: number | null;
	graded_n: number | null;
}

/** A task use case entry of use_cases.yaml running the reference policies on one pack. */
const useCase = (id: string, pack: string) => `
  - id: ${id}
    title: ${id}
    description: The reference policies on packs/${pack}.
    project: demo
    status: runnable
    modality: { input: text, output: code }
    plugin: tasks
    tasks: packs/${pack}
    fleet: [builtin/baseline, builtin/gold]
    samples: 1
`;

let cwd: string;
const board = async (useCase: string) => {
	const result = await runCli(["leaderboard", "--use-case", useCase, "--json"], { cwd });
	expect(result.stderr).toBe("");
	return JSON.parse(result.stdout) as { rows: Row[] };
};

describe("the leaderboard's graded mean", () => {
	beforeAll(async () => {
		const { root, benchmarks } = await copyExampleBenchmarks("touchstone-graded-board-");
		cwd = root;
		const packs = join(benchmarks, "packs");
		cpSync(join(packs, "code-fix", "invoice-quantity"), join(packs, "mixed", "invoice-quantity"), { recursive: true });
		cpSync(join(packs, "code-fix", "invoice-quantity"), join(packs, "fixes", "invoice-quantity"), { recursive: true });
		cpSync(join(packs, "graded", "timeparse-mutation"), join(packs, "mixed", "timeparse-mutation"), {
			recursive: true,
		});
		// A second mutation task whose gold policy is the weak suite: the reference scores 2/8 there.
		const weak = join(packs, "mixed", "timeparse-weak");
		cpSync(join(packs, "graded", "timeparse-mutation"), weak, { recursive: true });
		const yaml = readFileSync(join(weak, "task.yaml"), "utf8")
			.replace("id: timeparse-mutation", "id: timeparse-weak")
			.replace("source: reference/timeparse.test.mjs", "source: reference/wrong/weak.test.mjs");
		writeFileSync(join(weak, "task.yaml"), yaml);
		appendFileSync(
			join(benchmarks, "use_cases.yaml"),
			useCase("test-writing", "mixed") + useCase("fixes-only", "fixes"),
		);
		for (const pack of ["mixed", "fixes"])
			for (const { dir, task } of loadTaskPack(join(packs, pack)).tasks)
				await materializeFixture(dir, task, { repo: null });
		for (const useCase of ["test-writing", "fixes-only"]) {
			const run = await runCli(["run", "--use-case", useCase], { cwd });
			expect(run.code, run.stderr).toBe(0);
		}
	}, 240_000);

	it("averages the scored (graded) tasks only, a failed cell counting 0, beside the pass count", async () => {
		const { rows } = await board("test-writing");
		const byModel = Object.fromEntries(rows.map((row) => [row.model_id, row]));
		// gold: invoice-quantity 1 (pass/fail), timeparse-mutation 1 (8/8), timeparse-weak 0.25 (2/8).
		expect(byModel["builtin/gold"]).toMatchObject({ passed_cases: 2, graded_n: 2, graded_mean: 0.625 });
		expect(byModel["builtin/gold"]?.headline).toBeCloseTo(0.75, 12);
		// baseline writes no suite: both graded failures, no graded score of its own, each counts 0.
		expect(byModel["builtin/baseline"]).toMatchObject({ passed_cases: 0, graded_n: 2, graded_mean: 0 });

		const table = await runCli(["leaderboard", "--use-case", "test-writing"], { cwd });
		expect(table.stdout).toMatch(/^model .* pass +graded +vs deployed /m);
		expect(table.stdout).toMatch(/^builtin\/gold .* 67% +0\.63 \(2\) /m);
	});

	it("is null where no task is graded, and the table leaves the column out", async () => {
		const { rows } = await board("fixes-only");
		expect(rows.map((row) => [row.graded_mean, row.graded_n])).toEqual([
			[null, null],
			[null, null],
		]);
		const table = await runCli(["leaderboard", "--use-case", "fixes-only"], { cwd });
		expect(table.stdout).toMatch(/^model .* pass +vs deployed /m);
		expect(table.stdout).not.toMatch(/^model .* graded /m);
	});
});
