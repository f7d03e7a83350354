import type { JsonValue } from "../contract/index.js";
import { duplicateKey } from "./duplicate-key.js";

/** Where the JSON was found: the whole output, a fenced code block, or a value inside prose. */
export const JSON_SOURCES = ["whole-output", "fenced-block", "embedded-value"] as const;
/** One of {@link JSON_SOURCES}. */
export type JsonSource = (typeof JSON_SOURCES)[number];

/**
 * The outcome of reading JSON out of model output. A failure is `ambiguous` when JSON was found
 * but one of its objects repeats a key (its `error` names the key): which value counts is then
 * anyone's guess, so it is refused rather than read as JSON.parse would (the last one wins).
 */
export type SalvagedJson =
	| { readonly ok: true; readonly value: JsonValue; readonly source: JsonSource }
	| { readonly ok: false; readonly error: string; readonly ambiguous: boolean };

const FENCE = /```[ \t]*([A-Za-z0-9_-]*)[^\n]*\n([\s\S]*?)```/g;
/** Starts tried when looking for a value inside prose; bounds the work on long outputs. */
const MAX_EMBEDDED_STARTS = 64;

/**
 * Reads JSON from model output: the whole output first, then a fenced code block (```json first,
 * then any other), then the first balanced `{...}` or `[...]` in the prose that parses. The first
 * candidate that parses decides: when it repeats a key, the output is ambiguous and no later
 * candidate (an inner object, say) is tried.
 */
export function salvageJson(text: string): SalvagedJson {
	const whole = tryParse(text.trim());
	if (whole.ok) return found(whole.value, text.trim(), "whole-output");
	const fences = [...text.matchAll(FENCE)].map((match) => ({ language: match[1] ?? "", body: match[2] ?? "" }));
	fences.sort((a, b) => Number(isJsonLanguage(b.language)) - Number(isJsonLanguage(a.language)));
	for (const fence of fences) {
		const parsed = tryParse(fence.body.trim());
		if (parsed.ok) return found(parsed.value, fence.body, "fenced-block");
	}
	let starts = 0;
	for (let index = 0; index < text.length && starts < MAX_EMBEDDED_STARTS; index++) {
		const char = text[index];
		if (char !== "{" && char !== "[") continue;
		starts++;
		const end = balancedEnd(text, index);
		if (end === -1) continue;
		const candidate = text.slice(index, end + 1);
		const parsed = tryParse(candidate);
		if (parsed.ok) return found(parsed.value, candidate, "embedded-value");
	}
	return { ok: false, error: text.trim() === "" ? "the output is empty" : whole.error, ambiguous: false };
}

function found(value: JsonValue, text: string, source: JsonSource): SalvagedJson {
	// Only an object can repeat a key; most outputs have none to scan for.
	const repeated = text.includes("{") ? duplicateKey(text) : null;
	if (repeated !== null)
		return { ok: false, error: `the key \`${repeated}\` appears twice in one object`, ambiguous: true };
	return { ok: true, value, source };
}

function isJsonLanguage(language: string): boolean {
	return /^json/i.test(language);
}

function tryParse(text: string): { ok: true; value: JsonValue } | { ok: false; error: string } {
	if (text === "") return { ok: false, error: "nothing to parse" };
	try {
		return { ok: true, value: JSON.parse(text) as JsonValue };
	} catch (error) {
		return { ok: false, error: error instanceof Error ? error.message : String(error) };
	}
}

/** Index of the bracket closing the one at `start`, skipping strings; -1 when it never closes. */
function balancedEnd(text: string, start: number): number {
	const stack: string[] = [];
	let inString = false;
	for (let index = start; index < text.length; index++) {
		const char = text[index];
		if (inString) {
			if (char === "\\") index++;
			else if (char === '"') inString = false;
			continue;
		}
		if (char === '"') inString = true;
		else if (char === "{") stack.push("}");
		else if (char === "[") stack.push("]");
		else if (char === "}" || char === "]") {
			if (stack.pop() !== char) return -1;
			if (stack.length === 0) return index;
		}
	}
	return -1;
}
