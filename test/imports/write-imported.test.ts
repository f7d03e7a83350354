import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BadInputError, UNKNOWN_TELEMETRY } from "../../src/contract/index.js";
import { type ImportedEvaluation, type ImportedSample, writeImported } from "../../src/orchestrator/index.js";
import { openTemporaryStore, sampleSpec, type TemporaryStore } from "../../src/store/index.js";
import { leaderboard } from "../../src/views/index.js";

let temporary: TemporaryStore;
beforeEach(() => {
	temporary = openTemporaryStore();
});
afterEach(() => temporary.remove());

function sample(case_id: string, model_id: string, pass: boolean, extra: Partial<ImportedSample> = {}): ImportedSample {
	return {
		case_id,
		model_id,
		sample_index: 0,
		status: pass ? "completed" : "failed",
		error: null,
		prompt: `Say ${case_id}`,
		output: `${model_id} says ${case_id}`,
		trace: [],
		telemetry: { ...UNKNOWN_TELEMETRY, latency_ms: 120, cost_usd: 0.001 },
		scores: [
			{ metric: "pass", score_type: "boolean", value: pass ? 1 : 0, value_label: null, reasoning: "ok", extras: null },
		],
		started_at: null,
		finished_at: null,
		details: { test_idx: 0 },
		...extra,
	};
}

function evaluation(source: string, samples: ImportedSample[], models = ["m-a", "m-b"]): ImportedEvaluation {
	const cases = [...new Set(samples.map((item) => item.case_id))];
	return {
		format: "promptfoo",
		use_case_id: "greetings",
		source,
		file: { path: `/tmp/${source}.json`, sha256: "a".repeat(64), bytes: 10 },
		origin: { eval_id: source },
		headline: "pass",
		band: 0.05,
		cases: cases.map((id) => ({ id, input: { vars: { name: id } }, threshold: 1, kind: "floor" })),
		models: models.map((id) => ({ id, identity: { provider: id } })),
		samples,
		methodology: "promptfoo assertions.",
	};
}

describe("writeImported", () => {
	it("writes current rows the leaderboard reads, and a re-import replaces only its own source", () => {
		const { store } = temporary;
		const first = writeImported(
			store,
			evaluation("file-1", [sample("hi", "m-a", true), sample("hi", "m-b", false), sample("bye", "m-a", true)]),
		);
		expect(first).toMatchObject({ inserted: 3, spec_inserted: true, deleted: { runs: 0 } });
		const other = writeImported(store, evaluation("file-2", [sample("yo", "m-c", true)], ["m-c"]));
		expect(other.inserted).toBe(1);

		let board = leaderboard(store, "greetings");
		expect(board.rows.map((row) => [row.model_id, row.headline]).sort()).toEqual([
			["m-a", 1],
			["m-b", 0],
			["m-c", 1],
		]);

		const again = writeImported(store, evaluation("file-1", [sample("hi", "m-a", false)]));
		expect(again.deleted.runs).toBe(3);
		board = leaderboard(store, "greetings");
		expect(board.rows.map((row) => [row.model_id, row.headline]).sort()).toEqual([
			["m-a", 0],
			["m-c", 1],
		]);
		const runs = store.listRuns({ use_case_id: "greetings" });
		expect(runs.map((run) => run.ingest_source).sort()).toEqual(["file-1", "file-2"]);
		const run = runs.find((item) => item.ingest_source === "file-1");
		expect(run?.provenance).toMatchObject({ import: { format: "promptfoo", source: "file-1" } });
		expect(store.readArtifactText(run?.output_sha as string)).toBe("m-a says hi");
		expect(JSON.parse(store.readArtifactText(run?.raw_sha as string))).toMatchObject({ prompt: "Say hi" });
	});

	it("keeps unknown telemetry unknown", () => {
		const { store } = temporary;
		writeImported(store, evaluation("f", [sample("hi", "m-a", true, { telemetry: UNKNOWN_TELEMETRY })]));
		const [run] = store.listRuns({ use_case_id: "greetings" });
		expect(run?.telemetry.cost_usd).toBeNull();
		expect(leaderboard(store, "greetings").rows[0]?.cost_usd).toBeNull();
	});

	it("refuses a use case touchstone itself runs, writing nothing", () => {
		const { store } = temporary;
		store.freezeSpec(sampleSpec({ use_case_id: "greetings", benchmark_version: "greetings@1" }));
		store.activateSpec("greetings", "greetings@1");
		expect(() => writeImported(store, evaluation("f", [sample("hi", "m-a", true)]))).toThrow(BadInputError);
		expect(store.listRuns({ use_case_id: "greetings" })).toHaveLength(0);
		expect(store.currentSpec("greetings")?.benchmark_version).toBe("greetings@1");
	});

	it("refuses another headline in the same use case", () => {
		const { store } = temporary;
		writeImported(store, evaluation("f", [sample("hi", "m-a", true)]));
		const scored = sample("hi", "m-a", true, {
			scores: [
				{ metric: "score", score_type: "absolute", value: 0.5, value_label: null, reasoning: null, extras: null },
			],
		});
		const renamed = { ...evaluation("g", [scored]), headline: "score" };
		expect(() => writeImported(store, renamed)).toThrow(/ranks by pass/);
	});
});
