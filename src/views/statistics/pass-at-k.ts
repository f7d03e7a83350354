/**
 * The unbiased pass@k of one task from n samples of which c passed (Chen et al. 2021): the chance
 * that at least one of k samples drawn without replacement passes, 1 − C(n−c, k) / C(n, k),
 * computed as a product so large n stays exact enough. Null when k > n (not estimable).
 */
export function passAtK(n: number, c: number, k: number): number | null {
	assertCounts(n, c, k);
	if (k > n) return null;
	if (n - c < k) return 1;
	let fail = 1;
	for (let i = n - c + 1; i <= n; i++) fail *= 1 - k / i;
	return 1 - fail;
}

/**
 * The unbiased pass^k of one task (every one of k samples passes, the reliability counterpart):
 * C(c, k) / C(n, k), the chance that k samples drawn without replacement all pass. Null when k > n.
 */
export function passHatK(n: number, c: number, k: number): number | null {
	assertCounts(n, c, k);
	if (k > n) return null;
	if (c < k) return 0;
	let all = 1;
	for (let i = 0; i < k; i++) all *= (c - i) / (n - i);
	return all;
}

function assertCounts(n: number, c: number, k: number): void {
	if (!(Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k) && n >= 1 && c >= 0 && c <= n && k >= 1))
		throw new RangeError(`pass@k needs whole counts with 0 ≤ c ≤ n, n ≥ 1 and k ≥ 1; got n=${n}, c=${c}, k=${k}`);
}
