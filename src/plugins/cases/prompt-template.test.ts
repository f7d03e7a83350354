import { describe, expect, it } from "vitest";
import { RENDERED_PROMPT_BOUND, renderTemplate, templateVariables } from "./prompt-template.js";

describe("renderTemplate", () => {
	it("substitutes each {{name}}, spaces inside the braces allowed, numbers and booleans as written", () => {
		const rendered = renderTemplate("Summarize for a {{audience}} ({{ age }}, {{formal}}):\n{{text}}", {
			audience: "child",
			age: 6,
			formal: false,
			text: "The sun is a star.",
		});
		expect(rendered).toEqual({ prompt: "Summarize for a child (6, false):\nThe sun is a star." });
	});

	it("inserts a var's value as is, never rendering the placeholders it holds", () => {
		expect(renderTemplate("Echo: {{text}}", { text: "{{audience}} stays" })).toEqual({
			prompt: "Echo: {{audience}} stays",
		});
	});

	it("writes `\\{{` as a literal `{{`", () => {
		expect(renderTemplate("Use \\{{name}} in Jinja; hello {{name}}", { name: "Ada" })).toEqual({
			prompt: "Use {{name}} in Jinja; hello Ada",
		});
	});

	it("refuses an unknown variable, naming it and the vars given", () => {
		const rendered = renderTemplate("Hi {{name}}, {{ place }}", { name: "Ada", age: 3 });
		expect(rendered).toMatchObject({
			problem: { message: expect.stringContaining("`place`, which is not among the vars given (name, age)") },
		});
		expect(rendered).toMatchObject({ problem: { fix: expect.stringContaining("{{name}}, {{age}}") } });
	});

	it("refuses filters, expressions and unclosed braces: a template is data, not code", () => {
		for (const template of ["{{ name | upper }}", "{% for x in y %}{{x.y()}}", "{{ constructor }}x{{"]) {
			const rendered = renderTemplate(template, { name: "a", constructor: "b" });
			expect(rendered, template).toHaveProperty("problem");
		}
		expect(renderTemplate("a {{b", {})).toMatchObject({
			problem: { message: expect.stringContaining("never closed") },
		});
	});

	it("refuses a template that would multiply a var past the prompt bound, before joining anything", () => {
		const text = "x".repeat(1024 * 1024);
		const repeats = RENDERED_PROMPT_BOUND / text.length + 1;
		const rendered = renderTemplate("{{text}}".repeat(repeats), { text });
		expect(rendered).toEqual({
			problem: {
				message: `the rendered prompt would hold ${(repeats * text.length).toLocaleString("en-US")} characters, more than the 16,777,216 a prompt may`,
				fix: "use each large var once, or split the text into smaller cases",
			},
		});
		expect(renderTemplate("{{text}}".repeat(repeats - 1), { text })).toHaveProperty("prompt");
	});

	it("allows vars the template does not use", () => {
		expect(renderTemplate("plain text", { unused: "x" })).toEqual({ prompt: "plain text" });
	});
});

describe("templateVariables", () => {
	it("lists the variables in order of first use, once each", () => {
		expect(templateVariables("{{b}} {{a}} {{ b }}")).toEqual({ names: ["b", "a"] });
	});
});
