import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findSpecialFiles } from "./special-files.js";
import { createWorkspace, removeWorkspace } from "./workspace.js";
import { diffWorkspace } from "./workspace-diff.js";

const root = mkdtempSync(join(tmpdir(), "touchstone-special-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A tree with one of each kind, and the links that resolve (kept). */
function hostileTree(): string {
	const tree = join(root, "tree");
	mkdirSync(join(tree, "src"), { recursive: true });
	writeFileSync(join(tree, "src", "a.txt"), "a\n");
	execFileSync("mkfifo", [join(tree, "src", "pipe")]);
	symlinkSync("/nonexistent", join(tree, "dangling"));
	symlinkSync("src/a.txt", join(tree, "inside"));
	symlinkSync("/workspace/src/a.txt", join(tree, "absolute-inside"));
	symlinkSync("/usr/bin/env", join(tree, "system"));
	const canMknod = process.getuid?.() === 0;
	if (canMknod) execFileSync("mknod", [join(tree, "null"), "c", "1", "3"]);
	return tree;
}

describe("special files", () => {
	const tree = hostileTree();
	const asRoot = process.getuid?.() === 0;

	it("finds FIFOs, devices and links to nothing (as a command inside sees them), not files or working links", async () => {
		expect(await findSpecialFiles(tree)).toEqual([
			{ path: "dangling", kind: "dangling-symlink" },
			...(asRoot ? [{ path: "null", kind: "device" }] : []),
			{ path: "src/pipe", kind: "fifo" },
		]);
	});

	it("leaves them out of a workspace copy, and diffs a workdir holding them without failing", async () => {
		const workspace = await createWorkspace({ fixture: tree });
		try {
			expect(await findSpecialFiles(workspace.workdir)).toEqual([]);
			execFileSync("mkfifo", [join(workspace.workdir, "new-pipe")]);
			writeFileSync(join(workspace.workdir, "src", "a.txt"), "b\n");
			const diff = await diffWorkspace(workspace);
			expect(diff.text).toContain("+b");
			expect(diff.text).not.toContain("new-pipe");
		} finally {
			await removeWorkspace(workspace);
		}
	});
});
