/** A path inside a YAML document: mapping keys and sequence indexes, from the root. */
export type DocumentPath = readonly (string | number)[];

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Renders a path the way issues show it: `models[2].options.headers_env["X-Key"]`. */
export function formatPath(path: DocumentPath): string {
	let text = "";
	for (const segment of path) {
		if (typeof segment === "number") text += `[${segment}]`;
		else if (PLAIN_KEY.test(segment)) text += text === "" ? segment : `.${segment}`;
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
