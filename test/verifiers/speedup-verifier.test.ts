/**
 * The speedup verifier (paired-v1, Python) end to end: the real helper under /usr/bin/python3 in
 * bubblewrap, graded from finished workspaces, with every adversarial case of issue 18.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PerformanceRecord } from "../../src/contract/index.js";
import { LINEAR, QUADRATIC, speedupVerifier } from "./speedup-task.js";
import { finishedAttempt, grade, type TaskOnDisk, taskOnDisk } from "./task-on-disk.js";

const performanceOf = (extras: unknown) => (extras as { performance: PerformanceRecord }).performance;

describe("the speedup verifier", () => {
	let task: TaskOnDisk;
	beforeAll(async () => {
		task = await taskOnDisk({ "mod.py": QUADRATIC, "test_mod.py": "import mod\n" }, {});
	});
	afterAll(async () => {
		await task.cleanup();
	});

	const gradeWith = async (edits: Record<string, string | null>, args: Record<string, unknown> = {}) => {
		const workspace = await task.workspace(edits);
		return grade(speedupVerifier(task.dir, args), finishedAttempt({ workspace }));
	};

	it.concurrent("puts the algorithmic candidate in the top bucket, with the whole record", async () => {
		const scores = await gradeWith({ "mod.py": LINEAR });
		const performance = performanceOf(scores.speedup?.extras);
		expect(scores.speedup?.value).toBe(1);
		expect(scores.passed?.value).toBe(1);
		expect(scores.speedup?.extras).toMatchObject({ outcome: "correct", status: "ok" });
		expect(performance).toMatchObject({
			protocol: "paired-v1",
			metric: "median_speedup",
			language: "python",
			correctness: true,
			highest_bucket: 50,
			pairs: 7,
			fixture_version: "toy-counts-v1",
			oracle_cases: 3,
		});
		expect(performance.samples.map((sample) => sample.order)).toEqual([
			"baseline-first",
			"candidate-first",
			"baseline-first",
			"candidate-first",
			"baseline-first",
			"candidate-first",
			"baseline-first",
		]);
		expect(performance.warmup?.order).toBe("baseline-first");
		expect(performance.ratios).toHaveLength(7);
		expect(performance.median_ratio).toBeGreaterThanOrEqual(50);
	});

	it.concurrent("records a correct copy of the baseline as correct, below the first bucket, score 0", async () => {
		const scores = await gradeWith({});
		expect(scores.speedup?.value).toBe(0);
		expect(scores.passed?.value).toBe(0);
		expect(scores.speedup?.extras).toMatchObject({ outcome: "correct" });
		expect(performanceOf(scores.speedup?.extras)).toMatchObject({ correctness: true, highest_bucket: null, score: 0 });
	});
});
