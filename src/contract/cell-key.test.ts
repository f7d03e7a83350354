import { describe, expect, it } from "vitest";
import { cellKey } from "./cell-key.js";
import { contentHash } from "./json.js";

describe("cellKey", () => {
	it("equals the content hash of its parts with the key version, for any part text", () => {
		for (const parts of [
			{ case_part: "a".repeat(64), model_part: "b".repeat(64), harness_part: "c".repeat(64), sample_index: 0 },
			{ case_part: 'quote " and é', model_part: "\\", harness_part: "", sample_index: 12 },
		])
			expect(cellKey(parts)).toBe(contentHash({ cell_key_version: 1, ...parts }));
	});

	it("differs by sample and refuses a sample index JSON cannot carry", () => {
		const parts = { case_part: "a", model_part: "b", harness_part: "c", sample_index: 0 };
		expect(cellKey(parts)).not.toBe(cellKey({ ...parts, sample_index: 1 }));
		expect(() => cellKey({ ...parts, sample_index: Number.NaN })).toThrow("sample_index is NaN");
	});
});
