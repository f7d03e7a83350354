import type { JsonValue } from "../contract/index.js";
import { compilePattern } from "./pattern.js";
import type { ScriptRule } from "./script-schema.js";
import type { Conversation } from "./wire.js";

/** A rule with its regexes compiled once, when the server starts. */
export interface CompiledRule {
	/** The rule as scripted. */
	readonly rule: ScriptRule;
	/** `when.user`, compiled. */
	readonly user: RegExp | null;
	/** `when.system`, compiled. */
	readonly system: RegExp | null;
	/** `when.tool_result`, compiled. */
	readonly toolResult: RegExp | null;
}

/** The rule that matched, and the capture groups of its `user` regex (`$1` is `groups[1]`). */
export interface RuleMatch {
	/** The matching rule. */
	readonly rule: ScriptRule;
	/** The `user` regex match; index 0 is the whole match. Empty when the rule has no `user` regex. */
	readonly groups: readonly (string | undefined)[];
}

/** Compiles the regexes of a model's rules. */
export function compileRules(rules: readonly ScriptRule[]): CompiledRule[] {
	return rules.map((rule) => ({
		rule,
		user: rule.when?.user === undefined ? null : compilePattern(rule.when.user),
		system: rule.when?.system === undefined ? null : compilePattern(rule.when.system),
		toolResult: rule.when?.tool_result === undefined ? null : compilePattern(rule.when.tool_result),
	}));
}

/**
 * The first rule whose every condition holds, or null. A text condition on something the
 * conversation lacks (no system prompt, no tool result yet) does not hold.
 */
export function matchRule(rules: readonly CompiledRule[], conversation: Conversation): RuleMatch | null {
	for (const compiled of rules) {
		const when = compiled.rule.when;
		if (when?.turn !== undefined && when.turn !== conversation.turn) continue;
		if (when?.has_tools !== undefined && when.has_tools !== conversation.hasTools) continue;
		if (!holds(compiled.system, conversation.systemText)) continue;
		if (!holds(compiled.toolResult, conversation.toolResultText)) continue;
		if (compiled.user === null) return { rule: compiled.rule, groups: [] };
		if (conversation.userText === null) continue;
		const match = compiled.user.exec(conversation.userText);
		if (match !== null) return { rule: compiled.rule, groups: [...match] };
	}
	return null;
}

function holds(pattern: RegExp | null, text: string | null): boolean {
	return pattern === null || (text !== null && pattern.test(text));
}

const PLACEHOLDER = /\$(\$|\{model\}|[1-9])/g;

/**
 * Fills a reply template: `$1`..`$9` become capture groups of the `user` regex (empty when the group
 * did not take part), `${model}` the model id the client sent, `$$` a literal `$`. A `$N` beyond the
 * regex's groups stays as written, so prices such as `$5` survive.
 */
export function renderTemplate(template: string, groups: readonly (string | undefined)[], model: string): string {
	if (!template.includes("$")) return template;
	return template.replace(PLACEHOLDER, (placeholder, name: string) => {
		if (name === "$") return "$";
		if (name === "{model}") return model;
		const index = Number(name);
		return index < groups.length ? (groups[index] ?? "") : placeholder;
	});
}

/** Fills every string inside a JSON value (tool call arguments) with {@link renderTemplate}. */
export function renderJson(value: JsonValue, groups: readonly (string | undefined)[], model: string): JsonValue {
	if (typeof value === "string") return renderTemplate(value, groups, model);
	if (Array.isArray(value)) return value.map((item) => renderJson(item, groups, model));
	if (value !== null && typeof value === "object") {
		const rendered: { [key: string]: JsonValue } = {};
		for (const [key, item] of Object.entries(value)) rendered[key] = renderJson(item, groups, model);
		return rendered;
	}
	return value;
}
