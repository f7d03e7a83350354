import { aliasesOf, firstLine, type ParsedReport, type TestOutcome, type TestResult } from "./test-result.js";

/** A test point with what its YAML block and nesting told us, before names are joined. */
interface TapNode {
	readonly name: string;
	readonly outcome: TestOutcome;
	readonly children: readonly TapNode[];
	suite: boolean;
	duration_ms: number | null;
	message: string | null;
}

const TEST_POINT = /^( *)(ok|not ok)\b(?: +\d+)?(?: +-)?(?: (.*))?$/;

/**
 * Reads TAP version 13 as `node --test --test-reporter=tap` writes it: subtests indented four
 * spaces under their parent, whose test point follows them; a YAML block after each test point
 * (`duration_ms`, `type: 'suite'`, `error`); `# SKIP` and `# TODO` directives; `\#` and `\\`
 * escapes in names. Other lines (diagnostics, a test file's own output) are ignored. Full names
 * join the titles of suites and parent tests with ` > `.
 */
export function parseTap(text: string): ParsedReport {
	const lines = text.split(/\r?\n/);
	if (!lines.some((line) => line.startsWith("TAP version")) && !lines.some((line) => TEST_POINT.test(line)))
		return { ok: false, problem: "no `TAP version` line and no test point (`ok` / `not ok`): this is not TAP" };
	// Children wait here, by indentation, until their parent's test point arrives.
	const pending = new Map<number, TapNode[]>();
	for (let index = 0; index < lines.length; index++) {
		const match = TEST_POINT.exec(lines[index] as string);
		if (match === null) continue;
		const indent = (match[1] as string).length;
		const { name, directive } = splitDirective(match[3] ?? "");
		const children = pending.get(indent + 4) ?? [];
		pending.delete(indent + 4);
		const node: TapNode = {
			name,
			// A directive wins over `not ok`: a failing todo test is still a todo, not a failure.
			outcome: directive !== "passed" ? directive : match[2] === "not ok" ? "failed" : "passed",
			children,
			suite: false,
			duration_ms: null,
			message: null,
		};
		index = readYamlBlock(lines, index + 1, node);
		const siblings = pending.get(indent) ?? [];
		siblings.push(node);
		pending.set(indent, siblings);
	}
	const top = pending.get(0) ?? [];
	const tests: TestResult[] = [];
	for (const node of top) flatten(node, [], tests);
	return { ok: true, tests };
}

function flatten(node: TapNode, parents: readonly string[], into: TestResult[]): void {
	const path = [...parents, node.name];
	into.push({
		name: node.name,
		full_name: path.join(" > "),
		aliases: aliasesOf(node.name, path.join(" > ")),
		outcome: node.outcome,
		leaf: node.children.length === 0 && !node.suite,
		duration_ms: node.duration_ms,
		message: node.message,
	});
	for (const child of node.children) flatten(child, path, into);
}

/** Splits `name # SKIP reason` at the first unescaped `#`, and unescapes the name. */
function splitDirective(rest: string): { name: string; directive: TestOutcome } {
	let hash = -1;
	for (let index = 0; index < rest.length; index++) {
		if (rest[index] === "\\") index++;
		else if (rest[index] === "#") {
			hash = index;
			break;
		}
	}
	const rawName = hash === -1 ? rest : rest.slice(0, hash);
	const directive = hash === -1 ? "" : rest.slice(hash + 1).trim();
	const outcome: TestOutcome = /^skip\b/i.test(directive) ? "skipped" : /^todo\b/i.test(directive) ? "todo" : "passed";
	return { name: rawName.trim().replace(/\\([\\#])/g, "$1"), directive: outcome };
}

/** Reads the YAML block that may follow a test point; returns the index of its last line. */
function readYamlBlock(lines: readonly string[], start: number, node: TapNode): number {
	if (lines[start]?.trim() !== "---") return start - 1;
	let index = start + 1;
	for (; index < lines.length; index++) {
		const line = (lines[index] as string).trim();
		if (line === "...") return index;
		const field = /^([a-zA-Z_]+):\s*(.*)$/.exec(line);
		if (field === null) continue;
		const [, key, value = ""] = field;
		if (key === "duration_ms") node.duration_ms = Number.isFinite(Number(value)) ? Number(value) : null;
		else if (key === "type") node.suite = value.replace(/['"]/g, "") === "suite";
		else if (key === "error") node.message = firstLine(errorText(value, lines, index));
	}
	return index;
}

/** The text of an `error:` field: inline (quoted or not) or a `|-` block on the next lines. */
function errorText(value: string, lines: readonly string[], index: number): string {
	if (!value.startsWith("|") && !value.startsWith(">")) return value.replace(/^'(.*)'$/, "$1");
	return lines.slice(index + 1, index + 4).join("\n");
}
