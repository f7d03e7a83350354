import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import type { InputIssue } from "../../contract/index.js";
import { benchmarksWith, loadCases, loadIssues } from "./test-context.js";

const CHECK = "checks:\n  - { metric: label, exact: billing }\n";

/** Issues as `file:line:column path` and message, for compact assertions. */
function where(issue: InputIssue): string {
	return `${basename(issue.source)}:${issue.line}:${issue.column} ${issue.path}`;
}

async function onlyIssue(files: Record<string, string>, grading = ""): Promise<InputIssue> {
	const issues = await loadIssues(benchmarksWith(files, grading));
	expect(issues.map((issue) => `${where(issue)} ${issue.message}`)).toHaveLength(1);
	return issues[0] as InputIssue;
}

describe("valid case files", () => {
	it("fill in the defaults: id from the file name, version 1, kind floor, threshold from grading", async () => {
		const cases = await loadCases(
			benchmarksWith({ "refund-request.yaml": `input:\n  prompt: Classify this.\n${CHECK}` }, "threshold: 0.5\n"),
		);
		expect(cases).toEqual([
			{
				id: "refund-request",
				version: "1",
				use_case_id: "demo",
				kind: "floor",
				input: { prompt: "Classify this." },
				reference: {
					checks: [
						{ metric: "label", exact: "billing", case_sensitive: true, trim: true, normalize_whitespace: false },
					],
				},
				threshold: 0.5,
				metadata: {},
			},
		]);
	});

	it("read several cases from a `cases:` list, in file order then list order", async () => {
		const list = `cases:\n  - id: b-two\n    input: { prompt: two }\n    ${CHECK.replace("\n  -", "\n      -")}  - id: b-one\n    version: 3\n    kind: ceiling\n    input: { prompt: one, temperature: 0, topic: x }\n    reference: { gold: billing }\n    threshold: 0.75\n    metadata: { source: authored }\n    ${CHECK.replace("\n  -", "\n      -")}`;
		const cases = await loadCases(benchmarksWith({ "b.yaml": list, "a.yaml": `input: { prompt: a }\n${CHECK}` }));
		expect(cases.map((data) => data.id)).toEqual(["a", "b-two", "b-one"]);
		expect(cases[2]).toMatchObject({
			version: "3",
			kind: "ceiling",
			input: { prompt: "one", temperature: 0, topic: "x" },
			reference: { gold: "billing", checks: [{ metric: "label" }] },
			threshold: 0.75,
			metadata: { source: "authored" },
		});
	});

	it("take the use case's default checks when they list none, leaving the reference alone", async () => {
		const cases = await loadCases(
			benchmarksWith({ "a.yaml": "input: { prompt: a }\n" }, "checks:\n  - { contains: [refund] }\n"),
		);
		expect(cases[0]?.reference).toBeNull();
	});
});

describe("bad case files", () => {
	it("name an unknown key on its line and suggest the closest one", async () => {
		const issue = await onlyIssue({ "a.yaml": "input: { prompt: a }\nchekcs:\n  - { exact: a }\n" });
		expect(where(issue)).toBe("a.yaml:2:1 chekcs");
		expect(issue.message).toContain("unknown key `chekcs`");
		expect(issue.fix).toBe("did you mean `checks`?");
	});

	it("name a missing prompt", async () => {
		const issue = await onlyIssue({ "a.yaml": `id: a\ninput:\n  system_prompt: Be brief.\n${CHECK}` });
		expect(where(issue)).toBe("a.yaml:3:3 input.prompt");
		expect(issue.message).toBe("missing required key `prompt` (a string)");
	});

	it("refuse a check with no grader kind, at the check", async () => {
		const issue = await onlyIssue({ "a.yaml": "input: { prompt: a }\nchecks:\n  - { metric: label }\n" });
		expect(where(issue)).toBe("a.yaml:3:5 checks[0]");
		expect(issue.message).toBe("a check needs one grader kind, found none among its keys (metric)");
		expect(issue.fix).toContain("add one of exact, contains, regex, json_schema, numeric");
	});

	it("refuse a check with two grader kinds, at the second one", async () => {
		const issue = await onlyIssue({
			"a.yaml": "input: { prompt: a }\nchecks:\n  - metric: label\n    exact: billing\n    contains: [billing]\n",
		});
		expect(where(issue)).toBe("a.yaml:5:5 checks[0].contains");
		expect(issue.message).toBe("a check has one grader kind, found `exact` and `contains`");
	});

	it("refuse an unknown option of a check, suggesting the right one", async () => {
		const issue = await onlyIssue({
			"a.yaml": "input: { prompt: a }\nchecks:\n  - { exact: billing, case_sensitve: false }\n",
		});
		expect(where(issue)).toBe("a.yaml:3:23 checks[0].case_sensitve");
		expect(issue.message).toContain("unknown key `case_sensitve` in this `exact` check");
		expect(issue.fix).toBe("did you mean `case_sensitive`?");
	});

	it("refuse a regex that does not compile, at the pattern", async () => {
		const issue = await onlyIssue({
			"a.yaml": 'input: { prompt: a }\nchecks:\n  - metric: date\n    regex: "(\\\\d{4}"\n',
		});
		expect(where(issue)).toBe("a.yaml:4:12 checks[0].regex");
		expect(issue.message).toContain("the pattern does not compile");
	});

	it("refuse a JSON Schema with a misspelt keyword", async () => {
		const issue = await onlyIssue({
			"a.yaml": "input: { prompt: a }\nchecks:\n  - json_schema:\n      type: object\n      requried: [total]\n",
		});
		expect(where(issue)).toBe("a.yaml:4:7 checks[0].json_schema");
		expect(issue.message).toContain('unknown keyword: "requried"');
	});

	it("refuse a JSONPath outside the supported subset, at the path", async () => {
		const issue = await onlyIssue({
			"a.yaml": 'input: { prompt: a }\nchecks:\n  - { json_path: "$.items[*].sku", equals: A }\n',
		});
		expect(where(issue)).toBe("a.yaml:3:18 checks[0].json_path");
		expect(issue.message).toContain("is not a supported JSONPath: unsupported syntax at `[*].sku`");
		expect(issue.fix).toContain("wildcards (`*`)");
	});

	it("refuse an unknown option of a json_path check and a similar check's min above 1", async () => {
		const issues = await loadIssues(
			benchmarksWith({
				"a.yaml":
					"input: { prompt: a }\nchecks:\n  - { json_path: $.total, equals: 1, tolerence: 0.1 }\n  - { similar: Paris, min: 1.5 }\n",
			}),
		);
		expect(issues.map((issue) => `${where(issue)} ${issue.message}`)).toEqual([
			expect.stringMatching(/^a\.yaml:3:38 checks\[0\]\.tolerence unknown key `tolerence` in this `json_path` check/),
			expect.stringMatching(/^a\.yaml:4:28 checks\[1\]\.min expected a number <= 1/),
		]);
		expect(issues[0]?.fix).toBe("did you mean `tolerance`?");
	});

	it("refuse a budget bound that is not positive, at the bound", async () => {
		const issue = await onlyIssue({
			"a.yaml": "input: { prompt: a }\nchecks:\n  - { metric: cheap, max_cost_usd: -0.001 }\n",
		});
		expect(where(issue)).toBe("a.yaml:3:36 checks[0].max_cost_usd");
		expect(issue.message).toBe("expected a positive finite number, found -0.001");
		expect(issue.fix).toContain("`max_cost_usd: 0.001`");
	});

	it("refuse a threshold outside 0..1", async () => {
		const issue = await onlyIssue({ "a.yaml": `input: { prompt: a }\nthreshold: 1.5\n${CHECK}` });
		expect(where(issue)).toBe("a.yaml:2:12 threshold");
		expect(issue.message).toBe("expected a number <= 1, found the number 1.5");
	});

	it("ask to quote a number given as an exact answer", async () => {
		const issue = await onlyIssue({ "a.yaml": "input: { prompt: a }\nchecks:\n  - { exact: 42 }\n" });
		expect(issue.fix).toBe('quote the value: "42"');
	});

	it("point at both places of a duplicate id, each naming the other", async () => {
		const issues = await loadIssues(
			benchmarksWith(
				{
					"a.yaml": `id: twin\ninput: { prompt: a }\n${CHECK}`,
					"b.yaml": `cases:\n  - id: other\n    input: { prompt: b }\n  - id: twin\n    input: { prompt: c }\n`,
				},
				"checks:\n  - { exact: x }\n",
			),
		);
		expect(issues.map(where)).toEqual(["a.yaml:1:5 id", "b.yaml:4:9 cases[1].id"]);
		expect(issues[0]?.message).toMatch(/^duplicate case id `twin`; also defined at .*b\.yaml:4:9$/);
		expect(issues[1]?.message).toMatch(/also defined at .*a\.yaml:1:5$/);
	});

	it("catch a duplicate id taken from a file name", async () => {
		const issues = await loadIssues(
			benchmarksWith({
				"twin.yaml": `input: { prompt: a }\n${CHECK}`,
				"b.yaml": `id: twin\ninput: { prompt: b }\n${CHECK}`,
			}),
		);
		expect(issues.map((issue) => issue.message)).toContainEqual(
			expect.stringMatching(/^duplicate case id `twin` \(from the file name\); also defined at/),
		);
	});

	it("require an id in a `cases:` list", async () => {
		const issue = await onlyIssue({
			"a.yaml": `cases:\n  - input: { prompt: a }\n    ${CHECK.replace("\n  -", "\n      -")}`,
		});
		expect(where(issue)).toBe("a.yaml:2:5 cases[0].id");
	});

	it("refuse two checks with the same metric", async () => {
		const issue = await onlyIssue({
			"a.yaml": "input: { prompt: a }\nchecks:\n  - { exact: a }\n  - { exact: b }\n",
		});
		expect(where(issue)).toBe("a.yaml:4:5 checks[1].metric");
		expect(issue.message).toBe("metric `exact` is used by two checks");
	});

	it("report a case without checks when the use case has no defaults", async () => {
		const issue = await onlyIssue({ "a.yaml": "input: { prompt: a }\n" });
		expect(where(issue)).toBe("a.yaml:1:1 ");
		expect(issue.message).toContain("no checks");
	});

	it("report YAML syntax errors with their line", async () => {
		const issues = await loadIssues(
			benchmarksWith({
				"a.yaml": "input: { prompt: a }\nchecks:\n  - { exact: a }\n\tmetric: b\n",
				"b.yaml": `input: { prompt: a }\ninput: { prompt: b }\n${CHECK}`,
			}),
		);
		expect(issues.map((issue) => [where(issue), issue.fix])).toEqual([
			["a.yaml:4:1 ", "indent with spaces; YAML does not allow tabs"],
			["b.yaml:2:1 ", "keep one of the two keys and delete the other"],
		]);
	});

	it("list the problems of every file at once", async () => {
		const issues = await loadIssues(
			benchmarksWith({ "a.yaml": "input: {}\n", "b.yaml": "input: { prompt: b }\nkind: floorr\n" }),
		);
		expect(issues.map(where)).toEqual(["a.yaml:1:8 input.prompt", "b.yaml:2:7 kind"]);
		expect(issues[1]?.fix).toBe("did you mean `floor`?");
	});
});

describe("a bad grading block", () => {
	it("is placed on its line in use_cases.yaml", async () => {
		const issues = await loadIssues(
			benchmarksWith(
				{ "a.yaml": `input: { prompt: a }\n${CHECK}` },
				"weights: { label: -1 }\nthreshold: 2\nheadlin: label\n",
			),
		);
		expect(issues.map((issue) => `${where(issue)}: ${issue.message}`)).toEqual([
			"use_cases.yaml:8:25 use_cases[1].grading.weights.label: expected a number >= 0, found the number -1",
			"use_cases.yaml:9:18 use_cases[1].grading.threshold: expected a number <= 1, found the number 2",
			"use_cases.yaml:10:7 use_cases[1].grading.headlin: unknown key `headlin`; expected one of: headline, weights, threshold, checks",
		]);
	});

	it("names a weight no check produces, and a headline metric a case lacks", async () => {
		const issues = await loadIssues(
			benchmarksWith(
				{
					"a.yaml": `input: { prompt: a }\n${CHECK}`,
					"b.yaml": "input: { prompt: b }\nchecks:\n  - { metric: other, exact: x }\n",
				},
				"headline: label\nweights: { lable: 2 }\n",
			),
		);
		expect(issues.map((issue) => `${where(issue)}: ${issue.message}`)).toEqual([
			"b.yaml:3:3 checks: the headline metric `label` (grading.headline) is not among these checks' metrics (other)",
			"use_cases.yaml:9:18 use_cases[1].grading.weights.lable: no check of any case produces the metric `lable`",
		]);
	});

	it("refuses weights that leave a case's composite undefined", async () => {
		const issue = await onlyIssue({ "a.yaml": `input: { prompt: a }\n${CHECK}` }, "weights: { label: 0 }\n");
		expect(where(issue)).toBe("a.yaml:3:3 checks");
		expect(issue.message).toContain("has weight 0");
	});

	it("refuses default checks sharing a metric, on their line", async () => {
		const issue = await onlyIssue(
			{ "a.yaml": "input: { prompt: a }\n" },
			"checks:\n  - { metric: label, exact: a }\n  - { metric: label, regex: a }\n",
		);
		expect(`${where(issue)}: ${issue.message}`).toBe(
			"use_cases.yaml:10:13 use_cases[1].grading.checks[1].metric: metric `label` is used by two checks",
		);
	});
});
