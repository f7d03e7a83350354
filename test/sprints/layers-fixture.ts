import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";
import type { SprintDefinition } from "../../src/contract/index.js";
import type { SprintScoringInput } from "../../src/graders/index.js";

/**
 * A tiny sprint for the gates, corpus and mutation layers: the baseline has `add`; the plan asks
 * for `sub` and `clamp` and to delete test/old.test.mjs. Every figure the tests check follows
 * from these texts by hand (see the comments on ETALON_ADD).
 */

const TEST_COMMAND = ["node", "--test", "--test-reporter=tap", "test/"];

export const BASELINE_ADD = `export function add(a, b) {
	return a + b;
}
`;

/**
 * The etalon's src/add.mjs. Lines 4-17 are new against the baseline; of those, the lines of code
 * are 5, 6, 9, 10, 11, 13, 14, 16 (4 and 8 are blank, 7, 12, 15, 17 a lone `}`).
 */
export const ETALON_ADD = `export function add(a, b) {
	return a + b;
}

export function sub(a, b) {
	return a - b;
}

export function clamp(value, min, max) {
	if (value < min) {
		return min;
	}
	if (value > max) {
		return max;
	}
	return value;
}
`;

const imports = `import test from "node:test";\nimport assert from "node:assert/strict";\nimport { add, sub, clamp } from "../src/add.mjs";\n`;

/** The model's tests of a good branch: `add`, `sub` and clamp above the max (not below the min). */
export const GOOD_TESTS = `${imports}
test("adds two numbers", () => assert.equal(add(2, 3), 5));
test("subtracts", () => assert.equal(sub(5, 3), 2));
test("clamps above the max", () => assert.equal(clamp(15, 0, 10), 10));
`;

/** The model's own implementation (another spelling of the etalon's). */
export const MODEL_ADD = `export const add = (a, b) => a + b;
export const sub = (a, b) => a - b;
export const clamp = (value, min, max) => Math.min(max, Math.max(min, value));
`;

/** A disposable folder per test file. */
export function scratch(prefix: string): string {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	afterAll(() => rmSync(dir, { recursive: true, force: true }));
	return dir;
}

/** Writes `files` (path → text; null deletes) under `root`. */
export function writeFiles(root: string, files: Readonly<Record<string, string | null>>): void {
	for (const [path, text] of Object.entries(files)) {
		const target = join(root, path);
		if (text === null) rmSync(target, { force: true });
		else {
			mkdirSync(dirname(target), { recursive: true });
			writeFileSync(target, text);
		}
	}
}

/** The sprint folder: baseline, etalon (tree/ and behaviours.yaml) and three patches (the last one does not apply). */
export function buildSprint(
	root: string,
	overrides: Partial<SprintDefinition> = {},
): SprintDefinition & { baseline: string } {
	const dir = join(root, "sprint");
	const baseline = join(root, "baseline");
	writeFiles(baseline, {
		"src/add.mjs": BASELINE_ADD,
		"test/add.test.mjs": `import test from "node:test";\nimport assert from "node:assert/strict";\nimport { add } from "../src/add.mjs";\ntest("adds two numbers", () => assert.equal(add(2, 3), 5));\n`,
		"test/old.test.mjs": `import test from "node:test";\ntest("the old way", () => {});\n`,
		"README.md": "# calc\n",
	});
	writeFiles(join(dir, "etalon", "tree"), {
		"src/add.mjs": ETALON_ADD,
		"test/add.test.mjs": `${imports}test("etalon adds", () => assert.equal(add(1, 1), 2));\n`,
	});
	writeFiles(join(dir, "etalon"), {
		"behaviours.yaml": `behaviours:
  - { id: add, etalon_test: etalon adds, match: "^adds" }
  - { id: sub, etalon_test: etalon subtracts, match: "subtract" }
  - { id: clamp-low, etalon_test: etalon clamps low, match: "clamps? below" }
  - { id: clamp-high, etalon_test: etalon clamps high, match: "clamps? above" }
`,
	});
	const patches = join(dir, "mutations");
	writeFiles(patches, {
		// Breaks `sub`: the good corpus tests it, so this mutant is killed.
		"01-sub-sign.patch": `--- a/src/add.mjs\n+++ b/src/add.mjs\n@@ -5,3 +5,3 @@\n export function sub(a, b) {\n-\treturn a - b;\n+\treturn a + b;\n }\n`,
		// Breaks clamp below the min: the good corpus never tests it, so this mutant survives.
		"02-clamp-low.patch": `--- a/src/add.mjs\n+++ b/src/add.mjs\n@@ -10,3 +10,3 @@\n \tif (value < min) {\n-\t\treturn min;\n+\t\treturn max;\n \t}\n`,
		// Its context is not in the etalon: it does not apply, and is excluded.
		"03-stale.patch": `--- a/src/add.mjs\n+++ b/src/add.mjs\n@@ -1,3 +1,3 @@\n export function mul(a, b) {\n-\treturn a * b;\n+\treturn a / b;\n }\n`,
	});
	const sprint: SprintDefinition = {
		id: "calc",
		title: "calc",
		dir,
		source: { repo: "../calc.git", baseline: "1a2b3c4d" },
		plan_path: null,
		milestones: [{ id: "M01", title: "sub and clamp", body: "Add sub and clamp; delete test/old.test.mjs." }],
		guide_path: join(dir, "guide.md"),
		workspace: "{sprint}-{model_slug}",
		branch: "bench/{model_slug}",
		scope: ["src/**", "test/**"],
		commands: {
			setup: [],
			ci: TEST_COMMAND,
			test: TEST_COMMAND,
			lint: null,
			test_report: "node-test",
			test_report_file: null,
		},
		tests: ["test/**"],
		superseded: ["test/old.test.mjs"],
		etalon_path: join(dir, "etalon"),
		mutation_patches: ["01-sub-sign.patch", "02-clamp-low.patch", "03-stale.patch"].map((name) => join(patches, name)),
		scoring: {
			weights: { gates: 1, corpus: 1, mutations: 1 },
			corpus: { valid: 0.4, behaviours: 0.4, lines: 0.2 },
			thresholds: {},
		},
		reviewers: null,
		attempts: 2,
		orchestration: "direct",
		budget: { turns_per_milestone: null, tokens: null, cost_usd: null, wall_clock_s: null },
		...overrides,
	};
	return { ...sprint, baseline };
}

/** A finished branch: a copy of the baseline with `files` written over it (null deletes). */
export function branch(
	root: string,
	name: string,
	baseline: string,
	files: Readonly<Record<string, string | null>>,
): string {
	const tree = join(root, "branches", name);
	cpSync(baseline, tree, { recursive: true });
	writeFiles(tree, files);
	return tree;
}

/** The good branch's files: the model's implementation and tests, the superseded test gone. */
export const GOOD_BRANCH = {
	"src/add.mjs": MODEL_ADD,
	"test/add.test.mjs": GOOD_TESTS,
	"test/old.test.mjs": null,
} as const;

/** The layers' input over `tree`, in the sandbox this machine has (bubblewrap, else the process backend). */
export function scoringInput(sprint: SprintDefinition & { baseline: string }, tree: string): SprintScoringInput {
	return {
		sprint,
		tree,
		baselineTree: sprint.baseline,
		sandbox: { backend: "auto", allowUnisolated: true },
		signal: new AbortController().signal,
	};
}
