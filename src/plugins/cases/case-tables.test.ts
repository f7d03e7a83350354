import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import type { InputIssue, PluginContext } from "../../contract/index.js";
import { expectedCheck } from "./case-tables.js";
import { benchmarksWith, loadCases, loadIssues } from "./test-context.js";

const TEMPLATE = "Classify for {{team}}: {{ ticket }}";

function where(issue: InputIssue): string {
	return `${basename(issue.source)}:${issue.line}:${issue.column} ${issue.message}`;
}

function table(files: Record<string, string>, template: string | null = TEMPLATE): PluginContext {
	return { ...benchmarksWith(files), prompt_template: template };
}

describe("CSV case files", () => {
	it("read one case per row, columns as vars, with a BOM, CRLF, quoted commas and newlines, and reserved columns", async () => {
		const csv =
			"\uFEFFteam,ticket,__id,__kind,__threshold,__expected,__reference.note\r\n" +
			'support,"I was charged twice, please refund",double-charge,ceiling,0.5,icontains:BILLING,refund owed\r\n' +
			"\r\n" +
			'sales,"line one\r\nline two",,,,billing,\r\n';
		const cases = await loadCases(table({ "tickets.csv": csv }));
		expect(cases.map((data) => data.id)).toEqual(["double-charge", "tickets-2"]);
		expect(cases[0]).toMatchObject({
			kind: "ceiling",
			threshold: 0.5,
			input: {
				prompt: "Classify for support: I was charged twice, please refund",
				vars: { team: "support", ticket: "I was charged twice, please refund" },
			},
			reference: {
				note: "refund owed",
				checks: [{ metric: "expected", contains: ["BILLING"], case_sensitive: false }],
			},
		});
		expect(cases[1]).toMatchObject({
			kind: "floor",
			input: { prompt: "Classify for sales: line one\r\nline two" },
			reference: { checks: [{ metric: "expected", exact: "billing" }] },
		});
	});

	it("place a row with too few fields on its own line, counting quoted newlines", async () => {
		const csv = 'team,ticket,__expected\n"a","multi\nline",x\nb,only-two\n';
		const issues = await loadIssues(table({ "t.csv": csv }));
		expect(issues.map(where)).toEqual(["t.csv:4:1 this row has 2 fields, the header has 3"]);
	});

	it("refuse an empty table, a table without the use case's template, and a template var that is no column", async () => {
		expect((await loadIssues(table({ "t.csv": "team,ticket,__expected\n" }))).map(where)).toEqual([
			"t.csv:1:1 the table has no cases",
		]);
		const untemplated = await loadIssues(table({ "t.csv": "team,ticket,__expected\na,b,c\n" }, null));
		expect(untemplated.map(where)).toEqual([
			expect.stringContaining("t.csv:1:1 a CSV case file needs the use case's `prompt_template`"),
		]);
		const unknown = await loadIssues(table({ "t.csv": "team,tikcet,__expected,__bogus\na,b,c,d\n" }));
		expect(unknown.map(where)).toEqual([
			expect.stringContaining("t.csv:1:1 `__bogus` is not a reserved column"),
			expect.stringContaining(
				"t.csv:1:1 the template uses the variable `ticket`, which is not among the vars given (team, tikcet)",
			),
		]);
	});

	it("name the __id column in the fix when a table's file name is no valid id for its rows", async () => {
		const issues = await loadIssues(table({ "tickets (2).csv": "team,ticket\nsupport,Refund please\n" }));
		expect(issues.map((issue) => issue.fix)).toEqual([
			"add an `__id` column to the row with a valid id, or rename the file",
		]);
	});

	it("refuse malformed CSV with its line", async () => {
		const issues = await loadIssues(table({ "t.csv": 'team,ticket,__expected\na,"unclosed,c\n' }));
		expect(issues.map(where)).toEqual([expect.stringMatching(/^t\.csv:2:1 invalid CSV: Quote Not Closed/)]);
	});
});

describe("JSONL case files", () => {
	it("read one case per line with the keys of a YAML case: vars, reference, checks, an own prompt", async () => {
		const jsonl = [
			'{"id": "j1", "input": {"vars": {"team": "ops", "ticket": "disk full"}}, "reference": {"gold": "bug"}, "checks": [{"metric": "label", "exact": "bug"}]}',
			"",
			'{"input": {"prompt": "plain prompt"}, "checks": [{"metric": "label", "exact": "x"}]}\r',
		].join("\n");
		const cases = await loadCases(table({ "t.jsonl": jsonl }));
		expect(cases.map((data) => [data.id, data.input.prompt])).toEqual([
			["j1", "Classify for ops: disk full"],
			["t-2", "plain prompt"],
		]);
		expect(cases[0]?.reference).toMatchObject({ gold: "bug", checks: [{ metric: "label", exact: "bug" }] });
	});

	it("place bad JSON, a line that is not an object and a bad case on their lines", async () => {
		const jsonl = [
			'{"id": "ok", "input": {"prompt": "p"}, "checks": [{"metric": "m", "exact": "x"}]}',
			'{"id": broken}',
			"[1, 2]",
			'{"id": "bad", "input": {"vars": {"team": "a"}}, "checks": [{"metric": "m", "exact": "x"}]}',
		].join("\n");
		const issues = await loadIssues(table({ "t.jsonl": jsonl }));
		expect(issues.map(where)).toEqual([
			expect.stringContaining("t.jsonl:2:1 this line is not JSON"),
			expect.stringContaining("t.jsonl:3:1 each line of a JSONL case file is one JSON object"),
			expect.stringContaining(
				"t.jsonl:4:1 the template uses the variable `ticket`, which is not among the vars given (team)",
			),
		]);
	});
});

describe("expectedCheck", () => {
	it("maps promptfoo's prefixes to checks, an unprefixed value to an exact match", () => {
		expect(expectedCheck("contains:refund")).toEqual({ metric: "expected", contains: "refund" });
		expect(expectedCheck("regex:^bill")).toEqual({ metric: "expected", regex: "^bill" });
		expect(expectedCheck("equals:a:b")).toEqual({ metric: "expected", exact: "a:b" });
		expect(expectedCheck("billing: yes")).toEqual({ metric: "expected", exact: "billing: yes" });
	});
});
