import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BadInputError, SPEEDUP_IMPORT_POLICIES } from "../contract/index.js";
import { loadTaskPack } from "./load-task-pack.js";

/** The seed's example verifier block, as written there. */
const SEED_BLOCK = `verifier:
  kind: speedup
  args:
    protocol: paired-v1
    editable: [mod.py]
    allowed_imports: [__future__, collections, math]
    pairs: 7
    seed: 6696
    fixture_version: toy-seeded-v1
    timeout_s: 60
    buckets: [[2, 0.3333333333333333], [10, 0.6666666666666666], [50, 1.0]]
    pass_threshold: 0.3333333333333333
    baseline:
      path: _base.py
      source: |
        def total(xs):
            return sum(xs)
    harness: |
      def build(seed):
          return ([i + seed for i in range(200)],)
      benchmark(candidate_path="mod.py", baseline_path="_base.py",
                function="total", make_input=build,
                oracle_cases=[(([],), 0), (([1, 2, 3],), 6)])
`;

const TASK = `id: toy-speedup
mode: agentic
tier: hard
prompt: Make total() faster.
target_files: [mod.py]
snapshot:
  files:
    mod.py: |
      def total(xs):
          return sum(xs)
${SEED_BLOCK}`;

function load(text: string) {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-speedup-pack-"));
	mkdirSync(join(dir, "toy-speedup"));
	writeFileSync(join(dir, "toy-speedup", "task.yaml"), text);
	return loadTaskPack(dir);
}

function issues(text: string) {
	try {
		load(text);
	} catch (error) {
		if (error instanceof BadInputError) return error.issues;
		throw error;
	}
	throw new Error("expected the task to be refused");
}

describe("the speedup verifier block", () => {
	it("loads the seed's example block as written", () => {
		const verifier = load(TASK).tasks[0]?.task.verifier;
		expect(verifier?.kind).toBe("speedup");
		if (verifier?.kind !== "speedup") return;
		expect(verifier.args).toMatchObject({
			protocol: "paired-v1",
			language: "python",
			python: "python3",
			editable: ["mod.py"],
			allowed_imports: ["__future__", "collections", "math"],
			pairs: 7,
			seed: 6696,
			timeout_s: 60,
			buckets: [
				[2, 0.3333333333333333],
				[10, 0.6666666666666666],
				[50, 1],
			],
			baseline: { path: "_base.py", source: "def total(xs):\n    return sum(xs)\n" },
		});
		expect(verifier.args.harness).toContain("benchmark(candidate_path=");
	});

	it("fills in the language's default imports, seven pairs and the #6696 ladder", () => {
		const text = TASK.replace("    allowed_imports: [__future__, collections, math]\n", "")
			.replace("    pairs: 7\n", "")
			.replace("    buckets: [[2, 0.3333333333333333], [10, 0.6666666666666666], [50, 1.0]]\n", "");
		const verifier = load(text).tasks[0]?.task.verifier;
		if (verifier?.kind !== "speedup") throw new Error("expected a speedup verifier");
		expect(verifier.args.allowed_imports).toEqual(SPEEDUP_IMPORT_POLICIES.python.default);
		expect(verifier.args.pairs).toBe(7);
		expect(verifier.args.buckets).toEqual([
			[2, 1 / 3],
			[10, 2 / 3],
			[50, 1],
		]);
	});

	it("refuses a process module in allowed_imports at its place, saying it cannot be allowed", () => {
		const found = issues(TASK.replace("[__future__, collections, math]", "[math, sys, numpy]"));
		const sys = found.find((issue) => issue.path === "verifier.args.allowed_imports[1]");
		expect(sys?.message).toContain("`sys` cannot be allowed");
		expect(sys?.line).toBe(16);
		const numpy = found.find((issue) => issue.path === "verifier.args.allowed_imports[2]");
		expect(numpy?.message).toContain("not in the python allowable set");
	});

	it("refuses buckets that do not increase, scores outside 0..1 and an unreachable pass threshold", () => {
		const text = TASK.replace(
			"[[2, 0.3333333333333333], [10, 0.6666666666666666], [50, 1.0]]",
			"[[10, 0.5], [2, 0.6], [50, 1.5]]",
		);
		const paths = issues(text).map((issue) => issue.path);
		expect(paths).toContain("verifier.args.buckets[1][0]");
		expect(paths).toContain("verifier.args.buckets[2][1]");
		const unreachable = issues(
			TASK.replace("[50, 1.0]]", "[50, 0.9]]").replace("pass_threshold: 0.3333333333333333", "pass_threshold: 0.95"),
		);
		expect(unreachable.find((issue) => issue.path === "verifier.args.pass_threshold")?.message).toContain(
			"no bucket reaches the pass threshold",
		);
	});

	it("refuses empty or escaping editable paths, reserved names, zero or too many pairs", () => {
		expect(issues(TASK.replace("editable: [mod.py]", "editable: []")).map((issue) => issue.path)).toContain(
			"verifier.args.editable",
		);
		const paths = issues(
			TASK.replace("editable: [mod.py]", "editable: [../mod.py, _touchstone_paired.py, notes.txt]").replace(
				"pairs: 7",
				"pairs: 0",
			),
		).map((issue) => [issue.path, issue.message]);
		expect(paths.find(([path]) => path === "verifier.args.editable[0]")?.[1]).toContain("climbs out");
		expect(paths.find(([path]) => path === "verifier.args.editable[1]")?.[1]).toContain("the helper's");
		expect(paths.find(([path]) => path === "verifier.args.editable[2]")?.[1]).toContain("not a python source file");
		expect(paths.map(([path]) => path)).toContain("verifier.args.pairs");
		expect(issues(TASK.replace("pairs: 7", "pairs: 100000")).map((issue) => issue.path)).toContain(
			"verifier.args.pairs",
		);
	});
});
