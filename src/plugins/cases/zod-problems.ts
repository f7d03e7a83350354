import type { z } from "zod";
import { type DocumentPath, isRecord, type Problem, valueAt } from "./yaml-document.js";

type ZodIssue = z.core.$ZodIssue;

/**
 * Turns zod's issues about `data` into problems that say what was expected, what was found and
 * how to fix it. Custom issues carry their fix in `params.fix` (and `params.atKey`).
 */
export function zodProblems(schema: z.ZodType, data: unknown, issues: readonly ZodIssue[]): Problem[] {
	return issues.flatMap((issue): Problem[] => {
		const path = issue.path.filter((segment): segment is string | number => typeof segment !== "symbol");
		if (issue.code === "unrecognized_keys") {
			const known = objectKeysAt(schema, path);
			return issue.keys.map((key) => unknownKey([...path, key], known));
		}
		return [{ path, ...describe(issue, valueAt(data, path), path) }];
	});
}

/** A problem for a key the schema does not know, suggesting the closest known key. */
export function unknownKey(path: DocumentPath, known: readonly string[], where = ""): Problem {
	const key = String(path.at(-1));
	const suggestion = closestMatch(key, known);
	return {
		path,
		message: `unknown key \`${key}\`${where}; expected one of: ${known.join(", ")}`,
		fix: suggestion === null ? "remove it" : `did you mean \`${suggestion}\`?`,
		atKey: true,
	};
}

function describe(issue: ZodIssue, found: unknown, path: DocumentPath): Omit<Problem, "path"> {
	const name = String(path.at(-1) ?? "");
	switch (issue.code) {
		case "invalid_type": {
			const expected = TYPE_PHRASES[issue.expected] ?? issue.expected;
			if (found === undefined && path.length > 0)
				return { message: `missing required key \`${name}\` (${expected})`, fix: `add \`${name}:\` here` };
			const quote = issue.expected === "string" && (typeof found === "number" || typeof found === "boolean");
			return {
				message: `expected ${expected}, found ${describeValue(found)}`,
				fix: quote
					? `quote the value: "${String(found)}"`
					: found === null
						? "give it a value, or remove the key"
						: `change it to ${expected}`,
			};
		}
		case "invalid_value": {
			const values = issue.values.map((value) => `\`${String(value)}\``).join(", ");
			const suggestion = typeof found === "string" ? closestMatch(found, issue.values.map(String)) : null;
			return {
				message: `expected one of ${values}, found ${describeValue(found)}`,
				fix: suggestion === null ? `use one of ${values}` : `did you mean \`${suggestion}\`?`,
			};
		}
		case "too_small":
		case "too_big": {
			const small = issue.code === "too_small";
			const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
			if (issue.origin === "array")
				return {
					message: `expected ${small ? "at least" : "at most"} ${bound} item${bound === 1 ? "" : "s"}, found ${Array.isArray(found) ? found.length : 0}`,
					fix: small ? "add items to the list, or remove the key" : "remove items from the list",
				};
			if (issue.origin === "string")
				return { message: "expected a non-empty string, found an empty one", fix: "write a value, or remove the key" };
			const comparison = `${small ? ">" : "<"}${issue.inclusive ? "=" : ""} ${bound}`;
			return {
				message: `expected a number ${comparison}, found ${describeValue(found)}`,
				fix: `use a number ${comparison}`,
			};
		}
		case "invalid_format":
			return {
				message: `expected ${issue.message}, found ${describeValue(found)}`,
				fix: `change it to ${issue.message}`,
			};
		case "custom": {
			const fix = issue.params?.fix;
			return { message: issue.message, fix: typeof fix === "string" ? fix : null, atKey: issue.params?.atKey === true };
		}
		default:
			return { message: `${issue.message}, found ${describeValue(found)}`, fix: null };
	}
}

const TYPE_PHRASES: Record<string, string> = {
	string: "a string",
	number: "a number",
	int: "a whole number",
	boolean: "true or false",
	object: "a mapping",
	record: "a mapping",
	array: "a list",
};

/** A short description of a found value: `the string "abc"`, `the number 3`, `a list of 2 items`. */
export function describeValue(value: unknown): string {
	if (value === undefined) return "nothing";
	if (value === null) return "an empty value";
	if (typeof value === "string")
		return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
	if (typeof value === "number") return `the number ${value}`;
	if (typeof value === "boolean") return `\`${value}\``;
	if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? "" : "s"}`;
	return isRecord(value) ? "a mapping" : typeof value;
}

interface SchemaNode {
	readonly _zod: {
		readonly def: {
			readonly type: string;
			readonly shape?: Record<string, SchemaNode>;
			readonly element?: SchemaNode;
			readonly innerType?: SchemaNode;
			readonly in?: SchemaNode;
		};
	};
}

/** The keys the object schema at `path` accepts, for "did you mean" suggestions. */
function objectKeysAt(schema: z.ZodType, path: DocumentPath): string[] {
	let node: SchemaNode | undefined = unwrap(schema as unknown as SchemaNode);
	for (const segment of path) {
		const def: SchemaNode["_zod"]["def"] | undefined = node?._zod.def;
		if (def?.type === "object" && typeof segment === "string") node = def.shape?.[segment];
		else if (def?.type === "array") node = def.element;
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

/** The candidate within a plausible typo of `word` (a third of its letters), or null. */
export function closestMatch(word: string, candidates: readonly string[]): string | null {
	let best: string | null = null;
	let bestDistance = Number.POSITIVE_INFINITY;
	for (const candidate of candidates) {
		const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
		const allowed = Math.max(1, Math.floor(Math.max(word.length, candidate.length) / 3));
		if (distance <= allowed && distance < bestDistance) {
			best = candidate;
			bestDistance = distance;
		}
	}
	return best;
}

function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
		}
		previous = current;
	}
	return previous[b.length] ?? 0;
}
