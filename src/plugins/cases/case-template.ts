import type { InputIssue } from "../../contract/index.js";
import { type DocumentPath, isRecord, type YamlDocument } from "../../input/index.js";
import { resolveVars } from "./case-vars.js";
import { renderTemplate, type VarValue } from "./prompt-template.js";

/** What a case's template is rendered with: the benchmarks folder (for `{ file: }` vars) and the use case's template. */
export interface TemplateSettings {
	/** Absolute path of the benchmarks folder; `{ file: }` vars are read inside it. */
	readonly benchmarks_dir: string;
	/** The use case's `prompt_template`, for cases that give no `prompt` of their own; null when none. */
	readonly prompt_template: string | null;
}

/** A case's data with its template rendered, and its resolved vars (null when it has none). */
export interface RenderedCase {
	readonly data: unknown;
	readonly vars: Record<string, VarValue> | null;
	readonly issues: InputIssue[];
}

/**
 * Renders a case's prompt template into its `input.prompt`, before the case is validated: the
 * case's own `input.prompt_template`, else the use case's when the case gives no `prompt`. Its
 * `input.vars` are resolved (files loaded) and returned apart, so that a plugin's input schema
 * sees only a prompt; `prompt_template` is dropped, so the rendered prompt, not the template, is
 * what the cell key hashes. A case without template or vars is returned as it is.
 */
export function renderCaseTemplate(data: unknown, document: YamlDocument, settings: TemplateSettings): RenderedCase {
	if (!isRecord(data) || !isRecord(data.input)) return { data, vars: null, issues: [] };
	const input = data.input;
	const own = Object.hasOwn(input, "prompt_template");
	const fromUseCase = !own && !Object.hasOwn(input, "prompt") && settings.prompt_template !== null;
	if (!own && !fromUseCase && !Object.hasOwn(input, "vars")) return { data, vars: null, issues: [] };
	const { prompt_template: template, vars: written, ...rest } = input;
	const resolved =
		written === undefined ? { vars: {}, issues: [] } : resolveVars(written, document, settings.benchmarks_dir);
	const issues = resolved.issues;
	if (own && Object.hasOwn(input, "prompt"))
		issues.push(
			document.issue({
				path: ["input", "prompt"],
				message: "a case gives either `prompt` or `prompt_template`, not both",
				fix: "remove `prompt`, or remove `prompt_template` and `vars`",
				atKey: true,
			}),
		);
	if (own && (typeof template !== "string" || template === ""))
		issues.push(
			document.issue({
				path: ["input", "prompt_template"],
				message: "`prompt_template` must be a non-empty text",
				fix: 'write the prompt with `{{name}}` placeholders, e.g. "Summarize for a {{audience}}:\\n{{text}}"',
			}),
		);
	if (!own && !fromUseCase && !Object.hasOwn(input, "prompt"))
		issues.push(
			document.issue({
				path: ["input", "vars"],
				message: "the case gives `vars` but no template to render them into, and no `prompt`",
				fix: "add `prompt_template:` to the case's input, or to the use case in use_cases.yaml",
				atKey: true,
			}),
		);
	if (issues.length > 0) return { data: null, vars: null, issues };
	if (!own && !fromUseCase) return { data: { ...data, input: rest }, vars: resolved.vars, issues };
	const rendered = renderTemplate(own ? (template as string) : (settings.prompt_template as string), resolved.vars);
	if ("problem" in rendered) {
		const path: DocumentPath = own
			? ["input", "prompt_template"]
			: written === undefined
				? ["input"]
				: ["input", "vars"];
		const where = own ? "" : " (the use case's `prompt_template`)";
		issues.push(document.issue({ path, message: rendered.problem.message + where, fix: rendered.problem.fix }));
		return { data: null, vars: null, issues };
	}
	return { data: { ...data, input: { ...rest, prompt: rendered.prompt } }, vars: resolved.vars, issues };
}
