import { describe, expect, it } from "vitest";
import { passAtK, passHatK } from "./pass-at-k.js";
import { seededRandom } from "./seeded-random.js";

/** Every k-subset of n samples of which the first c pass: the share with a pass, and with all passing. */
function enumerate(n: number, c: number, k: number): { any: number; all: number } {
	let subsets = 0;
	let any = 0;
	let all = 0;
	const visit = (start: number, chosen: number[]) => {
		if (chosen.length === k) {
			subsets += 1;
			const passes = chosen.filter((index) => index < c).length;
			if (passes > 0) any += 1;
			if (passes === k) all += 1;
			return;
		}
		for (let index = start; index < n; index++) visit(index + 1, [...chosen, index]);
	};
	visit(0, []);
	return { any: any / subsets, all: all / subsets };
}

describe("pass@k and pass^k", () => {
	it("equal the shares of k-subsets with a pass and with all passing, for every small n, c, k", () => {
		for (let n = 1; n <= 7; n++)
			for (let c = 0; c <= n; c++)
				for (let k = 1; k <= n; k++) {
					const exact = enumerate(n, c, k);
					expect(passAtK(n, c, k)).toBeCloseTo(exact.any, 12);
					expect(passHatK(n, c, k)).toBeCloseTo(exact.all, 12);
				}
	});

	it("are unbiased: their mean over many draws approaches 1 − (1 − p)^k and p^k", () => {
		const random = seededRandom(11);
		const p = 0.3;
		let any = 0;
		let all = 0;
		const draws = 20_000;
		for (let draw = 0; draw < draws; draw++) {
			let c = 0;
			for (let sample = 0; sample < 10; sample++) if (random() < p) c += 1;
			any += passAtK(10, c, 3) as number;
			all += passHatK(10, c, 3) as number;
		}
		expect(any / draws).toBeCloseTo(1 - (1 - p) ** 3, 2);
		expect(all / draws).toBeCloseTo(p ** 3, 2);
	});

	it("are not estimable past n samples, and refuse counts that cannot be", () => {
		expect(passAtK(2, 1, 3)).toBeNull();
		expect(passHatK(2, 1, 3)).toBeNull();
		expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
		expect(() => passHatK(3, 1, 0)).toThrow(RangeError);
	});
});
