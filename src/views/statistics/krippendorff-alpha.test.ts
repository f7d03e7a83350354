import { describe, expect, it } from "vitest";
import { krippendorffAlpha } from "./krippendorff-alpha.js";

describe("krippendorffAlpha", () => {
	it("interval: matches a hand computation with missing values", () => {
		// units (runs) × coders (jurors), null = failed vote; the last unit has one value and drops out.
		// Pairable values n = 3 + 2 + 3 = 8.
		// Within units, Σ over ordered pairs of (v_i − v_j)² / (m_u − 1):
		//   [0.8, 1.0, 0.9]: 2 · (0.04 + 0.01 + 0.01) / 2 = 0.06
		//   [0.2, 0.4]:      2 · 0.04 / 1 = 0.08
		//   [0.6, 0.6, 0.6]: 0                        → within = 0.14
		// Between all 8 values: Σv = 5.1, Σv² = 3.73; Σ_{i,j} (v_i − v_j)² = 2·8·3.73 − 2·5.1² = 59.68 − 52.02 = 7.66
		// α = 1 − (n − 1) · within / between = 1 − 7 · 0.14 / 7.66 = 1 − 0.98 / 7.66 = 0.8720626632
		const alpha = krippendorffAlpha(
			[
				[0.8, 1.0, 0.9],
				[0.2, 0.4, null],
				[0.6, 0.6, 0.6],
				[1.0, null, null],
			],
			"interval",
		);
		expect(alpha.value).toBeCloseTo(0.8720626632, 9);
		expect(alpha.units).toBe(3);
		expect(alpha.values).toBe(8);
	});

	it("nominal: matches a hand computation with missing values", () => {
		// Pairable units: [T, T, T], [T, F], [F, F, T], [F, F, F]; [T] drops out. n = 11; 5 T and 6 F.
		// Coincidences: o_TF = o_FT = 1/1 (unit 2) + 2/2 (unit 3) = 2; D_o = (2 + 2) / 11
		// D_e = 2 · 5 · 6 / (11 · 10) = 60 / 110
		// α = 1 − (4 / 11) / (60 / 110) = 1 − 440 / 660 = 1/3
		const alpha = krippendorffAlpha(
			[
				[true, true, true],
				[true, false, null],
				[false, false, true],
				[false, false, false],
				[true, null, null],
			],
			"nominal",
		);
		expect(alpha.value).toBeCloseTo(1 / 3, 12);
		expect(alpha.units).toBe(4);
		expect(alpha.values).toBe(11);
	});

	it("is 1 for perfect agreement and equal for interval and nominal on two categories", () => {
		expect(
			krippendorffAlpha(
				[
					[0.2, 0.2],
					[0.9, 0.9, null],
				],
				"interval",
			).value,
		).toBe(1);
		const units = [
			[true, true, false],
			[false, false],
			[true, false, null],
		];
		expect(krippendorffAlpha(units, "interval").value).toBeCloseTo(krippendorffAlpha(units, "nominal").value ?? 0, 12);
	});

	it("is null with a reason when no unit has two values or every value is the same", () => {
		expect(krippendorffAlpha([[0.5, null], [null]], "interval").reason).toBe("no unit has two or more values");
		expect(krippendorffAlpha([[], []], "nominal").value).toBeNull();
		const same = krippendorffAlpha(
			[
				[true, true],
				[true, true, true],
			],
			"nominal",
		);
		expect(same.reason).toContain("no variation");
		expect(same.units).toBe(2);
	});
});
