import assert from "node:assert/strict";
import { test } from "node:test";
import { splitEvenly } from "../src/money.mjs";

/** @param {number[]} shares */
const spread = (shares) => Math.max(...shares) - Math.min(...shares);

test("splitEvenly shares a refund out to the cent", () => {
	for (const [cents, parts] of [
		[-100, 3],
		[-1001, 4],
		[-5, 2],
	]) {
		const shares = splitEvenly(cents, parts);
		assert.equal(shares.length, parts);
		assert.equal(
			shares.reduce((sum, share) => sum + share, 0),
			cents,
		);
		assert.ok(spread(shares) <= 1, `shares of ${cents} differ by more than one cent: ${shares}`);
	}
});

test("splitEvenly still shares positive amounts", () => {
	assert.deepEqual(splitEvenly(100, 3), [34, 33, 33]);
});
