import { salvageJson } from "../salvage-json.js";

/** Which change of one order the judge prefers: `a` (shown first), `b`, or `tie`. */
export type PairwiseVerdict = "a" | "b" | "tie";

/** The judge's reading of one order of one pair. */
export interface PairwiseReply {
	/** `a`: change A is better; `b`: change B; `tie`. */
	readonly verdict: PairwiseVerdict;
	/** 0..1 when the judge gave it; null when it did not. */
	readonly confidence: number | null;
	readonly rationale: string;
}

/** A reply read: a verdict, or why there is none. */
export type ParsedPairwiseReply =
	| { readonly ok: true; readonly reply: PairwiseReply }
	| { readonly ok: false; readonly error: string };

const WINNERS: Readonly<Record<string, PairwiseVerdict>> = { A: "a", B: "b", tie: "tie" };
const KEYS = new Set(["winner", "confidence", "rationale"]);

/**
 * Reads the judge's reply strictly: one JSON object, the whole reply or a fenced block (not a
 * value fished out of prose), with `winner` exactly "A", "B" or "tie", a non-empty `rationale`,
 * an optional `confidence` from 0 to 1, and no other key. A reply naming `winner` twice (two
 * verdicts, or one hidden in the rationale's JSON) is refused: which one counts cannot be told.
 * Anything else is an error, never a verdict.
 */
export function parsePairwiseReply(text: string): ParsedPairwiseReply {
	const salvaged = salvageJson(text);
	if (!salvaged.ok) return { ok: false, error: `the reply is not one JSON object (${salvaged.error})` };
	if (salvaged.source === "embedded-value")
		return { ok: false, error: "the reply is prose around JSON; expected the JSON object alone" };
	if ((text.match(/\\?"winner\\?"/g) ?? []).length > 1)
		return { ok: false, error: "the reply names `winner` more than once, so which verdict counts cannot be told" };
	const value = salvaged.value;
	if (typeof value !== "object" || value === null || Array.isArray(value))
		return { ok: false, error: "expected a JSON object with `winner`, `confidence` and `rationale`" };
	const problems: string[] = [];
	const extra = Object.keys(value).filter((key) => !KEYS.has(key));
	if (extra.length > 0) problems.push(`unexpected key(s) ${extra.map((key) => `\`${key}\``).join(", ")}`);
	const winner = typeof value.winner === "string" ? WINNERS[value.winner] : undefined;
	if (winner === undefined)
		problems.push(`\`winner\` must be "A", "B" or "tie", found ${JSON.stringify(value.winner)}`);
	const confidence = value.confidence;
	if (
		confidence !== undefined &&
		confidence !== null &&
		!(typeof confidence === "number" && confidence >= 0 && confidence <= 1)
	)
		problems.push(`\`confidence\` must be a number from 0 to 1, found ${JSON.stringify(confidence)}`);
	const rationale = value.rationale;
	if (typeof rationale !== "string" || rationale.trim() === "") problems.push("`rationale` must be a non-empty string");
	if (problems.length > 0 || winner === undefined || typeof rationale !== "string")
		return { ok: false, error: problems.join("; ") };
	return {
		ok: true,
		reply: {
			verdict: winner,
			confidence: typeof confidence === "number" ? confidence : null,
			rationale: rationale.trim(),
		},
	};
}
