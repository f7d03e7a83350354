import { aliasesOf, firstLine, type ParsedReport, type TestOutcome, type TestResult } from "./test-result.js";
import { parseXml, type XmlElement } from "./xml.js";

/** The two junit XML dialects read: node:test's (nested suites) and pytest's (classname ids). */
export const JUNIT_DIALECTS = ["node-test", "pytest"] as const;
/** One of {@link JUNIT_DIALECTS}. */
export type JunitDialect = (typeof JUNIT_DIALECTS)[number];

/**
 * Reads junit XML. Each `<testcase>` is one test: failed when it has a `<failure>` or `<error>`,
 * skipped when it has a `<skipped>` (`type="todo"` is todo), else passed. Names: node:test
 * (`--test-reporter=junit`) nests a `<testsuite>` per `describe`, so the full name joins those
 * suites and the title with ` > `; pytest (`--junitxml`) gives `classname` (dotted module and
 * class), so the full name is `classname.name`, which is how a pytest node id
 * (`tests/test_x.py::TestX::test_y`) reads once normalized (see `normalizeRequiredName`).
 * Junk around the XML (a runner's progress output on the same stream) is cut off first.
 */
export function parseJunit(text: string, dialect: JunitDialect): ParsedReport {
	const xml = extractXml(text);
	if (xml === null) return { ok: false, problem: "no <testsuites> or <testsuite> element: this is not junit XML" };
	const parsed = parseXml(xml);
	if (!parsed.ok) return { ok: false, problem: `the junit XML is malformed: ${parsed.problem}` };
	const tests: TestResult[] = [];
	collect(parsed.root, [], dialect, tests);
	return { ok: true, tests };
}

function collect(element: XmlElement, suites: readonly string[], dialect: JunitDialect, into: TestResult[]): void {
	for (const child of element.children) {
		if (child.name === "testsuite") {
			// pytest's one suite is named after the runner (`pytest`), not a describe block.
			const nested = dialect === "node-test" ? [...suites, child.attributes.name ?? ""] : suites;
			collect(child, nested, dialect, into);
		} else if (child.name === "testcase") into.push(testOf(child, suites, dialect));
	}
}

function testOf(element: XmlElement, suites: readonly string[], dialect: JunitDialect): TestResult {
	const name = element.attributes.name ?? "";
	let fullName: string;
	if (dialect === "node-test") fullName = [...suites, name].join(" > ");
	else {
		const classname = element.attributes.classname ?? "";
		fullName = classname === "" ? name : `${classname}.${name}`;
	}
	const time = Number(element.attributes.time);
	const { outcome, message } = outcomeOf(element);
	return {
		name,
		full_name: fullName,
		aliases: aliasesOf(name, fullName),
		outcome,
		leaf: true,
		duration_ms: element.attributes.time === undefined || !Number.isFinite(time) ? null : time * 1000,
		message,
	};
}

function outcomeOf(element: XmlElement): { outcome: TestOutcome; message: string | null } {
	const failure = element.children.find((child) => child.name === "failure" || child.name === "error");
	if (failure !== undefined)
		return { outcome: "failed", message: firstLine(failure.attributes.message ?? failure.text) };
	const skipped = element.children.find((child) => child.name === "skipped");
	if (skipped !== undefined)
		return {
			outcome: skipped.attributes.type === "todo" ? "todo" : "skipped",
			message: firstLine(skipped.attributes.message ?? skipped.text),
		};
	return { outcome: "passed", message: null };
}

/** The XML from its first `<testsuites` (or `<testsuite`) to the end of the matching closing tag. */
function extractXml(text: string): string | null {
	for (const tag of ["testsuites", "testsuite"]) {
		const start = text.indexOf(`<${tag}`);
		if (start === -1) continue;
		const close = `</${tag}>`;
		const end = text.lastIndexOf(close);
		if (end > start) return text.slice(start, end + close.length);
		// A self-closing root: an empty report.
		const selfClosing = /^<[^>]*\/>/.exec(text.slice(start));
		if (selfClosing !== null) return selfClosing[0];
		return text.slice(start);
	}
	return null;
}
