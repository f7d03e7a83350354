import { describe, expect, it } from "vitest";
import { cellKey, type SpecDocument } from "./index.js";
import { currencyUnder } from "./spec-currency.js";

const harness = (id: string) => ({ id, key_part: `part-of-${id}`, config: {} });

/** A spec of one case and one model, frozen with `extra` besides its harness `one`. */
function spec(extra: Partial<SpecDocument> = {}): SpecDocument {
	return {
		spec_format: 1,
		use_case_id: "u",
		plugin: "cases",
		headline: "h",
		band: 0.05,
		samples: 1,
		deployed: null,
		judge_panel: null,
		grader: { id: "g", version: "1", config: {} },
		harness: harness("one"),
		cases: [{ id: "c", version: "1", kind: "floor", threshold: 1, input_hash: "i", key_part: "case-part" }],
		models: { m: "model-part" },
		...extra,
	};
}

const row = (harnessId: string) => ({ case_id: "c", model_id: "m", harness: harnessId, sample_index: 0 });
const keyUnder = (harnessPart: string) =>
	cellKey({ case_part: "case-part", model_part: "model-part", harness_part: harnessPart, sample_index: 0 });

describe("currencyUnder", () => {
	it("holds a row of the spec's one harness current, and a row of another harness stale", () => {
		const isCurrent = currencyUnder(spec());
		expect(isCurrent(row("one"), keyUnder("part-of-one"))).toBe(true);
		expect(isCurrent(row("two"), keyUnder("part-of-one"))).toBe(false);
	});

	it("judges a row of each of `harnesses` by that harness's own key part", () => {
		const isCurrent = currencyUnder(spec({ harnesses: [harness("one"), harness("two")] }));
		expect(isCurrent(row("two"), keyUnder("part-of-two"))).toBe(true);
		expect(isCurrent(row("one"), keyUnder("part-of-one"))).toBe(true);
		// A row keyed with another harness's part is not current under its own.
		expect(isCurrent(row("two"), keyUnder("part-of-one"))).toBe(false);
		expect(isCurrent(row("three"), keyUnder("part-of-three"))).toBe(false);
	});
});
