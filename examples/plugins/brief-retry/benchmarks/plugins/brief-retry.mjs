// A touchstone user plugin with a runner of its own (see docs/plugins.md, "The runner"). The
// runner asks the model to be brief and, when the reply is over the case's word limit, asks once
// more for a shorter answer; the grader checks the final reply against the limit. The model is
// called through the provider touchstone hands to run(): its retries, rate limits and secrets are
// the host's, and the host measures the calls' cost, tokens and latency into the attempt.
import { readFile } from "node:fs/promises";

/** Words in a text: runs of letters, digits and apostrophes. */
function countWords(text) {
	return (text.match(/[\p{L}\p{N}']+/gu) ?? []).length;
}

const SYSTEM = "Answer briefly.";

export default {
	specificationVersion: "v1",
	id: "brief-retry",
	// Enters every cell key (with the module's hash): bump it when the plugin's behaviour changes.
	version: "1.0.0",
	defaultHeadline: "within_limit",
	// Two model calls per cell; past this bound the cell is a harness error, never the model's failure.
	runTimeoutMs: 60_000,

	createCaseSource(context) {
		return {
			specificationVersion: "v1",
			id: "brief-retry-json",
			async loadCases() {
				const cases = [];
				for (const file of context.case_files)
					for (const row of JSON.parse(await readFile(file, "utf8")))
						cases.push({
							id: row.id,
							version: "1",
							use_case_id: context.use_case_id,
							kind: "floor",
							// The runner reads the limit from the input: it is part of what the model is asked.
							input: { prompt: row.prompt, max_words: row.max_words },
							reference: null,
							threshold: 1,
							metadata: {},
						});
				return cases;
			},
		};
	},

	createRunner() {
		return {
			specificationVersion: "v1",
			id: "brief-retry",
			// Enters the harness key: bump it when the prompts it sends change.
			version: "1",
			async run(input, { signal, provider }) {
				const { prompt, max_words: limit } = input.case.input;
				const messages = [
					{ role: "system", content: SYSTEM },
					{ role: "user", content: `${prompt} At most ${limit} words.` },
				];
				// A failed call (after the host's retries) is thrown on: the host records it.
				const first = await provider.complete({ messages }, { signal });
				const trace = [{ kind: "message", content: first.text }];
				if (countWords(first.text) <= limit) return { final: first.text, trace };
				messages.push(
					{ role: "assistant", content: first.text },
					{ role: "user", content: `Too long. ${prompt} At most ${limit} words.` },
				);
				const second = await provider.complete({ messages }, { signal });
				trace.push({ kind: "message", content: second.text });
				return { final: second.text, trace, details: { retried: true } };
			},
		};
	},

	createGrader() {
		return {
			specificationVersion: "v1",
			id: "brief-retry",
			version: "1",
			config: {},
			async grade({ case: testCase, attempt }) {
				const words = countWords(attempt.final ?? "");
				const limit = testCase.input.max_words;
				return [
					{
						metric: "within_limit",
						score_type: "boolean",
						value: words <= limit ? 1 : 0,
						reasoning: `${words} words; the limit is ${limit}`,
					},
				];
			},
		};
	},
};
