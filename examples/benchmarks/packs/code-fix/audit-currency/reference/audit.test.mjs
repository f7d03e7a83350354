import assert from "node:assert/strict";
import { test } from "node:test";
import { auditLine } from "../src/audit.mjs";

test("auditLine writes time, kind, invoice, currency and amount", () => {
	const line = auditLine({
		at: "2025-03-01T10:00:00Z",
		kind: "payment",
		invoice: "INV-7",
		cents: 1250,
		currency: "EUR",
	});
	assert.equal(line, "2025-03-01T10:00:00Z payment INV-7 EUR 12.50");
});
