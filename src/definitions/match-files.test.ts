import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchFiles } from "./match-files.js";

describe("matchFiles", () => {
	let root: string;
	beforeAll(() => {
		root = mkdtempSync(join(tmpdir(), "touchstone-glob-"));
		for (const file of [
			"packs/a/one.yaml",
			"packs/a/two.yml",
			"packs/a/.hidden.yaml",
			"packs/b/deep/three.yaml",
			"x.txt",
		]) {
			mkdirSync(dirname(join(root, file)), { recursive: true });
			writeFileSync(join(root, file), "");
		}
	});
	afterAll(() => rmSync(root, { recursive: true, force: true }));

	it("matches one folder's files with * and skips dotfiles", () => {
		expect(matchFiles(root, "packs/a/*.yaml")).toEqual(["packs/a/one.yaml"]);
	});

	it("matches across folders with ** and alternatives with {a,b}", () => {
		expect(matchFiles(root, "packs/**/*.yaml")).toEqual(["packs/a/one.yaml", "packs/b/deep/three.yaml"]);
		expect(matchFiles(root, "packs/a/*.{yaml,yml}")).toEqual(["packs/a/one.yaml", "packs/a/two.yml"]);
		expect(matchFiles(root, "packs/?/*.y[a-z]ml")).toEqual(["packs/a/one.yaml"]);
	});

	it("matches a literal path only when the file exists, and nothing in a missing folder", () => {
		expect(matchFiles(root, "./x.txt")).toEqual(["x.txt"]);
		expect(matchFiles(root, "packs/missing/*.yaml")).toEqual([]);
		expect(matchFiles(root, "packs/a")).toEqual([]);
	});
});
