import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../contract/index.js";
import { createSandbox } from "../../sandbox/index.js";
import { clearPath, isInsideRelative, placeFile } from "./place-file.js";

describe("placeFile", () => {
	let sandbox: Sandbox;
	let outside: string;
	beforeEach(async () => {
		sandbox = await createSandbox({ backend: "process", allowUnisolated: true });
		outside = await mkdtemp(join(tmpdir(), "touchstone-outside-"));
	});
	afterEach(async () => {
		await sandbox.dispose();
		await rm(outside, { recursive: true, force: true });
	});

	it("replaces a symlinked folder on the way instead of writing through it", async () => {
		await symlink(outside, join(sandbox.workdir, "tests"));
		await placeFile(sandbox, "tests/sum.test.js", "gold");
		expect((await lstat(join(sandbox.workdir, "tests"))).isDirectory()).toBe(true);
		expect(await readFile(join(sandbox.workdir, "tests/sum.test.js"), "utf8")).toBe("gold");
		expect(await readdir(outside)).toEqual([]);
	});

	it("replaces a symlink at the path itself, leaving its target alone", async () => {
		await sandbox.write("src/sum.js", "model's code");
		await mkdir(join(sandbox.workdir, "tests"));
		await symlink("../src/sum.js", join(sandbox.workdir, "tests/sum.test.js"));
		await placeFile(sandbox, "tests/sum.test.js", "gold");
		expect((await lstat(join(sandbox.workdir, "tests/sum.test.js"))).isFile()).toBe(true);
		expect(await sandbox.read("src/sum.js")).toBe("model's code");
	});

	it("replaces a folder or a file standing where the file or its folder should be", async () => {
		await sandbox.write("a/b.txt/inner", "x");
		await placeFile(sandbox, "a/b.txt", "file");
		expect(await sandbox.read("a/b.txt")).toBe("file");
		await writeFile(join(sandbox.workdir, "c"), "a file");
		await placeFile(sandbox, "c/d.txt", "nested");
		expect(await sandbox.read("c/d.txt")).toBe("nested");
	});

	it("clears a missing path without complaint, and refuses paths outside the workdir", async () => {
		await expect(clearPath(sandbox, "no/such/file")).resolves.toBeUndefined();
		await expect(clearPath(sandbox, "../escape")).rejects.toThrow(RangeError);
	});
});

describe("isInsideRelative", () => {
	it("accepts clean relative paths only", () => {
		expect(["a", "a/b.js", "./a/b"].map(isInsideRelative)).toEqual([true, true, true]);
		expect(["", ".", "..", "../a", "a/../../b", "/etc/passwd", "a\\b"].map(isInsideRelative)).toEqual(
			Array(7).fill(false),
		);
	});
});
