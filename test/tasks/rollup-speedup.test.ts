/**
 * The bundled speedup example (examples/benchmarks/packs/graded/rollup-speedup-py) end to end: its
 * real task.yaml, its fixture materialized from the seeded files, the visible tests, the real
 * verifier over each hidden reference under bubblewrap and /usr/bin/python3, and the CLI's run and
 * inspect showing the PerformanceRecord. Works on copies, never on the checkout's fixture/.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_DIR, type PerformanceRecord, type TaskEntry } from "../../src/contract/index.js";
import { loadTaskPack } from "../../src/definitions/index.js";
import { createTaskVerifier } from "../../src/graders/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { finishedAttempt, grade } from "../verifiers/task-on-disk.js";

const TASK_ID = "rollup-speedup-py";
const SOURCE = join(ROOT, "examples", "benchmarks", "packs", "graded", TASK_ID);

let root: string;
let entry: TaskEntry;
let count = 0;

beforeAll(async () => {
	root = tempDir("touchstone-rollup-speedup-");
	cpSync(SOURCE, join(root, "pack", TASK_ID), { recursive: true, filter: (path) => !path.endsWith(FIXTURE_DIR) });
	const loaded = loadTaskPack(join(root, "pack")).tasks[0];
	if (loaded === undefined) throw new Error("the example pack holds no task");
	entry = loaded;
	await materializeFixture(entry.dir, entry.task, { repo: null });
});
afterAll(() => {
	execFileSync("rm", ["-rf", root]);
});

/** Grades the fixture with `reference` (a file under reference/) as rollup.py, or the fixture itself. */
async function gradeReference(reference: string | null) {
	count += 1;
	const workspace = join(root, `workspace-${count}`);
	cpSync(join(entry.dir, FIXTURE_DIR), workspace, { recursive: true });
	if (reference !== null) cpSync(join(entry.dir, "reference", reference, "rollup.py"), join(workspace, "rollup.py"));
	const verifier = createTaskVerifier(entry.task.verifier, { taskDir: entry.dir, sandbox: { backend: "bubblewrap" } });
	const attempt = finishedAttempt({
		workspace: { path: workspace, fixture: join(entry.dir, FIXTURE_DIR), dispose: async () => {} },
	});
	const scores = await grade(verifier, attempt);
	const extras = (scores.speedup?.extras ?? {}) as unknown as { performance: PerformanceRecord };
	return { scores, performance: extras.performance };
}

describe("the rollup speedup example", () => {
	it("seeds the module with the same bytes as the frozen baseline, and its visible tests pass", () => {
		const { snapshot, verifier } = entry.task;
		if (verifier.kind !== "speedup") throw new Error("expected a speedup task");
		expect(snapshot.files["rollup.py"]).toBe(verifier.args.baseline.source);
		expect(readFileSync(join(entry.dir, FIXTURE_DIR, "rollup.py"), "utf8")).toBe(verifier.args.baseline.source);
		const output = execFileSync("/usr/bin/python3", ["-B", "-m", "unittest", "-q"], {
			cwd: join(entry.dir, FIXTURE_DIR),
			encoding: "utf8",
			stdio: ["ignore", "pipe", "pipe"],
		});
		expect(output).toBe("");
	});

	it.concurrent("puts the algorithmic reference (the gold policy) in the top bucket", async () => {
		const { scores, performance } = await gradeReference("algorithmic");
		expect(scores.speedup?.value).toBe(1);
		expect(performance).toMatchObject({ correctness: true, highest_bucket: 50, oracle_cases: 13 });
	});

	it.concurrent("keeps the micro-optimisation that retains the rescans far from the top bucket, correct", async () => {
		// About 1x (bench/speedup-calibrate pins score 0 over three runs); a test on a loaded machine
		// asserts only what noise cannot reach: the 10x bucket.
		const { scores, performance } = await gradeReference("micro");
		expect(scores.speedup?.value).toBeLessThan(2 / 3);
		expect(performance.correctness).toBe(true);
		expect(performance.median_ratio).toBeLessThan(10);
	});

	it.concurrent("scores the wrong-but-fast reference 0, as a mismatch on an oracle case", async () => {
		const { scores, performance } = await gradeReference("wrong");
		expect(scores.speedup?.value).toBe(0);
		expect(scores.speedup?.extras).toMatchObject({ outcome: "graded_failure", status: "mismatch" });
		expect(performance.correctness).toBe(false);
	});

	it("is run and inspected through the CLI: inspect shows the record, --json keeps all of it", async () => {
		const benchmarks = join(root, "benchmarks");
		mkdirSync(join(benchmarks, "packs"), { recursive: true });
		cpSync(join(ROOT, "examples", "benchmarks", "models.yaml"), join(benchmarks, "models.yaml"));
		cpSync(entry.dir, join(benchmarks, "packs", "speedup", TASK_ID), { recursive: true });
		writeFileSync(
			join(benchmarks, "use_cases.yaml"),
			`use_cases:
  - id: rollup-speedup
    title: Rain rollup speedup
    description: Makes a naive rollup fast without changing its answers.
    project: test
    status: runnable
    modality: { input: text, output: code }
    plugin: tasks
    tasks: packs/speedup
    fleet: [builtin/gold, builtin/baseline]
    samples: 1
`,
		);
		const run = await runCli(["run", "--use-case", "rollup-speedup"], { cwd: root });
		expect(run.stderr).not.toContain("grader error");
		expect(run.code).toBe(0);
		const inspect = await runCli(["inspect", "--use-case", "rollup-speedup", "--case", TASK_ID], { cwd: root });
		expect(inspect.code).toBe(0);
		// Gold is ~60x faster on a quiet machine; under the suite's load (browser tests beside it) it
		// has measured 16x: the bucket is the machine's, what is checked here is that inspect shows it.
		expect(inspect.stdout).toMatch(/performance: median \d+\.\d{3}x over 7\/7 pairs, bucket \d+x, score (1|0\.\d+) /);
		expect(inspect.stdout).toMatch(/performance: median \d+\.\d{3}x over 7\/7 pairs, no bucket, score 0 /);
		expect(inspect.stdout).toContain("fixture rain-rollup-seeded-v1, 13 oracle cases");
		expect(inspect.stdout).toMatch(/speedup: (1|0)\.\d{3} \(\d+\.\d{3}x, \d+x bucket\)/);
		// The task score repeats the verifier's extras: its record is not printed twice.
		expect(inspect.stdout.match(/performance: median/g)).toHaveLength(2);
		expect(inspect.stdout).toContain("performance: as above");
		expect(inspect.stdout).toMatch(/pair 6: baseline [\d.e-]+ s, candidate [\d.e-]+ s, baseline-first = \d+\.\d{3}x/);
		const json = await runCli(["inspect", "--use-case", "rollup-speedup", "--case", TASK_ID, "--json"], { cwd: root });
		const records = (
			JSON.parse(json.stdout).models as {
				samples: { scores: { metric: string; extras: { performance?: PerformanceRecord } }[] }[];
			}[]
		)
			.flatMap((model) => model.samples)
			.flatMap((sample) => sample.scores)
			.flatMap((score) =>
				score.metric === "speedup" && score.extras?.performance !== undefined ? [score.extras.performance] : [],
			);
		expect(records).toHaveLength(2);
		for (const record of records) {
			expect(record.samples).toHaveLength(7);
			expect(record.ratios).toHaveLength(7);
			expect(record.warmup).not.toBeNull();
		}
	});
});
