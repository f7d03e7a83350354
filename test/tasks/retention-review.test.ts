/**
 * The bundled seeded code-review task (packs/graded/retention-review) through the real CLI:
 * `snapshot` writes the feature change as REVIEW.diff with the planted bugs inside it, and
 * `validate-tasks` runs the review verifier under bubblewrap: the gold review earns 1, the
 * deliberately wrong one (decoys and style remarks) earns 0 and breaks validation, and bug lines
 * the fixture does not have are bad input at their line in task.yaml.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { ROOT, runCli, tempDir } from "../support/cli.js";

const PACK = join(ROOT, "examples/benchmarks/packs/graded");

interface Validation {
	readonly task_id: string;
	readonly verdict: string;
	readonly gold: { readonly scores: readonly (number | null)[]; readonly repeats: readonly { readonly why: string }[] };
	readonly baseline: { readonly scores: readonly (number | null)[] };
	readonly reasons: readonly string[];
}

describe("the retention-review example", () => {
	let pack: string;
	let taskFile: string;
	beforeEach(() => {
		// The review task alone: the pack's other tasks (mutants, timed pairs) would only add minutes.
		pack = join(tempDir(), "graded");
		cpSync(join(PACK, "retention-review"), join(pack, "retention-review"), {
			recursive: true,
			filter: (source) => !source.includes("/fixture"),
		});
		taskFile = join(pack, "retention-review", "task.yaml");
	});
	const cli = (...args: string[]) => runCli(args, { cwd: join(pack, "..") });
	const validate = async () => {
		const snapshot = await cli("snapshot", "--tasks", pack);
		expect(snapshot.stderr).toBe("");
		const result = await cli("validate-tasks", "--tasks", pack, "--repeats", "1", "--json");
		return { result, tasks: result.code === 2 ? [] : (JSON.parse(result.stdout).tasks as Validation[]) };
	};

	it("shows the whole feature change in REVIEW.diff, with the planted bugs inside it", async () => {
		expect((await cli("snapshot", "--tasks", pack)).code).toBe(0);
		const diff = readFileSync(join(pack, "retention-review", "fixture", "REVIEW.diff"), "utf8");
		expect(diff).toMatch(/diff --git a\/src\/retention\.py b\/src\/retention\.py\nnew file mode/);
		expect(diff).toContain("@@ -0,0 +1,105 @@");
		expect(diff).toContain('+JOBS = [("reindex", _reindex), ("retention", _retention)]');
		for (const planted of ["> policy.days_for", "message.author_id in holds", "len(ids) - 1"])
			expect(diff).toContain(planted);
		expect(diff).not.toContain(">= policy.days_for");
		expect(diff).not.toContain("search.py");
	}, 60_000);

	it("gives the gold review 1 and the baseline (no review.json) a graded 0", async () => {
		const { result, tasks } = await validate();
		expect(result.code).toBe(0);
		expect(tasks[0]).toMatchObject({ task_id: "retention-review", verdict: "ok", gold: { scores: [1] } });
		expect(tasks[0]?.baseline.scores).toEqual([0]);
	}, 120_000);

	it("fails the deliberately wrong review: it hits both decoys and sprays remarks", async () => {
		const text = readFileSync(taskFile, "utf8");
		writeFileSync(taskFile, text.replace("source: reference/review.json", "source: reference/wrong/review.json"));
		const { result, tasks } = await validate();
		expect(result.code).toBe(1);
		expect(tasks[0]).toMatchObject({ verdict: "broken", gold: { scores: [0] } });
		expect(tasks[0]?.gold.repeats[0]?.why).toMatch(
			/found 1 of 3 bugs .* 3 false positives, 2 decoys hit .* floored at 0/,
		);
	}, 120_000);

	it("refuses a bug's lines past the end of its file, at their line in task.yaml", async () => {
		const text = readFileSync(taskFile, "utf8");
		writeFileSync(taskFile, text.replace("lines: [[80, 81]]", "lines: [[80, 180]]"));
		const snapshot = await cli("snapshot", "--tasks", pack);
		expect(snapshot.code).toBe(2);
		const line = text.split("\n").findIndex((row) => row.includes("lines: [[80, 81]]")) + 1;
		expect(snapshot.stderr).toContain(`task.yaml:${line}:`);
		expect(snapshot.stderr).toContain("[80, 180] goes past the end of src/retention.py, which has 105 lines");
		const validation = await cli("validate-tasks", "--tasks", pack, "--repeats", "1");
		expect(validation.code).toBe(2);
		expect(validation.stderr).toContain("goes past the end of src/retention.py");
	}, 120_000);
});
