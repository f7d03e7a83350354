import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTaskPack } from "../../src/definitions/index.js";
import { goldDiff } from "../../src/sandbox/index.js";
import { tempDir } from "../support/cli.js";
import { commitFiles, initRepo, writeFiles } from "./git-repo.js";

/*
 * The real fix as the pairwise judge's reference: the source commit's diff against its parent,
 * projected as the fixture is (paths, strip, excludes), from a real git repository made here.
 */

describe("goldDiff", () => {
	it("gives the source commit's projected diff, or why there is none", async () => {
		const cwd = tempDir("touchstone-gold-diff-");
		const repo = initRepo(join(cwd, "repo"));
		const before = commitFiles(repo, {
			"app/src/math.js": "export const add = (a, b) => a - b;\n",
			"app/README.md": "# app\n",
		});
		const fix = commitFiles(repo, {
			"app/src/math.js": "export const add = (a, b) => a + b;\n",
			"app/README.md": "# fixed\n",
		});
		const task = (id: string, source: string | null) =>
			`id: ${id}\nmode: agentic\ntier: easy\nprompt: add() subtracts.\n${source === null ? "" : `source_commit: ${source}\n`}snapshot:\n  commit: ${before}\n  paths: [app]\n  strip: app\n  excludes: ["*.md"]\nverifier:\n  kind: checks\n  args:\n    script: hidden/check.js\n`;
		writeFiles(join(cwd, "pack"), {
			"fix/task.yaml": task("fix", fix),
			"fix/hidden/check.js": "",
			"synthetic/task.yaml": task("synthetic", null),
			"synthetic/hidden/check.js": "",
		});
		const pack = loadTaskPack(join(cwd, "pack")).tasks;
		const taskOf = (id: string) => {
			const found = pack.find((loaded) => loaded.task.id === id);
			if (found === undefined) throw new Error(`no task ${id}`);
			return found.task;
		};
		const gold = await goldDiff(repo, taskOf("fix"));
		expect("diff" in gold).toBe(true);
		const diff = "diff" in gold ? gold.diff : "";
		expect(diff).toContain("-export const add = (a, b) => a - b;");
		expect(diff).toContain("+export const add = (a, b) => a + b;");
		expect(diff).toContain("src/math.js");
		expect(diff).not.toContain("app/src");
		expect(diff).not.toContain("README");
		expect(await goldDiff(repo, taskOf("synthetic"))).toEqual({ unset: "the task has no source_commit" });
	});
});
