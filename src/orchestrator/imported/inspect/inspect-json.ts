import { jsonErrorOffset } from "../json-error-offset.js";

/** What parsing inspect's JSON gave: the data, or where and why it is not JSON. */
export type InspectJson =
	| { readonly data: unknown }
	| {
			/** Offset in the text of the first character that is not JSON (its length when the text ends early). */
			readonly offset: number | null;
			/** JSON.parse's own words. */
			readonly detail: string;
	  };

/**
 * Parses JSON as inspect_ai writes it: Python's json module with `allow_nan`, so a score left
 * unscored (inspect's NaN) or an infinite metric is the bare constant `NaN`, `Infinity` or
 * `-Infinity`, which is not JSON. Those constants, outside strings, are read as null (unknown);
 * everything else must be JSON. A text that is not is placed (see {@link jsonErrorOffset}) in the
 * text as written, not as rewritten.
 */
export function parseInspectJson(text: string): InspectJson {
	try {
		return { data: JSON.parse(text) as unknown };
	} catch (error) {
		const rewritten = withoutNonFinite(text);
		if (rewritten === null) return { offset: jsonErrorOffset(text), detail: (error as Error).message };
		try {
			return { data: JSON.parse(rewritten.text) as unknown };
		} catch (again) {
			// What is wrong besides the constants, placed in the text as written.
			// JSON.parse's position is in the rewritten text: the line and column say where.
			const detail = (again as Error).message.replace(/ at position \d+( \(line \d+ column \d+\))?/, "");
			return { offset: rewritten.original(jsonErrorOffset(rewritten.text)), detail };
		}
	}
}

const CONSTANTS = ["-Infinity", "Infinity", "NaN"] as const;

/**
 * `text` with each bare NaN, Infinity and -Infinity outside strings replaced by `null`, and a map
 * from an offset in the new text back to the old; null when it holds none.
 */
function withoutNonFinite(text: string): { text: string; original: (offset: number | null) => number | null } | null {
	const parts: string[] = [];
	// Where each replacement ends in the new text, and how much longer the old text is up to there.
	const shifts: { at: number; delta: number }[] = [];
	let from = 0;
	let delta = 0;
	let inString = false;
	for (let at = 0; at < text.length; at++) {
		const char = text.charCodeAt(at);
		if (inString) {
			if (char === 0x5c) at++;
			else if (char === 0x22) inString = false;
			continue;
		}
		if (char === 0x22) {
			inString = true;
			continue;
		}
		if (char !== 0x4e && char !== 0x49 && char !== 0x2d) continue; // N, I, -
		const constant = CONSTANTS.find((word) => text.startsWith(word, at));
		if (constant === undefined) continue;
		parts.push(text.slice(from, at), "null");
		delta += constant.length - 4;
		shifts.push({ at: at - (delta - (constant.length - 4)) + 4, delta });
		from = at + constant.length;
		at = from - 1;
	}
	if (shifts.length === 0) return null;
	parts.push(text.slice(from));
	return {
		text: parts.join(""),
		original: (offset) => {
			if (offset === null) return null;
			let shift = 0;
			for (const item of shifts) if (item.at <= offset) shift = item.delta;
			return offset + shift;
		},
	};
}
