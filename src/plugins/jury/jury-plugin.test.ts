import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JsonObject, PluginContext } from "../../contract/index.js";
import { findPlugin } from "../index.js";
import { juryPlugin } from "./jury-plugin.js";
import { readRubricBlock } from "./read-rubric-block.js";

const signal = new AbortController().signal;
const RUBRIC: JsonObject = {
	instructions: "Grade the reply.",
	fields: { accuracy: { weight: 2, description: "Right." }, tone: { weight: 1, description: "Kind." } },
	gates: { promises_refund: { cap: 0.2, description: "Promises a refund." } },
};

/** A context over these case files, with this rubric block (use_cases.yaml holds the entry too, to place problems). */
function contextWith(files: Record<string, string>, rubric: JsonObject | null = RUBRIC): PluginContext {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-jury-"));
	writeFileSync(
		join(dir, "use_cases.yaml"),
		`use_cases:\n  - id: demo\n    status: runnable\n    plugin: jury\n${rubric === null ? "" : `    rubric: ${JSON.stringify(rubric)}\n`}`,
	);
	for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
	return {
		use_case_id: "demo",
		benchmarks_dir: dir,
		case_files: Object.keys(files).map((name) => join(dir, name)),
		tasks_dir: null,
		prompt_template: null,
		tasks: null,
		grading: {},
		rubric,
		jury: null,
	};
}

describe("the jury plugin", () => {
	it("is registered, jury-graded, with the composite as headline", () => {
		expect(findPlugin("jury")).toBe(juryPlugin);
		expect(juryPlugin).toMatchObject({ usesJury: true, defaultHeadline: "composite" });
	});

	it("reads case files as the cases plugin writes them, with any reference mapping or none", async () => {
		const cases = await juryPlugin
			.createCaseSource(
				contextWith({
					"a.yaml":
						"input: { prompt: Hello?, system_prompt: Be kind. }\nreference: { answer: Hi., policy: [no refunds] }\nthreshold: 0.9\n",
					"b.yaml": "kind: ceiling\ninput: { prompt: Bye? }\nmetadata: { source: authored }\n",
				}),
			)
			.loadCases({ signal });
		expect(cases.map((data) => [data.id, data.kind, data.input, data.reference, data.threshold])).toEqual([
			["a", "floor", { prompt: "Hello?", system_prompt: "Be kind." }, { answer: "Hi.", policy: ["no refunds"] }, 0.9],
			["b", "ceiling", { prompt: "Bye?" }, null, 0.7],
		]);
	});

	it("turns the rubric block into the jury's rubric: fields with weights, gates with their caps, the pass bar", () => {
		const block = readRubricBlock(contextWith({}, { ...RUBRIC, threshold: 0.6 }));
		expect(block.issues).toEqual([]);
		expect(block.grading).toEqual({
			rubric: {
				numeric: { accuracy: { weight: 2, description: "Right." }, tone: { weight: 1, description: "Kind." } },
				gates: { promises_refund: { cap: 0.2, description: "Promises a refund." } },
				critical_failure: null,
			},
			instructions: "Grade the reply.",
			threshold: 0.6,
		});
	});
});
