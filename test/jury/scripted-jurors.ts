import type { Attempt, Case, JuryPanel, ModelEntry } from "../../src/contract/index.js";
import { defineCase, UNKNOWN_TELEMETRY } from "../../src/contract/index.js";
import { createModelProvider } from "../../src/providers/index.js";
import type { ScriptInput } from "../../src/scripted-server/index.js";

/* The scripted jurors of the jury tests: each scenario is a marker in the candidate's output. */

const verdict = (fact_recall: number, faithfulness: number, hallucination: boolean, rationale: string) =>
	JSON.stringify({ fact_recall, faithfulness, hallucination, rationale });

/** Replies of juror/a and juror/b per scenario marker. */
export const VERDICTS = {
	clean: {
		a: verdict(0.9, 0.8, false, "A: every key fact, nothing invented."),
		b: verdict(0.7, 1, false, "B: faithful, one fact short."),
	},
	split: {
		a: verdict(0.6, 0.5, true, "A: the date is invented."),
		b: verdict(0.8, 0.9, false, "B: the date is a fair reading."),
	},
	gate: {
		a: verdict(0.9, 0.4, true, "A: invents a cause."),
		b: verdict(0.7, 0.6, true, "B: the cause is not in the source."),
	},
} as const;

/** A candidate output for a scenario: the marker the jurors' rules match, in some summary text. */
export function outputFor(scenario: string): string {
	return `The meeting moved to Tuesday [case:${scenario}].`;
}

/** The script: two well-behaved jurors, broken ones of every kind, and a candidate model. */
export const JURY_SCRIPT: ScriptInput = {
	seed: 7,
	models: {
		"juror/a": {
			rules: [
				{ when: { user: "case:clean" }, reply: VERDICTS.clean.a },
				{ when: { user: "case:fenced" }, reply: `\`\`\`json\n${VERDICTS.clean.a}\n\`\`\`` },
				{ when: { user: "case:split" }, reply: VERDICTS.split.a },
				{ when: { user: "case:gate" }, reply: VERDICTS.gate.a },
				{ reply: VERDICTS.clean.a },
			],
		},
		"juror/b": {
			rules: [
				{ when: { user: "case:fenced" }, reply: `Here is my verdict: ${VERDICTS.clean.b} I hope it helps.` },
				{ when: { user: "case:split" }, reply: VERDICTS.split.b },
				{ when: { user: "case:gate" }, reply: VERDICTS.gate.b },
				{ reply: VERDICTS.clean.b },
			],
		},
		// Malformed JSON on every try.
		"juror/broken": { rules: [{ reply: '{"fact_recall": 0.9, "faithfulness": }' }] },
		// Valid JSON without `faithfulness` on every try.
		"juror/partial": {
			rules: [{ reply: '{"fact_recall": 0.9, "hallucination": false, "rationale": "Forgot a field."}' }],
		},
		// Prose on the first try, a clean verdict when told what was wrong.
		"juror/flaky": {
			rules: [
				{ when: { turn: 2, user: "could not be used" }, reply: VERDICTS.clean.a },
				{ reply: "The summary looks accurate and concise to me." },
			],
		},
		// No rule ever matches: every call is refused (HTTP 422), a ProviderError.
		"juror/mute": { rules: [{ when: { user: "^never matches$" }, reply: "-" }] },
		// Slow, for the abort test.
		"juror/slow": { latency_ms: 5000, rules: [{ reply: VERDICTS.clean.a }] },
		// Slow enough that two concurrent calls overlap visibly.
		"juror/steady-a": { latency_ms: 600, rules: [{ reply: VERDICTS.clean.a }] },
		"juror/steady-b": { latency_ms: 600, rules: [{ reply: VERDICTS.clean.b }] },
		"vendor/candidate-7b": {
			rules: [{ when: { user: "(?i)summarize" }, reply: outputFor("clean") }],
		},
	},
};

/** A registry entry for a model of the scripted server at `url`, without retries. */
export function scriptedEntry(url: string, id: string): ModelEntry {
	return {
		id,
		provider: "openai-compatible",
		model: id,
		display_name: id,
		role: "anchor",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: `${url}/v1`,
		api_key_env: null,
		command: null,
		options: { max_retries: 0 },
	};
}

/** A pinned panel of scripted jurors, each with its real provider. */
export function scriptedPanel(url: string, jurors: readonly string[], quorum: number = jurors.length): JuryPanel {
	return {
		id: "test-panel",
		version: "jury@test-1",
		quorum,
		jurors: jurors.map((id) => {
			const model = scriptedEntry(url, id);
			return { model, provider: createModelProvider(model, { env: {} }) };
		}),
	};
}

/** A summarization case. */
export const SUMMARY_CASE: Case = defineCase({
	id: "meeting",
	version: "1",
	use_case_id: "summaries",
	kind: "floor",
	input: {
		prompt: "Summarize: the weekly meeting moves from Monday to Tuesday.",
		source: "The weekly meeting moves from Monday to Tuesday.",
	},
	reference: { key_facts: ["The weekly meeting moves to Tuesday."] },
	threshold: 0.7,
	metadata: {},
});

/** A completed attempt with this output, made by a model the jurors must never learn about. */
export function attemptWith(final: string | null, overrides: Partial<Attempt> = {}): Attempt {
	return {
		final,
		trace: [],
		telemetry: UNKNOWN_TELEMETRY,
		status: "completed",
		error: null,
		runner_provenance: {
			runner: "single-shot",
			runner_version: "1",
			details: { provider: "openai-compatible", model: "vendor/candidate-7b" },
		},
		diff: null,
		raw: null,
		...overrides,
	};
}
