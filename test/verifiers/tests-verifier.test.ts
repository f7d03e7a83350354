/**
 * The tests verifier end to end: a tiny task on disk (a buggy `src/sum.js`, a hidden node:test
 * gold test), finished workspaces made the way an agent leaves them, and real `node --test` runs
 * under bubblewrap.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestsVerifier, VerifierHarnessError } from "../../src/graders/index.js";
import { createSandbox } from "../../src/sandbox/index.js";
import { finishedAttempt, grade, readIfAny, type TaskOnDisk, taskOnDisk, testsArgs } from "./task-on-disk.js";

const SANDBOX = { backend: "bubblewrap" } as const;

const BUGGY = "export function sum(a, b) {\n\treturn a - b;\n}\n";
const FIXED = "export function sum(a, b) {\n\treturn a + b;\n}\n";

const GOLD = `import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { sum } from "../src/sum.js";
describe("sum", () => {
	test("adds two numbers", () => assert.equal(sum(2, 3), 5));
	test("adds negatives", () => assert.equal(sum(-2, -3), -5));
});
`;

const GOLD_WITH_SKIP = GOLD.replace('test("adds negatives", () =>', 'test("adds negatives", { skip: "flaky" }, () =>');

const SMOKE = `import { test } from "node:test";
import assert from "node:assert/strict";
import { sum } from "../src/sum.js";
test("sum is a function", () => assert.equal(typeof sum, "function"));
`;

/** A model that could not fix the code and rewrote the tests instead. */
const FORGED = `import { describe, test } from "node:test";
describe("sum", () => {
	test("adds two numbers", () => {});
	test("adds negatives", () => {});
});
`;

const COMMAND = ["node", "--test", "--test-reporter=tap", "tests/"];
const REQUIRED = ["sum > adds two numbers", "sum > adds negatives"];

describe("the tests verifier on a fail-to-pass task", () => {
	let task: TaskOnDisk;
	beforeAll(async () => {
		task = await taskOnDisk(
			{ "package.json": '{ "type": "module" }\n', "src/sum.js": BUGGY, "tests/smoke.test.js": SMOKE },
			{ "hidden/sum.test.js": GOLD, "hidden/sum-skip.test.js": GOLD_WITH_SKIP },
		);
	});
	afterAll(async () => {
		await task.cleanup();
	});

	const verifier = (overrides: Parameters<typeof testsArgs>[0]) =>
		createTestsVerifier({
			taskDir: task.dir,
			verifier: { kind: "tests", args: testsArgs(overrides) },
			sandbox: SANDBOX,
		});
	const standard = () =>
		verifier({
			command: COMMAND,
			gold_files: [{ source: "hidden/sum.test.js", target: "tests/sum.test.js" }],
			required_tests: REQUIRED,
		});

	it.concurrent("fails a workspace that still has the bug, naming the failing gold tests", async () => {
		const workspace = await task.workspace();
		const scores = await grade(standard(), finishedAttempt({ workspace }));
		expect(scores.tests).toMatchObject({ value: 0, value_label: "fail", score_type: "absolute" });
		expect(scores.passed?.value).toBe(0);
		expect(scores.tests?.reasoning).toContain("required tests failed: sum > adds two numbers, sum > adds negatives");
		expect(scores.tests?.extras).toMatchObject({
			source: "workspace",
			exit_code: 1,
			required: [
				{ name: "sum > adds two numbers", outcome: "failed" },
				{ name: "sum > adds negatives", outcome: "failed" },
			],
			passed: ["sum is a function"],
			sandbox: { backend: "bubblewrap", isolated: true },
		});
		// The gold test went into a copy only.
		expect(await readIfAny(join(workspace.path, "tests/sum.test.js"))).toBeNull();
	});

	it.concurrent("passes a workspace with the fix, and leaves the workspace as the model left it", async () => {
		const workspace = await task.workspace({ "src/sum.js": FIXED });
		const scores = await grade(standard(), finishedAttempt({ workspace }));
		expect(scores.tests).toMatchObject({ value: 1, value_label: "pass", grader_version: "tests@1" });
		expect(scores.passed?.value).toBe(1);
		expect(scores.tests?.extras).toMatchObject({ exit_code: 0, counts: { passed: 3, failed: 0 } });
		expect(await readIfAny(join(workspace.path, "tests/sum.test.js"))).toBeNull();
		expect(await readIfAny(join(workspace.path, "src/sum.js"))).toBe(FIXED);
	});

	it.concurrent("catches a model that rewrote the tests instead of the code", async () => {
		const workspace = await task.workspace({
			"tests/sum.test.js": FORGED,
			"tests/more.test.js": FORGED,
			"tests/smoke.test.js": null,
		});
		const scores = await grade(standard(), finishedAttempt({ workspace }));
		expect(scores.tests?.value).toBe(0);
		expect(scores.tests?.extras).toMatchObject({
			reset: { restored: ["tests/smoke.test.js"], removed: ["tests/more.test.js", "tests/sum.test.js"] },
			required: [
				{ name: "sum > adds two numbers", outcome: "failed" },
				{ name: "sum > adds negatives", outcome: "failed" },
			],
		});
	});

	it.concurrent("fails a required test that was skipped, though the command exits 0", async () => {
		const workspace = await task.workspace({ "src/sum.js": FIXED });
		const grader = verifier({
			command: COMMAND,
			gold_files: [{ source: "hidden/sum-skip.test.js", target: "tests/sum.test.js" }],
			required_tests: REQUIRED,
		});
		const scores = await grade(grader, finishedAttempt({ workspace }));
		expect(scores.tests?.value).toBe(0);
		expect(scores.tests?.extras).toMatchObject({ exit_code: 0, skipped: ["sum > adds negatives"] });
		expect(scores.tests?.reasoning).toBe("fail: required test skipped: sum > adds negatives");
	});

	it.concurrent("fails a required test the report does not list", async () => {
		const workspace = await task.workspace({ "src/sum.js": FIXED });
		const grader = verifier({
			command: COMMAND,
			gold_files: [{ source: "hidden/sum.test.js", target: "tests/sum.test.js" }],
			required_tests: [...REQUIRED, "sum > adds fractions"],
		});
		const scores = await grade(grader, finishedAttempt({ workspace }));
		expect(scores.tests?.value).toBe(0);
		expect(scores.tests?.reasoning).toContain("required test missing from the report: sum > adds fractions");
	});

	it.concurrent("throws a harness error, not a score, when the test program is missing", async () => {
		const workspace = await task.workspace({ "src/sum.js": FIXED });
		const grader = verifier({ command: ["nonexistent-bin", "--test"], required_tests: REQUIRED });
		const graded = grade(grader, finishedAttempt({ workspace }));
		await expect(graded).rejects.toBeInstanceOf(VerifierHarnessError);
		await expect(graded).rejects.toMatchObject({
			code: "verifier-harness",
			message: expect.stringMatching(
				/could not start \(exit 127: program not found\); its stderr ends:\n {4}.*nonexistent-bin: not found[\s\S]*fix: the program `nonexistent-bin` is not installed where the sandbox can run it/,
			),
		});
	});

	it.concurrent.each([
		[
			"a missing module",
			["python3", "-c", "import nosuchmodule"],
			/No module named 'nosuchmodule'[\s\S]*fix: the sandbox has no module `nosuchmodule`: install it in the task's `runtime.setup`/,
		],
		[
			"a network call",
			[
				"node",
				"-e",
				"fetch('http://example.com/').catch((e) => { console.error(String(e.cause ?? e)); process.exit(1); })",
			],
			/EAI_AGAIN|ENOTFOUND[\s\S]*fix: commands in the sandbox have no network: fetch what they need in `runtime.setup`/,
		],
	])("says so in the fix line when the command's output shows %s", async (_what, command, message) => {
		const workspace = await task.workspace({ "src/sum.js": FIXED });
		await expect(
			grade(verifier({ command, report: "pytest", required_tests: REQUIRED }), finishedAttempt({ workspace })),
		).rejects.toMatchObject({ code: "verifier-harness", message: expect.stringMatching(message) });
	});

	it.concurrent("throws a harness error when the report cannot be read", async () => {
		const workspace = await task.workspace({ "src/sum.js": FIXED });
		const grader = verifier({
			command: ["node", "--test", "--test-reporter=spec", "tests/"],
			required_tests: REQUIRED,
		});
		await expect(grade(grader, finishedAttempt({ workspace }))).rejects.toMatchObject({
			code: "verifier-harness",
			message: expect.stringMatching(/node-test report \(stdout\) cannot be read: .*not TAP[\s\S]*--test-reporter=tap/),
		});
	});

	it.concurrent("scores a command past its time limit as a timeout failure", async () => {
		const workspace = await task.workspace();
		const grader = verifier({
			command: ["node", "-e", "setTimeout(() => {}, 20000)"],
			required_tests: REQUIRED,
			timeout_s: 0.5,
		});
		const scores = await grade(grader, finishedAttempt({ workspace }));
		expect(scores.tests).toMatchObject({ value: 0, value_label: "timeout" });
		expect(scores.tests?.extras).toMatchObject({ timed_out: true });
	});

	it.concurrent("grades a single-shot attempt by applying its diff to a copy of the fixture", async () => {
		const sandbox = await createSandbox({ ...SANDBOX, fixture: join(task.dir, "fixture") });
		await sandbox.write("src/sum.js", FIXED);
		const diff = (await sandbox.diff()).text;
		await sandbox.dispose();
		const scores = await grade(standard(), finishedAttempt({ diff }));
		expect(scores.tests).toMatchObject({ value: 1, extras: { source: "diff" } });
		await expect(grade(standard(), finishedAttempt({ diff: diff.replace("a - b", "a * b") }))).rejects.toMatchObject({
			code: "verifier-harness",
			message: expect.stringContaining("does not apply to the task's fixture"),
		});
		await expect(grade(standard(), finishedAttempt({ diff: null }))).rejects.toThrow(/neither a workspace nor a diff/);
	});

	it("does not grade an attempt the harness failed, and starts nothing for it", async () => {
		const scores = await grade(standard(), finishedAttempt({ status: "harness_error", error: "runner crashed" }));
		expect(scores.tests).toMatchObject({ value: 0, extras: { graded: false } });
		expect(scores.tests?.reasoning).toMatch(/^not graded: the harness failed: runner crashed/);
	});

	it("puts the gold files' digests in its config, so a changed gold test changes cell keys", () => {
		const config = standard().config;
		expect(config.gold_files).toEqual([
			{ source: "hidden/sum.test.js", target: "tests/sum.test.js", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
		]);
	});
});
