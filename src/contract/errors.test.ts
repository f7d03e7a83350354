import { describe, expect, it } from "vitest";
import { BadInputError, TouchstoneError } from "./errors.js";

describe("BadInputError", () => {
	it("sorts every issue by source, line and column and lists them all in the message", () => {
		const error = new BadInputError("benchmarks/ has 3 problems", [
			{ source: "b.yaml", line: 2, column: 1, path: "x", message: "second file", fix: null },
			{ source: "a.yaml", line: 9, column: 3, path: "models[1].id", message: "late", fix: "rename it" },
			{ source: "a.yaml", line: 4, column: 5, path: "models[0]", message: "early", fix: null },
		]);
		expect(error).toBeInstanceOf(TouchstoneError);
		expect(error.code).toBe("bad-input");
		expect(error.issues.map((issue) => issue.message)).toEqual(["early", "late", "second file"]);
		expect(error.message).toContain("a.yaml:4:5 models[0]: early");
		expect(error.message).toContain("a.yaml:9:3 models[1].id: late\n    fix: rename it");
		expect(error.message.indexOf("early")).toBeLessThan(error.message.indexOf("second file"));
	});
});
