/**
 * The speedup verifier with `language: node` end to end: the host policy, the real Node helper
 * under the sandbox's node with the permission model, in bubblewrap, graded from finished
 * workspaces, with the adversarial cases of issue 18.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PerformanceRecord } from "../../src/contract/index.js";
import { verifierSchema } from "../../src/definitions/index.js";
import { createSpeedupVerifier, VERIFIER_HARNESS_CODE } from "../../src/graders/index.js";
import { speedupBlock } from "./speedup-task.js";
import { finishedAttempt, grade, type TaskOnDisk, taskOnDisk } from "./task-on-disk.js";

/** The frozen baseline and the seeded module: counts of each value, quadratic. */
const QUADRATIC = `export function counts(xs) {
  const out = {};
  for (const x of xs) {
    let n = 0;
    for (const y of xs) if (y === x) n++;
    out[x] = n;
  }
  return out;
}
`;
const LINEAR = `export function counts(xs) {
  const out = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}
`;
const LINEAR_TS = `type Counts = Record<number, number>;
export function counts(xs: readonly number[]): Counts {
  const out: Counts = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}
`;
const WRONG_FAST = "export function counts(xs) { const out = {}; for (const x of xs) out[x] = 1; return out; }\n";

const harness = (options: { pure?: boolean; extra?: string; oracle?: string; candidate?: string } = {}) => `
function build(seed) {
  const values = [];
  let state = seed;
  for (let i = 0; i < 3000; i++) { state = (state * 1103515245 + 12345) % 2147483648; values.push(state % 97); }
  return [values];
}
${options.extra ?? ""}
benchmark({
  candidate_path: ${JSON.stringify(options.candidate ?? "mod.mjs")}, baseline_path: "_base.mjs", function: "counts", make_input: build,
  oracle_cases: ${options.oracle ?? "[[[[]], {}], [[[1, 1, 2]], { 1: 2, 2: 1 }], [[[3, 2, 3, 3]], { 3: 3, 2: 1 }]]"},
  require_pure_inputs: ${options.pure === true},
});
`;

/** The Node task's verifier block, parsed as task.yaml's would be (the shared toy block, made Node's). */
const nodeBlock = (args: Record<string, unknown> = {}) =>
	speedupBlock({
		language: "node",
		editable: ["mod.mjs"],
		fixture_version: "toy-counts-node-v1",
		baseline: { path: "_base.mjs", source: QUADRATIC },
		harness: harness(),
		...args,
	});

const performanceOf = (extras: unknown) => (extras as { performance: PerformanceRecord }).performance;

describe("the speedup verifier for Node candidates", () => {
	let task: TaskOnDisk;
	beforeAll(async () => {
		task = await taskOnDisk({ "mod.mjs": QUADRATIC, "mod.ts": QUADRATIC, "counts.test.mjs": "// visible tests\n" }, {});
	});
	afterAll(async () => {
		await task.cleanup();
	});

	const gradeWith = async (edits: Record<string, string | null>, args: Record<string, unknown> = {}) => {
		const workspace = await task.workspace(edits);
		const verifier = createSpeedupVerifier({
			taskDir: task.dir,
			sandbox: { backend: "bubblewrap" },
			verifier: nodeBlock(args),
		});
		return grade(verifier, finishedAttempt({ workspace }));
	};
	const refused = async (edits: Record<string, string | null>, args: Record<string, unknown> = {}) => {
		const error = await gradeWith(edits, args).then(
			() => null,
			(thrown: unknown) => thrown,
		);
		expect(error).toMatchObject({ code: VERIFIER_HARNESS_CODE });
		return (error as Error).message;
	};
	const failedWith = async (edits: Record<string, string | null>, args: Record<string, unknown> = {}) => {
		const scores = await gradeWith(edits, args);
		expect(scores.speedup?.value).toBe(0);
		expect(scores.passed?.value).toBe(0);
		expect(scores.speedup?.extras).toMatchObject({ outcome: "graded_failure" });
		expect(performanceOf(scores.speedup?.extras)).toMatchObject({ correctness: false, samples: [] });
		return String(scores.speedup?.reasoning);
	};

	it.concurrent("puts the algorithmic candidate in the top bucket, with a record that says node", async () => {
		const scores = await gradeWith({ "mod.mjs": LINEAR });
		const performance = performanceOf(scores.speedup?.extras);
		expect(scores.speedup?.value).toBe(1);
		expect(scores.passed?.value).toBe(1);
		expect(performance).toMatchObject({ language: "node", correctness: true, highest_bucket: 50, oracle_cases: 3 });
		expect(performance.ratios).toHaveLength(7);
	});

	it.concurrent("strips a TypeScript candidate on the host and times it like JavaScript", async () => {
		const scores = await gradeWith(
			{ "mod.ts": LINEAR_TS },
			{ editable: ["mod.ts"], harness: harness({ candidate: "mod.ts" }) },
		);
		expect(scores.speedup?.value).toBe(1);
		expect(performanceOf(scores.speedup?.extras)).toMatchObject({ language: "node", correctness: true });
	});

	it.concurrent("records a correct copy of the baseline as correct, below the first bucket, score 0", async () => {
		const scores = await gradeWith({});
		expect(scores.speedup?.value).toBe(0);
		expect(scores.speedup?.extras).toMatchObject({ outcome: "correct" });
		expect(performanceOf(scores.speedup?.extras)).toMatchObject({ correctness: true, highest_bucket: null });
	});

	it.concurrent("gives a wrong answer that is fast a score of 0", async () => {
		expect(await failedWith({ "mod.mjs": WRONG_FAST })).toMatch(
			/mismatch: the candidate returned \{"1": 1, "2": 1\} on oracle case 1/,
		);
	});

	it.concurrent.each([
		["node:fs", 'import { writeFileSync } from "node:fs";\n', /mod\.mjs:1:31: import-not-allowed: imports node:fs/],
		["node:child_process", 'import { execSync } from "node:child_process";\n', /mod\.mjs:1:26: import-not-allowed/],
		["eval", 'export const x = eval("1");\n', /mod\.mjs:1:18: banned-name: `eval`/],
		["Function", 'export const x = new Function("return 1");\n', /mod\.mjs:1:22: banned-name: `Function`/],
		["process", "export const x = process.pid;\n", /mod\.mjs:1:18: banned-name: `process`/],
		["globalThis", "export const x = globalThis;\n", /mod\.mjs:1:18: banned-name: `globalThis`/],
		["console", 'console.log("TOUCHSTONE-PAIRED-V1 0 {}");\n', /mod\.mjs:1:1: banned-name: `console`/],
	])(
		"rejects a candidate using %s on the host, before anything runs: a graded failure",
		async (_what, line, detail) => {
			const scores = await gradeWith({ "mod.mjs": `${line}${LINEAR}` });
			// Nothing ran: no exit code, and the helper's own `rejected` status.
			expect(scores.speedup?.extras).toMatchObject({ outcome: "graded_failure", status: "rejected" });
			expect(scores.speedup?.extras).not.toHaveProperty("exit_code");
			expect(String(scores.speedup?.extras?.detail)).toMatch(detail);
			expect(await failedWith({ "mod.mjs": `${line}${LINEAR}` })).toMatch(/^fail: rejected: mod\.mjs:1:/);
		},
	);

	it.concurrent("grades in a folder of its own: a fake helper, harness, baseline or package left in the workdir never enters", async () => {
		const fakeHelper = `import { readFileSync } from "node:fs";
const nonce = readFileSync(0, "utf8").trim();
console.log("TOUCHSTONE-PAIRED-V1 " + nonce + ' {"status":"ok","detail":"","oracle_cases":3,"warmup":{"baseline_s":1,"candidate_s":0.001,"order":"baseline-first"},"samples":[]}');
`;
		const listing = harness({
			extra:
				'import { readdirSync } from "node:fs";\nconsole.error("grading folder:", readdirSync(".").sort().join(","));\n',
		});
		const scores = await gradeWith(
			{
				"_touchstone_paired.mjs": fakeHelper,
				"_touchstone_harness.mjs": fakeHelper,
				"_touchstone_paired.json": '{"pairs":1,"seed":1,"allowed_imports":["node:fs"],"editable":["mod.mjs"]}',
				"_base.mjs": "export function counts() { for (;;); }\n",
				"package.json": '{"type":"commonjs","imports":{"#x":"./evil.mjs"}}',
			},
			{ harness: listing },
		);
		// The real helper timed the real baseline (the fake one never returns) against the seeded copy.
		const performance = performanceOf(scores.speedup?.extras);
		expect(performance).toMatchObject({ correctness: true, pairs: 7 });
		expect(performance.samples.every((sample) => sample.baseline_s > 0.001 && sample.candidate_s > 0.001)).toBe(true);
		expect(String(scores.speedup?.extras?.stderr_tail)).toContain(
			"grading folder: _base.mjs,_touchstone_harness.mjs,_touchstone_paired.json,_touchstone_paired.mjs,mod.mjs",
		);
	});

	it.concurrent("fails a candidate that mutates its input with require_pure_inputs; a mutating baseline is a harness error", async () => {
		const sorting = LINEAR.replace("const out = {};", "const out = {};\n  if (xs.length > 100) xs.sort();");
		expect(await failedWith({ "mod.mjs": sorting }, { harness: harness({ pure: true }) })).toMatch(
			/impure: the candidate mutated its input on warm-up/,
		);
		expect(
			await refused(
				{ "mod.mjs": LINEAR },
				{ harness: harness({ pure: true }), baseline: { path: "_base.mjs", source: sorting } },
			),
		).toMatch(/the frozen baseline failed: the baseline mutated its input on warm-up/);
	});

	it.concurrent("calls a baseline that fails its oracle a harness error, before the candidate is imported", async () => {
		const message = await refused(
			{ "mod.mjs": "throw new Error('imported');\n" },
			{ harness: harness({ oracle: "[[[[1]], { 1: 2 }]]" }) },
		);
		expect(message).toMatch(
			/the frozen baseline failed: the baseline returned \{"1": 1\} on oracle case 0, expected \{"1": 2\}/,
		);
	});

	it.concurrent("times out a candidate that never returns: a graded failure whose correctness is unknown", async () => {
		const scores = await gradeWith({ "mod.mjs": "export function counts() { for (;;); }\n" }, { timeout_s: 3 });
		expect(scores.speedup?.value).toBe(0);
		expect(scores.speedup?.extras).toMatchObject({ outcome: "timeout" });
		expect(performanceOf(scores.speedup?.extras).correctness).toBeNull();
	});

	it("refuses, at load, allowed_imports a Node candidate may never have, and source files that are not modules", () => {
		const parsed = verifierSchema.safeParse({
			kind: "speedup",
			args: { ...nodeBlock().args, allowed_imports: ["node:path", "node:fs", "lodash"], editable: ["mod.cjs"] },
		});
		const messages = parsed.error?.issues.map((issue) => issue.message).join("\n");
		expect(messages).toMatch(/`node:fs` cannot be allowed: it is a process or interpreter module/);
		expect(messages).toMatch(/`lodash` is not in the node allowable set/);
		expect(messages).toMatch(/mod\.cjs is not a node source file/);
		expect(messages).not.toMatch(/node:path/);
	});
});
