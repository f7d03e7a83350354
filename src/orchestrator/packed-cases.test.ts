import { describe, expect, it } from "vitest";
import { defineCase } from "../contract/index.js";
import { PackedCases } from "./packed-cases.js";

const cases = [
	defineCase({
		id: "plain",
		version: "1",
		use_case_id: "uc",
		kind: "floor",
		input: { prompt: "repeat 1" },
		reference: null,
		threshold: 1,
		metadata: {},
	}),
	defineCase({
		id: "rich",
		version: "3",
		use_case_id: "uc",
		kind: "ceiling",
		input: { prompt: 'héllo ✓ \u0000 "quoted"', nested: { list: [1, 2.5, -3, true, null], empty: {} } },
		reference: { facts: ["a", "b"] },
		threshold: 0.75,
		metadata: { tier: "gold", tags: ["x"] },
	}),
];

describe("PackedCases", () => {
	it("gives back every case as it was packed, input hash included", () => {
		const packed = PackedCases.pack(cases);
		expect(packed.length).toBe(2);
		for (const [index, original] of cases.entries()) {
			const back = packed.at(index);
			expect({ ...back }).toEqual({ ...original });
			expect(back.inputHash()).toBe(original.inputHash());
			expect(Object.isFrozen(back)).toBe(true);
		}
	});

	it("keeps the case last asked for, so adjacent cells of one case share it", () => {
		const packed = PackedCases.pack(cases);
		const first = packed.at(1);
		expect(packed.at(1)).toBe(first);
		packed.at(0);
		expect(packed.at(1)).not.toBe(first);
	});

	it("packs more than its first buffer holds, and refuses an index outside the pack", () => {
		const many = Array.from({ length: 3000 }, (_, index) =>
			defineCase({ ...cases[1], id: `case-${index}`, input: { prompt: "x".repeat(index % 97) } } as never),
		);
		const packed = PackedCases.pack(many);
		expect(packed.at(2999).id).toBe("case-2999");
		expect(packed.at(1234).input).toEqual({ prompt: "x".repeat(1234 % 97) });
		expect(() => packed.at(3000)).toThrow(RangeError);
		expect(() => packed.at(-1)).toThrow(RangeError);
	});
});
