import { describeValue } from "../describe-value.js";
import { salvageJson } from "../salvage-json.js";

/** The outcome of reading a reviewer's reply: a grade and its rationale, or why the reply is unusable. */
export type ParsedReview =
	| { readonly ok: true; readonly grade: number; readonly rationale: string }
	| { readonly ok: false; readonly error: string };

/**
 * Reads a reviewer's reply, as strictly as the jury reads a juror's (see `parseVerdict`): JSON in
 * a code fence or in prose is salvaged, but the object must hold `grade` as a whole JSON number
 * from 1 to 5 and a non-empty `rationale` string. Nothing is coerced (`"4"` or `4.5` is refused),
 * and a reply that gives `"grade"` twice (two verdicts) is refused rather than letting one win:
 * an unusable reply is an error for that reviewer, never a grade.
 */
export function parseReview(text: string): ParsedReview {
	const salvaged = salvageJson(text);
	if (!salvaged.ok)
		return {
			ok: false,
			error: salvaged.ambiguous
				? `the reply's JSON is ambiguous: ${salvaged.error}`
				: `the reply is not JSON (${salvaged.error})`,
		};
	if ((text.match(/"grade"\s*:/g)?.length ?? 0) > 1)
		return {
			ok: false,
			error: "the reply gives `grade` more than once (two verdicts?), so which counts cannot be told",
		};
	const value = salvaged.value;
	if (typeof value !== "object" || value === null || Array.isArray(value))
		return {
			ok: false,
			error: `expected a JSON object with \`grade\` and \`rationale\`, found ${describeValue(value)}`,
		};
	const problems: string[] = [];
	const { grade, rationale } = value;
	if (grade === undefined) problems.push("missing `grade`");
	else if (typeof grade !== "number" || !Number.isInteger(grade) || grade < 1 || grade > 5)
		problems.push(`\`grade\` must be a whole number from 1 to 5, found ${describeValue(grade)}`);
	if (rationale === undefined) problems.push("missing `rationale`");
	else if (typeof rationale !== "string" || rationale.trim() === "")
		problems.push(`\`rationale\` must be a non-empty string, found ${describeValue(rationale)}`);
	if (problems.length > 0 || typeof grade !== "number" || typeof rationale !== "string")
		return { ok: false, error: problems.join("; ") };
	return { ok: true, grade, rationale: rationale.trim() };
}
