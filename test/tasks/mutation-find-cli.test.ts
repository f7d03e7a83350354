/**
 * A mutation task's find texts must occur exactly once in its module: checked when the pack loads
 * (validate-tasks, run: a located error naming the task.yaml, the mutant and the count) and by
 * `touchstone snapshot` on the fixture it builds (so bumping the commit fails loudly), spawned
 * end to end.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "../support/cli.js";
import { commitFiles, initRepo, writeFiles } from "./git-repo.js";

const MODULE = "export const inside = (x, low, high) => x >= low && x <= high;\n";
const SHA = createHash("sha256").update(MODULE).digest("hex");

function mutationTask(id: string, snapshot: string, mutants: string): string {
	return `id: ${id}
mode: agentic
tier: hard
prompt: Write tests for src/range.mjs.
snapshot:
${snapshot}
verifier:
  kind: mutation
  args:
    module: src/range.mjs
    module_sha256: ${SHA}
    command: [node, --test, --test-reporter=tap]
    report: node-test
    mutants:
${mutants}
`;
}

const SEEDED = `  files:
    src/range.mjs: |
      ${MODULE}`;

const GOOD = `      - { id: low-open, find: "x >= low", replace: "x > low" }
      - { id: high-open, find: "<=", replace: "<" }`;
const BAD = `      - { id: low-open, find: "x >= low", replace: "x > low" }
      - { id: missing, find: "x < low", replace: "x <= low" }
      - { id: twice, find: "high", replace: "top" }
    equivalent:
      - { id: gone, find: "low <= x", replace: "x >= low" }`;

describe("the find texts of a mutation task", () => {
	it("are checked at load: each problem located in task.yaml, naming the mutant and the count", async () => {
		const cwd = tempDir("touchstone-mutation-find-");
		writeFiles(join(cwd, "pack"), { "ranged/task.yaml": mutationTask("ranged", SEEDED, BAD) });
		const result = await runCli(["validate-tasks", "--tasks", "pack"], { cwd });
		expect(result.code).toBe(2);
		const source = join(cwd, "pack", "ranged", "task.yaml");
		expect(result.stderr).toContain(`${source}:19:`); // the \`missing\` mutant's line
		expect(result.stderr).toContain("verifier.args.mutants[1].find");
		expect(result.stderr).toContain(
			"the find text of mutant `missing` occurs 0 times in src/range.mjs as seeded in snapshot.files; it must occur exactly once",
		);
		expect(result.stderr).toContain("the find text of mutant `twice` occurs 2 times");
		expect(result.stderr).toContain("the find text of equivalent `gone` occurs 0 times");
		expect(result.stderr).not.toContain("`low-open` occurs");
	});

	it("must have unique ids", async () => {
		const cwd = tempDir("touchstone-mutation-ids-");
		const twice = `${GOOD}\n      - { id: low-open, find: "&&", replace: "||" }`;
		writeFiles(join(cwd, "pack"), { "ranged/task.yaml": mutationTask("ranged", SEEDED, twice) });
		const result = await runCli(["validate-tasks", "--tasks", "pack"], { cwd });
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(
			"task.yaml:20:15 verifier.args.mutants[2].id: the id `low-open` is already used by mutants[0]",
		);
	});

	it("are checked by snapshot on the fixture it builds: a bumped commit fails loudly and keeps the old fixture", async () => {
		const cwd = tempDir("touchstone-mutation-snapshot-");
		const repo = initRepo(join(cwd, "repo"));
		const first = commitFiles(repo, { "src/range.mjs": MODULE });
		const snapshot = (commit: string) => `  commit: ${commit}\n  paths: [src]`;
		writeFiles(join(cwd, "pack"), { "ranged/task.yaml": mutationTask("ranged", snapshot(first), GOOD) });
		const ok = await runCli(["snapshot", "--tasks", "pack", "--repo", "repo"], { cwd });
		expect(ok.stderr).toBe("");
		expect(ok.code).toBe(0);

		const bumped = commitFiles(repo, { "src/range.mjs": MODULE.replace("x >= low", "low <= x") });
		writeFiles(join(cwd, "pack"), { "ranged/task.yaml": mutationTask("ranged", snapshot(bumped), GOOD) });
		const failed = await runCli(["snapshot", "--tasks", "pack", "--repo", "repo", "--json"], { cwd });
		expect(failed.code).toBe(2);
		const messages = (JSON.parse(failed.stdout) as { issues: { message: string; line: number | null }[] }).issues;
		expect(messages.map((issue) => issue.message)).toEqual([
			expect.stringMatching(/^fixture\/src\/range\.mjs has sha256 [0-9a-f]{64}, not the pinned /),
			"the find text of mutant `low-open` occurs 0 times in fixture/src/range.mjs; it must occur exactly once",
			"the find text of mutant `high-open` occurs 2 times in fixture/src/range.mjs; it must occur exactly once",
		]);
		expect(messages[1]?.line).toBe(16);
		expect(readFileSync(join(cwd, "pack/ranged/fixture/src/range.mjs"), "utf8")).toBe(MODULE);

		// At load, a task whose module comes from a commit is checked against its materialized fixture.
		const other = `      - { id: negative, find: "x < 0", replace: "x <= 0" }`;
		writeFiles(join(cwd, "pack"), { "ranged/task.yaml": mutationTask("ranged", snapshot(first), other) });
		const load = await runCli(["validate-tasks", "--tasks", "pack"], { cwd });
		expect(load.code).toBe(2);
		expect(load.stderr).toContain("the find text of mutant `negative` occurs 0 times in fixture/src/range.mjs");
	});
});
