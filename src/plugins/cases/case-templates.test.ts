import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { defineCase, type InputIssue, type PluginContext } from "../../contract/index.js";
import { jurorMessages } from "../../graders/index.js";
import { benchmarksWith, loadCases, loadIssues } from "./test-context.js";

const CHECK = "checks:\n  - { metric: label, exact: billing }\n";

function where(issue: InputIssue): string {
	return `${basename(issue.source)}:${issue.line}:${issue.column} ${issue.path}`;
}

/** A context whose use case has `prompt_template`, with extra files written in the benchmarks folder. */
function withTemplate(context: PluginContext, template: string | null, files: Record<string, string | Buffer> = {}) {
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(join(context.benchmarks_dir, path, ".."), { recursive: true });
		writeFileSync(join(context.benchmarks_dir, path), text);
	}
	return { ...context, prompt_template: template };
}

describe("prompt templates in YAML cases", () => {
	it("render the case's own template with its vars, file vars loaded, and keep the vars, not the template", async () => {
		const context = withTemplate(
			benchmarksWith({
				"a.yaml": `input:\n  prompt_template: "Summarize for a {{audience}}:\\n{{ text }}"\n  vars: { audience: child, text: { file: docs/a.md }, n: 2 }\n  max_tokens: 50\n${CHECK}`,
			}),
			null,
			{ "docs/a.md": "The sun is a star.\n" },
		);
		const [loaded] = await loadCases(context);
		expect(loaded?.input).toEqual({
			prompt: "Summarize for a child:\nThe sun is a star.\n",
			vars: { audience: "child", text: "The sun is a star.\n", n: 2 },
			max_tokens: 50,
		});
	});

	it("render the use case's template for cases that give only vars; a case's own prompt wins", async () => {
		const context = withTemplate(
			benchmarksWith({
				"a.yaml": `input: { vars: { name: Ada } }\n${CHECK}`,
				"b.yaml": `input: { prompt: own words }\n${CHECK}`,
			}),
			"Greet {{name}}.",
		);
		const cases = await loadCases(context);
		expect(cases.map((data) => data.input)).toEqual([
			{ prompt: "Greet Ada.", vars: { name: "Ada" } },
			{ prompt: "own words" },
		]);
	});

	it("give the same input for two templates that render the same text", async () => {
		const one = await loadCases(
			withTemplate(benchmarksWith({ "a.yaml": `input: { vars: { x: "1" } }\n${CHECK}` }), "n={{x}}"),
		);
		const two = await loadCases(
			withTemplate(benchmarksWith({ "a.yaml": `input: { vars: { x: "1" } }\n${CHECK}` }), "n={{ x }}"),
		);
		expect(one[0]?.input).toEqual(two[0]?.input);
	});

	it("place an unknown variable at the template, listing the vars given", async () => {
		const context = benchmarksWith({
			"a.yaml": `id: a\ninput:\n  prompt_template: "Hi {{nmae}}"\n  vars: { name: Ada }\n${CHECK}`,
		});
		const issues = await loadIssues(context);
		expect(issues.map(where)).toEqual(["a.yaml:3:20 input.prompt_template"]);
		expect(issues[0]?.message).toContain("`nmae`, which is not among the vars given (name)");
		expect(issues[0]?.fix).toContain("{{name}}");
	});

	it("place an unknown variable of the use case's template at the case's vars", async () => {
		const issues = await loadIssues(
			withTemplate(benchmarksWith({ "a.yaml": `input:\n  vars: { name: Ada }\n${CHECK}` }), "Hi {{place}}"),
		);
		expect(issues.map(where)).toEqual(["a.yaml:2:9 input.vars"]);
		expect(issues[0]?.message).toContain("the use case's `prompt_template`");
	});

	it("refuse vars with no template to render them into, naming both places a template may go", async () => {
		const issues = await loadIssues(benchmarksWith({ "a.yaml": `input:\n  vars: { name: Ada }\n${CHECK}` }));
		expect(issues.map((issue) => `${where(issue)} ${issue.message}`)).toEqual([
			"a.yaml:2:3 input.vars the case gives `vars` but no template to render them into, and no `prompt`",
		]);
		expect(issues[0]?.fix).toBe("add `prompt_template:` to the case's input, or to the use case in use_cases.yaml");
	});

	it("refuse a file var that escapes the benchmarks folder, is missing, is a link out, or is not UTF-8", async () => {
		const context = withTemplate(
			benchmarksWith({
				"a.yaml": `input:\n  prompt_template: "{{a}}{{b}}{{c}}{{d}}"\n  vars:\n    a: { file: ../outside.md }\n    b: { file: docs/missing.md }\n    c: { file: docs/link.md }\n    d: { file: docs/latin1.md }\n${CHECK}`,
			}),
			null,
			{ "docs/latin1.md": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) },
		);
		const outside = join(mkdtempSync(join(tmpdir(), "touchstone-outside-")), "secret.md");
		writeFileSync(outside, "not for the model");
		symlinkSync(outside, join(context.benchmarks_dir, "docs", "link.md"));
		const issues = await loadIssues(context);
		expect(issues.map(where)).toEqual([
			"latin1.md:1:4 ",
			"a.yaml:4:16 input.vars.a.file",
			"a.yaml:5:16 input.vars.b.file",
			"a.yaml:6:16 input.vars.c.file",
		]);
		expect(issues[0]?.message).toContain("not UTF-8");
		expect(issues[1]?.message).toContain("climbs out of the benchmarks folder");
		expect(issues[2]?.message).toContain("cannot read the file of var `b`");
		expect(issues[3]?.message).toContain("outside the benchmarks folder");
	});

	it("refuse a case with both prompt and prompt_template, and a var that is a list", async () => {
		const issues = await loadIssues(
			benchmarksWith({
				"a.yaml": `input:\n  prompt: x\n  prompt_template: "{{v}}"\n  vars: { v: [1, 2] }\n${CHECK}`,
			}),
		);
		expect(issues.map((issue) => `${where(issue)} ${issue.message}`)).toEqual([
			"a.yaml:2:3 input.prompt a case gives either `prompt` or `prompt_template`, not both",
			"a.yaml:4:14 input.vars.v a var is a string, a number, a boolean or `{ file: path }`",
		]);
	});

	it("refuse a use case template that is not a template, once, not once per case", async () => {
		const context = withTemplate(
			benchmarksWith({
				"a.yaml": `input: { vars: { a: x } }\n${CHECK}`,
				"b.yaml": `input: { vars: { a: y } }\n${CHECK}`,
			}),
			"{{ a | upper }}",
		);
		const issues = await loadIssues(context);
		expect(issues.map((issue) => `${basename(issue.source)} ${issue.path}`)).toEqual([
			"use_cases.yaml prompt_template",
		]);
		expect(issues[0]?.message).toContain("no filters");
	});

	it("show the jurors the rendered prompt once, not the vars it was rendered from again", async () => {
		const context = withTemplate(
			benchmarksWith({ "a.yaml": `input: { vars: { text: "The sun is a star." } }\n${CHECK}` }),
			"Summarize the text below.\nText: {{text}}\nEnd of text.",
		);
		const [loaded] = await loadCases(context);
		const messages = jurorMessages({
			rubric: { numeric: { accuracy: { weight: 1, description: "right" } }, gates: {}, critical_failure: null },
			instructions: "Grade it.",
			testCase: defineCase(loaded as NonNullable<typeof loaded>),
			output: "A star.",
		});
		const task = String(messages[1]?.content).split("## Reference")[0] ?? "";
		expect(task).toContain("Summarize the text below.");
		expect(task).not.toContain("vars");
		expect(task.split("The sun is a star.")).toHaveLength(2);
	});
});
