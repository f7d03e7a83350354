import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BadInputError, type JuryPanel } from "../../contract/index.js";
import { uncalledPanel } from "../../graders/testing.js";
import { casesPlugin } from "./cases-plugin.js";
import { benchmarksWith, gradeCase, loadCases, loadIssues } from "./test-context.js";

const SQL_CASE = `id: q
input: { prompt: Write a query., vars: { table: users } }
checks:
  - { metric: sql, javascript: ./checks/sql.mjs }
`;

function writeModule(dir: string, source: string): void {
	mkdirSync(join(dir, "checks"), { recursive: true });
	writeFileSync(join(dir, "checks", "sql.mjs"), source);
}

describe("javascript checks of a cases use case", () => {
	it("fill in the module's sha256 at load, so an edited module gives the case another reference", async () => {
		const context = benchmarksWith({ "q.yaml": SQL_CASE });
		writeModule(context.benchmarks_dir, "export const check = ({ vars }) => vars.table === 'users';");
		const [before] = await loadCases(context);
		if (before === undefined) throw new Error("no case");
		expect((before.reference?.checks as { sha256?: string }[] | undefined)?.[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
		expect((await gradeCase(context, before, "SELECT 1")).sql).toMatchObject({
			value: 1,
			grader_version: "javascript@1",
		});
		writeModule(context.benchmarks_dir, "export const check = () => false;");
		const [after] = await loadCases(context);
		expect(after?.reference).not.toEqual(before.reference);
	});

	it("put a default check's module hash in the grader's config, and place a missing module in use_cases.yaml", async () => {
		const context = benchmarksWith(
			{ "q.yaml": "id: q\ninput: { prompt: p }\n" },
			"checks:\n  - { javascript: checks/sql.mjs }\n",
		);
		const refused = (() => {
			try {
				casesPlugin.createGrader(context);
			} catch (error) {
				if (error instanceof BadInputError) return error.issues;
			}
			return [];
		})();
		expect(refused).toHaveLength(1);
		expect(refused[0]).toMatchObject({ line: 9, path: "use_cases[1].grading.checks[0].javascript" });
		expect(refused[0]?.message).toContain("checks/sql.mjs does not exist");
		writeModule(context.benchmarks_dir, "export const check = () => true;");
		const config = JSON.stringify(casesPlugin.createGrader(context).config);
		writeModule(context.benchmarks_dir, "export const check = () => 0.5;");
		expect(JSON.stringify(casesPlugin.createGrader(context).config)).not.toBe(config);
	});

	it("refuse an absolute path and a timeout out of bounds, located", async () => {
		const context = benchmarksWith({
			"q.yaml":
				"id: q\ninput: { prompt: p }\nchecks:\n  - { javascript: /etc/check.mjs }\n  - { metric: b, javascript: x.mjs, timeout_ms: 0 }\n",
		});
		const issues = await loadIssues(context);
		expect(issues.map((issue) => [issue.line, issue.path])).toEqual([
			[4, "checks[0].javascript"],
			[5, "checks[1].timeout_ms"],
		]);
		expect(issues[0]?.message).toContain("relative to the benchmarks folder");
	});
});

describe("rubric checks of a cases use case", () => {
	const RUBRIC_CASE =
		"id: r\ninput: { prompt: p }\nchecks:\n  - { metric: tone, rubric: The reply apologises once. }\n";

	it("ask for the panel only when a check needs it, and refuse the check, located, when there is none", async () => {
		let asked = 0;
		const plain = benchmarksWith({ "q.yaml": "id: q\ninput: { prompt: p }\nchecks: [{ exact: x }]\n" });
		await loadCases({
			...plain,
			juryPanel: () => {
				asked += 1;
				return null;
			},
		});
		expect(asked).toBe(0);
		const context = benchmarksWith({ "r.yaml": RUBRIC_CASE });
		const issues = await loadIssues({
			...context,
			juryPanel: () => {
				asked += 1;
				return null;
			},
		});
		expect(asked).toBe(1);
		expect(issues).toHaveLength(1);
		expect(issues[0]).toMatchObject({ line: 4, path: "checks[0].rubric" });
		expect(issues[0]?.fix).toContain("judge_panels.yaml");
		expect(await loadIssues(context)).toHaveLength(1); // a host that offers no jury
	});

	it("key each rubric check by the panel's jurors and quorum", async () => {
		const context = benchmarksWith({ "r.yaml": RUBRIC_CASE });
		const keyWith = async (jury: JuryPanel) => (await loadCases({ ...context, juryPanel: () => jury }))[0]?.reference;
		const one = await keyWith(uncalledPanel(["juror/a"]));
		expect(await keyWith(uncalledPanel(["juror/a"]))).toEqual(one);
		expect(await keyWith(uncalledPanel(["juror/b"]))).not.toEqual(one);
		expect(await keyWith(uncalledPanel(["juror/a", "juror/b"]))).not.toEqual(one);
		expect(await keyWith(uncalledPanel(["juror/a", "juror/b"], 2))).not.toEqual(
			await keyWith(uncalledPanel(["juror/a", "juror/b"])),
		);
	});
});
