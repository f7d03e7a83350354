import { describe, expect, it } from "vitest";
import { readReportedNumber, readReportedNumbers } from "./reported-number.js";

describe("readReportedNumber", () => {
	it("keeps a sound figure and takes an absent one as unknown without a warning", () => {
		expect(readReportedNumber(12, "usage.prompt_tokens", "count")).toEqual({ value: 12, warning: null });
		expect(readReportedNumber(0.0042, "usage.cost", "amount")).toEqual({ value: 0.0042, warning: null });
		expect(readReportedNumber(0, "usage.cost", "amount")).toEqual({ value: 0, warning: null });
		expect(readReportedNumber(undefined, "usage.cost", "amount")).toEqual({ value: null, warning: null });
		expect(readReportedNumber(null, "usage.cost", "amount")).toEqual({ value: null, warning: null });
	});

	it("takes a negative, non-finite, fractional or non-number figure as unknown, saying what was reported", () => {
		const dropped: readonly [unknown, "count" | "amount", string][] = [
			[-1000, "amount", "-1000"],
			[Number.POSITIVE_INFINITY, "amount", "Infinity"],
			[Number.NaN, "amount", "NaN"],
			["0.5", "amount", '"0.5"'],
			["lots", "count", '"lots"'],
			[2.5, "count", "2.5"],
			[2 ** 60, "count", String(2 ** 60)],
			[{ total: 3 }, "count", '{"total":3}'],
		];
		for (const [value, kind, shown] of dropped) {
			const read = readReportedNumber(value, "usage.x", kind);
			expect(read.value).toBeNull();
			expect(read.warning).toBe(
				`usage.x: reported ${shown}, not ${kind === "count" ? "a whole number" : "a finite number"} from 0; taken as unknown`,
			);
		}
		expect(readReportedNumber("x".repeat(500), "usage.x", "count").warning?.length).toBeLessThan(120);
	});

	it("reads several figures at once, collecting the warnings in order", () => {
		const warnings: string[] = [];
		const values = readReportedNumbers(
			{
				input: { value: 3, name: "in", kind: "count" },
				cost: { value: -1, name: "cost", kind: "amount" },
			},
			warnings,
		);
		expect(values).toEqual({ input: 3, cost: null });
		expect(warnings).toEqual(["cost: reported -1, not a finite number from 0; taken as unknown"]);
	});
});
