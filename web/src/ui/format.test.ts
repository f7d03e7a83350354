import { describe, expect, it } from "vitest";
import { counted, interval, ms, percent, score, UNKNOWN, usd } from "./format.js";

describe("dashboard number formats", () => {
	it("writes unknown as unknown, never as zero", () => {
		for (const format of [score, percent, usd, ms]) expect(format(null)).toBe(UNKNOWN);
		expect(interval(null)).toBe("");
	});

	it("keeps a cheap model's cost per case readable", () => {
		expect(usd(0.000123)).toBe("$0.000123");
		expect(usd(0.042)).toBe("$0.042");
		expect(usd(12.5)).toBe("$12.50");
		expect(usd(0)).toBe("$0");
	});

	it("writes times, shares, intervals and counts", () => {
		expect(ms(812.4)).toBe("812 ms");
		expect(ms(2345)).toBe("2.35 s");
		expect(percent(0.756)).toBe("76%");
		expect(interval({ low: 0.1, high: 0.25 }, 2)).toBe("[0.10, 0.25]");
		expect(counted(1, "case")).toBe("1 case");
		expect(counted(2000, "case")).toBe("2,000 cases");
	});
});
