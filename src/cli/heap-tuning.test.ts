import { describe, expect, it } from "vitest";
import { compactHeap } from "./heap-tuning.js";

describe("compactHeap", () => {
	it("collects unreachable objects at once, without exposing gc on the global scope", () => {
		let garbage: { value: number[] }[] | null = Array.from({ length: 200_000 }, (_, index) => ({ value: [index] }));
		const held = process.memoryUsage().heapUsed;
		expect(garbage.length).toBe(200_000);
		garbage = null;
		compactHeap();
		// 200,000 small objects and arrays are about 10 MB; what is left after a full collection is far less.
		expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(5 * 1024 * 1024);
		expect("gc" in globalThis).toBe(false);
		compactHeap();
	});
});
