import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compareTrees } from "./tree-files.js";

const root = mkdtempSync(join(tmpdir(), "touchstone-tree-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>, links: Record<string, string> = {}): string {
	const dir = join(root, name);
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(join(dir, path, ".."), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
	for (const [path, target] of Object.entries(links)) symlinkSync(target, join(dir, path));
	return dir;
}

describe("compareTrees", () => {
	it("names added, changed (same size, other bytes; another link target) and deleted paths, leaving .git out", async () => {
		const before = tree(
			"before",
			{ "a.txt": "abc", "src/b.txt": "same", "gone.txt": "x", ".git/HEAD": "1" },
			{ link: "a.txt" },
		);
		const after = tree(
			"after",
			{ "a.txt": "abd", "src/b.txt": "same", "src/new.txt": "n", ".git/HEAD": "2" },
			{ link: "src/b.txt" },
		);
		expect(await compareTrees(before, after)).toEqual({
			added: ["src/new.txt"],
			changed: ["a.txt", "link"],
			deleted: ["gone.txt"],
		});
	});

	it("finds nothing between two copies of one tree", async () => {
		const files = { "a.txt": "1", "deep/er/b.txt": "2" };
		expect(await compareTrees(tree("one", files), tree("two", files))).toEqual({ added: [], changed: [], deleted: [] });
	});
});
