import assert from "node:assert/strict";
import { test } from "node:test";
import { parseAmount } from "../src/money.mjs";

test("parseAmount makes the whole refund negative, cents included", () => {
	assert.equal(parseAmount("-10.50"), -1050);
	assert.equal(parseAmount("-0.05"), -5);
	assert.equal(parseAmount("-3"), -300);
});

test("parseAmount still reads positive amounts", () => {
	assert.equal(parseAmount("10.5"), 1050);
});
