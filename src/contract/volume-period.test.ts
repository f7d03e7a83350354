import { describe, expect, it } from "vitest";
import { parseVolumePeriod, volumePeriodLabel } from "./volume-period.js";

describe("volume periods", () => {
	it("read a calendar month as its first instant up to the next month's, the end exclusive", () => {
		expect(parseVolumePeriod("2026-11")).toEqual({
			start: "2026-11-01T00:00:00.000Z",
			end: "2026-12-01T00:00:00.000Z",
		});
		expect(parseVolumePeriod("2026-12")?.end).toBe("2027-01-01T00:00:00.000Z");
	});

	it("read an inclusive range of days", () => {
		expect(parseVolumePeriod("2026-11-01/2026-11-14")).toEqual({
			start: "2026-11-01T00:00:00.000Z",
			end: "2026-11-15T00:00:00.000Z",
		});
		expect(parseVolumePeriod("2026-11-03/2026-11-03")?.end).toBe("2026-11-04T00:00:00.000Z");
	});

	it("refuse what is not a period", () => {
		for (const text of [
			"2026-13",
			"2026-1",
			"2026-02-30/2026-03-01",
			"2026-11-14/2026-11-01",
			"0050-01",
			"november",
			"2026-11-01",
			"2026-11-01/2026-11-02/2026-11-03",
		])
			expect(parseVolumePeriod(text), text).toBeNull();
	});

	it("label a month as it is written, and any other range as inclusive days", () => {
		for (const text of ["2026-11", "2026-12", "2026-11-01/2026-11-14", "2026-11-01/2026-11-30"]) {
			const period = parseVolumePeriod(text);
			expect(period && volumePeriodLabel(period)).toBe(text === "2026-11-01/2026-11-30" ? "2026-11" : text);
		}
	});
});
