import { describe, expect, it } from "vitest";
import { gatesLayer } from "../../src/graders/index.js";
import { branch, buildSprint, GOOD_BRANCH, GOOD_TESTS, MODEL_ADD, scoringInput, scratch } from "./layers-fixture.js";

const root = scratch("touchstone-gates-");
const sprint = buildSprint(root);

describe("the gates layer", () => {
	it("passes a branch with CI green, inside the scope, deterministic, the superseded test gone", async () => {
		const result = await gatesLayer(scoringInput(sprint, branch(root, "good", sprint.baseline, GOOD_BRANCH)));
		expect(result).toMatchObject({
			layer: "gates",
			measured: true,
			passed: true,
			score: 1,
			reason: null,
			version: "1",
		});
		expect(result.figures).toMatchObject({
			passed: true,
			ci: { passed: true, exit_code: 0, timed_out: false, command: sprint.commands.ci },
			// src/add.mjs and test/add.test.mjs changed, test/old.test.mjs deleted.
			scope: { passed: true, files_touched: 3, added: 0, changed: 2, deleted: 1, outside: [], outside_count: 0 },
			deterministic: {
				passed: true,
				runs: [
					{ ended: "report", exit_code: 0, tests: 3, passed: 3, failed: 0 },
					{ ended: "report", exit_code: 0, tests: 3, passed: 3, failed: 0 },
				],
				differing: [],
			},
			superseded: { passed: true, expected: ["test/old.test.mjs"], kept: [] },
		});
	});

	it("fails the scope gate, naming each path a change touched outside the allowlist", async () => {
		const tree = branch(root, "stray", sprint.baseline, {
			...GOOD_BRANCH,
			"README.md": "# calc, edited\n",
			"notes.txt": "x\n",
		});
		const result = await gatesLayer(scoringInput(sprint, tree));
		expect(result).toMatchObject({ measured: true, passed: false, score: 0 });
		expect(result.figures).toMatchObject({
			ci: { passed: true },
			scope: { passed: false, files_touched: 5, added: 1, changed: 3, deleted: 1, outside: ["README.md", "notes.txt"] },
			deterministic: { passed: true },
			superseded: { passed: true },
		});
	});

	it("fails the CI gate on a red CI, with its exit status and output; a red run is still deterministic", async () => {
		const buggy = MODEL_ADD.replace("(a, b) => a - b", "(a, b) => b - a");
		const tree = branch(root, "red", sprint.baseline, { ...GOOD_BRANCH, "src/add.mjs": buggy });
		const result = await gatesLayer(scoringInput(sprint, tree));
		expect(result).toMatchObject({ measured: true, passed: false, score: 0 });
		const figures = result.figures as Record<string, Record<string, unknown>>;
		expect(figures.ci).toMatchObject({ passed: false, exit_code: 1, timed_out: false });
		expect(String(figures.ci?.stdout_tail)).toContain("# fail 1");
		expect(figures.deterministic).toMatchObject({
			passed: true,
			runs: [
				{ exit_code: 1, passed: 2, failed: 1 },
				{ exit_code: 1, passed: 2, failed: 1 },
			],
		});
		expect(figures.scope?.passed).toBe(true);
	});

	it("fails the superseded gate when the branch kept a test the plan deletes", async () => {
		const { "test/old.test.mjs": _deleted, ...keeping } = GOOD_BRANCH;
		const result = await gatesLayer(scoringInput(sprint, branch(root, "kept", sprint.baseline, keeping)));
		expect(result).toMatchObject({ measured: true, passed: false, score: 0 });
		expect(result.figures).toMatchObject({
			ci: { passed: true },
			scope: { passed: true, files_touched: 2, deleted: 0 },
			superseded: { passed: false, kept: ["test/old.test.mjs"] },
			deterministic: { passed: true, runs: [{ tests: 4 }, { tests: 4 }] },
		});
	});

	it("fails the determinism gate when the tests' outcomes differ between two runs, naming the tests", async () => {
		// 24 coin flips per run: the two runs agree on all of them with probability 2^-24.
		const flaky = Array.from(
			{ length: 24 },
			(_, index) => `test("flaky ${index}", () => assert.ok(randomBytes(1)[0] % 2 === 0));`,
		).join("\n");
		const tests = `import { randomBytes } from "node:crypto";\n${GOOD_TESTS}${flaky}\n`;
		const tree = branch(root, "flaky", sprint.baseline, { ...GOOD_BRANCH, "test/add.test.mjs": tests });
		const result = await gatesLayer(scoringInput(sprint, tree));
		expect(result).toMatchObject({ measured: true, passed: false, score: 0 });
		const deterministic = (result.figures as Record<string, Record<string, unknown>>).deterministic ?? {};
		expect(deterministic.passed).toBe(false);
		const differing = deterministic.differing as { test: string; first: string; second: string }[];
		expect(differing.length).toBeGreaterThan(0);
		expect(deterministic.differing_count).toBe(differing.length);
		for (const entry of differing) {
			expect(entry.test).toMatch(/^flaky \d+$/);
			expect([entry.first, entry.second].sort()).toEqual(["failed", "passed"]);
		}
	});

	it("is not measured, never 0, when no sandbox may run", async () => {
		const input = { ...scoringInput(sprint, branch(root, "nosandbox", sprint.baseline, GOOD_BRANCH)) };
		const result = await gatesLayer({ ...input, sandbox: { backend: "process", allowUnisolated: false } });
		expect(result).toMatchObject({ measured: false, score: null, passed: null });
		expect(result.reason).toMatch(/CI command could not be run: .*process backend/);
	});
});
