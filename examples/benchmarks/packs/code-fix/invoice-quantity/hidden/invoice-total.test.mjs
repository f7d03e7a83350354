import assert from "node:assert/strict";
import { test } from "node:test";
import { hosting, seats, stickers } from "@ledger/fixtures";
import { invoiceTotal, totalLine } from "../src/invoice.mjs";

test("invoiceTotal multiplies each unit price by its quantity", () => {
	assert.equal(invoiceTotal([stickers]), 750);
});

test("invoiceTotal adds lines of different quantities", () => {
	const lines = [hosting, seats];
	assert.equal(invoiceTotal(lines), 6799);
	assert.equal(totalLine(lines, "EUR"), "Total: EUR 67.99");
});

test("invoiceTotal of an empty invoice is zero", () => {
	assert.equal(invoiceTotal([]), 0);
});
