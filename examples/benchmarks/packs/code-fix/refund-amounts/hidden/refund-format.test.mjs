import assert from "node:assert/strict";
import { test } from "node:test";
import { formatCents } from "../src/money.mjs";

test("formatCents puts the sign of a refund in front", () => {
	assert.equal(formatCents(-1050), "-10.50");
	assert.equal(formatCents(-5), "-0.05");
	assert.equal(formatCents(-100), "-1.00");
});

test("formatCents still formats positive amounts", () => {
	assert.equal(formatCents(1050), "10.50");
	assert.equal(formatCents(0), "0.00");
});
