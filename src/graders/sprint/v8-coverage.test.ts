import { describe, expect, it } from "vitest";
import { countAt, coveredAt, readV8Coverage } from "./v8-coverage.js";

/** A function spanning 0..100 that ran once, with a block 40..60 inside it that never ran. */
const ranges = [
	{ startOffset: 0, endOffset: 100, count: 1 },
	{ startOffset: 40, endOffset: 60, count: 0 },
];

describe("V8 coverage", () => {
	it("gives an offset the count of the innermost range covering it, and 0 outside every range", () => {
		expect(countAt(ranges, 10)).toBe(1);
		expect(countAt(ranges, 40)).toBe(0);
		expect(countAt(ranges, 59)).toBe(0);
		expect(countAt(ranges, 60)).toBe(1);
		expect(countAt(ranges, 100)).toBe(0);
	});

	it("counts an offset covered when any process ran it", () => {
		expect(coveredAt([ranges, [{ startOffset: 40, endOffset: 60, count: 2 }]], 50)).toBe(true);
		expect(coveredAt([ranges], 50)).toBe(false);
		expect(coveredAt(undefined, 0)).toBe(false);
	});

	it("keeps the workdir's scripts by relative path, skips node internals, and counts files that are not coverage", () => {
		const file = JSON.stringify({
			result: [
				{ url: "file:///workspace/src/add.mjs", functions: [{ ranges }] },
				{ url: "node:internal/main", functions: [{ ranges }] },
				{ url: "file:///elsewhere/x.mjs", functions: [{ ranges }] },
			],
		});
		const { scripts, unreadable } = readV8Coverage([file, file, "not json", '{"result": 3}'], "/workspace");
		expect([...scripts.keys()]).toEqual(["src/add.mjs"]);
		expect(scripts.get("src/add.mjs")).toHaveLength(2);
		expect(unreadable).toBe(2);
	});
});
