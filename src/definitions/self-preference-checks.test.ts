import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BadInputError, type InputIssue } from "../contract/index.js";
import { loadDefinitions } from "./load-definitions.js";

const roots: string[] = [];
afterEach(() => {
	for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const MODELS = `models:
  - id: acme/large
    provider: openai-compatible
    model: acme-large
    base_url: http://localhost:8000/v1
    role: anchor
    tags: { family: acme }
  - id: acme/small
    provider: openai-compatible
    model: acme-small
    base_url: http://localhost:8000/v1
    tags: { family: ACME }
  - id: other/judge
    provider: openai-compatible
    model: other-judge
    base_url: http://localhost:8000/v1
    role: anchor
  - id: plain/model
    provider: openai-compatible
    model: plain
    base_url: http://localhost:8000/v1
`;

const panels = (extra: string) => `default: p
panels:
  - id: p
    version: v1
    jurors: [acme/large, other/judge]
    quorum: 2
${extra}`;

const USE_CASES = `use_cases:
  - id: summaries
    status: runnable
    modality: { input: text, output: text }
    plugin: summarization
    fleet: [plain/model, acme/small, other/judge]
`;

function load(panelText: string, juryPlugins: readonly string[] = ["summarization"]) {
	const root = mkdtempSync(join(tmpdir(), "touchstone-self-preference-"));
	roots.push(root);
	const dir = join(root, "benchmarks");
	mkdirSync(dir);
	writeFileSync(join(dir, "models.yaml"), MODELS);
	writeFileSync(join(dir, "judge_panels.yaml"), panelText);
	writeFileSync(join(dir, "use_cases.yaml"), USE_CASES);
	return loadDefinitions(dir, { juryPlugins });
}

describe("self-preference in use_cases.yaml", () => {
	it("warns, located at the fleet entry, for a juror of a candidate's family and for a juror in the fleet", () => {
		const { warnings } = load(panels(""));
		expect(warnings.map((warning) => [warning.path, warning.line])).toEqual([
			["use_cases[0].fleet[1]", 6],
			["use_cases[0].fleet[2]", 6],
		]);
		expect(warnings[0]?.message).toBe(
			"use case `summaries`: juror `acme/large` of panel `p` judges candidate `acme/small`, of its own family, and may favour its own output",
		);
		expect(warnings[1]?.message).toContain(
			"juror `other/judge` of panel `p` judges candidate `other/judge`, which is the same model",
		);
		expect(warnings[0]?.fix).toContain("exclude_own_family: true");
	});

	it("checks only the use cases graded by a jury", () => {
		expect(load(panels(""), []).warnings).toEqual([]);
	});

	it("with exclude_own_family, does not warn, and refuses a candidate left below the quorum", () => {
		let issues: readonly InputIssue[] = [];
		try {
			load(panels("    exclude_own_family: true\n"));
		} catch (error) {
			if (!(error instanceof BadInputError)) throw error;
			issues = error.issues;
		}
		expect(issues.map((issue) => issue.path)).toEqual(["use_cases[0].fleet[1]", "use_cases[0].fleet[2]"]);
		expect(issues[0]?.message).toBe(
			"use case `summaries`: panel `p` excludes `acme/large` (same-family) from judging candidate `acme/small` (exclude_own_family), which leaves 1 juror, below its quorum of 2",
		);
		expect(issues[0]?.fix).toContain("add a juror of another family");
	});

	it("with exclude_own_family and a quorum the other jurors meet, loads without warnings", () => {
		const text = panels("    exclude_own_family: true\n").replace("quorum: 2", "quorum: 1");
		const definitions = load(text);
		expect(definitions.warnings).toEqual([]);
		expect(definitions.panels[0]).toMatchObject({ exclude_own_family: true, quorum: 1 });
	});
});
