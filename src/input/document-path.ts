/** A path inside a YAML document: mapping keys and sequence indexes, from the root. */
export type DocumentPath = readonly (string | number)[];

/** Keys shown bare after a dot (`models[2].options`); others are quoted in brackets (`["X-Key"]`). */
export const IDENTIFIER_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Like {@link IDENTIFIER_KEY}, also allowing `$` (JSON Schema keywords such as `$ref`). */
export const DOLLAR_IDENTIFIER_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Shows every key bare, quoting none (`models.scripted/strong.rules[0]`). */
export const ANY_KEY = /^/;

/**
 * Renders a path the way issues show it: `models[2].options.headers_env["X-Key"]`. Keys matching
 * `plainKey` are shown bare, others quoted in brackets.
 */
export function formatPath(path: DocumentPath, plainKey: RegExp = IDENTIFIER_KEY): string {
	let text = "";
	for (const segment of path) {
		if (typeof segment === "number") text += `[${segment}]`;
		else if (plainKey.test(segment)) text += text === "" ? segment : `.${segment}`;
		else text += `[${JSON.stringify(segment)}]`;
	}
	return text;
}

/** The value at `path` inside plain data (as parsed from YAML), or undefined when absent. */
export function valueAt(data: unknown, path: DocumentPath): unknown {
	let current = data;
	for (const segment of path) {
		if (Array.isArray(current) && typeof segment === "number") current = current[segment];
		else if (isRecord(current) && typeof segment === "string" && Object.hasOwn(current, segment))
			current = current[segment];
		else return undefined;
	}
	return current;
}

/** True for a plain mapping (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
