/**
 * The review verifier end to end under bubblewrap: the model's review.json in a finished
 * workspace is scored against planted bugs and decoys, and a missing, malformed, oversized or
 * odd findings file is a graded failure with its reason, never a grader error.
 */
import { execFileSync } from "node:child_process";
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReviewVerifierArgs } from "../../src/contract/index.js";
import { createReviewVerifier } from "../../src/graders/index.js";
import { finishedAttempt, grade, type TaskOnDisk, taskOnDisk } from "./task-on-disk.js";

const MODULE = `${Array.from({ length: 80 }, (_, index) => `line_${index + 1} = ${index + 1}`).join("\n")}\n`;

const ARGS: ReviewVerifierArgs = {
	findings_file: "review.json",
	bugs: [
		{ id: "boundary", file: "src/retention.py", lines: [[20, 21]] },
		{ id: "unit", file: "src/retention.py", lines: [[40, 40]] },
	],
	decoys: [{ id: "looks-wrong", file: "src/retention.py", lines: [[60, 60]] }],
	tolerance: 3,
	fp_penalty: 0.25,
	decoy_penalty: 0.5,
	pass_threshold: 0.5,
};

const finding = (line: number, file = "src/retention.py") => ({ file, line, description: "this looks wrong" });

describe("the review verifier", () => {
	let task: TaskOnDisk;
	beforeAll(async () => {
		task = await taskOnDisk({ "src/retention.py": MODULE }, {});
	});
	afterAll(async () => {
		await task.cleanup();
	});

	const verifier = (args: Partial<ReviewVerifierArgs> = {}) =>
		createReviewVerifier({
			taskDir: task.dir,
			sandbox: { backend: "bubblewrap" },
			verifier: { kind: "review", args: { ...ARGS, ...args } },
		});
	const review = async (edits: Record<string, string | null>, args: Partial<ReviewVerifierArgs> = {}) => {
		const workspace = await task.workspace(edits);
		try {
			return await grade(verifier(args), finishedAttempt({ workspace }));
		} finally {
			await workspace.dispose();
		}
	};
	const written = (findings: unknown) => ({ "review.json": JSON.stringify(findings) });

	it("scores a review that finds every bug and no decoy 1, in a bubblewrap copy", async () => {
		const scores = await review(written([finding(20), { ...finding(43), file: "./src/retention.py" }]));
		expect(scores.review).toMatchObject({ value: 1 });
		expect(scores.passed?.value).toBe(1);
		expect(scores.review?.extras).toMatchObject({
			outcome: "correct",
			matched: 2,
			false_positives: 0,
			decoy_hits: 0,
			sandbox: { backend: "bubblewrap", isolated: true },
		});
		expect(scores.review?.extras?.findings).toEqual([
			{ file: "src/retention.py", line: 20, owner: "boundary", owner_kind: "bug", distance: 0, status: "found" },
			{ file: "src/retention.py", line: 43, owner: "unit", owner_kind: "bug", distance: 3, status: "found" },
		]);
	});

	it("scores a partial review as partial, and one that hits a decoy lower", async () => {
		const partial = await review(written([finding(21), finding(44)]));
		expect(partial.review?.value).toBe((1 - 0.25) / 2);
		expect(partial.review?.reasoning).toMatch(/found 1 of 2 bugs \(missed: unit\), 1 false positive/);
		const fooled = await review(written([finding(20), finding(40), finding(61)]));
		expect(fooled.review?.value).toBe(0.75);
		expect(fooled.review?.extras).toMatchObject({ decoys_hit: ["looks-wrong"], decoy_hits: 1 });
	});

	it("scores spraying a finding on every line 0 and fails it", async () => {
		const scores = await review(written(Array.from({ length: 80 }, (_, index) => finding(index + 1))));
		expect(scores.review).toMatchObject({ value: 0, extras: { outcome: "correct", matched: 2 } });
		expect(scores.review?.reasoning).toMatch(/floored at 0/);
		expect(scores.passed?.value).toBe(0);
	});

	it("reads the findings file the task names", async () => {
		const scores = await review(
			{ "notes/findings.json": JSON.stringify([finding(20), finding(40)]) },
			{
				findings_file: "notes/findings.json",
			},
		);
		expect(scores.review?.value).toBe(1);
	});

	const failures: [string, Record<string, string | null>, RegExp][] = [
		["missing", {}, /^fail: no review\.json: the review's findings were not written/],
		["not JSON", { "review.json": "Looks good to me!" }, /review\.json is not valid JSON/],
		["not an array", written({ findings: [finding(20)] }), /must be a JSON array/],
		["a finding without a line", written([{ file: "src/retention.py", description: "x" }]), /\[0\]\.line must be/],
		["a line of 0", written([finding(0)]), /\[0\]\.line must be a positive integer/],
		["too many findings", written(Array(1001).fill(finding(20))), /lists 1001 findings, more than the 1000/],
		["over 1 MiB", { "review.json": `[${" ".repeat(1024 * 1024)}]` }, /holds 1048578 bytes, more than the 1048576/],
	];
	it.each(failures)("fails a review.json that is %s, with the reason", async (_, edits, reason) => {
		const scores = await review(edits);
		expect(scores.review).toMatchObject({ value: 0, extras: { outcome: "graded_failure" } });
		expect(scores.review?.reasoning).toMatch(reason);
		expect(scores.passed?.value).toBe(0);
	});

	it("fails a review.json that is a folder, a symlink or a FIFO, with the reason", async () => {
		const folder = await review({ "review.json/x": "[]" });
		expect(folder.review?.reasoning).toMatch(/review\.json is a folder, not a file/);
		const odd: [(path: string) => Promise<void>, RegExp][] = [
			[(path) => symlink("/etc/passwd", path), /review\.json is a symlink, not a file/],
			[
				async (path) => {
					execFileSync("mkfifo", [path]);
				},
				/no review\.json.*left out of the grading copy.*review\.json/,
			],
		];
		for (const [make, reason] of odd) {
			const workspace = await task.workspace();
			await make(join(workspace.path, "review.json"));
			const scores = await grade(verifier(), finishedAttempt({ workspace }));
			await workspace.dispose();
			expect(scores.review).toMatchObject({ value: 0, extras: { outcome: "graded_failure" } });
			expect(scores.review?.reasoning).toMatch(reason);
		}
	});
});
