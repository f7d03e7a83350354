import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeFolders } from "./make-folders.js";

describe("makeFolders", () => {
	it("makes missing parents, and accepts a folder that exists", () => {
		const root = mkdtempSync(join(tmpdir(), "touchstone-folders-"));
		makeFolders(join(root, "a", "b", "c"));
		expect(existsSync(join(root, "a", "b", "c"))).toBe(true);
		makeFolders(join(root, "a", "b"));
	});

	it("fails at once, instead of looping, where a folder cannot be made", () => {
		const started = Date.now();
		expect(() => makeFolders("/proc/touchstone-nope/db")).toThrow(/ENOENT/);
		expect(Date.now() - started).toBeLessThan(1_000);
		const root = mkdtempSync(join(tmpdir(), "touchstone-folders-"));
		writeFileSync(join(root, "file"), "");
		expect(() => makeFolders(join(root, "file", "sub"))).toThrow(/ENOTDIR|EEXIST/);
	});
});
