/**
 * Prompt templates: text with `{{name}}` placeholders (spaces inside the braces allowed), each
 * replaced by the text of the var of that name. Deliberately not a template language: no filters,
 * conditions, loops or expressions, so a template is data and rendering one runs no code. `\{{`
 * writes a literal `{{`; a var's value is inserted as is and never rendered again.
 */

import { INPUT_BOUNDS } from "../../input/index.js";

/**
 * The longest prompt a template may render, in UTF-16 code units: the bound of one input file.
 * A template repeating a file var can otherwise multiply it without limit (`{{text}}` a
 * thousand times over a 16 MiB file is 16 GB), so the size is summed before anything is joined.
 */
export const RENDERED_PROMPT_BOUND = INPUT_BOUNDS.fileBytes;

/** A var's name: a letter or `_`, then letters, digits, `_` or `-`. Table columns are var names. */
export const VAR_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A var's value once resolved: a scalar as written, or a file's text. */
export type VarValue = string | number | boolean;

/** What is wrong with a template, before it is placed in its file. */
export interface TemplateProblem {
	readonly message: string;
	readonly fix: string;
}

type Part = { readonly text: string } | { readonly variable: string };

const LITERAL_FIX = "write `{{name}}` with the name of a var, or `\\{{` for a literal `{{`";

/** The template cut into literal text and placeholders, or why it is not a template. */
function parseTemplate(template: string): { parts: Part[] } | { problem: TemplateProblem } {
	const parts: Part[] = [];
	let text = "";
	let from = 0;
	for (let open = template.indexOf("{{"); open >= 0; open = template.indexOf("{{", from)) {
		if (template[open - 1] === "\\") {
			text += `${template.slice(from, open - 1)}{{`;
			from = open + 2;
			continue;
		}
		const close = template.indexOf("}}", open + 2);
		const line = template.slice(0, open).split("\n").length;
		if (close < 0)
			return {
				problem: {
					message: `the \`{{\` on line ${line} of the template is never closed with \`}}\``,
					fix: LITERAL_FIX,
				},
			};
		const name = template.slice(open + 2, close).trim();
		if (!VAR_NAME_PATTERN.test(name))
			return {
				problem: {
					message: `\`${template.slice(open, close + 2)}\` (line ${line} of the template) is not a variable: a template holds only \`{{name}}\` placeholders, no filters, conditions, loops or code`,
					fix: LITERAL_FIX,
				},
			};
		parts.push({ text: text + template.slice(from, open) }, { variable: name });
		text = "";
		from = close + 2;
	}
	parts.push({ text: text + template.slice(from) });
	return { parts };
}

/** The distinct variables a template uses, in order of first use, or why it is not a template. */
export function templateVariables(template: string): { names: string[] } | { problem: TemplateProblem } {
	const parsed = parseTemplate(template);
	if ("problem" in parsed) return parsed;
	const names = parsed.parts.flatMap((part) => ("variable" in part ? [part.variable] : []));
	return { names: [...new Set(names)] };
}

/** The problem naming the variables a template uses that `given` lacks; null when none is missing. */
export function unknownVariables(used: readonly string[], given: readonly string[]): TemplateProblem | null {
	const unknown = used.filter((name) => !given.includes(name));
	if (unknown.length === 0) return null;
	const names = unknown.map((name) => `\`${name}\``).join(", ");
	return {
		message: `the template uses ${unknown.length === 1 ? "the variable" : "the variables"} ${names}, which ${unknown.length === 1 ? "is" : "are"} not among the vars given (${given.length === 0 ? "none" : given.join(", ")})`,
		fix: `add ${names} to the vars, or use only the vars given: ${given.length === 0 ? "(none)" : given.map((name) => `{{${name}}}`).join(", ")}`,
	};
}

/**
 * Renders a template with `vars`: each placeholder becomes its var's text (numbers and booleans as
 * written). Strict: a variable not among `vars` is a problem, never an empty string. Vars the
 * template does not use are allowed (a table may carry columns for humans or checks).
 */
export function renderTemplate(
	template: string,
	vars: Readonly<Record<string, VarValue>>,
): { prompt: string } | { problem: TemplateProblem } {
	const parsed = parseTemplate(template);
	if ("problem" in parsed) return parsed;
	const used = parsed.parts.flatMap((part) => ("variable" in part ? [part.variable] : []));
	const problem = unknownVariables(used, Object.keys(vars));
	if (problem !== null) return { problem };
	const pieces = parsed.parts.map((part) => ("variable" in part ? String(vars[part.variable]) : part.text));
	const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
	if (length > RENDERED_PROMPT_BOUND)
		return {
			problem: {
				message: `the rendered prompt would hold ${length.toLocaleString("en-US")} characters, more than the ${RENDERED_PROMPT_BOUND.toLocaleString("en-US")} a prompt may`,
				fix: "use each large var once, or split the text into smaller cases",
			},
		};
	return { prompt: pieces.join("") };
}
