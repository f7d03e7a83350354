import { createRequire } from "node:module";
import type { Node as AcornNode, parse } from "acorn";
import { BANNED_NODE_NAMES, BANNED_NODE_PROPERTIES } from "./node-policy-rules.js";

/** The rules of the Node candidate policy, each a stable name in a violation. */
export const NODE_POLICY_RULES = [
	"syntax",
	"import-not-allowed",
	"relative-import",
	"dynamic-import",
	"import-meta",
	"banned-name",
	"banned-property",
] as const;
/** One of {@link NODE_POLICY_RULES}. */
export type NodePolicyRule = (typeof NODE_POLICY_RULES)[number];

/** One thing the policy refuses, where it is in the file. */
export interface NodePolicyViolation {
	readonly rule: NodePolicyRule;
	/** 1-based line. */
	readonly line: number;
	/** 1-based column. */
	readonly column: number;
	/** What was refused and why, e.g. "`process` is not available to candidates". */
	readonly message: string;
}

const bannedNames = new Set(BANNED_NODE_NAMES);
const bannedProperties = new Set(BANNED_NODE_PROPERTIES);

/**
 * Checks one candidate module's JavaScript against the policy, parsing it with acorn (an ES
 * module, the latest syntax) and never running it. Returns every violation, in source order;
 * empty means it may run. The runtime hardening of the helper and Node's permission model stay
 * the second line: this is a contract for a restricted language, not a sandbox.
 */
export function checkNodeCandidate(source: string, allowedImports: readonly string[]): NodePolicyViolation[] {
	let program: AcornNode;
	try {
		program = acornParse()(source, { ecmaVersion: "latest", sourceType: "module", locations: true });
	} catch (error) {
		const at = error instanceof SyntaxError && "loc" in error ? (error.loc as { line: number; column: number }) : null;
		const message = error instanceof Error ? error.message.replace(/ \(\d+:\d+\)$/, "") : String(error);
		return [{ rule: "syntax", line: at?.line ?? 1, column: (at?.column ?? 0) + 1, message }];
	}
	const violations: NodePolicyViolation[] = [];
	const allowed = new Set(allowedImports);
	const report = (node: AcornNode, rule: NodePolicyRule, message: string): void => {
		const start = node.loc?.start;
		violations.push({ rule, line: start?.line ?? 1, column: (start?.column ?? 0) + 1, message });
	};
	walk(program, null, null, (node, parent, key) => {
		const any = node as AcornNode & Record<string, unknown>;
		switch (node.type) {
			case "ImportDeclaration":
			case "ExportAllDeclaration":
			case "ExportNamedDeclaration": {
				const source = any.source as (AcornNode & { value: unknown }) | null | undefined;
				if (source === null || source === undefined) return;
				const specifier = String(source.value);
				if (/^(\.{1,2}\/|\/|file:|data:)/.test(specifier) || specifier === "." || specifier === "..")
					report(
						source,
						"relative-import",
						`imports ${specifier}: a candidate is one file, with no local or relative imports`,
					);
				else if (!allowed.has(specifier))
					report(
						source,
						"import-not-allowed",
						`imports ${specifier}, which is not in allowed_imports (${allowedImports.length === 0 ? "none" : allowedImports.join(", ")})`,
					);
				return;
			}
			case "ImportExpression":
				return report(
					node,
					"dynamic-import",
					"import(...) is not allowed: imports are static and listed in allowed_imports",
				);
			case "MetaProperty":
				if ((any.meta as { name: string }).name === "import")
					report(node, "import-meta", "import.meta is not available to candidates");
				return;
			case "Identifier": {
				const name = any.name as string;
				if (bannedNames.has(name) && !isKeyPosition(parent, key))
					report(
						node,
						"banned-name",
						`\`${name}\` is not available to candidates (reflection, the process, I/O or a clock)`,
					);
				return;
			}
			case "MemberExpression": {
				const name = propertyName(any.property as AcornNode, any.computed === true);
				if (name !== null && bannedProperties.has(name))
					report(any.property as AcornNode, "banned-property", `reading .${name} is reflective access, not allowed`);
				return;
			}
			case "Property": {
				const name = propertyName(any.key as AcornNode, any.computed === true);
				if (name === null) return;
				if (parent?.type === "ObjectPattern" && bannedProperties.has(name))
					report(any.key as AcornNode, "banned-property", `destructuring ${name} is reflective access, not allowed`);
				else if (parent?.type === "ObjectExpression" && name === "__proto__")
					report(any.key as AcornNode, "banned-property", "a __proto__ key sets an object's prototype, not allowed");
				return;
			}
			default:
				return;
		}
	});
	const seen = new Set<string>();
	return violations
		.sort((a, b) => a.line - b.line || a.column - b.column)
		.filter((violation) => {
			// A shorthand `{ name }` is one node under two keys: report it once.
			const id = `${violation.line}:${violation.column}:${violation.rule}`;
			if (seen.has(id)) return false;
			seen.add(id);
			return true;
		});
}

/** A violation as `file:line:column: rule: message`, for a rejected candidate's detail. */
export function formatNodeViolation(file: string, violation: NodePolicyViolation): string {
	return `${file}:${violation.line}:${violation.column}: ${violation.rule}: ${violation.message}`;
}

/** The static name of a property: `a.b` and `a["b"]` (or a template without expressions) give `b`. */
function propertyName(property: AcornNode, computed: boolean): string | null {
	const any = property as AcornNode & Record<string, unknown>;
	if (!computed)
		return property.type === "Identifier" || property.type === "PrivateIdentifier" ? String(any.name) : literal(any);
	return literal(any);
}

function literal(node: AcornNode & Record<string, unknown>): string | null {
	if (node.type === "Literal")
		return typeof node.value === "string" || typeof node.value === "number" ? String(node.value) : null;
	if (node.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0)
		return String((node.quasis as { value: { cooked: string } }[])[0]?.value.cooked ?? "");
	return null;
}

/**
 * Whether an Identifier is a property or member name rather than a variable: `a.name`, `{ name: v }`,
 * a class member, a label, an exported or imported alias. Such a name never reaches a global.
 */
function isKeyPosition(parent: AcornNode | null, key: string | null): boolean {
	if (parent === null) return false;
	const any = parent as AcornNode & Record<string, unknown>;
	switch (parent.type) {
		case "MemberExpression":
			return key === "property" && any.computed !== true;
		case "Property":
		case "PropertyDefinition":
		case "MethodDefinition":
			return key === "key" && any.computed !== true && !(parent.type === "Property" && any.shorthand === true);
		case "LabeledStatement":
		case "BreakStatement":
		case "ContinueStatement":
			return key === "label";
		case "ExportSpecifier":
			return key === "exported";
		case "ImportSpecifier":
			return key === "imported";
		case "MetaProperty":
			return true;
		default:
			return false;
	}
}

type Visitor = (node: AcornNode, parent: AcornNode | null, key: string | null) => void;

/** Visits every node depth-first, in source order, with its parent and the key it hangs under. */
function walk(node: AcornNode, parent: AcornNode | null, key: string | null, visit: Visitor): void {
	visit(node, parent, key);
	for (const [childKey, value] of Object.entries(node)) {
		if (childKey === "loc") continue;
		if (Array.isArray(value)) {
			for (const item of value) if (isNode(item)) walk(item, node, childKey, visit);
		} else if (isNode(value)) walk(value, node, childKey, visit);
	}
}

function isNode(value: unknown): value is AcornNode {
	return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

/** Acorn, loaded on the first candidate checked: half a megabyte of parser that a run verifying no Node candidate never needs. */
const requireLazily = createRequire(import.meta.url);
function acornParse(): typeof parse {
	return (requireLazily("acorn") as { parse: typeof parse }).parse;
}
