import { describe, expect, it } from "vitest";
import { cellKey, defineCase, type ModelEntry, type SpecDocument, sha256 } from "../contract/index.js";
import { planCells } from "./plan.js";

const cases = ["a", "b", "c"].map((id, index) =>
	defineCase({
		id,
		version: "1",
		use_case_id: "u",
		kind: index === 2 ? "ceiling" : "floor",
		input: { prompt: id },
		reference: null,
		threshold: 1,
		metadata: {},
	}),
);
const fleet = [{ id: "m1" }, { id: "m2" }] as unknown as ModelEntry[];
const spec = {
	cases: cases.map((item) => ({ id: item.id, key_part: sha256(`part-${item.id}`) })),
	models: { m1: "model-1", m2: "model-2" },
	harness: { key_part: "harness" },
} as unknown as SpecDocument;

describe("planCells", () => {
	it("interleaves models case by case within each sample, with each cell's key", () => {
		const plan = planCells({ spec, cases, fleet, depth: "thorough", samples: 2 });
		expect(plan.size).toBe(12);
		const cells = Array.from({ length: plan.size }, (_, index) => plan.cell(index));
		expect(cells.map((cell) => `${cell.sample_index}:${cell.case.id}:${cell.model.id}`)).toEqual([
			"0:a:m1",
			"0:a:m2",
			"0:b:m1",
			"0:b:m2",
			"0:c:m1",
			"0:c:m2",
			"1:a:m1",
			"1:a:m2",
			"1:b:m1",
			"1:b:m2",
			"1:c:m1",
			"1:c:m2",
		]);
		expect(cells[9]?.cell_key).toBe(
			cellKey({ case_part: sha256("part-b"), model_part: "model-2", harness_part: "harness", sample_index: 1 }),
		);
		expect(new Set(cells.map((cell) => cell.cell_key)).size).toBe(12);
		expect(cells.map((_, index) => plan.keyAt(index))).toEqual(cells.map((cell) => cell.cell_key));
	});

	it("runs floor cases once at limited depth", () => {
		const plan = planCells({ spec, cases, fleet, depth: "limited", samples: 5 });
		expect(Array.from({ length: plan.size }, (_, index) => plan.cell(index).case.id)).toEqual(["a", "a", "b", "b"]);
	});

	it("leaves out the cells whose keys are done, keeping plan order", () => {
		const plan = planCells({ spec, cases, fleet, depth: "thorough", samples: 1 });
		const done = new Set([plan.keyAt(0), plan.keyAt(3), "not-a-planned-key"]);
		expect([...plan.remaining(done)]).toEqual([1, 2, 4, 5]);
		expect([...plan.remaining(new Set())]).toEqual([0, 1, 2, 3, 4, 5]);
	});

	it("refuses a spec whose case key part is not a lowercase hex sha256", () => {
		for (const part of ["part-a", sha256("a").toUpperCase(), `${sha256("a")}0`]) {
			const broken = { ...spec, cases: spec.cases.map((item) => ({ ...item, key_part: part })) } as SpecDocument;
			expect(() => planCells({ spec: broken, cases, fleet, depth: "thorough", samples: 1 }), part).toThrow(
				"has a key part that is not a hex sha256",
			);
		}
	});

	it("refuses a case missing from the spec it is planned from", () => {
		const extra = defineCase({ ...cases[0], id: "z" } as never);
		expect(() => planCells({ spec, cases: [...cases, extra], fleet, depth: "thorough", samples: 1 })).toThrow(
			"case z is missing from the spec",
		);
	});
});
