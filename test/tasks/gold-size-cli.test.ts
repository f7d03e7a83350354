import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "../support/cli.js";
import { commitFiles, initRepo, writeFiles } from "./git-repo.js";

/*
 * `touchstone gold-size` against a real git repository made here: a fix commit projected through
 * the snapshot's paths, strip and excludes; a root commit (no pre-fix tree); a commit touching only
 * other paths; a commit the repository lacks; a task without a source commit. --write sets only
 * the integer, keeping comments and layout byte for byte.
 */

const VERIFIER = `verifier:
  kind: checks
  args:
    script: hidden/check.js
`;

function task(id: string, snapshotCommit: string, source: string | null, extra = ""): string {
	return `# ${id}: a task drawn from a real fix
id: ${id}
mode: agentic   # the model finds the file
tier: easy
prompt: add() subtracts; make it add.
${source === null ? "" : `source_commit: ${source}  # the real fix\n`}${extra}snapshot:
  commit: ${snapshotCommit}
  paths: [app]
  strip: app
  excludes: ["*.md"]
${VERIFIER}`;
}

function workspace() {
	const cwd = tempDir("touchstone-gold-size-");
	const repo = initRepo(join(cwd, "repo"));
	const root = commitFiles(repo, {
		"app/src/math.js": "export const add = (a, b) => a - b;\nexport const one = 1;\n",
		"app/README.md": "# app\n",
		"tools/x.js": "x\n",
	});
	// The fix: one line of math.js replaced (2 lines), plus changes the projection leaves out.
	const fix = commitFiles(repo, {
		"app/src/math.js": "export const add = (a, b) => a + b;\nexport const one = 1;\n",
		"app/README.md": "# app, fixed\nmore\n",
		"tools/x.js": "y\nz\n",
	});
	const elsewhere = commitFiles(repo, { "tools/x.js": "w\n" });
	const tasks = {
		"fix-add/task.yaml": task("fix-add", root, fix),
		"resized/task.yaml": task("resized", root, fix, "gold_diff_lines: 7 # stale guess\n"),
		"root-commit/task.yaml": task("root-commit", root, root),
		"elsewhere/task.yaml": task("elsewhere", fix, elsewhere),
		"unknown/task.yaml": task("unknown", root, "0123456789abcdef0123456789abcdef01234567"),
		"synthetic/task.yaml": task("synthetic", root, null),
	};
	writeFiles(join(cwd, "pack"), {
		...tasks,
		...Object.fromEntries(Object.keys(tasks).map((path) => [path.replace("task.yaml", "hidden/check.js"), ""])),
	});
	return { cwd, tasks, fix, root };
}

interface Line {
	task_id: string;
	gold_diff_lines: number | null;
	unset: string | null;
	written: boolean;
}

describe("touchstone gold-size", () => {
	it("sizes a projectable fix, says why the others stay unset, and writes only the integer", async () => {
		const { cwd, tasks, root } = workspace();
		const read = (id: string) => readFileSync(join(cwd, "pack", id, "task.yaml"), "utf8");
		const dry = await runCli(["gold-size", "--tasks", "pack", "--repo", "repo", "--json"], { cwd });
		expect(dry.code, dry.stderr).toBe(0);
		const byId = new Map((JSON.parse(dry.stdout) as { tasks: Line[] }).tasks.map((line) => [line.task_id, line]));
		expect(byId.get("fix-add")).toEqual({ task_id: "fix-add", gold_diff_lines: 2, unset: null, written: false });
		expect(byId.get("resized")?.gold_diff_lines).toBe(2);
		expect(byId.get("root-commit")?.unset).toBe(
			`the pre-fix tree cannot be projected: source_commit ${root} has no parent`,
		);
		expect(byId.get("elsewhere")?.unset).toMatch(/changes no text in the snapshot's paths/);
		expect(byId.get("unknown")?.unset).toMatch(
			/cannot be projected: source_commit 0123456789abcdef.* is not in the repository/,
		);
		expect(byId.get("synthetic")?.unset).toBe("the task has no source_commit");
		// Without --write nothing is touched.
		for (const [path, text] of Object.entries(tasks)) expect(read(path.split("/")[0] as string)).toBe(text);

		const written = await runCli(["gold-size", "--tasks", "pack", "--repo", "repo", "--write"], { cwd });
		expect(written.code, written.stderr).toBe(0);
		expect(written.stdout).toMatch(/fix-add\s+2\s+written to task.yaml/);
		expect(written.stdout).toMatch(/synthetic\s+unset\s+the task has no source_commit/);
		expect(read("fix-add")).toBe(`${tasks["fix-add/task.yaml"]}gold_diff_lines: 2\n`);
		expect(read("resized")).toBe(
			tasks["resized/task.yaml"].replace("gold_diff_lines: 7 # stale guess", "gold_diff_lines: 2 # stale guess"),
		);
		for (const id of ["root-commit", "elsewhere", "unknown", "synthetic"])
			expect(read(id)).toBe(tasks[`${id}/task.yaml` as keyof typeof tasks]);

		// The written task loads, and sizing again changes nothing.
		const again = await runCli(["gold-size", "fix-add", "--tasks", "pack", "--repo", "repo", "--write"], { cwd });
		expect(again.stdout).toMatch(/fix-add\s+2\s+task.yaml already says so/);
		expect(read("fix-add")).toBe(`${tasks["fix-add/task.yaml"]}gold_diff_lines: 2\n`);
	}, 60_000);

	it("refuses a folder that is not a git repository, naming --repo (exit 2)", async () => {
		const { cwd } = workspace();
		const result = await runCli(["gold-size", "--tasks", "pack", "--repo", "pack"], { cwd });
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/--repo/);
		expect(result.stderr).toMatch(/not a git repository/);
	});
});
