import { describeValue } from "../describe-value.js";
import type { JsonSource } from "../salvage-json.js";
import { salvageJson } from "../salvage-json.js";
import type { JuryRubric } from "./rubric.js";

/** One juror's verdict, read from its reply. */
export interface JurorVerdict {
	/** Every rubric field: numbers in 0..1 for numeric fields, booleans for gates. */
	readonly fields: { readonly [field: string]: number | boolean };
	/** The juror's one-sentence rationale. */
	readonly rationale: string;
	/** Where the JSON was found: the whole reply, a fenced block, or prose around it. */
	readonly source: JsonSource;
}

/** The outcome of reading a juror's reply: a verdict, or every reason it is unusable. */
export type ParsedVerdict =
	| { readonly ok: true; readonly verdict: JurorVerdict }
	| { readonly ok: false; readonly error: string };

/**
 * Reads a juror's reply against the rubric. JSON wrapped in a code fence or in prose is salvaged
 * (see `salvageJson`). The object must hold every numeric field as a number from 0 to 1, every
 * gate as true or false, and a non-empty `rationale` string; keys beyond those are ignored, since
 * an extra key cannot make a failed verdict pass. Nothing is coerced: `"0.8"` or `"false"` as
 * strings are mistyped fields, so a juror that answers loosely fails loudly instead of being
 * guessed at, and a key given twice (`"hallucination": false, …, "hallucination": true`) fails the
 * vote rather than letting the last one win. So does a rubric field given in two places of the
 * reply (two verdicts in prose, a fence and a second object), where salvaging would let the first
 * one win.
 */
export function parseVerdict(text: string, rubric: JuryRubric): ParsedVerdict {
	const salvaged = salvageJson(text);
	if (!salvaged.ok)
		return {
			ok: false,
			error: salvaged.ambiguous
				? `the reply's JSON is ambiguous: ${salvaged.error}, so which value counts cannot be told`
				: `the reply is not JSON (${salvaged.error})`,
		};
	const repeated = repeatedField(text, rubric);
	if (repeated !== null)
		return {
			ok: false,
			error: `the reply gives \`${repeated}\` more than once (two verdicts?), so which value counts cannot be told`,
		};
	const value = salvaged.value;
	if (typeof value !== "object" || value === null || Array.isArray(value))
		return { ok: false, error: `expected a JSON object of the rubric fields, found ${describeValue(value)}` };
	const problems: string[] = [];
	const fields: Record<string, number | boolean> = {};
	for (const name of Object.keys(rubric.numeric)) {
		const found = value[name];
		if (found === undefined) problems.push(`missing \`${name}\``);
		else if (typeof found !== "number" || !Number.isFinite(found))
			problems.push(`\`${name}\` must be a number from 0 to 1, found ${describeValue(found)}`);
		else if (found < 0 || found > 1) problems.push(`\`${name}\` must be from 0 to 1, found ${found}`);
		else fields[name] = found;
	}
	for (const name of Object.keys(rubric.gates)) {
		const found = value[name];
		if (found === undefined) problems.push(`missing \`${name}\``);
		else if (typeof found !== "boolean")
			problems.push(`\`${name}\` must be true or false, found ${describeValue(found)}`);
		else fields[name] = found;
	}
	const rationale = value.rationale;
	if (rationale === undefined) problems.push("missing `rationale`");
	else if (typeof rationale !== "string" || rationale.trim() === "")
		problems.push(`\`rationale\` must be a non-empty string, found ${describeValue(rationale)}`);
	if (problems.length > 0 || typeof rationale !== "string") return { ok: false, error: problems.join("; ") };
	return { ok: true, verdict: { fields, rationale: rationale.trim(), source: salvaged.source } };
}

/**
 * The first rubric field whose key (`"name":`) occurs more than once anywhere in the reply, or
 * null. Counted on the raw text, so a second verdict the salvaged one does not contain counts.
 */
function repeatedField(text: string, rubric: JuryRubric): string | null {
	for (const name of [...Object.keys(rubric.numeric), ...Object.keys(rubric.gates)]) {
		const key = new RegExp(`"${name}"\\s*:`, "g");
		if ((text.match(key)?.length ?? 0) > 1) return name;
	}
	return null;
}
