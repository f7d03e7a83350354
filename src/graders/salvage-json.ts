import type { JsonValue } from "../contract/index.js";

/** Where the JSON was found: the whole output, a fenced code block, or a value inside prose. */
export const JSON_SOURCES = ["whole-output", "fenced-block", "embedded-value"] as const;
/** One of {@link JSON_SOURCES}. */
export type JsonSource = (typeof JSON_SOURCES)[number];

/** The outcome of reading JSON out of model output. */
export type SalvagedJson =
	| { readonly ok: true; readonly value: JsonValue; readonly source: JsonSource }
	| { readonly ok: false; readonly error: string };

const FENCE = /```[ \t]*([A-Za-z0-9_-]*)[^\n]*\n([\s\S]*?)```/g;
/** Starts tried when looking for a value inside prose; bounds the work on long outputs. */
const MAX_EMBEDDED_STARTS = 64;

/**
 * Reads JSON from model output: the whole output first, then a fenced code block (```json first,
 * then any other), then the first balanced `{...}` or `[...]` in the prose that parses.
 */
export function salvageJson(text: string): SalvagedJson {
	const whole = tryParse(text.trim());
	if (whole.ok) return { ok: true, value: whole.value, source: "whole-output" };
	const fences = [...text.matchAll(FENCE)].map((match) => ({ language: match[1] ?? "", body: match[2] ?? "" }));
	fences.sort((a, b) => Number(isJsonLanguage(b.language)) - Number(isJsonLanguage(a.language)));
	for (const fence of fences) {
		const parsed = tryParse(fence.body.trim());
		if (parsed.ok) return { ok: true, value: parsed.value, source: "fenced-block" };
	}
	let starts = 0;
	for (let index = 0; index < text.length && starts < MAX_EMBEDDED_STARTS; index++) {
		const char = text[index];
		if (char !== "{" && char !== "[") continue;
		starts++;
		const end = balancedEnd(text, index);
		if (end === -1) continue;
		const parsed = tryParse(text.slice(index, end + 1));
		if (parsed.ok) return { ok: true, value: parsed.value, source: "embedded-value" };
	}
	return { ok: false, error: text.trim() === "" ? "the output is empty" : whole.error };
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
