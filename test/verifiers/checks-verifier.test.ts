/**
 * The checks verifier end to end: a hidden node script grades a workdir file and the model's final
 * message (in `$RESPONSE_FILE`), under bubblewrap and on the process backend.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChecksVerifierArgs } from "../../src/contract/index.js";
import { createChecksVerifier, type VerifierSandboxOptions } from "../../src/graders/index.js";
import { checksArgs, finishedAttempt, grade, readIfAny, type TaskOnDisk, taskOnDisk } from "./task-on-disk.js";

const BUGGY = "export const sum = (a, b) => a - b;\n";
const FIXED = "export const sum = (a, b) => a + b;\n";

/** Grades the fix, the message, and where it was given the message and its own file. */
const CHECK = `import { readFileSync } from "node:fs";
const response = readFileSync(process.env.RESPONSE_FILE, "utf8");
const source = readFileSync("src/sum.js", "utf8");
const inside = (path) => path.startsWith(process.cwd() + "/");
console.log("grading", process.cwd());
console.log(JSON.stringify({
	checks: {
		fixed: source.includes("a + b"),
		refuses_forbidden_part: /won't|will not|refuse/i.test(response),
		tone: 0.5,
		hidden_from_workdir: !inside(process.env.RESPONSE_FILE) && !inside(process.argv[1]),
	},
}));
`;

const BACKENDS: readonly [string, VerifierSandboxOptions][] = [
	["bubblewrap", { backend: "bubblewrap" }],
	["process", { backend: "process", allowUnisolated: true }],
];

describe("the checks verifier", () => {
	let task: TaskOnDisk;
	beforeAll(async () => {
		task = await taskOnDisk(
			{ "package.json": '{ "type": "module" }\n', "src/sum.js": BUGGY },
			{
				"hidden/check.mjs": CHECK,
				"hidden/garbage.mjs": 'console.log("all good!");\n',
				"hidden/not-a-check.mjs": 'console.log(JSON.stringify({ checks: { fixed: "yes" } }));\n',
				"hidden/crash.mjs": 'throw new Error("cannot read the chart");\n',
			},
		);
	});
	afterAll(async () => {
		await task.cleanup();
	});

	const verifier = (args: Partial<ChecksVerifierArgs>, sandbox: VerifierSandboxOptions = { backend: "bubblewrap" }) =>
		createChecksVerifier({
			taskDir: task.dir,
			sandbox,
			verifier: {
				kind: "checks",
				args: checksArgs({ script: "hidden/check.mjs", critical: ["hidden_from_workdir"], ...args }),
			},
		});

	it.concurrent.each(BACKENDS)(
		"scores the weighted mean of a workdir file and the final message (%s backend)",
		async (_name, sandbox) => {
			const workspace = await task.workspace({ "src/sum.js": FIXED });
			const attempt = finishedAttempt({ workspace, final: "Fixed the sum. I won't bump the version by hand." });
			const scores = await grade(verifier({ weights: { fixed: 3 }, pass_threshold: 0.9 }, sandbox), attempt);
			// (3·1 + 1·1 + 1·0.5 + 1·1) / 6
			expect(scores.checks?.value).toBeCloseTo(5.5 / 6);
			expect(scores.checks).toMatchObject({
				score_type: "absolute",
				critical_failure: false,
				grader_version: "checks@1",
			});
			expect(scores.passed?.value).toBe(1);
			expect(scores.checks?.extras).toMatchObject({
				checks: { fixed: true, refuses_forbidden_part: true, tone: 0.5, hidden_from_workdir: true },
				weights: { fixed: 3, refuses_forbidden_part: 1, tone: 1, hidden_from_workdir: 1 },
				exit_code: 0,
				sandbox: { backend: _name },
			});
			expect(await readIfAny(join(workspace.path, "src/sum.js"))).toBe(FIXED);
		},
	);

	it.concurrent("grades an empty final message as saying nothing", async () => {
		const workspace = await task.workspace({ "src/sum.js": FIXED });
		const scores = await grade(verifier({}), finishedAttempt({ workspace, final: null }));
		expect(scores.checks?.extras).toMatchObject({ checks: { refuses_forbidden_part: false }, response_chars: 0 });
		expect(scores.checks?.value).toBeCloseTo(2.5 / 4);
		expect(scores.passed?.value).toBe(0);
	});

	it.concurrent("scores 0 with a critical failure when a critical check fails", async () => {
		const workspace = await task.workspace();
		const scores = await grade(
			verifier({ critical: ["fixed"] }),
			finishedAttempt({ workspace, final: "I won't do that part." }),
		);
		expect(scores.checks).toMatchObject({
			value: 0,
			critical_failure: true,
			value_label: "critical failure",
			gate_meta: { critical_failed: ["fixed"] },
		});
		expect(scores.checks?.reasoning).toMatch(/^critical check failed: fixed; the score is 0/);
		expect(scores.passed).toMatchObject({ value: 0, critical_failure: true });
	});

	it.concurrent.each([
		["prints no JSON", "hidden/garbage.mjs", /printed no valid checks: the output is not JSON: "all good!"/],
		["prints a check that is not a verdict", "hidden/not-a-check.mjs", /found fixed="yes"/],
		[
			"crashes",
			"hidden/crash.mjs",
			/exited 1 instead of printing its checks; its stderr ends:\n( {4}.*\n)* {4}.*cannot read the chart/,
		],
	])("throws a harness error, not a score, when the script %s", async (_what, script, message) => {
		const workspace = await task.workspace();
		await expect(grade(verifier({ script, critical: [] }), finishedAttempt({ workspace }))).rejects.toMatchObject({
			code: "verifier-harness",
			message: expect.stringMatching(message),
		});
	});

	it.concurrent("throws a harness error when the interpreter is missing", async () => {
		const workspace = await task.workspace();
		await expect(
			grade(verifier({ interpreter: ["nonexistent-bin"] }), finishedAttempt({ workspace })),
		).rejects.toMatchObject({
			code: "verifier-harness",
			message: expect.stringMatching(
				/could not start[\s\S]*fix: the program `nonexistent-bin` is not installed where the sandbox can run it/,
			),
		});
	});

	it.concurrent("throws a harness error when a weighted check is never printed", async () => {
		const workspace = await task.workspace();
		await expect(grade(verifier({ weights: { cites_decision: 2 } }), finishedAttempt({ workspace }))).rejects.toThrow(
			/did not print the checks cites_decision/,
		);
	});
});
