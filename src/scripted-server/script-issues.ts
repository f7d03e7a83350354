import type { z } from "zod";
import type { InputIssue } from "../contract/index.js";
import type { DocumentPath, PositionFinder } from "./yaml-positions.js";

type ZodIssue = z.core.$ZodIssue;

/** Turns zod's issues about a script into located issues that say what was expected, what was found and the fix. */
export function scriptIssues(
	issues: readonly ZodIssue[],
	data: unknown,
	schema: z.ZodType,
	source: string,
	find: PositionFinder | null,
): InputIssue[] {
	const located: InputIssue[] = [];
	const place = (path: DocumentPath, at: "key" | "value", message: string, fix: string | null): void => {
		const position = find === null ? { line: null, column: null } : find(path, at);
		located.push({ source, ...position, path: formatPath(path), message, fix });
	};
	for (const issue of issues) {
		const path = issue.path.filter((segment) => typeof segment !== "symbol");
		if (issue.code === "unrecognized_keys") {
			const known = keysAt(schema, path);
			for (const key of issue.keys) {
				const suggestion = closest(key, known);
				const fix =
					suggestion === null ? `remove it; known keys: ${known.join(", ")}` : `did you mean \`${suggestion}\`?`;
				place([...path, key], "key", `unknown key \`${key}\``, fix);
			}
			continue;
		}
		const found = valueAt(data, path);
		if (found === undefined && path.length > 0 && issue.code === "invalid_type") {
			const name = String(path.at(-1));
			place(path, "value", `missing required key \`${name}\` (${issue.message})`, `add \`${name}:\` here`);
		} else if (issue.code === "custom") {
			const fix = issue.params?.fix;
			place(path, "value", issue.message, typeof fix === "string" ? fix : null);
		} else if (issue.message.startsWith("expected ")) {
			const expected = issue.message.slice("expected ".length);
			place(path, "value", `${issue.message}, found ${describeValue(found)}`, `change it to ${expected}`);
		} else {
			place(path, "value", `${issue.message}, found ${describeValue(found)}`, null);
		}
	}
	return located;
}

/** Renders a path as issues show it: `models.scripted/strong.rules[0].when.user`. */
export function formatPath(path: DocumentPath): string {
	let text = "";
	for (const segment of path)
		text += typeof segment === "number" ? `[${segment}]` : text === "" ? segment : `.${segment}`;
	return text;
}

/** A short description of a found value: `2`, `"abc"`, `a list of 3 items`. */
export function describeValue(value: unknown): string {
	if (value === undefined) return "nothing";
	if (value === null) return "an empty value";
	if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? "" : "s"}`;
	return "a mapping";
}

function valueAt(data: unknown, path: DocumentPath): unknown {
	let current = data;
	for (const segment of path) {
		if (typeof current !== "object" || current === null) return undefined;
		if (!Object.hasOwn(current, segment)) return undefined;
		current = (current as Record<string | number, unknown>)[segment];
	}
	return current;
}

interface SchemaNode {
	readonly _zod: {
		readonly def: {
			readonly type: string;
			readonly shape?: Record<string, SchemaNode>;
			readonly element?: SchemaNode;
			readonly innerType?: SchemaNode;
			readonly in?: SchemaNode;
			readonly valueType?: SchemaNode;
		};
	};
}

/** The keys the object schema at `path` accepts, for "did you mean" fixes. */
function keysAt(schema: z.ZodType, path: DocumentPath): string[] {
	let node: SchemaNode | undefined = unwrap(schema as unknown as SchemaNode);
	for (const segment of path) {
		const def: SchemaNode["_zod"]["def"] | undefined = node?._zod.def;
		if (def?.type === "object" && typeof segment === "string") node = def.shape?.[segment];
		else if (def?.type === "array") node = def.element;
		else if (def?.type === "record") node = def.valueType;
		else return [];
		node = node === undefined ? undefined : unwrap(node);
	}
	return node?._zod.def.type === "object" ? Object.keys(node._zod.def.shape ?? {}) : [];
}

function unwrap(node: SchemaNode): SchemaNode {
	let current = node;
	for (;;) {
		const def = current._zod.def;
		const inner = def.type === "pipe" ? def.in : def.innerType;
		if (inner === undefined) return current;
		current = inner;
	}
}

/** The known key closest to `key` within two edits, or null. */
function closest(key: string, known: readonly string[]): string | null {
	let best: string | null = null;
	let bestDistance = 3;
	for (const candidate of known) {
		const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
		if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
	}
	return best;
}

function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++)
			current[j] = Math.min(
				(previous[j] ?? 0) + 1,
				(current[j - 1] ?? 0) + 1,
				(previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
			);
		previous = current;
	}
	return previous[b.length] ?? 0;
}
