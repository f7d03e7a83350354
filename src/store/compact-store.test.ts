import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compactStore } from "./compact-store.js";
import { openStore } from "./open-store.js";
import { footprint } from "./retired-rows.js";
import { openTemporaryStore, sampleCell, sampleSpec, type TemporaryStore } from "./samples.js";

let temporary: TemporaryStore | undefined;
afterEach(() => temporary?.remove());

/** Two models on one case: `old` leaves, `new` stays; one artifact shared, one each of their own, and a comparison between them. */
function filled(): { temporary: TemporaryStore; runs: Record<string, string> } {
	temporary = openTemporaryStore({ inline_artifact_bytes: 0 });
	const { store } = temporary;
	store.freezeSpec(sampleSpec());
	const shared = store.putArtifact("the prompt", "text/plain").sha256;
	const runs: Record<string, string> = {};
	for (const model of ["old", "new"]) {
		const output = store.putArtifact(`the answer of ${model}`, "text/plain").sha256;
		runs[model] = store.recordCell(
			sampleCell({ model_id: model, cell_key: `key-${model}`, input_sha: shared, output_sha: output }, [
				"composite",
				"pass",
			]),
		);
	}
	store.addOwnerRating({ run_id: runs.old as string, rating: 1, label: "ship", note: null });
	const reasoning = store.putArtifact("a reads better", "text/plain").sha256;
	store.recordComparison({
		use_case_id: "summarization",
		benchmark_version: "bv-summarization-1",
		case_id: "short-email",
		run_a: runs.old as string,
		run_b: runs.new as string,
		judge: "judge@1",
		verdict: "a",
		confidence: null,
		reasoning_sha: reasoning,
		diff_a_sha: null,
		diff_b_sha: null,
		rubric_version: "pairwise-rubric-1",
		error: null,
		cost_usd: null,
		input_tokens: null,
		output_tokens: null,
	});
	return { temporary, runs };
}

describe("footprint", () => {
	it("counts a model's rows per use case and the artifacts no staying row references", () => {
		const { temporary } = filled();
		const listed = footprint(temporary.store.database, ["old"]);
		expect(listed.models).toEqual([
			{
				model_id: "old",
				use_cases: [{ use_case_id: "summarization", runs: 1, scores: 2, owner_ratings: 1, comparisons: 1 }],
				// Its answer and the reasoning of the comparison it is a side of; not the shared prompt.
				artifacts: 2,
				artifact_bytes: "the answer of old".length + "a reads better".length,
			},
		]);
		expect(footprint(temporary.store.database, [])).toMatchObject({ models: [], runs: 0, artifacts: 0 });
	});
});

describe("compactStore", () => {
	it("writes a new store without the model's rows that verifies, leaving the old file byte for byte", () => {
		const { temporary } = filled();
		const source = join(temporary.folder, "store.db");
		temporary.store.database.pragma("wal_checkpoint(TRUNCATE)");
		const before = readFileSync(source);
		const target = join(temporary.folder, "compact.db");
		const compaction = compactStore(source, target, ["old"]);
		expect(compaction.left_out).toEqual({
			comparisons: 1,
			owner_ratings: 1,
			scores: 2,
			run_seals: 1,
			runs: 1,
			artifacts: 2,
		});
		expect(readFileSync(source).equals(before)).toBe(true);
		const copy = openStore({ database: target, artifacts: join(temporary.folder, "artifacts"), readonly: true });
		try {
			expect(copy.verify().problems).toEqual([]);
			expect(copy.listRuns({ use_case_id: "summarization" }).map((run) => run.model_id)).toEqual(["new"]);
		} finally {
			copy.close();
		}
		// The append-only guards are back in the copy.
		const writable = openStore({ database: target, artifacts: join(temporary.folder, "artifacts") });
		try {
			expect(() => writable.database.exec("DELETE FROM scores")).toThrow(/append-only/);
		} finally {
			writable.close();
		}
		expect(temporary.store.listRuns({ use_case_id: "summarization" })).toHaveLength(2);
		expect(() => compactStore(source, target, ["old"])).toThrow(/exists/);
	});
});
