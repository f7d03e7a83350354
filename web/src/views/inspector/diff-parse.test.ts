import { describe, expect, it } from "vitest";
import { languageOf, parseDiff } from "./diff-parse.js";
import { highlightLine } from "./highlight-tokens.js";

const DIFF = [
	"diff --git a/src/audit.mjs b/src/audit.mjs",
	"index c3b5b0b..30a1d82 100644",
	"--- a/src/audit.mjs",
	"+++ b/src/audit.mjs",
	"@@ -1,3 +1,3 @@ export function auditLine(entry) {",
	" // keep the order",
	'-\treturn [entry.at, formatCents(entry.cents)].join(" ");',
	'+\treturn [entry.at, entry.currency, formatCents(entry.cents)].join(" ");',
	"diff --git a/rollup.py b/rollup.py",
	"--- a/rollup.py",
	"+++ b/rollup.py",
	"@@ -1 +1,2 @@",
	"+import os  # the environment",
	"-- not a header inside a hunk",
	"",
].join("\n");

describe("the inspector's diff parsing", () => {
	it("splits a git diff into files with their language and counts", () => {
		const files = parseDiff(DIFF);
		expect(files.map((file) => [file.path, file.language, file.added, file.removed])).toEqual([
			["src/audit.mjs", "javascript", 1, 1],
			["rollup.py", "python", 1, 1],
		]);
		expect(files[0]?.lines.map((line) => line.kind)).toEqual([
			"meta",
			"meta",
			"meta",
			"meta",
			"hunk",
			"context",
			"del",
			"add",
		]);
		expect(files[1]?.lines.at(-1)).toEqual({ kind: "del", marker: "-", text: "- not a header inside a hunk" });
	});

	it("names the language of a file by its extension, text for unknown ones", () => {
		expect(["a.ts", "b.tsx", "c.cjs", "d.yml", "Makefile", "e.rs"].map(languageOf)).toEqual([
			"typescript",
			"typescript",
			"javascript",
			"yaml",
			"text",
			"text",
		]);
	});

	it("colours keywords, strings, numbers and comments of a line, and keeps every character", () => {
		const line = 'const total = 42; // "sum"';
		const tokens = highlightLine(line, "javascript");
		expect(tokens.map((token) => token.text).join("")).toBe(line);
		expect(tokens.filter((token) => token.kind !== "plain")).toEqual([
			{ kind: "keyword", text: "const" },
			{ kind: "number", text: "42" },
			{ kind: "comment", text: '// "sum"' },
		]);
		expect(highlightLine("def f(): return 'x'  # why", "python").filter((token) => token.kind !== "plain")).toEqual([
			{ kind: "keyword", text: "def" },
			{ kind: "keyword", text: "return" },
			{ kind: "string", text: "'x'" },
			{ kind: "comment", text: "# why" },
		]);
		expect(highlightLine("const x = 1", "text")).toEqual([{ kind: "plain", text: "const x = 1" }]);
	});
});
