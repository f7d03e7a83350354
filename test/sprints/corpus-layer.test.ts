import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusLayer, mutationsLayer, readEtalon } from "../../src/graders/index.js";
import {
	branch,
	buildSprint,
	GOOD_BRANCH,
	GOOD_TESTS,
	MODEL_ADD,
	scoringInput,
	scratch,
	writeFiles,
} from "./layers-fixture.js";

const root = scratch("touchstone-corpus-");
const sprint = buildSprint(root);

type Figures = Record<string, Record<string, Record<string, unknown>>>;

describe("the corpus layer", () => {
	it("scores the good branch's tests on the etalon: valid, behaviours, changed lines, weighted", async () => {
		const result = await corpusLayer(scoringInput(sprint, branch(root, "good", sprint.baseline, GOOD_BRANCH)));
		expect(result).toMatchObject({ layer: "corpus", measured: true, passed: null, reason: null, version: "1" });
		const figures = result.figures as Figures;
		expect(figures).toMatchObject({
			model_tests: ["test/add.test.mjs"],
			overlay: ["src/add.mjs", "test/add.test.mjs"],
			run: { ended: "report", exit_code: 0, tests: 3, passed: 3, failed: 0 },
			weights: { valid: 0.4, behaviours: 0.4, lines: 0.2 },
			renormalised: false,
		});
		// All three tests pass on the etalon.
		expect(figures.parts?.valid).toMatchObject({ score: 1, passed: 3, ran: 3, note: null });
		// add, sub and clamp-high are named by passing tests; nothing tests clamp below the min.
		expect(figures.parts?.behaviours).toMatchObject({
			score: 0.75,
			total: 4,
			covered: ["add", "sub", "clamp-high"],
			missing: ["clamp-low"],
			matches: {
				add: ["adds two numbers"],
				sub: ["subtracts"],
				"clamp-high": ["clamps above the max"],
				"clamp-low": [],
			},
		});
		// Code lines 5, 6, 9, 10, 11, 13, 14, 16 are new; clamp(15, 0, 10) never runs line 11 (return min) nor 16 (return value).
		expect(figures.parts?.lines).toMatchObject({
			score: 0.75,
			reader: "v8",
			covered: 6,
			changed: 8,
			files: [{ path: "src/add.mjs", changed: 8, covered: 6, missed: [11, 16] }],
		});
		expect(result.score).toBeCloseTo(0.4 * 1 + 0.4 * 0.75 + 0.2 * 0.75, 4);
	});

	it("reads the same coverage under the process backend, where commands see the host's workdir path", async () => {
		const input = scoringInput(sprint, branch(root, "good-process", sprint.baseline, GOOD_BRANCH));
		const result = await corpusLayer({ ...input, sandbox: { backend: "process", allowUnisolated: true } });
		expect(result.figures).toMatchObject({ sandbox: "process", parts: { lines: { covered: 6, changed: 8 } } });
	});

	it("counts a test that fails on the etalon as invalid, and its behaviour as not covered", async () => {
		// The model's own sub is backwards, and its test asserts that: green on the branch, red on the etalon.
		const tree = branch(root, "backwards", sprint.baseline, {
			...GOOD_BRANCH,
			"src/add.mjs": MODEL_ADD.replace("(a, b) => a - b", "(a, b) => b - a"),
			"test/add.test.mjs": GOOD_TESTS.replace("assert.equal(sub(5, 3), 2)", "assert.equal(sub(5, 3), -2)"),
		});
		const result = await corpusLayer(scoringInput(sprint, tree));
		const figures = result.figures as Figures;
		expect(figures.parts?.valid).toMatchObject({ score: 0.6667, passed: 2, ran: 3 });
		expect(figures.parts?.behaviours).toMatchObject({
			score: 0.5,
			covered: ["add", "clamp-high"],
			missing: ["sub", "clamp-low"],
		});
		expect(figures.parts?.lines).toMatchObject({ score: 0.75, covered: 6 });
		expect((figures.failing_on_etalon as unknown as { test: string }[]).map((entry) => entry.test)).toEqual([
			"subtracts",
		]);
		expect(result.score).toBeCloseTo(0.4 * (2 / 3) + 0.4 * 0.5 + 0.2 * 0.75, 3);
	});

	it("scores a branch without test files 0, measured", async () => {
		const tree = branch(root, "untested", sprint.baseline, { ...GOOD_BRANCH, "test/add.test.mjs": null });
		const result = await corpusLayer(scoringInput(sprint, tree));
		expect(result).toMatchObject({ measured: true, score: 0, figures: { model_tests: [], run: null } });
	});

	it("renormalises the weights when lines cannot be measured (pytest without coverage.py)", async () => {
		const pyRoot = scratch("touchstone-corpus-py-");
		const py = buildSprint(pyRoot, {
			commands: {
				setup: [],
				ci: ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml=report.xml"],
				test: ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml=report.xml"],
				lint: null,
				test_report: "pytest",
				test_report_file: "report.xml",
			},
			superseded: [],
			mutation_patches: [],
		});
		writeFiles(py.baseline, { "calc.py": "def add(a, b):\n    return a + b\n" });
		writeFiles(join(py.etalon_path, "tree"), {
			"calc.py": "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n",
		});
		writeFiles(py.etalon_path, {
			"behaviours.yaml":
				"behaviours:\n  - { id: add, etalon_test: test_add, match: adds }\n  - { id: sub, etalon_test: test_sub, match: subtracts }\n  - { id: mul, etalon_test: test_mul, match: multiplies }\n",
		});
		rmSync(join(py.etalon_path, "tree", "src"), { recursive: true });
		rmSync(join(py.etalon_path, "tree", "test"), { recursive: true });
		const tree = branch(pyRoot, "py", py.baseline, {
			"calc.py": "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n",
			"test/test_calc.py":
				"from calc import add, sub\n\ndef test_adds():\n    assert add(2, 3) == 5\n\ndef test_subtracts():\n    assert sub(5, 3) == 2\n\ndef test_wrong():\n    assert sub(1, 1) == 1\n",
		});
		const result = await corpusLayer(scoringInput(py, tree));
		const figures = result.figures as Figures;
		expect(figures.run).toMatchObject({ tests: 3, passed: 2, failed: 1 });
		expect(figures.parts?.valid).toMatchObject({ score: 0.6667 });
		// test_adds and test_subtracts name add and sub; nothing names mul.
		expect(figures.parts?.behaviours).toMatchObject({ score: 0.6667, covered: ["add", "sub"], missing: ["mul"] });
		if (hostHasCoverage()) expect(figures.parts?.lines?.score).toEqual(expect.any(Number));
		else {
			expect(figures.parts?.lines).toMatchObject({
				score: null,
				reason: expect.stringMatching(/coverage\.py is not installed/),
			});
			expect(figures).toMatchObject({ renormalised: true, weights: { valid: 0.4, behaviours: 0.4, lines: null } });
			expect(String(figures.note)).toMatch(/^lines not measured/);
			expect(result.score).toBeCloseTo((0.4 * (2 / 3) + 0.4 * (2 / 3)) / 0.8, 3);
		}
	});

	it("is not measured when behaviours.yaml is invalid, naming the file, line and problem", async () => {
		const badRoot = scratch("touchstone-corpus-bad-");
		const bad = buildSprint(badRoot);
		writeFileSync(
			join(bad.etalon_path, "behaviours.yaml"),
			'behaviours:\n  - { id: add, etalon_test: etalon adds, match: "^adds" }\n  - { id: sub, etalon_test: x, match: "(" }\n  - { id: add, etalon_test: y }\n',
		);
		const result = await corpusLayer(scoringInput(bad, branch(badRoot, "good", bad.baseline, GOOD_BRANCH)));
		expect(result).toMatchObject({ measured: false, score: null });
		const file = join(bad.etalon_path, "behaviours.yaml");
		expect(result.reason).toContain(`${file}:3:`);
		expect(result.reason).toMatch(/behaviours\[1\]\.match: not a valid regex/);
		expect(result.reason).toContain(`${file}:4:`);
		expect(result.reason).toMatch(/behaviours\[2\]\.match: missing required key/);
		writeFileSync(
			file,
			"behaviours:\n  - { id: add, etalon_test: a, match: a }\n  - { id: add, etalon_test: b, match: b }\n",
		);
		const twice = await readEtalon(bad.etalon_path);
		expect(twice).toMatchObject({ ok: false, reason: expect.stringContaining(`${file}:3:`) });
		expect(twice.ok === false && twice.reason).toMatch(/behaviours\[1\]\.id: behaviour id `add` is used twice/);
	});

	it("is not measured when the etalon is missing", async () => {
		const result = await corpusLayer(
			scoringInput(
				{ ...sprint, etalon_path: join(root, "nowhere") },
				branch(root, "lost", sprint.baseline, GOOD_BRANCH),
			),
		);
		expect(result).toMatchObject({ measured: false, score: null, reason: expect.stringMatching(/no tree\/ folder/) });
	});
});

function hostHasCoverage(): boolean {
	try {
		execFileSync("python3", ["-m", "coverage", "--version"], { stdio: "ignore" });
		return true;
	} catch {
		return false;
	}
}

describe("a report the model's tests leave unreadable", () => {
	// The registry's test command writes its JUnit report from what the model's test file holds (a
	// stand-in for a suite that breaks its reporter), so the model decides whether a report exists.
	const rootOwn = scratch("touchstone-corpus-unreadable-");
	const printing = buildSprint(rootOwn);
	const own = {
		...printing,
		commands: {
			...printing.commands,
			test: ["sh", "-c", "cat test/*.xml > report.xml 2>/dev/null; test -s report.xml || rm -f report.xml"],
			test_report: "pytest" as const,
			test_report_file: "report.xml",
		},
		tests: ["test/**"],
	};

	it("is the model's failure: corpus and mutations are measured at 0, never dropped from the fold", async () => {
		// No *.xml among the model's tests: the command ran and left no report.
		const tree = branch(rootOwn, "no-report", own.baseline, GOOD_BRANCH);
		const corpus = await corpusLayer(scoringInput(own, tree));
		expect(corpus).toMatchObject({ layer: "corpus", measured: true, reason: null });
		expect((corpus.figures as Figures).run).toMatchObject({ ended: "unreadable" });
		expect(corpus.score).toBeLessThan(0.5);
		const mutations = await mutationsLayer(scoringInput(own, tree));
		expect(mutations).toMatchObject({ layer: "mutations", measured: true, score: 0, reason: null });
	});
});
