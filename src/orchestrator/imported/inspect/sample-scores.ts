import type { JsonObject, JsonValue } from "../../../contract/index.js";
import type { ImportedScore } from "../imported-evaluation.js";
import type { InspectSample, InspectScore } from "./log-schema.js";

/** A scalar of a score's value, as the log holds it (null: inspect's NaN or an infinite number). */
type Scalar = string | number | boolean | null;

/**
 * A score's value as a number, as inspect's own metrics read it (`value_to_float`): a number as
 * it is, true and false as 1 and 0, the letters C, P, I and N as 1, 0.5, 0 and 0, and the words
 * yes/true and no/false and a string of digits likewise; null for a value no metric can read (a
 * label such as `excellent`, or inspect's NaN, `Score.unscored()`, which its metrics leave out).
 */
export function valueToFloat(value: Scalar): number | null {
	if (value === null) return null;
	if (typeof value === "boolean") return value ? 1 : 0;
	if (typeof value === "number") return Number.isFinite(value) ? value : null;
	if (value === "C") return 1;
	if (value === "P") return 0.5;
	if (value === "I" || value === "N") return 0;
	const lower = value.toLowerCase();
	if (lower === "yes" || lower === "true") return 1;
	if (lower === "no" || lower === "false") return 0;
	return /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(value) ? Number(value) : null;
}

/**
 * The scores of a sample as metrics: one per scorer, named after it (`match`); a scorer whose
 * value is a mapping (inspect's dict scores) gives one metric per key, `<scorer>:<key>`. A value
 * {@link valueToFloat} reads is an `absolute` score of that number, with the letter or word it was
 * as its label; a string it cannot read is a `label` score (value null); inspect's NaN (unscored)
 * is a `label` score `unscored`, left out of every figure as inspect's metrics leave it out; a list
 * is a `label` of its JSON. The scorer's explanation is the reasoning; its answer and metadata the
 * extras.
 */
export function sampleScores(sample: InspectSample, v1Scorer: string): ImportedScore[] {
	const scores: Record<string, InspectScore> = { ...sample.scores };
	// Format version 1 kept one score per sample, the only scorer's.
	if (sample.score != null && Object.keys(scores).length === 0) scores[v1Scorer] = sample.score;
	const out: ImportedScore[] = [];
	for (const [scorer, score] of Object.entries(scores)) {
		const extras = extrasOf(score);
		const reasoning = score.explanation ?? null;
		const value = score.value;
		if (value !== null && typeof value === "object" && !Array.isArray(value))
			for (const [key, item] of Object.entries(value))
				out.push(scalarScore(`${scorer}:${key}`, item, reasoning, extras));
		else if (Array.isArray(value))
			out.push({
				metric: scorer,
				score_type: "label",
				value: null,
				value_label: JSON.stringify(value),
				reasoning,
				extras,
			});
		else out.push(scalarScore(scorer, value, reasoning, extras));
	}
	return out;
}

function scalarScore(
	metric: string,
	value: Scalar,
	reasoning: string | null,
	extras: JsonObject | null,
): ImportedScore {
	const number = valueToFloat(value);
	if (number !== null)
		return {
			metric,
			score_type: "absolute",
			value: number,
			value_label: typeof value === "string" ? value : null,
			reasoning,
			extras,
		};
	return {
		metric,
		score_type: "label",
		value: null,
		value_label: value === null ? "unscored" : String(value),
		reasoning,
		extras,
	};
}

function extrasOf(score: InspectScore): JsonObject | null {
	const extras: Record<string, JsonValue> = {};
	if (score.answer != null) extras.answer = score.answer;
	if (score.metadata != null && Object.keys(score.metadata).length > 0) extras.metadata = score.metadata as JsonObject;
	return Object.keys(extras).length > 0 ? extras : null;
}
