import { describe, expect, it } from "vitest";
import { globToRegExp } from "./glob-pattern.js";

describe("globToRegExp", () => {
	const matches = (glob: string, path: string) => globToRegExp(glob).test(path);

	it("matches `**` across any number of folders and `*` within one name", () => {
		expect(matches("**/*.md", "README.md")).toBe(true);
		expect(matches("**/*.md", "docs/deep/guide.md")).toBe(true);
		expect(matches("*.md", "docs/guide.md")).toBe(false);
		expect(matches("docs/**", "docs/a/b.txt")).toBe(true);
		expect(matches("docs/**", "docsx/a.txt")).toBe(false);
		expect(matches("src/**/test_*.py", "src/test_a.py")).toBe(true);
	});

	it("reaches dotfiles and supports `?`, classes and alternatives, escaping the rest", () => {
		expect(matches("**/.env", "deploy/.env")).toBe(true);
		expect(matches("*", ".hidden")).toBe(true);
		expect(matches("file?.txt", "file1.txt")).toBe(true);
		expect(matches("[ab].ts", "c.ts")).toBe(false);
		expect(matches("*.{js,ts}", "x.ts")).toBe(true);
		expect(matches("a+b.txt", "a+b.txt")).toBe(true);
		expect(matches("a.txt", "abtxt")).toBe(false);
	});
});
