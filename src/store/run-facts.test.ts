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

describe("iterateRunFacts, an agent's effort", () => {
	it("sums the tool calls by name, counts malformed ones (bad arguments, unknown tools) and reads the turns", () => {
		record("agent", {
			tool_calls: { read_file: 3, run: 2, unknown: 1 },
			tool_errors: 4,
			tool_errors_by_kind: { arguments: 1, unknown_tool: 1, command: 2 },
			budget_used: { turns: 5, tokens: 900, wall_ms: 1200 },
		});
		record("no-calls", { tool_calls: {}, tool_errors: 0, tool_errors_by_kind: {} });
		record("single-shot", null);
		// A mention of tool_calls elsewhere is not an agent's record.
		record("mention", { note: "tool_calls" });
		const facts = Object.fromEntries(
			[...temporary.store.iterateRunFacts("summarization", "composite")].map(({ fact }) => [fact.model_id, fact.agent]),
		);
		expect(facts).toEqual({
			agent: { turns: 5, tool_calls: 6, malformed_tool_calls: 2 },
			"no-calls": { turns: null, tool_calls: 0, malformed_tool_calls: 0 },
			"single-shot": null,
			mention: null,
		});
	});
});

describe("iterateRunFacts, the jury's record", () => {
	function juryRun(model: string, panel: string | null, extras: JsonObject | null): void {
		temporary.store.recordCell({
			run: sampleRun({ model_id: model, cell_key: `key-${model}` }),
			scores: [sampleScore({ metric: "composite", judge_panel_version: panel, extras })],
		});
	}

	it("reads the votes' cost and self-judging from the headline, and marks jury scores stored before it as unrecorded", () => {
		const usage = { votes: 2, unpriced_votes: 1, cost_usd: 0.0025, input_tokens: null, output_tokens: null };
		juryRun("recorded", "jury@v1", {
			weights: {},
			jury: { asked: ["j/a", "j/b"], excluded: [], self_judged_by: [], usage },
		});
		juryRun("self", "jury@v1", {
			jury: {
				asked: ["j/a"],
				excluded: [],
				self_judged_by: [{ juror: "j/a", reason: "same-family" }],
				usage: { ...usage, cost_usd: null, unpriced_votes: 2 },
			},
		});
		juryRun("legacy", "jury@v1", { weights: {} });
		juryRun("checks", null, null);
		const facts = Object.fromEntries(
			[...temporary.store.iterateRunFacts("summarization", "composite")].map(({ fact }) => [fact.model_id, fact.jury]),
		);
		expect(facts).toEqual({
			recorded: { recorded: true, cost_usd: 0.0025, votes: 2, unpriced_votes: 1, self_judged: false, failed: false },
			self: { recorded: true, cost_usd: null, votes: 2, unpriced_votes: 2, self_judged: true, failed: false },
			legacy: { recorded: false, cost_usd: null, votes: 0, unpriced_votes: 0, self_judged: false, failed: false },
			checks: null,
		});
	});
});

describe("iterateRunFacts, the rubric checks' panels", () => {
	const usage = (votes: number, cost: number | null) => ({
		votes,
		unpriced_votes: cost === null ? votes : 0,
		cost_usd: cost,
		input_tokens: null,
		output_tokens: null,
	});
	const record = (check: string | null, votes: number, cost: number | null, selfJudged = false): JsonObject => ({
		asked: [],
		excluded: [],
		self_judged_by: selfJudged ? [{ juror: "j/a", reason: "same-family" }] : [],
		usage: usage(votes, cost),
		...(check === null ? {} : { check }),
	});
	function run(model: string, scores: [string, string | null, JsonObject | null][]): void {
		temporary.store.recordCell({
			run: sampleRun({ model_id: model, cell_key: `key-${model}` }),
			scores: scores.map(([metric, panel, jury]) =>
				sampleScore({ metric, judge_panel_version: panel, extras: jury === null ? null : { jury } }),
			),
		});
	}

	it("sums every marked check's record with the headline's, counts a jury plugin's one record once, and reads a failed grading's record", () => {
		// A cases run: a deterministic composite headline, two rubric checks (each its own panel) and a regex check.
		run("checks", [
			["composite", null, null],
			["tone", "p@1", record("tone", 2, 0.002)],
			["next_step", "p@1", record("next_step", 2, null, true)],
			["greeting", null, null],
		]);
		// A jury plugin's run: every field repeats the headline's one record, unmarked.
		run("plugin", [
			["composite", "p@1", record(null, 3, 0.003)],
			["accuracy", "p@1", record(null, 3, 0.003)],
		]);
		// A rubric check as the headline, and another check beside it: each counted once.
		run("headline-check", [
			["composite", "p@1", record("composite", 2, 0.001)],
			["tone", "p@1", record("tone", 2, 0.001)],
		]);
		run("deterministic", [["composite", null, null]]);
		// A grading whose jury missed its quorum: no score, the record kept in the run's provenance.
		temporary.store.recordCell({
			run: sampleRun({
				model_id: "quorum",
				cell_key: "key-quorum",
				grader_error: "grader jury-quorum: 1 valid vote of 2",
				provenance: { grader: { id: "cases", version: "1", jury: record(null, 2, 0.004, true) } },
			}),
			scores: [],
		});
		const facts = Object.fromEntries(
			[...temporary.store.iterateRunFacts("summarization", "composite")].map(({ fact }) => [fact.model_id, fact.jury]),
		);
		expect(facts).toEqual({
			checks: { recorded: true, cost_usd: 0.002, votes: 4, unpriced_votes: 2, self_judged: true, failed: false },
			plugin: { recorded: true, cost_usd: 0.003, votes: 3, unpriced_votes: 0, self_judged: false, failed: false },
			"headline-check": {
				recorded: true,
				cost_usd: 0.002,
				votes: 4,
				unpriced_votes: 0,
				self_judged: false,
				failed: false,
			},
			deterministic: null,
			quorum: { recorded: true, cost_usd: 0.004, votes: 2, unpriced_votes: 0, self_judged: false, failed: true },
		});
	});
});
