import { describe, expect, it } from "vitest";
import { contentHash, type UseCasePlugin } from "../../contract/index.js";
import { kidsQaPlugin } from "../kids-qa/index.js";
import { summarizationPlugin } from "./index.js";
import { fakePanel, juryBenchmarksWith } from "./test-context.js";

/** The rubric part of a plugin's grader identity, as it enters the cell key: id, version and config without the panel. */
function rubricKeyPart(plugin: UseCasePlugin, gradingYaml = ""): string {
	const { panel } = fakePanel({ "judge/a": "{}" });
	const grader = plugin.createGrader(juryBenchmarksWith(plugin.id, {}, gradingYaml, panel));
	const { panel: _panel, ...config } = grader.config;
	return contentHash({ id: grader.id, version: grader.version, config });
}

// Measured on main at b0d4b95, before the built-in rubrics became instances of the rubric machinery
// `plugin: jury` uses: the same hashes mean the same grader config, so every stored summarization
// and kids-qa cell stays current.
describe("the built-in jury rubrics keep the grader config they had", () => {
	it("summarization, with and without a grading block", () => {
		expect(rubricKeyPart(summarizationPlugin)).toBe("4ab91eb49552dede78c6387e8c7aaf97e1d1af611fb08afd11571b4b9e0fe1a3");
		expect(rubricKeyPart(summarizationPlugin, "weights: { conciseness: 3 }\ncap: 0.1\n")).toBe(
			"d038bf584ef95d4d82a074f9a6f43b7bbf295c1d9cdd8ba2597634e80f5ab8b3",
		);
	});

	it("kids-qa, with and without a grading block", () => {
		expect(rubricKeyPart(kidsQaPlugin)).toBe("5297b1d2edea6f25d7593e6848de88b33e24482e674055002621f642bfbb07e7");
		expect(rubricKeyPart(kidsQaPlugin, "weights: { curiosity: 3 }\ncap: 0\n")).toBe(
			"b7d1e1c9c73708fc88d11bf87bd58e364fd3cb2a5c24985c02821b6e4493173d",
		);
	});
});
