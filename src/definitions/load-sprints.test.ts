import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/support/cli.js";
import { BadInputError, type InputIssue } from "../contract/index.js";
import { loadSprints } from "./load-sprints.js";

const VALID = `title: Refactor the calculator
source:
  repo: ../repos/calc.git
  baseline: 1a2b3c4d
plan: docs/plan.md
scope: [src/**, test/**]
commands:
  setup: [[npm, ci]]
  ci: [npm, test]
  test: [npm, test]
  test_report: node-test
scoring:
  weights: { corpus: 0.5, mutations: 0.3, process: 0.2 }
  thresholds: { min_kill_rate: 0.6 }
`;

/** A benchmarks/ folder with one sprint `calc`; `yaml` replaces its sprint.yaml, `files` adds or skips parts. */
function benchmarks(
	yaml = VALID,
	files: { guide?: boolean; etalon?: boolean; patches?: readonly string[] } = {},
): string {
	const root = tempDir("touchstone-sprints-");
	const dir = join(root, "sprints", "calc");
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, "sprint.yaml"), yaml);
	if (files.guide !== false) writeFileSync(join(dir, "guide.md"), "# Rules\nNever ask; decide.\n");
	if (files.etalon !== false) mkdirSync(join(dir, "etalon"));
	mkdirSync(join(dir, "mutations"));
	for (const patch of files.patches ?? ["02-off-by-one.patch", "01-sign.patch"])
		writeFileSync(join(dir, "mutations", patch), "--- a/x\n+++ b/x\n");
	return root;
}

function problems(root: string): InputIssue[] {
	try {
		loadSprints(root);
	} catch (error) {
		if (error instanceof BadInputError) return [...error.issues];
		throw error;
	}
	throw new Error("expected the sprints to be refused");
}

describe("sprint registry entries (sprints/<id>/sprint.yaml)", () => {
	it("loads an entry with its defaults, paths resolved in its folder and patches sorted", () => {
		const root = benchmarks();
		const [sprint] = loadSprints(root);
		const dir = join(root, "sprints", "calc");
		expect(sprint).toEqual({
			id: "calc",
			title: "Refactor the calculator",
			dir,
			source: { repo: "../repos/calc.git", baseline: "1a2b3c4d" },
			plan_path: "docs/plan.md",
			milestones: null,
			guide_path: join(dir, "guide.md"),
			workspace: "{sprint}-{model_slug}-{orchestration}",
			branch: "bench/{model_slug}",
			scope: ["src/**", "test/**"],
			commands: {
				setup: [["npm", "ci"]],
				ci: ["npm", "test"],
				test: ["npm", "test"],
				lint: null,
				test_report: "node-test",
				test_report_file: null,
			},
			tests: ["test/**", "tests/**"],
			superseded: [],
			etalon_path: join(dir, "etalon"),
			mutation_patches: [join(dir, "mutations", "01-sign.patch"), join(dir, "mutations", "02-off-by-one.patch")],
			scoring: {
				weights: { corpus: 0.5, mutations: 0.3, process: 0.2 },
				corpus: { valid: 0.4, behaviours: 0.4, lines: 0.2 },
				thresholds: { min_kill_rate: 0.6 },
			},
			reviewers: null,
			attempts: 2,
			orchestration: "direct",
			budget: { turns_per_milestone: null, tokens: null, cost_usd: null, wall_clock_s: null },
		});
	});

	it("takes milestones listed in the entry instead of a plan file", () => {
		const yaml = VALID.replace(
			"plan: docs/plan.md\n",
			"milestones:\n  - { id: M01, title: Extract, brief: Move the tokenizer. }\n  - { id: M02, title: Replace, brief: Use Pratt. }\n",
		);
		const [sprint] = loadSprints(benchmarks(yaml));
		expect(sprint?.plan_path).toBeNull();
		expect(sprint?.milestones).toEqual([
			{ id: "M01", title: "Extract", body: "Move the tokenizer." },
			{ id: "M02", title: "Replace", body: "Use Pratt." },
		]);
	});

	it("refuses a reviewer panel judge_panels.yaml does not define, suggesting the closest", () => {
		const root = benchmarks(`${VALID}reviewers: frontier-reviewrs\n`);
		expect(loadSprints(root)[0]?.reviewers).toBe("frontier-reviewrs");
		const [issue] = (() => {
			try {
				loadSprints(root, { panels: ["default", "frontier-reviewers"] });
			} catch (error) {
				if (error instanceof BadInputError) return error.issues;
			}
			return [];
		})();
		expect(issue).toMatchObject({
			line: 15,
			message: "no judge panel `frontier-reviewrs` in judge_panels.yaml",
			fix: "did you mean `frontier-reviewers`?",
		});
	});

	it("is no sprints at all without a sprints/ folder", () => {
		expect(loadSprints(tempDir())).toEqual([]);
	});

	it("refuses a bad entry with every problem on its line, saying how to fix it", () => {
		const yaml = `source:
  repo: ../repos/calc.git
  baseline: main
plan: ../outside.md
milestones:
  - { id: M01, title: A, brief: a }
workspace: "{sprint}"
branch: "bench/{model_slug}/{user}"
scope: []
commands:
  ci: []
  test: [npm, test]
  test_report: node-test
scoring:
  weights: { corpus: 0 }
colour: blue
`;
		const found = problems(benchmarks(yaml));
		const summary = found.map((issue) => [issue.line, issue.message]);
		expect(summary).toEqual(
			expect.arrayContaining([
				[3, expect.stringContaining("the baseline is a commit id")],
				[4, expect.stringContaining("must be a relative path that stays inside its folder")],
				[7, expect.stringContaining("must contain {model_slug}")],
				[8, expect.stringContaining("unknown placeholder {user}")],
				[9, "expected at least 1 item, found 0"],
				[11, "expected at least 1 item, found 0"],
				[15, expect.stringContaining("at least one layer needs a weight above 0")],
				[16, expect.stringContaining("colour")],
			]),
		);
		for (const issue of found) expect(issue.fix, issue.message).not.toBeNull();
	});

	it("refuses both a plan and a list, neither, and a milestone listed twice", () => {
		const both = VALID.replace(
			"plan: docs/plan.md\n",
			"plan: docs/plan.md\nmilestones: [{ id: M01, title: A, brief: a }]\n",
		);
		expect(problems(benchmarks(both)).map((issue) => issue.message)).toEqual([
			"give `plan:` or `milestones:`, not both",
		]);
		const neither = VALID.replace("plan: docs/plan.md\n", "");
		expect(problems(benchmarks(neither))[0]?.message).toContain("neither `plan:` nor `milestones:`");
		const twice = VALID.replace(
			"plan: docs/plan.md\n",
			"milestones:\n  - { id: M01, title: A, brief: a }\n  - { id: M01, title: B, brief: b }\n",
		);
		expect(problems(benchmarks(twice)).map((issue) => [issue.line, issue.message])).toEqual([
			[7, "milestone M01 is listed twice"],
		]);
	});

	it("refuses a missing guide, etalon or mutation set, and a guide that leads out of the folder", () => {
		const missing = problems(benchmarks(VALID, { guide: false, etalon: false, patches: [] }));
		expect(missing.map((issue) => issue.message).sort()).toEqual([
			"mutations holds no *.patch",
			"no etalon folder etalon in the sprint folder",
			"no runbook at guide.md in the sprint folder",
		]);
		const root = benchmarks(VALID, { guide: false });
		writeFileSync(join(root, "secret.md"), "outside");
		symlinkSync(join(root, "secret.md"), join(root, "sprints", "calc", "guide.md"));
		expect(problems(root)[0]?.message).toContain("guide.md leads outside the sprint's folder");
	});

	it("says a folder without sprint.yaml has none, and skips _shared folders", () => {
		const root = benchmarks();
		mkdirSync(join(root, "sprints", "empty"));
		mkdirSync(join(root, "sprints", "_shared"));
		const found = problems(root);
		expect(found.map((issue) => issue.message)).toEqual(["the sprint folder has no sprint.yaml"]);
		expect(found[0]?.source).toContain(join("sprints", "empty", "sprint.yaml"));
	});
});
