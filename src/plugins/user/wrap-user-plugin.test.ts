import { describe, expect, it } from "vitest";
import {
	type Attempt,
	BadInputError,
	type Case,
	type PluginContext,
	TouchstoneError,
	UNKNOWN_TELEMETRY,
	type UseCasePlugin,
} from "../../contract/index.js";
import { wrapUserPlugin } from "./wrap-user-plugin.js";

const MODULE = {
	reference: "./plugins/probe.mjs",
	sha256: "a".repeat(64),
	packageVersion: null,
	locate: (text: { message: string; fix: string }) => ({
		source: "use_cases.yaml",
		line: 7,
		column: 13,
		path: "use_cases[0].plugin",
		...text,
	}),
};
/** The host's measure in a unit test: no model is called here. */
const MEASURE = () => ({ telemetry: UNKNOWN_TELEMETRY });
const CONTEXT = { use_case_id: "probe", grading: {} } as unknown as PluginContext;
const INPUT = { case: { id: "a" } as Case, attempt: { final: "ok" } as Attempt };
const signal = new AbortController().signal;

/** A plugin whose grader returns `scores`, keeping its state on `this` as a class-like object would. */
function plugin(scores: unknown, extra: object = {}): unknown {
	return {
		specificationVersion: "v1",
		id: "probe",
		version: "1.2.0",
		defaultHeadline: "ok",
		...extra,
		createCaseSource: () => ({ specificationVersion: "v1", id: "cases", loadCases: async () => [] }),
		createGrader: () => ({
			specificationVersion: "v1",
			id: "probe",
			version: "3",
			config: { strict: true },
			scores,
			async grade(this: { scores: unknown }) {
				return this.scores;
			},
		}),
	};
}

function grade(exported: unknown): Promise<unknown> {
	return (wrapUserPlugin(exported, MODULE, MEASURE) as UseCasePlugin).createGrader(CONTEXT).grade(INPUT, { signal });
}

describe("wrapUserPlugin", () => {
	it("fills a score's optional members, stamps id@version, and keys the grader by the plugin's version and hash", async () => {
		const wrapped = wrapUserPlugin(plugin([{ metric: "ok", score_type: "boolean", value: 1 }]), MODULE, MEASURE);
		const grader = wrapped.createGrader(CONTEXT);
		expect(grader.config).toEqual({
			plugin: { id: "probe", version: "1.2.0", sha256: MODULE.sha256, package_version: null },
			grader: { strict: true },
		});
		expect(await grader.grade(INPUT, { signal })).toEqual([
			expect.objectContaining({
				metric: "ok",
				value: 1,
				grader_version: "probe@3",
				reasoning: null,
				critical_failure: false,
			}),
		]);
	});

	it("refuses a score whose value does not fit its type, and an unknown member", async () => {
		for (const [score, problem] of [
			[{ metric: "m", score_type: "boolean", value: 0.5 }, "a `boolean` score is 0 or 1, not 0.5"],
			[{ metric: "m", score_type: "label", value: null }, "a `label` score needs a `value_label`"],
			[{ metric: "m", score_type: "absolute", value: 1, reasonning: "typo" }, "scores[0]: Unrecognized key"],
		] as const)
			await expect(grade(plugin([score]))).rejects.toThrow(problem);
		await expect(grade(plugin("not an array"))).rejects.toMatchObject({ code: "plugin-score" });
	});

	it("is a located bad-input error naming each wrong field of the export, a createRunner that is no function included", () => {
		let error: unknown;
		try {
			wrapUserPlugin(plugin([], { specificationVersion: "v2", createRunner: "single-shot" }), MODULE, MEASURE);
		} catch (thrown) {
			error = thrown;
		}
		expect(error).toBeInstanceOf(BadInputError);
		const issues = (error as BadInputError).issues;
		expect(issues.map((issue) => [issue.line, issue.path])).toEqual([
			[7, "use_cases[0].plugin"],
			[7, "use_cases[0].plugin"],
		]);
		expect(issues.map((issue) => issue.message).join("\n")).toMatch(
			/export default\.createRunner: expected a function/,
		);
		expect(issues.map((issue) => issue.message).join("\n")).toMatch(
			/export default\.specificationVersion: expected `specificationVersion: "v1"`/,
		);
	});

	it("turns a throw into a TouchstoneError with the module's message, and aborts a grade() past its bound", async () => {
		const throwing = plugin([]);
		(throwing as { createGrader: () => object }).createGrader = () => ({
			specificationVersion: "v1",
			id: "probe",
			version: "3",
			config: {},
			grade: async () => {
				throw new Error("no rubric");
			},
		});
		await expect(grade(throwing)).rejects.toThrow(
			new TouchstoneError("plugin-grader", "grade() of plugin ./plugins/probe.mjs threw: no rubric"),
		);

		let aborted = false;
		const hanging = plugin([], { gradeTimeoutMs: 20 });
		(hanging as { createGrader: () => object }).createGrader = () => ({
			specificationVersion: "v1",
			id: "probe",
			version: "3",
			config: {},
			grade: (_: unknown, options: { signal: AbortSignal }) =>
				new Promise(() => {
					options.signal.addEventListener("abort", () => {
						aborted = true;
					});
				}),
		});
		await expect(grade(hanging)).rejects.toMatchObject({
			code: "plugin-timeout",
			message: expect.stringContaining("within 20 ms"),
		});
		expect(aborted).toBe(true);
	});
});
