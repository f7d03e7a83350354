import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { loadDefinitions, loadTaskPack } from "../../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { openStore, type Store } from "../../src/store/index.js";
import { runCli, tempDir } from "../support/cli.js";
import { CODE_FIX_USE_CASES, GOLD_TEST, SUM_BUGGY, SUM_FIXED, sumTask, writeFiles } from "../support/sum-task.js";

/* validate-tasks with validation variants and controls, end to end: the real CLI, real
 * bubblewrap sandboxes, real node:test and pytest runs. */

const SUM_SWAPPED = "export function sum(a, b) {\n\treturn b + a;\n}\n";
const SUM_INVERTED = "export function sum(a, b) {\n\treturn b - a;\n}\n";
const SUM_CONSTANT = "export function sum() {\n\treturn 5;\n}\n";
/** A "repair" whose verdict is a coin toss: the honest way to get a verdict that changes between repeats. */
const SUM_COIN = "export function sum(a, b) {\n\treturn Math.random() < 0.5 ? a + b : a - b;\n}\n";
/** Moves sum() into a module that does not exist: the gold test file cannot even load. */
const SUM_MOVED = 'export { sum } from "./add.mjs";\n';

interface SumTaskOptions {
	readonly variants?: readonly object[];
	readonly control?: object;
}

/** The sum task of test/support with a validation block. */
function sumWithValidation(id: string, options: SumTaskOptions): string {
	const task = parse(sumTask(id, { reference: "reference/sum.mjs" }));
	task.validation = { variants: options.variants ?? [], ...(options.control ? { control: options.control } : {}) };
	return stringify(task);
}

const variant = (id: string, expect: "pass" | "fail", source: string) => ({
	id,
	files: [{ source, target: "src/sum.mjs" }],
	expect,
});

function sumFiles(id: string, options: SumTaskOptions, extra: Record<string, string> = {}): Record<string, string> {
	const dir = `benchmarks/packs/code-fix/${id}`;
	return {
		[`${dir}/task.yaml`]: sumWithValidation(id, options),
		[`${dir}/hidden/sum.test.mjs`]: GOLD_TEST,
		[`${dir}/reference/sum.mjs`]: SUM_FIXED,
		...Object.fromEntries(Object.entries(extra).map(([path, content]) => [`${dir}/${path}`, content])),
	};
}

const PY_TASK = stringify({
	id: "py-add",
	mode: "agentic",
	tier: "standard",
	prompt: "add() is wrong. Fix it.",
	snapshot: { files: { "calc.py": "def add(a, b):\n    return a - b\n", "tests/__init__.py": "" } },
	verifier: {
		kind: "tests",
		args: {
			command: ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml=report.xml", "tests"],
			report: "pytest",
			report_file: "report.xml",
			gold_files: [{ source: "hidden/test_calc.py", target: "tests/test_calc.py" }],
			required_tests: ["tests/test_calc.py::test_adds"],
		},
	},
	reference: { files: [{ source: "reference/calc.py", target: "calc.py" }] },
	validation: {
		// Renames add(): the gold test's import fails at collection, which says nothing about behaviour.
		variants: [{ id: "renamed", files: [{ source: "validation/calc.py", target: "calc.py" }], expect: "fail" }],
	},
});

/** Two sites; the reference fixes only one, which reaches the threshold (0.5) but not the top score. */
const SITES_TASK = stringify({
	id: "half-fixed",
	mode: "agentic",
	tier: "hard",
	prompt: "double() and half() are wrong. Fix both.",
	snapshot: {
		files: {
			"package.json": '{ "type": "module" }\n',
			"src/m.mjs": "export const double = (x) => x * 3;\nexport const half = (x) => x / 3;\n",
		},
	},
	verifier: {
		kind: "tests",
		args: {
			command: ["node", "--test", "--test-reporter=tap"],
			report: "node-test",
			gold_files: [
				{ source: "hidden/double.test.mjs", target: "tests/double.test.mjs" },
				{ source: "hidden/half.test.mjs", target: "tests/half.test.mjs" },
			],
			sites: { double: ["tests/double.test.mjs"], half: ["tests/half.test.mjs"] },
			pass_threshold: 0.5,
		},
	},
	reference: { files: [{ source: "reference/m.mjs", target: "src/m.mjs" }] },
});

/** A checks task whose script imports the workdir's module without guarding it: a module that throws crashes the script. */
const CHECKS_TASK = stringify({
	id: "flag-on",
	mode: "agentic",
	tier: "easy",
	prompt: "Turn the flag on.",
	snapshot: { files: { "package.json": '{ "type": "module" }\n', "src/flag.mjs": "export const on = false;\n" } },
	verifier: { kind: "checks", args: { script: "hidden/check.mjs" } },
	reference: { files: [{ source: "reference/flag.mjs", target: "src/flag.mjs" }] },
	validation: {
		variants: [{ id: "throws", files: [{ source: "validation/flag.mjs", target: "src/flag.mjs" }], expect: "pass" }],
	},
});

const siteTest = (name: string, call: string, expected: number) =>
	`import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { ${name} } from "../src/m.mjs";\ntest("${name} works", () => assert.equal(${call}, ${expected}));\n`;

let root = "";
const pack = () => join(root, "benchmarks", "packs", "code-fix");

beforeAll(async () => {
	root = tempDir("touchstone-variants-");
	writeFiles(root, {
		"benchmarks/models.yaml": stringify({
			models: [
				{ id: "builtin/baseline", provider: "builtin", model: "baseline" },
				{ id: "builtin/gold", provider: "builtin", model: "gold" },
			],
		}),
		"benchmarks/use_cases.yaml": CODE_FIX_USE_CASES,
		...sumFiles(
			"sum-ok",
			{
				variants: [
					variant("swapped", "pass", "validation/swapped.mjs"),
					variant("inverted", "fail", "validation/inverted.mjs"),
				],
				control: { files: [{ source: "validation/commented.mjs", target: "src/sum.mjs" }], note: "a comment" },
			},
			{
				"validation/swapped.mjs": SUM_SWAPPED,
				"validation/inverted.mjs": SUM_INVERTED,
				"validation/commented.mjs": `${SUM_BUGGY}// sum of two numbers\n`,
			},
		),
		// sum(2, 3) is 5 for a constant too: the gold test cannot tell, so `expect: fail` is not met.
		...sumFiles(
			"sum-wrong-expect",
			{ variants: [variant("constant", "fail", "validation/constant.mjs")] },
			{ "validation/constant.mjs": SUM_CONSTANT },
		),
		// A "control" that fixes the bug is no harmless change: the baseline's verdict flips.
		...sumFiles(
			"sum-bad-control",
			{ control: { files: [{ source: "validation/fixed.mjs", target: "src/sum.mjs" }] } },
			{ "validation/fixed.mjs": SUM_FIXED },
		),
		...sumFiles(
			"sum-coin",
			{ variants: [variant("coin", "pass", "validation/coin.mjs")] },
			{ "validation/coin.mjs": SUM_COIN },
		),
		...sumFiles(
			"sum-moved",
			{ variants: [variant("moved", "pass", "validation/moved.mjs")] },
			{ "validation/moved.mjs": SUM_MOVED },
		),
		"benchmarks/packs/code-fix/py-add/task.yaml": PY_TASK,
		"benchmarks/packs/code-fix/py-add/hidden/test_calc.py":
			"from calc import add\n\n\ndef test_adds():\n    assert add(2, 3) == 5\n",
		"benchmarks/packs/code-fix/py-add/reference/calc.py": "def add(a, b):\n    return a + b\n",
		"benchmarks/packs/code-fix/py-add/validation/calc.py": "def plus(a, b):\n    return a + b\n",
		"benchmarks/packs/code-fix/flag-on/task.yaml": CHECKS_TASK,
		"benchmarks/packs/code-fix/flag-on/hidden/check.mjs":
			"const { on } = await import(process.cwd() + '/src/flag.mjs');\nconsole.log(JSON.stringify({ checks: { on: on === true } }));\n",
		"benchmarks/packs/code-fix/flag-on/reference/flag.mjs": "export const on = true;\n",
		"benchmarks/packs/code-fix/flag-on/validation/flag.mjs": 'throw new Error("not today");\n',
		"benchmarks/packs/code-fix/half-fixed/task.yaml": SITES_TASK,
		"benchmarks/packs/code-fix/half-fixed/hidden/double.test.mjs": siteTest("double", "double(4)", 8),
		"benchmarks/packs/code-fix/half-fixed/hidden/half.test.mjs": siteTest("half", "half(8)", 4),
		"benchmarks/packs/code-fix/half-fixed/reference/m.mjs":
			"export const double = (x) => x * 2;\nexport const half = (x) => x / 3;\n",
	});
	for (const entry of loadTaskPack(pack()).tasks) await materializeFixture(entry.dir, entry.task, { repo: null });
});

const stores: Store[] = [];
afterAll(() => {
	for (const store of stores) store.close();
});

interface Outcome {
	id: string;
	verdict: string;
	counts: { runs: number; passes: number; fails: number; setup_failures: number; errors: number };
	failing_assertion: string | null;
	errors: string[];
}
interface Validation {
	task_id: string;
	verdict: string;
	reasons: string[];
	baseline: Outcome | null;
	gold: Outcome | null;
	control: Outcome | null;
	variants: Outcome[];
}

async function validate(
	args: readonly string[],
): Promise<{ code: number; stderr: string; tasks: Map<string, Validation> }> {
	const result = await runCli(["validate-tasks", "--tasks", "benchmarks/packs/code-fix", "--json", ...args], {
		cwd: root,
	});
	const tasks = result.stdout === "" ? [] : (JSON.parse(result.stdout).tasks as Validation[]);
	return { code: result.code, stderr: result.stderr, tasks: new Map(tasks.map((task) => [task.task_id, task])) };
}

describe("validate-tasks with variants and a control", () => {
	it("passes a correct variant, fails an invalid one, keeps the baseline's verdict under the control", async () => {
		const result = await validate(["--repeats", "2", "sum-ok"]);
		expect(result.code).toBe(0);
		const task = result.tasks.get("sum-ok") as Validation;
		expect(task.verdict).toBe("ok");
		expect(task.baseline?.counts).toEqual({ runs: 2, passes: 0, fails: 2, setup_failures: 0, errors: 0 });
		expect(task.gold?.counts).toMatchObject({ runs: 2, passes: 2 });
		expect(task.control).toMatchObject({ verdict: "ok", counts: { runs: 2, fails: 2 } });
		const [swapped, inverted] = task.variants;
		expect(swapped).toMatchObject({ id: "swapped", verdict: "ok", counts: { passes: 2, fails: 0 } });
		expect(inverted).toMatchObject({ id: "inverted", verdict: "ok", counts: { passes: 0, fails: 2 } });
		// The failing behavioural assertion: the gold test's name and its message.
		expect(inverted?.failing_assertion).toMatch(/^adds two numbers: .+/);
		const terminal = await runCli(
			["validate-tasks", "--tasks", "benchmarks/packs/code-fix", "--repeats", "1", "sum-ok"],
			{
				cwd: root,
			},
		);
		expect(terminal.stdout).toMatch(/sum-ok\s+variant inverted\s+fail\s+1\s+0\s+1\s+0\s+0\s+0\.00\s+ok/);
		expect(terminal.stdout).toContain("sum-ok: variant inverted: failing assertion: adds two numbers: ");
	}, 120_000);

	it("calls a task broken when a variant's verdict is not the expected one, or the control flips the baseline's", async () => {
		const result = await validate(["--repeats", "1", "sum-wrong-expect", "sum-bad-control"]);
		expect(result.code).toBe(1);
		const wrong = result.tasks.get("sum-wrong-expect") as Validation;
		expect(wrong.verdict).toBe("broken");
		expect(wrong.reasons).toEqual([
			"variant `constant` (expect fail) passes: the verifier accepts a solution it must reject",
		]);
		const control = result.tasks.get("sum-bad-control") as Validation;
		expect(control.verdict).toBe("broken");
		expect(control.reasons).toEqual([
			"control (a harmless change on top of the baseline) passes, but the baseline fails: the verdict reacts to an unrelated change",
		]);
		expect(result.stderr).toContain("2 of 2 tasks measure nothing reliable");
	}, 120_000);

	it("finds a verdict that changes between repeats flaky", async () => {
		const result = await validate(["--repeats", "16", "--variant", "coin", "sum-coin"]);
		const coin = result.tasks.get("sum-coin")?.variants[0] as Outcome;
		// Each repeat is a fair coin: all 16 alike has probability 2^-15.
		expect(coin.counts.passes).toBeGreaterThan(0);
		expect(coin.counts.fails).toBeGreaterThan(0);
		expect(coin.counts.passes + coin.counts.fails).toBe(16);
		expect(coin.verdict).toBe("flaky");
		expect(result.tasks.get("sum-coin")?.verdict).toBe("flaky");
		expect(result.code).toBe(1);
	}, 120_000);

	it("--variant runs that one alone, as many times as asked", async () => {
		const result = await validate(["--repeats", "3", "--variant", "swapped", "sum-ok"]);
		expect(result.code).toBe(0);
		const task = result.tasks.get("sum-ok") as Validation;
		expect([task.baseline, task.gold, task.control]).toEqual([null, null, null]);
		expect(task.variants.map((item) => [item.id, item.counts.runs])).toEqual([["swapped", 3]]);
		const control = await validate(["--repeats", "1", "--variant", "control", "sum-ok"]);
		const only = control.tasks.get("sum-ok") as Validation;
		expect([only.baseline, only.gold, only.variants]).toEqual([null, null, []]);
		// Alone, the control is held to what the baseline must get: fail.
		expect(only.control).toMatchObject({ verdict: "ok", counts: { runs: 1, fails: 1 } });
	}, 120_000);

	it("refuses an unknown --variant as bad input, listing the runs the task has", async () => {
		const result = await runCli(
			["validate-tasks", "--tasks", "benchmarks/packs/code-fix", "--variant", "bound3", "sum-ok"],
			{
				cwd: root,
			},
		);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/sum-ok[/\\]task\.yaml validation\.variants: task sum-ok has no variant `bound3`/);
		expect(result.stderr).toContain("name one of its runs with --variant: baseline, gold, control, swapped, inverted");
		// Refused before anything ran.
		expect(result.stdout).toBe("");
	}, 60_000);

	it("reports an import or collection error as a setup failure, never a fail verdict", async () => {
		const result = await validate(["--repeats", "1", "sum-moved", "py-add"]);
		expect(result.code).toBe(1);
		const moved = result.tasks.get("sum-moved") as Validation;
		expect(moved.verdict).toBe("setup-failure");
		expect(moved.variants[0]?.counts).toEqual({ runs: 1, passes: 0, fails: 0, setup_failures: 1, errors: 0 });
		expect(moved.variants[0]?.errors[0]).toMatch(
			/the test file \S*sum\.test\.mjs failed to load: .*Cannot find module/,
		);
		expect(moved.reasons[0]).toMatch(/^variant `moved`: setup failure in 1 of 1 run, not a verdict: /);
		// Baseline and gold there fail and pass on the assertion itself.
		expect([moved.baseline?.verdict, moved.gold?.verdict]).toEqual(["ok", "ok"]);
		const python = result.tasks.get("py-add") as Validation;
		expect([python.baseline?.verdict, python.gold?.verdict]).toEqual(["ok", "ok"]);
		expect(python.verdict).toBe("setup-failure");
		expect(python.variants[0]?.counts).toMatchObject({ fails: 0, setup_failures: 1 });
		expect(python.variants[0]?.errors[0]).toMatch(/tests\.test_calc failed to load|pytest exited 2/);
		expect(result.stderr).toContain("(py-add: setup-failure, sum-moved: setup-failure)");
	}, 120_000);

	it("reports a harness error of the verifier as a setup failure, and a checks verdict by the checks not passed", async () => {
		const result = await validate(["--repeats", "1", "flag-on"]);
		const task = result.tasks.get("flag-on") as Validation;
		expect(task.baseline).toMatchObject({ verdict: "ok", failing_assertion: "checks not passed: on=false" });
		expect(task.variants[0]?.counts).toMatchObject({ fails: 0, setup_failures: 1, errors: 0 });
		expect(task.variants[0]?.errors[0]).toContain("checks verifier: ");
		expect(task.verdict).toBe("setup-failure");
	}, 60_000);

	it("calls gold that passes below the top score broken", async () => {
		const result = await validate(["--repeats", "1", "half-fixed"]);
		expect(result.code).toBe(1);
		const task = result.tasks.get("half-fixed") as Validation;
		expect(task.gold?.counts.passes).toBe(1);
		expect(task.verdict).toBe("broken");
		expect(task.reasons[0]).toMatch(
			/^gold \(the reference solution\) passes but scores 0\.5, below the top score 1, in 1 of 1 run: .*1\/2 sites fixed/,
		);
	}, 60_000);

	it("keeps validation out of cell keys: adding a variant leaves every cell current", async () => {
		const store = openStore({ database: join(root, "keys.sqlite"), artifacts: join(root, "keys-artifacts") });
		stores.push(store);
		const run = () =>
			runUseCase({
				definitions: loadDefinitions(join(root, "benchmarks")),
				store,
				useCaseId: "code-fix",
				depth: "thorough",
				concurrency: 2,
				force: false,
				dryRun: false,
				parts: defaultRunParts({}),
				stop: new StopControl(),
				provenance: {},
				tasks: ["sum-wrong-expect"],
			});
		const first = await run();
		expect(first.executed).toBe(2);
		const yaml = join(pack(), "sum-wrong-expect", "task.yaml");
		const task = parse(readFileSync(yaml, "utf8"));
		task.validation.variants.push(variant("swapped", "pass", "reference/sum.mjs"));
		task.validation.control = { files: [{ source: "reference/sum.mjs", target: "src/other.mjs" }] };
		writeFileSync(yaml, stringify(task));
		const second = await run();
		expect(second).toMatchObject({ benchmark_version: first.benchmark_version, skipped: 2, executed: 0 });
	}, 120_000);
});
