import type { z } from "zod";
import type { InputIssue } from "../contract/index.js";
import { closestMatch } from "./closest-match.js";
import { type DocumentPath, valueAt } from "./document-path.js";
import type { IssueText, YamlFile } from "./yaml-file.js";

type ZodIssue = z.core.$ZodIssue;

/** Turns the issues zod found in a file into located issues that say what was expected and found. */
export function schemaIssues(file: YamlFile, schema: z.ZodType, issues: readonly ZodIssue[]): InputIssue[] {
	const located: InputIssue[] = [];
	for (const issue of issues) {
		const path = issue.path.filter((segment) => typeof segment !== "symbol");
		if (issue.code === "unrecognized_keys") {
			const known = objectKeysAt(schema, path);
			for (const key of issue.keys) located.push(file.issueAt([...path, key], unknownKey(key, known)));
		} else {
			located.push(file.issueAt(path, describeIssue(issue, valueAt(file.data, path), path, schema)));
		}
	}
	return located;
}

function unknownKey(key: string, known: readonly string[]): IssueText {
	const suggestion = closestMatch(key, known);
	const expected = known.length > 0 ? `; expected one of: ${known.join(", ")}` : "";
	return {
		message: `unknown key \`${key}\`${expected}`,
		fix: suggestion === null ? "remove it" : `did you mean \`${suggestion}\`?`,
		at: "key",
	};
}

function describeIssue(issue: ZodIssue, found: unknown, path: DocumentPath, schema: z.ZodType): IssueText {
	const name = String(path.at(-1) ?? "");
	switch (issue.code) {
		case "invalid_type": {
			const expected = expectedType(issue.expected);
			if (found === undefined && path.length > 0)
				return { message: `missing required key \`${name}\` (${expected})`, fix: `add \`${name}:\` here` };
			if (path.length === 0 && issue.expected === "object") {
				const keys = objectKeysAt(schema, path);
				const listed = keys.map((key) => `\`${key}:\``).join(", ");
				return {
					message: `expected a mapping with the top-level keys ${listed}, found ${found === null ? "an empty file" : describeValue(found)}`,
					fix: `write the top-level keys ${listed} (see \`touchstone init\` for a commented example)`,
				};
			}
			return {
				message: `expected ${expected}, found ${describeValue(found)}`,
				fix: found === null ? "give it a value, or remove the key" : `change it to ${expected}`,
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
			return sizeIssue(issue, found);
		case "invalid_format":
			return {
				message: `expected ${issue.message}, found ${describeValue(found)}`,
				fix: `change it to ${issue.message}`,
			};
		case "custom": {
			const fix = issue.params?.fix;
			return { message: issue.message, fix: typeof fix === "string" ? fix : null };
		}
		default:
			return { message: `${issue.message}, found ${describeValue(found)}`, fix: null };
	}
}

function sizeIssue(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, found: unknown): IssueText {
	const small = issue.code === "too_small";
	const bound = small ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum;
	if (issue.origin === "array") {
		const count = Array.isArray(found) ? found.length : 0;
		const expected = `${small ? "at least" : "at most"} ${bound} item${bound === 1 ? "" : "s"}`;
		return {
			message: `expected ${expected}, found ${count}`,
			fix: small ? "add items to the list" : "remove items from the list",
		};
	}
	if (issue.origin === "string")
		return small && bound === 1
			? { message: "expected a non-empty string, found an empty one", fix: "write a value, or remove the key" }
			: { message: `expected ${small ? "at least" : "at most"} ${bound} characters`, fix: null };
	const comparison = `${small ? ">" : "<"}${issue.inclusive ? "=" : ""} ${bound}`;
	return {
		message: `expected a number ${comparison}, found ${describeValue(found)}`,
		fix: `use a number ${comparison}`,
	};
}

function expectedType(expected: string): string {
	const phrases: Record<string, string> = {
		string: "a string",
		number: "a number",
		int: "a whole number",
		boolean: "true or false",
		object: "a mapping",
		record: "a mapping",
		array: "a list",
	};
	return phrases[expected] ?? expected;
}

/** A short description of a found value, for messages: `"abc"`, `the number 3`, `a list of 2 items`. */
export function describeValue(value: unknown): string {
	if (value === undefined) return "nothing";
	if (value === null) return "an empty value";
	if (typeof value === "string") {
		const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
		return `the string ${JSON.stringify(shown)}`;
	}
	if (typeof value === "number") return `the number ${value}`;
	if (typeof value === "boolean") return `\`${value}\``;
	if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? "" : "s"}`;
	if (typeof value === "object") return "a mapping";
	return typeof value;
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

/** The keys a strict object schema accepts at `path`, for "did you mean" suggestions. */
export function objectKeysAt(schema: z.ZodType, path: DocumentPath): string[] {
	let node: SchemaNode | undefined = unwrap(schema as unknown as SchemaNode);
	for (const segment of path) {
		const def: SchemaNode["_zod"]["def"] | undefined = node?._zod.def;
		if (def === undefined) return [];
		if (def.type === "object" && typeof segment === "string") node = def.shape?.[segment];
		else if (def.type === "array") node = def.element;
		else if (def.type === "record") node = def.valueType;
		else return [];
		node = node === undefined ? undefined : unwrap(node);
	}
	const def = node?._zod.def;
	return def?.type === "object" ? Object.keys(def.shape ?? {}) : [];
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
