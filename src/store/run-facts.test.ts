import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { JsonObject } from "../contract/index.js";
import { openTemporaryStore, sampleRun, sampleScore, sampleSpec, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;

beforeEach(() => {
	temporary = openTemporaryStore();
	temporary.store.freezeSpec(sampleSpec());
});

afterEach(() => temporary.remove());

/** Records one run of model `model` with these runner details and headline extras. */
function record(model: string, details: JsonObject | null, extras: JsonObject | null = null): void {
	temporary.store.recordCell({
		run: sampleRun({
			model_id: model,
			cell_key: `key-${model}`,
			provenance: { runner: { runner: "agent", runner_version: "1", details: details ?? {} } },
		}),
		scores: [sampleScore({ metric: "composite", extras })],
	});
}

describe("iterateRunFacts", () => {
	it("reads isolation from the runner's sandbox, an external harness's flag and the grading sandbox", () => {
		record("single-shot", null);
		record("bubblewrap", { sandbox: { backend: "bubblewrap", isolated: true } }, { sandbox: { isolated: true } });
		record("process-runner", { sandbox: { backend: "process", isolated: false } }, { sandbox: { isolated: true } });
		record("process-grader", { sandbox: { backend: "bubblewrap", isolated: true } }, { sandbox: { isolated: false } });
		record("external-harness", { isolated: false, sandbox: { backend: "bubblewrap", isolated: true } });
		record("grader-only", null, { sandbox: { backend: "bubblewrap", isolated: true } });
		const facts = [...temporary.store.iterateRunFacts("summarization", "composite")].map(({ fact }) => [
			fact.model_id,
			fact.isolated,
		]);
		expect(facts).toEqual([
			["single-shot", null],
			["bubblewrap", true],
			["process-runner", false],
			["process-grader", false],
			["external-harness", false],
			["grader-only", true],
		]);
	});
});
