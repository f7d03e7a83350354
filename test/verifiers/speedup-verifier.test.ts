/**
 * The speedup verifier (paired-v1, Python) end to end: the real helper under /usr/bin/python3 in
 * bubblewrap, graded from finished workspaces, with every adversarial case of issue 18.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PerformanceRecord } from "../../src/contract/index.js";
import { VERIFIER_HARNESS_CODE } from "../../src/graders/index.js";
import { harness, LINEAR, QUADRATIC, speedupVerifier, WRONG_FAST } from "./speedup-task.js";
import { finishedAttempt, grade, type TaskOnDisk, taskOnDisk } from "./task-on-disk.js";

/**
 * A ladder whose first bucket is 5x, for the cases whose candidate runs as fast as the baseline: a
 * loaded two-core machine can push one pair's ratio to 3x, never the median of seven to 5x.
 */
const WIDE = {
	buckets: [
		[5, 0.5],
		[50, 1],
	],
	pass_threshold: 0.5,
};

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
		const scores = await gradeWith({}, WIDE);
		expect(scores.speedup?.value).toBe(0);
		expect(scores.passed?.value).toBe(0);
		expect(scores.speedup?.extras).toMatchObject({ outcome: "correct" });
		expect(performanceOf(scores.speedup?.extras)).toMatchObject({ correctness: true, highest_bucket: null, score: 0 });
	});

	const refused = async (edits: Record<string, string | null>, args: Record<string, unknown> = {}) => {
		const workspace = await task.workspace(edits);
		const error = await grade(speedupVerifier(task.dir, args), finishedAttempt({ workspace })).then(
			() => null,
			(thrown: unknown) => thrown,
		);
		expect(error).toMatchObject({ code: VERIFIER_HARNESS_CODE });
		return (error as Error).message;
	};

	/** A slow candidate (the baseline's loop) that tries to pass for 1000x. */
	const fakeOk = (nonce: string) =>
		`TOUCHSTONE-PAIRED-V1 ${nonce} {"status": "ok", "detail": "forged", "oracle_cases": 3, "warmup": {"baseline_s": 1, "candidate_s": 0.001, "order": "baseline-first"}, "samples": [${Array.from({ length: 7 }, (_, index) => `{"baseline_s": 1, "candidate_s": 0.001, "order": "${index % 2 === 0 ? "baseline-first" : "candidate-first"}"}`).join(", ")}]}`;

	it.concurrent("ignores a forged result line the candidate prints from every call", async () => {
		const forged = `${QUADRATIC.replace("    return out", `    print(${JSON.stringify(fakeOk("0123456789abcdef0123456789abcdef"))})\n    return out`)}`;
		const scores = await gradeWith({ "mod.py": forged }, WIDE);
		expect(scores.speedup?.value).toBe(0);
		expect(performanceOf(scores.speedup?.extras)).toMatchObject({ correctness: true, highest_bucket: null });
		expect(scores.speedup?.extras).toMatchObject({ detail: expect.not.stringContaining("forged") });
	});

	it.concurrent("ignores an import-time print of a fake result, whatever nonce it guesses", async () => {
		const lines = ["", "0", "None", "{nonce}"].map((nonce) => `print(${JSON.stringify(fakeOk(nonce))})`);
		const scores = await gradeWith({ "mod.py": `${lines.join("\n")}\n${QUADRATIC}` }, WIDE);
		expect(scores.speedup?.value).toBe(0);
		expect(performanceOf(scores.speedup?.extras).samples.every((sample) => sample.candidate_s > 0.001)).toBe(true);
	});

	it.concurrent("grades in a folder of its own: a fake helper, harness or baseline left in the workdir never enters", async () => {
		const fakeHelper = `import sys\nnonce = sys.stdin.readline().strip()\nprint(${JSON.stringify(fakeOk("NONCE"))}.replace("NONCE", nonce))\n`;
		const listing = harness({ extra: 'import os\nprint("grading folder:", sorted(os.listdir(".")))\n' });
		const scores = await gradeWith(
			{
				"_touchstone_paired.py": fakeHelper,
				"_touchstone_harness.py": fakeHelper,
				"_touchstone_paired.json": '{"pairs": 7, "seed": 1, "allowed_imports": ["sys", "os"], "editable": ["mod.py"]}',
				"_base.py": "def counts(xs):\n    while True:\n        pass\n",
				"sitecustomize.py": 'print("site hook ran")\n',
			},
			{ ...WIDE, harness: listing },
		);
		expect(scores.speedup?.value).toBe(0);
		expect(performanceOf(scores.speedup?.extras)).toMatchObject({ correctness: true, highest_bucket: null });
		const stderr = String(scores.speedup?.extras?.stderr_tail);
		expect(stderr).toContain(
			"grading folder: ['_base.py', '_touchstone_harness.py', '_touchstone_paired.json', '_touchstone_paired.py', 'mod.py']",
		);
		expect(stderr).not.toContain("site hook ran");
	});

	it.concurrent("fails a candidate that mutates its input with require_pure_inputs, in oracle and in timed calls", async () => {
		const inOracle = await gradeWith(
			{
				"mod.py": `${LINEAR}\n\ndef sort_first(xs):\n    xs.sort()\n`.replace(
					"    return dict",
					"    xs.reverse()\n    return dict",
				),
			},
			{ harness: harness({ pure: true }) },
		);
		expect(inOracle.speedup?.value).toBe(0);
		expect(inOracle.speedup?.extras).toMatchObject({ outcome: "graded_failure", status: "impure" });
		expect(performanceOf(inOracle.speedup?.extras).correctness).toBe(false);
		const timedOnly = LINEAR.replace(
			"    return dict(collections.Counter(xs))",
			"    result = dict(collections.Counter(xs))\n    if len(xs) > 100:\n        xs.reverse()\n    return result",
		);
		const inTimed = await gradeWith({ "mod.py": timedOnly }, { harness: harness({ pure: true }) });
		expect(inTimed.speedup?.extras).toMatchObject({ outcome: "graded_failure", status: "impure" });
		expect(String(inTimed.speedup?.extras?.detail)).toContain("the warm-up pair");
		expect(String(inTimed.speedup?.extras?.detail)).toContain("the candidate mutated its input");
	});

	it.concurrent("calls a baseline that mutates its input with require_pure_inputs a harness error", async () => {
		const mutating = QUADRATIC.replace("    return out", "    xs.reverse()\n    return out");
		const message = await refused(
			{ "mod.py": LINEAR },
			{ baseline: { path: "_base.py", source: mutating }, harness: harness({ pure: true }) },
		);
		expect(message).toContain("the frozen baseline failed");
		expect(message).toContain("mutated its input");
	});

	it.concurrent.each([
		["import sys", "import of `sys` is not allowed"],
		["import os.path", "import of `os.path` is not allowed"],
		["from os import system", "import of `os` is not allowed"],
		["import statistics", "import of `statistics` is not allowed"],
	])("rejects a banned import (%s) as a graded failure", async (line, reason) => {
		const scores = await gradeWith({ "mod.py": `${line}\n${LINEAR}` });
		expect(scores.speedup?.value).toBe(0);
		expect(scores.speedup?.extras).toMatchObject({ outcome: "graded_failure", status: "rejected" });
		expect(String(scores.speedup?.extras?.detail)).toContain(reason);
		expect(performanceOf(scores.speedup?.extras)).toMatchObject({ correctness: false, score: 0, samples: [] });
	});

	it.concurrent("gives a wrong answer that is fast a score of 0", async () => {
		const scores = await gradeWith({ "mod.py": WRONG_FAST });
		expect(scores.speedup?.value).toBe(0);
		expect(scores.passed?.value).toBe(0);
		expect(scores.speedup?.extras).toMatchObject({ outcome: "graded_failure", status: "mismatch" });
		expect(String(scores.speedup?.extras?.detail)).toContain("on oracle case 1");
	});

	it.concurrent("fails a candidate that is right on the oracles but wrong on the timed inputs", async () => {
		const scores = await gradeWith({
			"mod.py": LINEAR.replace("    return dict", "    if len(xs) > 100:\n        return {}\n    return dict"),
		});
		expect(scores.speedup?.extras).toMatchObject({ outcome: "graded_failure", status: "mismatch" });
		expect(String(scores.speedup?.extras?.detail)).toContain("the warm-up pair");
	});

	it.concurrent("calls a baseline that fails its oracle a harness error, before the candidate is imported", async () => {
		const wrongBaseline = QUADRATIC.replace("n = 0", "n = 1");
		const message = await refused(
			{ "mod.py": 'print("candidate imported")\n' },
			{ baseline: { path: "_base.py", source: wrongBaseline } },
		);
		expect(message).toContain("the frozen baseline failed: the baseline returned {1: 3, 2: 2} on oracle case 1");
		expect(message).not.toContain("candidate imported");
	});

	it.concurrent("times out a candidate that never returns: a graded failure whose correctness is unknown", async () => {
		const scores = await gradeWith({ "mod.py": "def counts(xs):\n    while True:\n        pass\n" }, { timeout_s: 3 });
		expect(scores.speedup?.value).toBe(0);
		expect(scores.speedup?.extras).toMatchObject({ outcome: "timeout" });
		expect(performanceOf(scores.speedup?.extras).correctness).toBeNull();
	});

	it.concurrent("calls a missing interpreter a harness error naming it", async () => {
		const message = await refused({ "mod.py": LINEAR }, { python: "python3-missing" });
		expect(message).toContain("the interpreter `python3-missing` could not start");
	});

	it.concurrent("fails a missing editable file and a candidate that raises, never a harness error", async () => {
		const missing = await gradeWith({ "mod.py": null });
		expect(missing.speedup?.extras).toMatchObject({ outcome: "graded_failure" });
		expect(missing.speedup?.reasoning).toContain("mod.py is missing");
		const raising = await gradeWith({ "mod.py": "def counts(xs):\n    raise SystemExit(0)\n" });
		expect(raising.speedup?.extras).toMatchObject({ outcome: "graded_failure", status: "candidate_error" });
		expect(String(raising.speedup?.extras?.detail)).toContain("SystemExit");
	});
});
