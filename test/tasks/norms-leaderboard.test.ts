import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { NORMS_WEIGHTS, type NormsRecord } from "../../src/graders/index.js";
import { openStore } from "../../src/store/index.js";
import { runCli, tempDir } from "../support/cli.js";
import { CODE_FIX_USE_CASES, GOLD_TEST, SUM_FIXED, sumTask, writeFiles } from "../support/sum-task.js";

/*
 * The norms column end to end through the real CLI and a real store: a pack of two agentic
 * tasks run by the reference policies in the sandbox. Gold passes both, one with a clean fix and
 * one whose fix leaves a console.log and a TODO behind; baseline fails both and so gets no norms.
 */

const NOISY_FIX = SUM_FIXED.replace(
	"\treturn a + b;",
	'\t// TODO remove\n\tconsole.log("sum", a, b);\n\treturn a + b;',
);

function writePack(): string {
	const root = tempDir("touchstone-norms-");
	const pack = "benchmarks/packs/code-fix";
	writeFiles(root, {
		"benchmarks/models.yaml": stringify({
			models: [
				{ id: "builtin/baseline", provider: "builtin", model: "baseline" },
				{ id: "builtin/gold", provider: "builtin", model: "gold" },
			],
		}),
		"benchmarks/use_cases.yaml": CODE_FIX_USE_CASES,
		[`${pack}/clean/task.yaml`]: sumTask("clean", { reference: "reference/sum.mjs" }),
		[`${pack}/clean/hidden/sum.test.mjs`]: GOLD_TEST,
		[`${pack}/clean/reference/sum.mjs`]: SUM_FIXED,
		[`${pack}/noisy/task.yaml`]: sumTask("noisy", { reference: "reference/sum.mjs" }),
		[`${pack}/noisy/hidden/sum.test.mjs`]: GOLD_TEST,
		[`${pack}/noisy/reference/sum.mjs`]: NOISY_FIX,
	});
	return root;
}

interface JsonRow {
	model_id: string;
	headline: number | null;
	pass_rate: number | null;
	norms_mean: number | null;
	norms_n: number;
}

describe("the norms column", () => {
	it("shows the mean norms of the passing cells with their count, and leaves task_score and passed alone", async () => {
		const root = writePack();
		const snapshot = await runCli(["snapshot", "--tasks", "benchmarks/packs/code-fix"], { cwd: root });
		expect(snapshot.stderr).toBe("");
		const run = await runCli(["run", "--use-case", "code-fix", "--dir", "benchmarks"], { cwd: root });
		expect(run.code, run.stderr).toBe(0);

		const json = await runCli(["leaderboard", "--use-case", "code-fix", "--json"], {
			cwd: root,
		});
		expect(json.code, json.stderr).toBe(0);
		const rows = (JSON.parse(json.stdout) as { rows: JsonRow[] }).rows;
		const gold = rows.find((row) => row.model_id === "builtin/gold");
		const baseline = rows.find((row) => row.model_id === "builtin/baseline");
		// Measured for both: outside_target 0, lint 0 (Biome, both clean), untested_code 1 (no test
		// changed), comment_density; debug_lines 0 for the clean fix, 1 (two lines) for the noisy one.
		const weights =
			NORMS_WEIGHTS.outside_target +
			NORMS_WEIGHTS.debug_lines +
			NORMS_WEIGHTS.lint +
			NORMS_WEIGHTS.untested_code +
			NORMS_WEIGHTS.comment_density;
		const store = openStore({
			database: join(root, "data", "benchmarks.db"),
			artifacts: join(root, "data", "artifacts"),
		});
		try {
			const runs = store.listRuns({ use_case_id: "code-fix" });
			const scores = store.scoresForRuns(runs.map((run) => run.run_id));
			const of = (model: string, caseId: string, metric: string) => {
				const run = runs.find((item) => item.model_id === model && item.case_id === caseId);
				return scores.get(run?.run_id ?? "")?.find((score) => score.metric === metric);
			};
			for (const caseId of ["clean", "noisy"]) expect(of("builtin/baseline", caseId, "norms")).toBeUndefined();
			const clean = of("builtin/gold", "clean", "norms")?.extras as unknown as NormsRecord;
			const noisy = of("builtin/gold", "noisy", "norms")?.extras as unknown as NormsRecord;
			expect(noisy.signals.debug_lines.value).toBe(2);
			expect(clean.signals.debug_lines.value).toBe(0);
			expect(clean.signals.lint).toMatchObject({ value: 0, penalty: 0, na: null });
			const expected = [clean, noisy].map(
				(record) =>
					1 -
					Object.values(record.signals).reduce((sum, signal) => sum + (signal.penalty ?? 0) * signal.weight, 0) /
						weights,
			);
			expect(of("builtin/gold", "clean", "norms")?.value).toBeCloseTo(expected[0] as number, 10);
			expect(of("builtin/gold", "noisy", "norms")?.value).toBeCloseTo(expected[1] as number, 10);
			expect(expected[1]).toBeLessThan(expected[0] as number);
			expect(gold?.norms_mean).toBeCloseTo(((expected[0] as number) + (expected[1] as number)) / 2, 10);
			// A noisy pass is still a pass with the full task score.
			for (const caseId of ["clean", "noisy"]) {
				expect(of("builtin/gold", caseId, "task_score")?.value).toBe(1);
				expect(of("builtin/gold", caseId, "passed")?.value).toBe(1);
			}
		} finally {
			store.close();
		}
		expect(gold).toMatchObject({ headline: 1, pass_rate: 1, norms_n: 2 });
		expect(baseline).toMatchObject({ headline: 0, norms_mean: null, norms_n: 0 });

		const goldNorms = `${Number(gold?.norms_mean).toFixed(2)} (2)`;
		const table = await runCli(["leaderboard", "--use-case", "code-fix"], { cwd: root });
		expect(table.code, table.stderr).toBe(0);
		const note = table.stdout
			.split("\n")
			.find((line) => line.startsWith("  norms, mean over passing cells (n), not ranked: "));
		expect(note).toContain(`builtin/gold ${goldNorms}`);
		expect(note).not.toContain("builtin/baseline");
		const chosen = await runCli(["leaderboard", "--use-case", "code-fix", "--columns", "headline,norms"], {
			cwd: root,
		});
		const lines = chosen.stdout.split("\n");
		expect(lines.find((line) => line.startsWith("model"))).toMatch(/norms \(n\)$/);
		expect(lines.find((line) => line.startsWith("builtin/gold"))).toMatch(
			new RegExp(`${goldNorms.replace(/[()]/g, "\\$&")}$`),
		);
		expect(lines.find((line) => line.startsWith("builtin/baseline"))).toMatch(/-$/);
		expect(chosen.stdout).not.toContain("norms, mean over");
	}, 120_000);
});
