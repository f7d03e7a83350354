import { describe, expect, it } from "vitest";
import { clipLines, clipMiddle } from "./tool-output.js";

describe("clipMiddle", () => {
	it("keeps short text whole", () => {
		expect(clipMiddle("all of it", 100)).toBe("all of it");
	});

	it("keeps the start and the end of long text and says how much was cut", () => {
		const text = `${"a".repeat(500)}${"z".repeat(500)}`;
		const clipped = clipMiddle(text, 100);
		expect(clipped.startsWith("a".repeat(25))).toBe(true);
		expect(clipped.endsWith("z".repeat(75))).toBe(true);
		expect(clipped).toContain("[… 900 characters cut: 1,000 in all …]");
	});
});

describe("clipLines", () => {
	const file = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`)
		.join("\n")
		.concat("\n");

	it("returns a file that fits unchanged, final newline included", () => {
		expect(clipLines(file, 1, undefined, 1000)).toBe(file);
	});

	it("cuts at a line boundary and says where to read on", () => {
		const clipped = clipLines(file, 1, undefined, 21);
		expect(clipped).toBe(
			"line 1\nline 2\nline 3\n[truncated: showing lines 1–3 of 10; call read_file with start_line 4 to read on]",
		);
	});

	it("reads a range of lines and names it", () => {
		expect(clipLines(file, 9, 12, 1000)).toBe("line 9\nline 10\n[lines 9–10 of 10]");
		expect(clipLines(file, 4, 5, 1000)).toBe("line 4\nline 5\n[lines 4–5 of 10]");
	});

	it("says when the range starts past the end", () => {
		expect(clipLines(file, 11, undefined, 1000)).toBe("[the file has 10 lines; start_line 11 is past its end]");
	});

	it("cuts a single line longer than the cap", () => {
		const clipped = clipLines(`${"x".repeat(50)}\nnext\n`, 1, undefined, 10);
		expect(clipped).toBe(
			"xxxxxxxxxx\n[truncated: line 1 alone has 50 characters; showing the first 10; call read_file with start_line 2 to read on]",
		);
	});
});
