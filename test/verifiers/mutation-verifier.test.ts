/**
 * The mutation verifier end to end: a tiny pinned module, suites a model might write (strong,
 * weak, failing, asserting on source text, hanging), real `node --test` runs under bubblewrap,
 * each mutant in its own sandbox copy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MutationVerifierArgs, type Score, sha256 } from "../../src/contract/index.js";
import { createMutationVerifier, VerifierHarnessError } from "../../src/graders/index.js";
import { finishedAttempt, grade, type TaskOnDisk, taskOnDisk } from "./task-on-disk.js";

const SANDBOX = { backend: "bubblewrap" } as const;

const MODULE = `export function clamp(value, low, high) {
	if (value < low) return low;
	if (value > high) return high;
	return value;
}

export function isWeekend(day) {
	return day === 0 || day === 6;
}
`;

const MUTANTS = [
	{ id: "below-keeps-value", find: "return low;", replace: "return value;" },
	{ id: "above-keeps-value", find: "return high;", replace: "return value;" },
	{ id: "saturday-is-5", find: "day === 6", replace: "day === 5" },
	{ id: "sunday-is-7", find: "day === 0", replace: "day === 7" },
	{ id: "or-becomes-and", find: "|| day", replace: "&& day" },
];
const EQUIVALENT = [{ id: "flipped-comparison", find: "value < low", replace: "low > value" }];

const HEADER = `import { test } from "node:test";
import assert from "node:assert/strict";
import { clamp, isWeekend } from "../src/clamp.mjs";
`;

const STRONG = `${HEADER}
test("clamps below", () => assert.equal(clamp(-5, 0, 10), 0));
test("clamps above", () => assert.equal(clamp(50, 0, 10), 10));
test("keeps inside", () => assert.equal(clamp(5, 0, 10), 5));
test("weekend days", () => { assert.equal(isWeekend(0), true); assert.equal(isWeekend(6), true); });
test("weekdays", () => { for (const day of [1, 2, 3, 4, 5]) assert.equal(isWeekend(day), false); });
`;

/** Catches the two clamp mutants only: 2 of 5. */
const WEAK = `${HEADER}
test("clamps below", () => assert.equal(clamp(-5, 0, 10), 0));
test("clamps above", () => assert.equal(clamp(50, 0, 10), 10));
`;

const WRONG = `${HEADER}
test("keeps inside", () => assert.equal(clamp(5, 0, 10), 6));
`;

/** Catches every mutant, but by reading the source: the equivalent fails it. */
const SOURCE_TEXT = `${STRONG}
import { readFileSync } from "node:fs";
test("is written as I expect", () => assert.match(readFileSync("src/clamp.mjs", "utf8"), /value < low/));
`;

/**
 * Fails only when it sees what another run left: a marker file written by an earlier run in the
 * same folder, or a module with more than one mutant's edit in it.
 */
const ISOLATION = `${HEADER}
import { existsSync, readFileSync, writeFileSync } from "node:fs";
const FINDS = ${JSON.stringify([...MUTANTS, ...EQUIVALENT].map((edit) => edit.find))};
test("sees no other run", () => {
	assert.equal(existsSync("ran.marker"), false, "another run's marker is here");
	writeFileSync("ran.marker", "ran");
	const text = readFileSync("src/clamp.mjs", "utf8");
	assert.ok(FINDS.filter((find) => !text.includes(find)).length <= 1, "more than one edit is in the module");
});
`;

/** Passes on the real module, but hangs when `return value;` is gone (the `hang` mutant). */
const HANGS_ON_MUTANT = `${STRONG}
import { readFileSync } from "node:fs";
test("waits", async () => {
	if (!readFileSync("src/clamp.mjs", "utf8").includes("return value;")) await new Promise(() => setInterval(() => {}, 1000));
});
`;

const HANGS = `${HEADER}
test("never ends", async () => { await new Promise(() => setInterval(() => {}, 1000)); });
`;

const SUITE = "tests/clamp.test.mjs";

type Details = { failing?: { name: string }[] } & Record<string, unknown>;

/** The headline's extras, typed as far as the assertions need. */
function extrasOf(score: Score | undefined): {
	mutants: Record<string, Details>;
	equivalent: Record<string, Details>;
	real_module: unknown;
} {
	return score?.extras as never;
}

describe("the mutation verifier", () => {
	let task: TaskOnDisk;
	beforeAll(async () => {
		task = await taskOnDisk({ "package.json": '{ "type": "module" }\n', "src/clamp.mjs": MODULE }, {});
	});
	afterAll(async () => {
		await task.cleanup();
	});

	const verifier = (overrides: Partial<MutationVerifierArgs> = {}, parallelism?: number) =>
		createMutationVerifier({
			taskDir: task.dir,
			verifier: {
				kind: "mutation",
				args: {
					module: "src/clamp.mjs",
					module_sha256: sha256(MODULE),
					command: ["node", "--test", "--test-reporter=tap", "tests/"],
					report: "node-test",
					report_file: null,
					mutants: MUTANTS,
					equivalent: EQUIVALENT,
					pass_threshold: 0.6,
					env: {},
					timeout_s: 30,
					...overrides,
				},
			},
			sandbox: SANDBOX,
			...(parallelism === undefined ? {} : { parallelism }),
		});
	const gradeSuite = async (suite: string, overrides: Partial<MutationVerifierArgs> = {}, edits = {}) => {
		const workspace = await task.workspace({ [SUITE]: suite, ...edits });
		return grade(verifier(overrides), finishedAttempt({ workspace }));
	};

	it.concurrent("scores a suite that catches every mutant 1, with per-mutant details", async () => {
		const scores = await gradeSuite(STRONG);
		expect(scores.mutation).toMatchObject({ value: 1, value_label: "5/5" });
		expect(scores.passed?.value).toBe(1);
		const extras = extrasOf(scores.mutation);
		expect(extras).toMatchObject({ outcome: "correct", caught: 5, mutants_total: 5, graded_score: true });
		expect(extras.mutants["saturday-is-5"]).toMatchObject({ caught: true, exit_code: 1 });
		expect(extras.mutants["saturday-is-5"]?.failing?.map((test) => test.name)).toEqual(["weekend days", "weekdays"]);
		expect(extras.equivalent["flipped-comparison"]).toMatchObject({ passed: true, exit_code: 0 });
		expect(extras.real_module).toMatchObject({ exit_code: 0, tests: { passed: 5, failed: 0 } });
	});

	it.concurrent("scores a weak suite partially (2/5 is 0.4) and fails it under the threshold", async () => {
		const scores = await gradeSuite(WEAK);
		expect(scores.mutation).toMatchObject({ value: 0.4, value_label: "2/5" });
		expect(scores.passed?.value).toBe(0);
		expect(scores.mutation?.reasoning).toBe(
			"2/5 mutants caught (pass threshold 0.6); survived: saturday-is-5, sunday-is-7, or-becomes-and",
		);
	});

	it.concurrent("passes 3/5 at a 0.6 threshold (the 12-decimal comparison)", async () => {
		const third = `${WEAK}\ntest("friday", () => assert.equal(isWeekend(5), false));\n`;
		const scores = await gradeSuite(third);
		expect(scores.mutation).toMatchObject({ value: 0.6, value_label: "3/5" });
		expect(scores.passed?.value).toBe(1);
	});

	it.concurrent("scores 0 when the suite fails on the real module", async () => {
		const scores = await gradeSuite(WRONG);
		expect(scores.mutation).toMatchObject({ value: 0, value_label: "fail" });
		expect(scores.mutation?.reasoning).toContain("the suite fails on the real module: exit 1, failing: keeps inside");
		expect(scores.mutation?.extras).toMatchObject({ outcome: "graded_failure" });
		expect(scores.mutation?.extras).not.toHaveProperty("mutants");
	});

	it.concurrent("voids an attempt that edited the pinned module, naming both hashes", async () => {
		const edited = MODULE.replace("return value;", "return value; // checked");
		const scores = await gradeSuite(STRONG, {}, { "src/clamp.mjs": edited });
		expect(scores.mutation).toMatchObject({ value: 0, value_label: "fail" });
		expect(scores.mutation?.reasoning).toContain(
			`the attempt edited the module under test src/clamp.mjs (sha256 ${sha256(edited)}, pinned ${sha256(MODULE)})`,
		);
	});

	it.concurrent("scores 0 a suite that fails on an equivalent (it asserts on source text)", async () => {
		const scores = await gradeSuite(SOURCE_TEXT);
		expect(scores.mutation).toMatchObject({ value: 0, value_label: "fail" });
		expect(scores.mutation?.reasoning).toContain(
			"the suite fails on equivalent mutant flipped-comparison (exit 1, failing: is written as I expect)",
		);
		expect(scores.mutation?.reasoning).toContain("(5/5 mutants caught, not counted)");
	});

	it.concurrent("runs every mutant alone in its own fresh copy, in parallel", async () => {
		const workspace = await task.workspace({ [SUITE]: ISOLATION });
		const scores = await grade(verifier({ pass_threshold: 1 }, 3), finishedAttempt({ workspace }));
		// Every run saw a clean folder with one edit: no mutant is caught, the equivalent passes.
		expect(scores.mutation).toMatchObject({ value: 0, value_label: "0/5" });
		expect(scores.mutation?.extras).toMatchObject({ outcome: "correct", parallelism: 3 });
	});

	it.concurrent("counts a mutant that makes the suite hang as caught, marked as a timeout", async () => {
		const hang = { id: "hang", find: "return value;", replace: "return value + 0;" };
		const scores = await gradeSuite(HANGS_ON_MUTANT, { mutants: [hang], equivalent: [], timeout_s: 8 });
		expect(scores.mutation).toMatchObject({ value: 1, value_label: "1/1" });
		const mutants = extrasOf(scores.mutation).mutants;
		expect(mutants.hang).toMatchObject({ caught: true, timed_out: true, why: "timed out after 8 s" });
	});

	it.concurrent("a suite that hangs on the real module is a timeout (0)", async () => {
		const scores = await gradeSuite(HANGS, { timeout_s: 3 });
		expect(scores.mutation).toMatchObject({ value: 0, value_label: "timeout" });
		expect(scores.mutation?.reasoning).toBe("fail: the suite on the real module timed out after 3 s");
		expect(scores.mutation?.extras).toMatchObject({ outcome: "timeout" });
	});

	it.concurrent("with `exit-code`, the suite passes iff it exits 0", async () => {
		const scores = await gradeSuite(WEAK, { report: "exit-code", command: ["node", "--test", "tests/"] });
		expect(scores.mutation).toMatchObject({ value: 0.4, value_label: "2/5" });
		const mutants = extrasOf(scores.mutation).mutants;
		expect(mutants["below-keeps-value"]).toMatchObject({ caught: true, why: "exit 1" });
	});

	it.concurrent("a missing test program is a harness error, never a 0", async () => {
		const workspace = await task.workspace({ [SUITE]: STRONG });
		await expect(
			grade(verifier({ command: ["no-such-test-runner"] }), finishedAttempt({ workspace })),
		).rejects.toBeInstanceOf(VerifierHarnessError);
	});

	it.concurrent("a fixture that does not hold the pinned module is a harness error", async () => {
		const workspace = await task.workspace({ [SUITE]: STRONG });
		await expect(grade(verifier({ module_sha256: "0".repeat(64) }), finishedAttempt({ workspace }))).rejects.toThrow(
			/the task's fixture holds src\/clamp.mjs with sha256/,
		);
	});
});
