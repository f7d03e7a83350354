import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "../support/cli.js";

/** A scaffolded benchmarks/ folder with one sprint `calc` whose sprint.yaml is `yaml`. */
async function project(yaml: string): Promise<string> {
	const root = tempDir("touchstone-sprint-cli-");
	const init = await runCli(["init"], { cwd: root });
	expect(init.code, init.stderr).toBe(0);
	const dir = join(root, "benchmarks", "sprints", "calc");
	mkdirSync(join(dir, "etalon"), { recursive: true });
	mkdirSync(join(dir, "mutations"));
	writeFileSync(join(dir, "mutations", "01-sign.patch"), "--- a/x\n+++ b/x\n");
	writeFileSync(join(dir, "guide.md"), "# Rules\n");
	writeFileSync(join(dir, "sprint.yaml"), yaml);
	return root;
}

const SPRINT = `source: { repo: ../calc.git, baseline: 1a2b3c4d }
plan: docs/plan.md
scope: [src/**]
commands: { ci: [npm, test], test: [npm, test], test_report: node-test }
scoring: { weights: { corpus: 1 } }
`;

describe("touchstone validate reads the sprints", () => {
	it("lists them in its summary and its JSON", async () => {
		const root = await project(SPRINT);
		const text = await runCli(["validate"], { cwd: root });
		expect(text.code, text.stderr).toBe(0);
		expect(text.stdout).toContain("  1 sprint (calc)");
		const json = await runCli(["validate", "--json"], { cwd: root });
		expect(JSON.parse(json.stdout)).toMatchObject({ valid: true, sprints: ["calc"] });
	});

	it("refuses a bad sprint.yaml with exit 2, its file, line and fix", async () => {
		const root = await project(SPRINT.replace("baseline: 1a2b3c4d", "baseline: main"));
		const result = await runCli(["validate"], { cwd: root });
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(join("sprints", "calc", "sprint.yaml"));
		expect(result.stderr).toContain(":1:");
		expect(result.stderr).toContain("the baseline is a commit id");
		const json = await runCli(["validate", "--json"], { cwd: root });
		expect(JSON.parse(json.stdout)).toMatchObject({ valid: false, issues: [{ path: "source.baseline" }] });
	});
});
