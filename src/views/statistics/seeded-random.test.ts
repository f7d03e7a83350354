import { describe, expect, it } from "vitest";
import { seededPositions, seededRandom } from "./seeded-random.js";

describe("seededRandom", () => {
	it("repeats its sequence for a seed, differs between seeds, and stays in [0, 1)", () => {
		const draw = (seed: number) => {
			const random = seededRandom(seed);
			return Array.from({ length: 1000 }, () => random());
		};
		const first = draw(42);
		expect(draw(42)).toEqual(first);
		expect(draw(43)).not.toEqual(first);
		expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
		// roughly uniform: the mean of 1000 uniforms is 0.5 ± 0.03 with overwhelming probability
		expect(first.reduce((sum, value) => sum + value, 0) / first.length).toBeCloseTo(0.5, 1);
	});

	it("gives resample positions: floor(random() · n) of the same sequence, call after call", () => {
		const random = seededRandom(7);
		const positions = seededPositions(7);
		const indices = new Int32Array(13);
		for (let call = 0; call < 5; call++) {
			positions(indices, 13);
			expect(Array.from(indices)).toEqual(Array.from({ length: 13 }, () => Math.floor(random() * 13)));
		}
	});
});
