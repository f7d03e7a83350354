import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "../support/cli.js";
import { commitFiles, initRepo, writeFiles } from "./git-repo.js";

interface SnapshotJson {
	fixtures: { task_id: string; dir: string; hash: string; files: number }[];
	issues: { source: string; line: number | null; path: string; message: string }[];
}

const VERIFIER = `verifier:
  kind: checks
  args:
    script: hidden/check.js
`;

/** A workspace with a repository and a pack of two tasks: one extracted from the repository, one seeded. */
function workspace(): { cwd: string; commit: string } {
	const cwd = tempDir("touchstone-snapshot-cli-");
	const commit = commitFiles(initRepo(join(cwd, "repo")), {
		"app/src/math.js": "export const add = (a, b) => a - b;\n",
		"app/README.md": "# app\n",
		"tools/unrelated.js": "",
	});
	writeFiles(join(cwd, "pack"), {
		"fix-add/task.yaml": `id: fix-add
mode: agentic
tier: easy
prompt: add() subtracts; make it add.
snapshot:
  commit: ${commit}
  paths: [app]
  strip: app
  excludes: ["*.md"]
  patches:
    - path: src/math.js
      find: "a - b"
      replace: "a - b /* planted */"
${VERIFIER}`,
		"fix-add/hidden/check.js": "",
		"seeded/task.yaml": `id: seeded
mode: agentic
tier: hard
prompt: Make total() fast.
snapshot:
  files:
    mod.py: |
      def total(xs):
          return sum(xs)
${VERIFIER}`,
		"seeded/hidden/check.js": "",
	});
	return { cwd, commit };
}

describe("touchstone snapshot, spawned end to end", () => {
	it("materializes every task, prints hashes and file counts, and repeats them exactly", async () => {
		const { cwd } = workspace();
		const first = await runCli(["snapshot", "--tasks", "pack", "--repo", "repo", "--json"], { cwd });
		expect(first.stderr).toBe("");
		expect(first.code).toBe(0);
		const result = JSON.parse(first.stdout) as SnapshotJson;
		expect(result.fixtures.map((fixture) => [fixture.task_id, fixture.files, fixture.dir])).toEqual([
			["fix-add", 1, join("pack", "fix-add", "fixture")],
			["seeded", 1, join("pack", "seeded", "fixture")],
		]);
		expect(result.fixtures[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
		expect(readFileSync(join(cwd, "pack/fix-add/fixture/src/math.js"), "utf8")).toContain("a - b /* planted */");
		expect(existsSync(join(cwd, "pack/fix-add/fixture/.git"))).toBe(false);

		const again = await runCli(["snapshot", "--tasks", "pack", "--repo", "repo", "--json"], { cwd });
		expect((JSON.parse(again.stdout) as SnapshotJson).fixtures.map((fixture) => fixture.hash)).toEqual(
			result.fixtures.map((fixture) => fixture.hash),
		);

		const table = await runCli(["snapshot", "seeded", "--tasks", "pack"], { cwd });
		expect(table.code).toBe(0);
		expect(table.stdout).toContain(`seeded  ${result.fixtures[1]?.hash.slice(0, 16)}  1`);
	});

	it("writes a review diff and a manifest when --tasks is a relative path from the repository root", async () => {
		const cwd = tempDir("touchstone-snapshot-review-");
		const repo = initRepo(cwd);
		const base = commitFiles(repo, { "src/pay.js": "export const pay = (cents) => cents;\n" });
		const head = commitFiles(repo, { "src/pay.js": "export const pay = (cents) => Math.round(cents);\n" });
		writeFiles(cwd, {
			"benchmarks/packs/review/pay/task.yaml": `id: pay
mode: single-shot
tier: standard
prompt: Review the change in REVIEW.diff.
target_files: [REVIEW.diff]
snapshot:
  commit: ${head}
  paths: [src]
  review_diff: { base: ${base} }
${VERIFIER}`,
			"benchmarks/packs/review/pay/hidden/check.js": "",
		});
		const result = await runCli(["snapshot", "--tasks", "benchmarks/packs/review", "--repo", ".", "--json"], { cwd });
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		const fixture = join(cwd, "benchmarks/packs/review/pay/fixture");
		const diff = readFileSync(join(fixture, "REVIEW.diff"), "utf8");
		expect(diff).toContain("-export const pay = (cents) => cents;");
		expect(diff).toContain("+export const pay = (cents) => Math.round(cents);");
		// The manifest says what the fixture was built from, and is not counted as one of its files.
		const manifest = JSON.parse(readFileSync(join(fixture, ".touchstone-fixture.json"), "utf8")) as {
			task_id: string;
			fixture_hash: string;
		};
		const [built] = (JSON.parse(result.stdout) as SnapshotJson).fixtures;
		expect(manifest).toMatchObject({ task_id: "pay", fixture_hash: built?.hash });
		expect(built?.files).toBe(2);
	});

	it("exits 2 when a task needs a repository and none is given, still materializing the others", async () => {
		const { cwd } = workspace();
		const result = await runCli(["snapshot", "--tasks", "pack"], { cwd });
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("Cannot materialize 1 of 2 fixtures (fix-add)");
		expect(result.stderr).toContain("--repo");
		expect(result.stdout).toContain("seeded");
		expect(existsSync(join(cwd, "pack/seeded/fixture/mod.py"))).toBe(true);
	});

	it("exits 2 naming the file, line and path of a patch whose find text is not there", async () => {
		const { cwd } = workspace();
		const yaml = join(cwd, "pack/fix-add/task.yaml");
		writeFiles(cwd, { "pack/fix-add/task.yaml": readFileSync(yaml, "utf8").replace('find: "a - b"', 'find: "a * b"') });
		const result = await runCli(["snapshot", "fix-add", "--tasks", "pack", "--repo", "repo"], { cwd });
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(
			/pack\/fix-add\/task\.yaml:12:13 snapshot\.patches\[0\]\.find: the find text occurs 0 times in src\/math\.js/,
		);
		expect(existsSync(join(cwd, "pack/fix-add/fixture"))).toBe(false);
	});

	it("exits 2 listing every problem of an invalid pack, and an unknown task with a suggestion", async () => {
		const { cwd } = workspace();
		const yaml = join(cwd, "pack/seeded/task.yaml");
		writeFiles(cwd, { "pack/seeded/task.yaml": readFileSync(yaml, "utf8").replace("tier: hard", "tier: hardest") });
		const result = await runCli(["snapshot", "--tasks", "pack", "--json"], { cwd });
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/pack\/seeded\/task\.yaml:3:7 tier: expected one of/);
		expect((JSON.parse(result.stdout) as SnapshotJson).issues).toHaveLength(1);

		const unknown = await runCli(["snapshot", "fix-ad", "--tasks", "pack"], { cwd });
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("did you mean `fix-add`?");
	});
});
