import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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
		expect(matchFiles(root, "packs/a/*.yaml").files).toEqual(["packs/a/one.yaml"]);
	});

	it("matches across folders with ** and alternatives with {a,b}", () => {
		expect(matchFiles(root, "packs/**/*.yaml").files).toEqual(["packs/a/one.yaml", "packs/b/deep/three.yaml"]);
		expect(matchFiles(root, "packs/a/*.{yaml,yml}").files).toEqual(["packs/a/one.yaml", "packs/a/two.yml"]);
		expect(matchFiles(root, "packs/?/*.y[a-z]ml").files).toEqual(["packs/a/one.yaml"]);
	});

	it("matches a literal path only when the file exists, and nothing in a missing folder", () => {
		expect(matchFiles(root, "./x.txt").files).toEqual(["x.txt"]);
		expect(matchFiles(root, "packs/missing/*.yaml").files).toEqual([]);
		expect(matchFiles(root, "packs/a").files).toEqual([]);
	});

	it("refuses, unread, what resolves outside the folder: a climbing glob, a symlinked file or folder", () => {
		const outer = mkdtempSync(join(tmpdir(), "touchstone-glob-outer-"));
		const base = join(outer, "benchmarks");
		mkdirSync(join(base, "packs"), { recursive: true });
		writeFileSync(join(outer, "secret.yaml"), "");
		writeFileSync(join(base, "packs", "in.yaml"), "");
		symlinkSync(join(outer, "secret.yaml"), join(base, "packs", "linked.yaml"));
		symlinkSync(outer, join(base, "packs", "up"));
		expect(matchFiles(base, "../*.yaml")).toEqual({
			files: [],
			refused: [{ path: "..", reason: "outside", resolved: outer }],
		});
		expect(matchFiles(base, "../secret.yaml").refused).toEqual([
			{ path: "../secret.yaml", reason: "outside", resolved: join(outer, "secret.yaml") },
		]);
		const deep = matchFiles(base, "packs/**/*.yaml");
		expect(deep.files).toEqual(["packs/in.yaml"]);
		expect(deep.refused.map((item) => item.path).sort()).toEqual(["packs/linked.yaml", "packs/up"]);
		// Named explicitly, the outer folder may be reached; the link into it is then a loop for `**`.
		expect(matchFiles(base, "packs/*.yaml", [outer]).files).toEqual(["packs/in.yaml", "packs/linked.yaml"]);
		rmSync(outer, { recursive: true, force: true });
	});

	it("reports symlink loops and folders that link back instead of throwing or walking forever", () => {
		const base = mkdtempSync(join(tmpdir(), "touchstone-glob-loop-"));
		mkdirSync(join(base, "packs", "a"), { recursive: true });
		writeFileSync(join(base, "packs", "a", "one.yaml"), "");
		symlinkSync("b.yaml", join(base, "packs", "a", "a.yaml"));
		symlinkSync("a.yaml", join(base, "packs", "a", "b.yaml"));
		symlinkSync("..", join(base, "packs", "a", "back"));
		symlinkSync(".", join(base, "packs", "a", "self"));
		const match = matchFiles(base, "packs/**/*.yaml");
		expect(match.files).toEqual(["packs/a/one.yaml"]);
		expect(match.refused.map((item) => `${item.path} ${item.reason}`).sort()).toEqual([
			"packs/a/a.yaml loop",
			"packs/a/b.yaml loop",
			"packs/a/back loop",
			"packs/a/self loop",
		]);
		rmSync(base, { recursive: true, force: true });
	});
});
