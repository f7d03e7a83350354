import assert from "node:assert/strict";
import { test } from "node:test";
import { invoiceTotal, totalLine } from "../src/invoice.mjs";

test("invoiceTotal multiplies each unit price by its quantity", () => {
	assert.equal(invoiceTotal([{ description: "Stickers", unitCents: 250, quantity: 3 }]), 750);
});

test("invoiceTotal adds lines of different quantities", () => {
	const lines = [
		{ description: "Hosting, March", unitCents: 1999, quantity: 1 },
		{ description: "Seats", unitCents: 1200, quantity: 4 },
	];
	assert.equal(invoiceTotal(lines), 6799);
	assert.equal(totalLine(lines, "EUR"), "Total: EUR 67.99");
});

test("invoiceTotal of an empty invoice is zero", () => {
	assert.equal(invoiceTotal([]), 0);
});
