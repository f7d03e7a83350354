import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BadInputError, type PluginContext } from "../../contract/index.js";
import { findPlugin } from "../index.js";
import { kidsQaPlugin, kidsQaPrompt } from "./kids-qa-plugin.js";

const signal = new AbortController().signal;
const EXAMPLES = fileURLToPath(new URL("../../../examples/benchmarks", import.meta.url));

/** A context for case files written to a fresh folder, with no grading block and no jury. */
function contextWith(files: Record<string, string>): PluginContext {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-kids-qa-"));
	writeFileSync(join(dir, "use_cases.yaml"), "use_cases:\n  - id: demo\n    status: runnable\n    plugin: kids-qa\n");
	for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
	return {
		use_case_id: "demo",
		benchmarks_dir: dir,
		case_files: Object.keys(files).map((name) => join(dir, name)),
		tasks_dir: null,
		tasks: null,
		grading: {},
		prompt_template: null,
		rubric: null,
		jury: null,
	};
}

describe("the kids-qa plugin", () => {
	it("is registered, jury-graded, with the composite as headline and an accuracy gate", () => {
		expect(findPlugin("kids-qa")).toBe(kidsQaPlugin);
		expect(kidsQaPlugin).toMatchObject({ usesJury: true, defaultHeadline: "composite" });
	});

	it("loads the example pack with prompts built from the question and the age", async () => {
		const names = ["birds-dinosaurs", "hiccups", "moon-shape", "sky-blue"];
		const context: PluginContext = {
			...contextWith({}),
			benchmarks_dir: EXAMPLES,
			case_files: names.map((name) => join(EXAMPLES, "packs", "kids-qa", `${name}.yaml`)),
		};
		const cases = await kidsQaPlugin.createCaseSource(context).loadCases({ signal });
		expect(cases.map((data) => [data.id, data.kind])).toEqual([
			["birds-dinosaurs", "ceiling"],
			["hiccups", "floor"],
			["moon-shape", "floor"],
			["sky-blue", "floor"],
		]);
		expect(cases[3]?.input).toEqual({
			question: "Why is the sky blue?",
			age: 6,
			prompt: kidsQaPrompt("Why is the sky blue?", 6),
		});
		expect(cases[3]?.input.prompt).toBe(
			'A 6-year-old child asks: "Why is the sky blue?"\n\nAnswer the child directly, in words they understand, and keep them curious.',
		);
		expect(cases.every((data) => Array.isArray(data.reference?.key_facts) && data.threshold === 0.7)).toBe(true);
	});

	it("names a bad age and a misspelt reference key on their lines", async () => {
		const context = contextWith({
			"a.yaml": "input:\n  question: Why?\n  age: 40\nreference:\n  key_facts: [Because.]\n  misconception: [No.]\n",
		});
		try {
			await kidsQaPlugin.createCaseSource(context).loadCases({ signal });
			expect.unreachable();
		} catch (error) {
			expect(error).toBeInstanceOf(BadInputError);
			const issues = (error as BadInputError).issues;
			expect(issues.map((issue) => `${basename(issue.source)}:${issue.line}:${issue.column} ${issue.path}`)).toEqual([
				"a.yaml:3:8 input.age",
				"a.yaml:6:3 reference.misconception",
			]);
			expect(issues[0]?.message).toBe("expected a number <= 14, found the number 40");
			expect(issues[1]?.fix).toBe("did you mean `misconceptions`?");
		}
	});

	it("takes the weights and cap of the grading block into the rubric, keeping the inaccurate gate", () => {
		const context: PluginContext = {
			...contextWith({}),
			grading: { weights: { curiosity: 3 }, cap: 0 },
			jury: {
				id: "p",
				version: "jury@p",
				quorum: 1,
				jurors: [{ model: { id: "judge/a", options: {} } as never, provider: {} as never }],
			},
		};
		expect(kidsQaPlugin.createGrader(context).config.rubric).toMatchObject({
			numeric: { age_appropriateness: { weight: 1 }, curiosity: { weight: 3 } },
			gates: { inaccurate: {} },
			critical_failure: { gate: "inaccurate", cap: 0 },
		});
	});
});
