import { describe, expect, it } from "vitest";
import type { Step } from "../../contract/index.js";
import { writeChurn } from "./write-churn.js";

const write = (path: unknown, content: unknown): Step => ({
	kind: "tool_call",
	content: "",
	tool: "write_file",
	arguments: { path, content } as Step["arguments"],
	is_error: false,
	tokens: null,
	at_ms: null,
});

describe("write churn", () => {
	it("counts the lines a worker added and a later write of the same file took out again", () => {
		const steps = [
			write("src/a.ts", "one\ntwo\nthree\n"),
			write("src/a.ts", "one\nthree\nfour\n"), // two out again, four added
			write("src/b.ts", "b\n"),
			write("src/a.ts", "three\none\nfour\n"), // moved lines are neither added nor removed
		];
		expect(writeChurn(steps)).toEqual({ lines_added: 5, lines_removed_again: 1, rewritten_files: 1 });
	});

	it("does not call removing the baseline's own lines churn", () => {
		const baseline = new Map([["src/old.ts", "legacy\nkeep\n"]]);
		const steps = [write("src/old.ts", "keep\nnew\n"), write("src/old.ts", "keep\n")];
		expect(writeChurn(steps, baseline)).toEqual({ lines_added: 1, lines_removed_again: 1, rewritten_files: 1 });
		expect(writeChurn(steps)).toEqual({ lines_added: 2, lines_removed_again: 1, rewritten_files: 1 });
	});

	it("counts repeated lines one by one and ignores malformed calls", () => {
		const steps = [write("a", "x\nx\nx\n"), write("a", "x\n"), write(null, "y\n"), write("a", 42)];
		expect(writeChurn(steps)).toEqual({ lines_added: 3, lines_removed_again: 2, rewritten_files: 1 });
	});
});
