import { mkdir, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkspace, removeWorkspace, type Workspace } from "./workspace.js";
import { diffWorkspace } from "./workspace-diff.js";

let fixture: string;
let workspaces: Workspace[];

beforeEach(async () => {
	fixture = await mkdtemp(join(tmpdir(), "touchstone-fixture-"));
	await mkdir(join(fixture, "src"));
	await writeFile(join(fixture, "src", "math.ts"), "export const add = (a, b) => a - b;\nexport const one = 1;\n");
	await writeFile(join(fixture, "old.txt"), "going away\n");
	await writeFile(join(fixture, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
	workspaces = [];
});

afterEach(async () => {
	for (const workspace of workspaces) await removeWorkspace(workspace);
	await rm(fixture, { recursive: true, force: true });
});

async function workspaceOf(options: { fixture?: string } = { fixture }): Promise<Workspace> {
	const workspace = await createWorkspace(options);
	workspaces.push(workspace);
	return workspace;
}

describe("diffWorkspace", () => {
	it("is empty for an untouched copy", async () => {
		expect(await diffWorkspace(await workspaceOf())).toEqual({
			text: "",
			truncated: false,
			bytes: 0,
			cap_bytes: 262144,
		});
	});

	it("shows changed, added and deleted files with a/ and b/ paths, and summarizes binary files", async () => {
		const workspace = await workspaceOf();
		await writeFile(
			join(workspace.workdir, "src", "math.ts"),
			"export const add = (a, b) => a + b;\nexport const one = 1;\n",
		);
		await writeFile(join(workspace.workdir, "src", "new file.ts"), "export {};\n");
		await unlink(join(workspace.workdir, "old.txt"));
		await writeFile(join(workspace.workdir, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9]));

		const { text, truncated, bytes } = await diffWorkspace(workspace);
		expect(truncated).toBe(false);
		expect(bytes).toBe(Buffer.byteLength(text));
		expect(text).toContain("diff --git a/src/math.ts b/src/math.ts\n" + "index ");
		expect(text).toContain(
			"--- a/src/math.ts\n+++ b/src/math.ts\n@@ -1,2 +1,2 @@\n-export const add = (a, b) => a - b;\n+export const add = (a, b) => a + b;\n export const one = 1;\n",
		);
		expect(text).toContain("diff --git a/src/new file.ts b/src/new file.ts\nnew file mode 100644\n");
		expect(text).toContain("diff --git a/old.txt b/old.txt\ndeleted file mode 100644\n");
		expect(text).toContain("-going away\n");
		expect(text).toContain("Binary files a/logo.png and b/logo.png differ\n");
		expect(text).not.toContain(workspace.workdir);
		expect(text).not.toContain(fixture);
	});

	it("cuts a large diff at a line boundary under the cap and records what it cut", async () => {
		const workspace = await workspaceOf();
		const lines = Array.from({ length: 2000 }, (_, index) => `line ${index} of a long generated file\n`).join("");
		await writeFile(join(workspace.workdir, "generated.txt"), lines);

		const full = await diffWorkspace(workspace, 10 * 1024 * 1024);
		const capped = await diffWorkspace(workspace, 4096);
		expect(full.truncated).toBe(false);
		expect(capped).toMatchObject({ truncated: true, bytes: full.bytes, cap_bytes: 4096 });
		expect(Buffer.byteLength(capped.text)).toBeLessThanOrEqual(4096);
		expect(Buffer.byteLength(capped.text)).toBeGreaterThan(4000);
		expect(capped.text.endsWith("\n")).toBe(true);
		expect(full.text.startsWith(capped.text)).toBe(true);
	});

	it("diffs a workdir made without a fixture against nothing", async () => {
		const workspace = await workspaceOf({});
		await writeFile(join(workspace.workdir, "hello.txt"), "hi\n");
		const { text } = await diffWorkspace(workspace);
		expect(text).toContain("diff --git a/hello.txt b/hello.txt\nnew file mode 100644\n");
		expect(text).toContain("+hi\n");
	});

	it("ignores the host's git configuration", async () => {
		const workspace = await workspaceOf();
		await writeFile(join(workspace.workdir, "old.txt"), "changed\n");
		const previous = process.env.GIT_CONFIG_PARAMETERS;
		process.env.GIT_CONFIG_PARAMETERS = "'color.diff'='always' 'diff.noprefix'='true'";
		try {
			const { text } = await diffWorkspace(workspace);
			expect(text).toContain("--- a/old.txt\n+++ b/old.txt\n");
			expect(text).not.toContain("\u001b[");
		} finally {
			if (previous === undefined) delete process.env.GIT_CONFIG_PARAMETERS;
			else process.env.GIT_CONFIG_PARAMETERS = previous;
		}
	});
});
