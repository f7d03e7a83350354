import { describe, expect, it } from "vitest";
import { describeScore } from "./score-words.js";

describe("describeScore", () => {
	it("prints the value once, with the label only when it says more", () => {
		expect(describeScore({ value: 0, value_label: "critical failure", critical_failure: true })).toBe(
			"0.000 (critical failure)",
		);
		expect(describeScore({ value: 0.75, value_label: "0.75", critical_failure: false })).toBe("0.750");
		expect(describeScore({ value: 0.75, value_label: "3/4", critical_failure: false })).toBe("0.750 (3/4)");
		expect(describeScore({ value: 1, value_label: "pass", critical_failure: false })).toBe("1.000 (pass)");
		expect(describeScore({ value: 0.2, value_label: "0.2 (capped)", critical_failure: true })).toBe(
			"0.200 (capped, critical failure)",
		);
		expect(describeScore({ value: 0.3, value_label: null, critical_failure: true })).toBe("0.300 (critical failure)");
		expect(describeScore({ value: null, value_label: "refused", critical_failure: false })).toBe("refused");
		expect(describeScore({ value: null, value_label: null, critical_failure: false })).toBe("unknown");
		expect(describeScore({ value: null, value_label: null, critical_failure: false }, "-")).toBe("-");
	});
});
