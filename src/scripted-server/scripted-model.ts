import type { JsonObject } from "../contract/index.js";
import { type CompiledRule, compileRules, matchRule, renderJson, renderTemplate } from "./rule-matcher.js";
import { type Duration, FAULT_KINDS, type FaultKind, type ModelScript } from "./script-schema.js";
import { createSeededRandom, type SeededRandom } from "./seeded-random.js";
import type { Conversation, ScriptedReply, ScriptedToolCall } from "./wire.js";

/** What fate drew for one request: a fault or none, and its timing. */
export interface RequestDraw {
	/** The fault to inject, or null for a normal answer. */
	readonly fault: FaultKind | null;
	/** Total time of the response in milliseconds. */
	readonly latencyMs: number;
	/** Streaming: milliseconds before the first content chunk. */
	readonly ttftMs: number;
}

/** One scripted model: its script, its own seeded random stream, and its compiled rules. */
export interface ScriptedModel {
	/** The script key: a model id, or `*`. */
	readonly key: string;
	/** The model's script. */
	readonly script: ModelScript;
	/**
	 * Draws the fault and timing of the next request. Always takes the same number of draws (one per
	 * fault kind, then latency, then time to first token), so one fault firing never shifts the rest.
	 */
	draw(): RequestDraw;
	/** The reply of the first matching rule, or null when none matches; tool call ids are `callIdPrefix` + index. */
	answer(conversation: Conversation, requestedModel: string, callIdPrefix: string): ScriptedReply | null;
}

/** Builds a scripted model whose random stream is seeded from the script seed and its key. */
export function createScriptedModel(key: string, script: ModelScript, seed: number): ScriptedModel {
	const random = createSeededRandom(seed, key);
	const rules: CompiledRule[] = compileRules(script.rules);
	return {
		key,
		script,
		draw() {
			let fault: FaultKind | null = null;
			for (const kind of FAULT_KINDS) {
				const fires = random() < script.faults[kind];
				if (fires && fault === null) fault = kind;
			}
			const latencyMs = pick(script.latency_ms, random);
			const ttftDraw = pick(script.ttft_ms ?? 0, random);
			const ttftMs = script.ttft_ms === undefined ? latencyMs * 0.2 : ttftDraw;
			return { fault, latencyMs, ttftMs };
		},
		answer(conversation, requestedModel, callIdPrefix) {
			const match = matchRule(rules, conversation);
			if (match === null) return null;
			const { rule, groups } = match;
			const text = rule.reply === undefined ? null : renderTemplate(rule.reply, groups, requestedModel);
			const toolCalls = (rule.tool_calls ?? []).map((call, index): ScriptedToolCall => {
				const input = renderJson(call.arguments as JsonObject, groups, requestedModel) as JsonObject;
				return { id: `${callIdPrefix}${index}`, name: call.name, input, argumentsJson: JSON.stringify(input) };
			});
			const replyChars =
				(text?.length ?? 0) + toolCalls.reduce((sum, call) => sum + call.name.length + call.argumentsJson.length, 0);
			const { prompt_tokens, completion_tokens, cached_tokens } = script.usage;
			const promptTokens = prompt_tokens === "auto" ? Math.ceil(conversation.promptChars / 4) : prompt_tokens;
			const completionTokens = completion_tokens === "auto" ? Math.ceil(replyChars / 4) : completion_tokens;
			return {
				text,
				toolCalls,
				usage: { promptTokens, completionTokens, cachedTokens: Math.min(cached_tokens, promptTokens) },
				costUsd: script.cost_usd ?? null,
			};
		},
	};
}

function pick(duration: Duration, random: SeededRandom): number {
	const draw = random();
	if (typeof duration === "number") return duration;
	const [min, max] = duration;
	return min + draw * (max - min);
}
