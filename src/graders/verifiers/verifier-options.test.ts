import { describe, expect, it } from "vitest";
import { BadInputError, type TestsVerifierArgs } from "../../contract/index.js";
import { createChecksVerifier } from "./checks-verifier.js";
import { createTestsVerifier } from "./tests-verifier.js";

const TESTS: TestsVerifierArgs = {
	command: ["node", "--test"],
	gold_files: [],
	report: "node-test",
	report_file: null,
	required_tests: ["a"],
	sites: null,
	pass_threshold: 1,
	reset: [],
	env: {},
	timeout_s: 10,
};

describe("verifier options", () => {
	it("refuses a tests verifier with no command, no required tests, a bad threshold or timeout, listing each", () => {
		const build = () =>
			createTestsVerifier({
				taskDir: "/nowhere",
				verifier: {
					kind: "tests",
					args: { ...TESTS, command: [], required_tests: [], pass_threshold: 0, timeout_s: -1 },
				},
			});
		expect(build).toThrow(BadInputError);
		expect(build).toThrow(/command:[\s\S]*pass_threshold:[\s\S]*required_tests:[\s\S]*timeout_s:/);
	});

	it("refuses a checks verifier with a negative weight", () => {
		const build = () =>
			createChecksVerifier({
				taskDir: "/nowhere",
				verifier: {
					kind: "checks",
					args: {
						script: "check.mjs",
						interpreter: ["node"],
						weights: { a: -1 },
						critical: [],
						pass_threshold: 1,
						env: {},
						timeout_s: 10,
					},
				},
			});
		expect(build).toThrow(/weights\.a: expected a weight >= 0/);
	});

	it("builds a verifier whose hidden file is missing, recording its digest as unknown", () => {
		const grader = createChecksVerifier({
			taskDir: "/nowhere",
			verifier: {
				kind: "checks",
				args: {
					script: "check.mjs",
					interpreter: [],
					weights: {},
					critical: [],
					pass_threshold: 1,
					env: {},
					timeout_s: 10,
				},
			},
		});
		expect(grader).toMatchObject({ id: "checks", version: "1", headline: "checks", config: { script_sha256: null } });
	});
});
