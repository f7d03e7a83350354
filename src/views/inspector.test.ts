import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cellKey, type JsonObject } from "../contract/index.js";
import {
	openTemporaryStore,
	type RunRecord,
	sampleRun,
	sampleScore,
	sampleSpec,
	type TemporaryStore,
} from "../store/index.js";
import { inspectCase } from "./inspector.js";

const PART = (letter: string) => letter.repeat(64);
const DOCUMENT = {
	spec_format: 1,
	use_case_id: "summarization",
	headline: "composite",
	harness: { id: "single-shot", key_part: PART("h") },
	cases: [
		{ id: "short-email", version: "1", kind: "floor", threshold: 0.5, input_hash: PART("i"), key_part: PART("c") },
		{ id: "other", version: "1", kind: "floor", threshold: 0.5, input_hash: PART("j"), key_part: PART("d") },
	],
	models: { "model-a": PART("a"), "model-b": PART("b") },
} as const;

/** The key the spec gives a cell of case short-email. */
function keyOf(model: "model-a" | "model-b", sample_index: number): string {
	return cellKey({
		case_part: PART("c"),
		model_part: DOCUMENT.models[model],
		harness_part: PART("h"),
		sample_index,
	});
}

let temporary: TemporaryStore;
beforeEach(() => {
	temporary = openTemporaryStore({ inline_artifact_bytes: 0 });
	temporary.store.freezeSpec(sampleSpec({ spec: DOCUMENT as unknown as JsonObject }));
	temporary.store.activateSpec("summarization", "bv-summarization-1");
});
afterEach(() => temporary.remove());

/** Records one run of short-email with its output as an artifact file and a composite score. */
function record(run: Partial<RunRecord>, output: string, value: number, reasoning: string | null = null): string {
	const { store } = temporary;
	const output_sha = store.putArtifact(output, "text/plain").sha256;
	const reasoning_sha = reasoning === null ? null : store.putArtifact(reasoning, "text/plain").sha256;
	return store.recordCell({
		run: sampleRun({ output_sha, ...run }),
		scores: [sampleScore({ metric: "answer", value }), sampleScore({ metric: "composite", value, reasoning_sha })],
	});
}

describe("inspectCase", () => {
	it("shows each cell's row that counts, side by side, with its scores, artifacts and latest rating", () => {
		const { store } = temporary;
		const input_sha = store.putArtifact(JSON.stringify({ prompt: "summarize" }), "application/json").sha256;
		// model-b first in write order: the answer orders by model, then sample.
		record({ model_id: "model-b", cell_key: keyOf("model-b", 0), input_sha }, "b0", 1);
		record({ model_id: "model-b", cell_key: "stale-key" }, "stale", 0);
		record({ model_id: "model-a", cell_key: keyOf("model-a", 1), sample_index: 1 }, "a1 graded", 1);
		record(
			{ model_id: "model-a", cell_key: keyOf("model-a", 1), sample_index: 1, status: "harness_error", error: "down" },
			"a1 outage",
			0,
		);
		record({ model_id: "model-a", cell_key: keyOf("model-a", 0) }, "a0 first", 0);
		const latest = record({ model_id: "model-a", cell_key: keyOf("model-a", 0) }, "a0 again", 0, "it missed");
		store.addOwnerRating({ run_id: latest, rating: 0.2, label: "reject", note: null });
		store.addOwnerRating({ run_id: latest, rating: 0.9, label: "ship", note: "fine after all" });
		// A run of another case is not shown.
		record({ case_id: "other", model_id: "model-a", cell_key: "other-key" }, "other", 1);

		const inspection = inspectCase(store, "summarization", "short-email");
		expect(inspection.case.id).toBe("short-email");
		expect(inspection.input).toEqual({ prompt: "summarize" });
		expect(inspection.stale_rows).toBe(1);
		expect(inspection.artifact_errors).toEqual([]);
		expect(inspection.models.map((model) => [model.model_id, model.headline, model.passed])).toEqual([
			["model-a", 0.5, true],
			["model-b", 1, true],
		]);
		const [a0, a1] = inspection.models[0]?.samples ?? [];
		expect(a0).toMatchObject({ run_id: latest, sample_index: 0, output: "a0 again", status: "completed" });
		expect(a0?.scores.map((score) => [score.metric, score.reasoning])).toEqual([
			["answer", null],
			["composite", "it missed"],
		]);
		expect(a0?.owner_rating).toMatchObject({ rating: 0.9, label: "ship", note: "fine after all" });
		// The outage after a graded result does not replace it.
		expect(a1).toMatchObject({ sample_index: 1, output: "a1 graded", status: "completed", owner_rating: null });
		expect(inspection.models[1]?.samples.map((sample) => sample.output)).toEqual(["b0"]);
	});

	it("lists the artifacts it could not read in the order the samples show them", () => {
		const { store } = temporary;
		const missing = (text: string) => {
			const sha = store.putArtifact(text, "text/plain").sha256;
			rmSync(join(store.paths.artifacts, sha.slice(0, 2), sha));
			return sha;
		};
		const outputA = missing("gone a");
		const reasoningA = missing("gone reasoning");
		const outputB = missing("gone b");
		store.recordCell({
			run: sampleRun({ model_id: "model-b", cell_key: keyOf("model-b", 0), output_sha: outputB }),
			scores: [sampleScore()],
		});
		store.recordCell({
			run: sampleRun({ model_id: "model-a", cell_key: keyOf("model-a", 0), output_sha: outputA }),
			scores: [sampleScore({ reasoning_sha: reasoningA })],
		});

		const inspection = inspectCase(store, "summarization", "short-email");
		expect(inspection.models.flatMap((model) => model.samples.map((sample) => sample.output))).toEqual([null, null]);
		expect(inspection.artifact_errors).toHaveLength(3);
		expect(
			inspection.artifact_errors.map((error) => [outputA, reasoningA, outputB].find((sha) => error.includes(sha))),
		).toEqual([outputA, reasoningA, outputB]);
		for (const error of inspection.artifact_errors) expect(error).toMatch(/is missing/);
	});
});
