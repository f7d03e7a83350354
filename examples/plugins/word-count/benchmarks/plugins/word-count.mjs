// A complete touchstone user plugin (see docs/plugins.md): its cases come from JSON files matched
// by the use case's `cases:` glob, and its grader checks that a reply stays within a word limit.
// It is plain JavaScript with no imports beyond Node's own, so it runs wherever touchstone does.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";

/** Words in a text: runs of letters, digits and apostrophes. */
function countWords(text) {
	return (text.match(/[\p{L}\p{N}']+/gu) ?? []).length;
}

export default {
	specificationVersion: "v1",
	id: "word-count",
	// Bump this when the plugin's behaviour changes: it enters every cell key, so its cells re-run.
	version: "1.0.0",
	defaultHeadline: "within_limit",
	gradeTimeoutMs: 5_000,

	createCaseSource(context) {
		return {
			specificationVersion: "v1",
			id: "word-count-json",
			async loadCases() {
				const cases = [];
				for (const file of context.case_files) {
					const rows = JSON.parse(await readFile(file, "utf8"));
					for (const row of rows)
						cases.push({
							id: row.id,
							version: row.version ?? "1",
							use_case_id: context.use_case_id,
							kind: row.kind ?? "floor",
							input: { prompt: row.prompt },
							reference: { max_words: row.max_words },
							threshold: 1,
							metadata: { file: basename(file) },
						});
				}
				return cases;
			},
		};
	},

	createGrader(context) {
		const slack = context.grading.slack ?? 0;
		return {
			specificationVersion: "v1",
			id: "word-count",
			version: "1",
			// The validated settings; they enter the cell key, so changing `slack` re-runs the cells.
			config: { slack },
			headline: "within_limit",
			async grade({ case: testCase, attempt }) {
				const words = countWords(attempt.final ?? "");
				const limit = testCase.reference.max_words + slack;
				return [
					{
						metric: "within_limit",
						score_type: "boolean",
						value: words <= limit ? 1 : 0,
						reasoning: `${words} words; the limit is ${limit}`,
						extras: { words, limit },
					},
					{ metric: "brevity", score_type: "absolute", value: words === 0 ? 0 : Math.min(1, limit / words) },
				];
			},
		};
	},
};
