import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BadInputError, StoreError } from "../contract/index.js";
import { openTemporaryStore, sampleCell, sampleSpec, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;
let native: string;

function rows(table: string): number {
	return (temporary.store.database.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

beforeEach(() => {
	temporary = openTemporaryStore();
	temporary.store.freezeSpec(sampleSpec());
	temporary.store.freezeSpec(sampleSpec({ benchmark_version: "bv-code-fix-1", use_case_id: "code-fix" }));
	native = temporary.store.recordCell(sampleCell());
});

afterEach(() => temporary.remove());

describe("replaceIngested", () => {
	it("replaces only the rows of its own source and use case", () => {
		const { store } = temporary;
		const otherSource = store.replaceIngested("summarization", "lab-b", [sampleCell({ model_id: "b" })]);
		const otherUseCase = store.replaceIngested("code-fix", "lab-a", [
			sampleCell({ use_case_id: "code-fix", benchmark_version: "bv-code-fix-1" }),
		]);
		const first = store.replaceIngested("summarization", "lab-a", [sampleCell({}, ["x", "y"]), sampleCell()]);
		expect(first.deleted).toEqual({ runs: 0, scores: 0, owner_ratings: 0, comparisons: 0 });
		store.addOwnerRating(
			{ run_id: first.run_ids[0] ?? "", rating: 1, label: null, note: null },
			{ ingest_source: "lab-a" },
		);

		const second = store.replaceIngested("summarization", "lab-a", [sampleCell({ model_id: "new" })]);
		expect(second.deleted).toEqual({ runs: 2, scores: 3, owner_ratings: 1, comparisons: 0 });
		const remaining = store.listRuns({ use_case_id: "summarization" });
		expect(remaining.map((run) => run.run_id).sort()).toEqual(
			[native, otherSource.run_ids[0], second.run_ids[0]].sort(),
		);
		expect(store.getRun(second.run_ids[0] ?? "")?.ingest_source).toBe("lab-a");
		expect(store.scoresForRuns(second.run_ids).get(second.run_ids[0] ?? "")?.[0]?.ingest_source).toBe("lab-a");
		expect(store.getRun(otherUseCase.run_ids[0] ?? "")).not.toBeNull();
	});

	it("leaves everything as it was when an inserted cell fails", () => {
		const { store } = temporary;
		const kept = store.replaceIngested("summarization", "lab-a", [sampleCell()]);
		expect(() => store.replaceIngested("summarization", "lab-a", [sampleCell({}, ["m", "m"])])).toThrow(StoreError);
		expect(store.getRun(kept.run_ids[0] ?? "")).not.toBeNull();
		expect(rows("runs")).toBe(2);
	});

	it("refuses when a native owner rating points at an ingested run", () => {
		const { store } = temporary;
		const ingested = store.replaceIngested("summarization", "lab-a", [sampleCell()]);
		store.addOwnerRating({ run_id: ingested.run_ids[0] ?? "", rating: 0.5, label: null, note: null });
		expect(() => store.replaceIngested("summarization", "lab-a", [])).toThrow("1 owner ratings and 0 comparisons");
		expect(store.getRun(ingested.run_ids[0] ?? "")).not.toBeNull();
	});

	it("refuses cells of another use case and an empty source", () => {
		const cell = sampleCell({ use_case_id: "code-fix", benchmark_version: "bv-code-fix-1" });
		expect(() => temporary.store.replaceIngested("summarization", " ", [cell])).toThrow(BadInputError);
		expect(rows("runs")).toBe(1);
	});
});
