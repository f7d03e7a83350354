import type { z } from "zod";
import { closestMatch } from "./closest-match.js";
import { type DocumentPath, isRecord, valueAt } from "./document-path.js";
import type { Problem } from "./yaml-document.js";

type ZodIssue = z.core.$ZodIssue;

/** What a problem says about one issue, before its path is attached. */
export type ProblemText = Omit<Problem, "path">;

/**
 * How {@link zodProblems} words its problems. Each file format keeps the wording its users know;
 * the defaults are those of the `benchmarks/` definitions.
 */
export interface ProblemWording {
	/** Words an unknown key, given the keys the schema accepts there; default {@link unknownKey}. */
	readonly unknownKey?: (path: DocumentPath, known: readonly string[]) => Problem;
	/** Words every other issue; default {@link describeZodIssue} with these options. */
	readonly describe?: (issue: ZodIssue, found: unknown, path: DocumentPath) => ProblemText;
	/** When the root is not a mapping, list the top-level keys the schema expects; default false. */
	readonly listTopLevelKeys?: boolean;
	/** A number or boolean where a string was expected: suggest quoting it; default false. */
	readonly suggestQuoting?: boolean;
	/** The fix for a list with too few items; default `add items to the list`. */
	readonly addItemsFix?: string;
	/** Name string length bounds; default true. When false, every string size issue reads "expected a non-empty string". */
	readonly stringLengthBounds?: boolean;
}

/**
 * Turns zod's issues about `data` into problems that say what was expected, what was found and
 * how to fix it. Custom issues carry their fix in `params.fix` (and `params.atKey`).
 */
export function zodProblems(
	schema: z.ZodType,
	data: unknown,
	issues: readonly ZodIssue[],
	wording: ProblemWording = {},
): Problem[] {
	const describe = wording.describe ?? ((issue, found, path) => describeZodIssue(issue, found, path, schema, wording));
	const unknown = wording.unknownKey ?? ((path, known) => unknownKey(path, known));
	return issues.flatMap((issue): Problem[] => {
		const path = issue.path.filter((segment): segment is string | number => typeof segment !== "symbol");
		if (issue.code === "unrecognized_keys") {
			const known = objectKeysAt(schema, path);
			return issue.keys.map((key) => unknown([...path, key], known));
		}
		return [{ path, ...describe(issue, valueAt(data, path), path) }];
	});
}

/** How {@link unknownKey} words its message. */
export interface UnknownKeyOptions {
	/** Said after the key, e.g. ` in a check`. */
	readonly where?: string;
	/** List the known keys even when there are none (`expected one of: `); default false. */
	readonly listEmpty?: boolean;
}

/** A problem for a key the schema does not know, suggesting the closest known key. */
export function unknownKey(path: DocumentPath, known: readonly string[], options: UnknownKeyOptions = {}): Problem {
	const key = String(path.at(-1));
	const suggestion = closestMatch(key, known);
	const expected = known.length > 0 || options.listEmpty === true ? `; expected one of: ${known.join(", ")}` : "";
	return {
		path,
		message: `unknown key \`${key}\`${options.where ?? ""}${expected}`,
		fix: suggestion === null ? "remove it" : `did you mean \`${suggestion}\`?`,
		atKey: true,
	};
}

/** Says what one zod issue expected and found, and how to fix it. */
export function describeZodIssue(
	issue: ZodIssue,
	found: unknown,
	path: DocumentPath,
	schema: z.ZodType,
	wording: ProblemWording = {},
): ProblemText {
	const name = String(path.at(-1) ?? "");
	switch (issue.code) {
		case "invalid_type": {
			const expected = TYPE_PHRASES[issue.expected] ?? issue.expected;
			if (found === undefined && path.length > 0)
				return { message: `missing required key \`${name}\` (${expected})`, fix: `add \`${name}:\` here` };
			if (wording.listTopLevelKeys === true && path.length === 0 && issue.expected === "object") {
				const listed = objectKeysAt(schema, path)
					.map((key) => `\`${key}:\``)
					.join(", ");
				return {
					message: `expected a mapping with the top-level keys ${listed}, found ${found === null ? "an empty file" : describeValue(found)}`,
					fix: `write the top-level keys ${listed} (see \`touchstone init\` for a commented example)`,
				};
			}
			const quote =
				wording.suggestQuoting === true &&
				issue.expected === "string" &&
				(typeof found === "number" || typeof found === "boolean");
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
		case "too_big":
			return sizeIssue(issue, found, wording);
		case "invalid_format":
			return {
				message: `expected ${issue.message}, found ${describeValue(found)}`,
				fix: `change it to ${issue.message}`,
			};
		case "invalid_union": {
			// Each alternative failed; when they are failures of type at this very node, say which types would do.
			const expected = [
				...new Set(
					issue.errors.flatMap((branch) =>
						branch
							.filter((inner) => inner.code === "invalid_type" && inner.path.length === 0)
							.map((inner) => (inner.code === "invalid_type" ? (TYPE_PHRASES[inner.expected] ?? inner.expected) : "")),
					),
				),
			];
			if (expected.length === 0 || found === undefined)
				return { message: `${issue.message}, found ${describeValue(found)}`, fix: null };
			return {
				message: `expected ${expected.join(" or ")}, found ${describeValue(found)}`,
				fix: `change it to ${expected[0]}`,
			};
		}
		case "custom": {
			const fix = issue.params?.fix;
			return { message: issue.message, fix: typeof fix === "string" ? fix : null, atKey: issue.params?.atKey === true };
		}
		default:
			return { message: `${issue.message}, found ${describeValue(found)}`, fix: null };
	}
}

function sizeIssue(
	issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
	found: unknown,
	wording: ProblemWording,
): ProblemText {
	const small = issue.code === "too_small";
	const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
	if (issue.origin === "array") {
		const count = Array.isArray(found) ? found.length : 0;
		return {
			message: `expected ${small ? "at least" : "at most"} ${bound} item${bound === 1 ? "" : "s"}, found ${count}`,
			fix: small ? (wording.addItemsFix ?? "add items to the list") : "remove items from the list",
		};
	}
	if (issue.origin === "string")
		return (small && bound === 1) || wording.stringLengthBounds === false
			? { message: "expected a non-empty string, found an empty one", fix: "write a value, or remove the key" }
			: { message: `expected ${small ? "at least" : "at most"} ${bound} characters`, fix: null };
	const comparison = `${small ? ">" : "<"}${issue.inclusive ? "=" : ""} ${bound}`;
	return {
		message: `expected a number ${comparison}, found ${describeValue(found)}`,
		fix: `use a number ${comparison}`,
	};
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

/** A short description of a found value, for messages: `the string "abc"`, `the number 3`, `a list of 2 items`. */
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
			readonly valueType?: SchemaNode;
		};
	};
}

/** The keys the object schema at `path` accepts (through lists and records), for "did you mean" suggestions. */
export function objectKeysAt(schema: z.ZodType, path: DocumentPath): string[] {
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
