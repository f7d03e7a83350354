/** Most bytes a findings file may hold: a review of any fixture fits well within it. */
export const FINDINGS_MAX_BYTES = 1024 * 1024;
/** Most findings one review may list: more is spraying, refused rather than scored. */
export const FINDINGS_MAX_COUNT = 1000;

/** One finding as the model wrote it (its file path as written; see normalizeFindingPath). */
export interface Finding {
	/** The file the finding is about, as written. */
	readonly file: string;
	/** The 1-based line it points at. */
	readonly line: number;
	/** What the reviewer says is wrong. */
	readonly description: string;
}

/** What reading a findings file came to: the findings, or why the file is not a valid review. */
export type ParsedFindings =
	| { readonly ok: true; readonly findings: readonly Finding[] }
	| { readonly ok: false; readonly problem: string };

/**
 * Reads the text of a findings file, which the model wrote and so may be anything: it must be a
 * JSON array (a leading byte-order mark is allowed) of at most {@link FINDINGS_MAX_COUNT} objects,
 * each with `file` (a non-empty string), `line` (a positive integer) and `description` (a
 * non-empty string); other keys (a severity, say) are ignored. The first problem found is the
 * answer, naming the finding by its index, so the model's author can see what was wrong.
 */
export function parseFindings(text: string, name: string): ParsedFindings {
	let data: unknown;
	try {
		data = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
	} catch (error) {
		return fail(`${name} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
	}
	if (!Array.isArray(data))
		return fail(`${name} must be a JSON array of {file, line, description}, found ${describe(data)}`);
	if (data.length > FINDINGS_MAX_COUNT)
		return fail(`${name} lists ${data.length} findings, more than the ${FINDINGS_MAX_COUNT} a review may list`);
	const findings: Finding[] = [];
	for (const [index, item] of data.entries()) {
		const at = `${name}[${index}]`;
		if (typeof item !== "object" || item === null || Array.isArray(item))
			return fail(`${at} must be an object {file, line, description}, found ${describe(item)}`);
		const { file, line, description } = item as Record<string, unknown>;
		if (typeof file !== "string" || file.trim() === "")
			return fail(`${at}.file must be a non-empty string (the file's path), found ${describe(file)}`);
		if (typeof line !== "number" || !Number.isSafeInteger(line) || line < 1)
			return fail(`${at}.line must be a positive integer (a 1-based line number), found ${describe(line)}`);
		if (typeof description !== "string" || description.trim() === "")
			return fail(`${at}.description must be a non-empty string, found ${describe(description)}`);
		findings.push({ file, line, description });
	}
	return { ok: true, findings };
}

function fail(problem: string): ParsedFindings {
	return { ok: false, problem };
}

function describe(value: unknown): string {
	if (value === undefined) return "nothing";
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	if (typeof value === "object") return "an object";
	const shown = JSON.stringify(value);
	return `${typeof value} ${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}`;
}
