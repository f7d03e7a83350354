import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findPlugin } from "../index.js";
import { contextFor, gradeCase, loadCases } from "./test-context.js";

const EXAMPLES = fileURLToPath(new URL("../../../examples/benchmarks", import.meta.url));

/** An answer a careful model would give to each example case. */
const GOOD_ANSWERS: Record<string, string> = {
	"annual-plan-switch": '{"label": "billing", "urgent": true}',
	"billing-page-crash": "bug - billing page",
	"dark-mode-invoice": "feature-request",
	"export-crash": "Bug",
	"password-reset-email": "bug.",
	"refund-request": "billing",
	"invoice-date": "2025-02-07",
	"invoice-json": '```json\n{"invoice": "INV-2210", "currency": "USD", "total": 1250.00}\n```',
	"invoice-total": "invoice: INV-1042\ntotal: 318.40",
	"line-item-count": "4",
	"supplier-name": "Brightline Studio GmbH",
	"vat-amount": "EUR 504.00",
};

describe.each(["extraction", "classification"])("the example pack %s", (useCaseId) => {
	const context = contextFor(EXAMPLES, useCaseId);

	it("loads with a mix of floor and ceiling cases, each with its own checks", async () => {
		const cases = await loadCases(context);
		expect(cases.length).toBeGreaterThanOrEqual(5);
		expect(new Set(cases.map((data) => data.kind))).toEqual(new Set(["floor", "ceiling"]));
		for (const data of cases) {
			expect(data.use_case_id).toBe(useCaseId);
			expect(Array.isArray(data.reference?.checks)).toBe(true);
			expect(typeof data.input.prompt).toBe("string");
		}
	});

	it("passes a good answer to every case and fails a refusal", async () => {
		for (const data of await loadCases(context)) {
			const answer = GOOD_ANSWERS[data.id];
			expect(answer, `no good answer written for ${data.id}`).toBeDefined();
			const good = await gradeCase(context, data, answer ?? "");
			expect(good.composite?.value, `${data.id}: ${good.composite?.reasoning}`).toBeGreaterThanOrEqual(data.threshold);
			const bad = await gradeCase(context, data, "I'm sorry, I can't help with that.");
			expect(bad.composite?.value, data.id).toBeLessThan(data.threshold);
		}
	});
});

describe("builtinPlugins", () => {
	it("finds the cases plugin by id, and nothing for an unknown id", () => {
		expect(findPlugin("cases")?.defaultHeadline).toBe("composite");
		expect(findPlugin("nope")).toBeUndefined();
	});
});
