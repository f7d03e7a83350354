import { chmodSync, mkdirSync, mkdtempSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureDigest, fixtureHash } from "./fixture-hash.js";

/** A fresh folder holding `files`, written in the order given. */
function tree(files: readonly [string, string][]): string {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-hash-"));
	for (const [path, content] of files) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	return dir;
}

describe("fixtureHash", () => {
	const files: [string, string][] = [
		["src/a.ts", "export const a = 1;\n"],
		["src/deep/b.ts", "export const b = 2;\n"],
		["README.md", "# readme\n"],
	];

	it("does not depend on the order files were written in, nor on empty folders", async () => {
		const forward = tree(files);
		const backward = tree([...files].reverse());
		mkdirSync(join(backward, "empty"));
		expect(await fixtureHash(backward)).toBe(await fixtureHash(forward));
		expect(await fixtureDigest(forward)).toEqual({ hash: await fixtureHash(forward), files: 3 });
	});

	it("changes with a file's content, its path or its executable bit", async () => {
		const base = await fixtureHash(tree(files));
		const edited = tree(files);
		writeFileSync(join(edited, "src/a.ts"), "export const a = 2;\n");
		expect(await fixtureHash(edited)).not.toBe(base);
		const moved = tree(files);
		renameSync(join(moved, "README.md"), join(moved, "README.txt"));
		expect(await fixtureHash(moved)).not.toBe(base);
		const executable = tree(files);
		chmodSync(join(executable, "README.md"), 0o755);
		expect(await fixtureHash(executable)).not.toBe(base);
	});

	it("hashes a symbolic link by its target, without following it", async () => {
		const linked = tree(files);
		symlinkSync("src/a.ts", join(linked, "link"));
		const other = tree(files);
		symlinkSync("src/deep/b.ts", join(other, "link"));
		expect(await fixtureHash(linked)).not.toBe(await fixtureHash(other));
		expect((await fixtureDigest(linked)).files).toBe(4);
	});
});
