import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SandboxPathError } from "../contract/index.js";
import { createWorkspace, removeWorkspace, type Workspace } from "./workspace.js";
import { listWorkspaceFolder, readWorkspaceFile, writeWorkspaceFile } from "./workspace-files.js";

let outside: string;
let workspace: Workspace;

beforeEach(async () => {
	outside = await mkdtemp(join(tmpdir(), "touchstone-outside-"));
	await writeFile(join(outside, "secret.txt"), "do not read");
	const fixture = join(outside, "fixture");
	await mkdir(join(fixture, "src"), { recursive: true });
	await writeFile(join(fixture, "src", "app.ts"), "export const a = 1;\n");
	await writeFile(join(fixture, "README.md"), "# app\n");
	workspace = await createWorkspace({ fixture });
	await symlink(join(outside, "secret.txt"), join(workspace.workdir, "to-secret"));
	await symlink(outside, join(workspace.workdir, "to-outside"));
	await symlink("src/app.ts", join(workspace.workdir, "to-app"));
	await symlink(join(outside, "missing.txt"), join(workspace.workdir, "dangling"));
});

afterEach(async () => {
	await removeWorkspace(workspace);
	await rm(outside, { recursive: true, force: true });
});

/** The SandboxPathError a promise rejects with. */
async function refusal(promise: Promise<unknown>): Promise<SandboxPathError> {
	const error = await promise.then(
		() => undefined,
		(error: unknown) => error,
	);
	expect(error).toBeInstanceOf(SandboxPathError);
	return error as SandboxPathError;
}

describe("reading", () => {
	it("reads files of the workdir, through symlinks that stay inside", async () => {
		expect(await readWorkspaceFile(workspace, "src/app.ts")).toBe("export const a = 1;\n");
		expect(await readWorkspaceFile(workspace, "./src/../src/app.ts")).toBe("export const a = 1;\n");
		expect(await readWorkspaceFile(workspace, "to-app")).toBe("export const a = 1;\n");
	});

	it.each([
		["../secret.txt", "outside-workdir"],
		[`${"../".repeat(12)}etc/passwd`, "outside-workdir"],
		["/etc/passwd", "outside-workdir"],
		["to-secret", "outside-workdir"],
		["to-outside/secret.txt", "outside-workdir"],
		["dangling", "outside-workdir"],
		["missing.txt", "not-found"],
		["src", "not-a-file"],
	])("refuses %s (%s)", async (path, problem) => {
		const error = await refusal(readWorkspaceFile(workspace, path));
		expect(error.problem).toBe(problem);
		expect(error.code).toBe("sandbox-path");
		expect(error.path).toBe(path);
	});
});

describe("writing", () => {
	it("writes files and creates missing folders inside the workdir", async () => {
		await writeWorkspaceFile(workspace, "deep/new/file.txt", "hi");
		expect(await readFile(join(workspace.workdir, "deep/new/file.txt"), "utf8")).toBe("hi");
		await writeWorkspaceFile(workspace, "to-app", "changed through an inside symlink");
		expect(await readFile(join(workspace.workdir, "src/app.ts"), "utf8")).toBe("changed through an inside symlink");
	});

	it.each([
		"../escaped.txt",
		"/tmp/escaped.txt",
		"to-outside/escaped.txt",
		"to-outside/new/escaped.txt",
		"to-secret",
		"dangling",
	])("refuses %s and writes nothing outside", async (path) => {
		const error = await refusal(writeWorkspaceFile(workspace, path, "pwned"));
		expect(error.problem).toBe("outside-workdir");
		expect(await readFile(join(outside, "secret.txt"), "utf8")).toBe("do not read");
		for (const host of [
			join(workspace.root, "escaped.txt"),
			"/tmp/escaped.txt",
			join(outside, "escaped.txt"),
			join(outside, "new"),
			join(outside, "missing.txt"),
		])
			expect(existsSync(host), host).toBe(false);
	});

	it("refuses to overwrite a folder", async () => {
		expect((await refusal(writeWorkspaceFile(workspace, "src", "x"))).problem).toBe("not-a-file");
	});
});

describe("listing", () => {
	it("lists a folder sorted, with kinds and file sizes, without following symlinks", async () => {
		const entries = await listWorkspaceFolder(workspace);
		expect(entries.map((entry) => `${entry.path}:${entry.kind}`)).toEqual([
			"README.md:file",
			"dangling:symlink",
			"src:directory",
			"to-app:symlink",
			"to-outside:symlink",
			"to-secret:symlink",
		]);
		expect(entries[0]?.size_bytes).toBe(6);
		expect(await listWorkspaceFolder(workspace, "src")).toEqual([
			{ name: "app.ts", path: "src/app.ts", kind: "file", size_bytes: 20 },
		]);
	});

	it.each([
		["..", "outside-workdir"],
		["to-outside", "outside-workdir"],
		["nowhere", "not-found"],
		["README.md", "not-a-directory"],
	])("refuses %s (%s)", async (path, problem) => {
		expect((await refusal(listWorkspaceFolder(workspace, path))).problem).toBe(problem);
	});
});
