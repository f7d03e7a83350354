import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { computeNorms } from "./compute-norms.js";
import { createBiomeRunner, createRuffRunner, type LintRunner } from "./lint-runners.js";
import { type NormsRecord, normsScore, notApplicable } from "./norms-record.js";
import { readTreeChanges } from "./tree-changes.js";

const folders: string[] = [];
afterEach(async () => {
	await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function tree(files: Record<string, string>): Promise<string> {
	const root = await mkdtemp(join(tmpdir(), "norms-test-"));
	folders.push(root);
	for (const [path, text] of Object.entries(files)) {
		await mkdir(dirname(join(root, path)), { recursive: true });
		await writeFile(join(root, path), text);
	}
	return root;
}

/** The record of the change from `before` to `after`, read from real folders. */
async function norms(
	before: Record<string, string>,
	after: Record<string, string>,
	options: { target_files?: string[]; gold_diff_lines?: number | null; lint?: LintRunner[] } = {},
): Promise<NormsRecord> {
	const changes = await readTreeChanges(await tree(before), await tree(after));
	return computeNorms({
		changes,
		target_files: options.target_files ?? [],
		gold_diff_lines: options.gold_diff_lines ?? null,
		lint: options.lint ?? [],
		signal: new AbortController().signal,
	});
}

const LINES = Array.from({ length: 10 }, (_, index) => `a${index} = ${index}`);
const py = (lines: readonly string[]) => `${lines.join("\n")}\n`;

describe("debug lines", () => {
	it("counts a debug line the model added, not one the fixture already had", async () => {
		const kept = await norms(
			{ "src/a.js": "console.log(1);\nexport const a = 1;\n" },
			{ "src/a.js": "console.log(1);\nexport const a = 2;\n" },
		);
		expect(kept.signals.debug_lines.value).toBe(0);
		expect(kept.signals.debug_lines.penalty).toBe(0);
		const added = await norms(
			{ "src/a.js": "export const a = 1;\n" },
			{ "src/a.js": "console.log(1);\nexport const a = 2;\n" },
		);
		expect(added.signals.debug_lines.value).toBe(1);
		expect(added.signals.debug_lines.penalty).toBe(0.5);
		expect(added.signals.debug_lines.detail.lines).toEqual([
			{ path: "src/a.js", pattern: "console.log(", line: "console.log(1);" },
		]);
	});

	it("counts an added TODO, a breakpoint and print outside tests, but not print in a test", async () => {
		const record = await norms(
			{ "app.py": "x = 1\n", "tests/test_app.py": "def test_x():\n    assert True\n" },
			{
				"app.py": "x = 2  # TODO tidy\nbreakpoint()\nprint(x)\n",
				"tests/test_app.py": "def test_x():\n    print('debugging')\n    assert True\n",
			},
		);
		expect((record.signals.debug_lines.detail.lines as { pattern: string }[]).map((item) => item.pattern)).toEqual([
			"TODO",
			"breakpoint(",
			"print(",
		]);
		expect(record.signals.debug_lines.penalty).toBe(1);
	});
});

describe("files outside target_files", () => {
	it("is the share of changed files the task did not name, and N/A without target_files", async () => {
		const before = { "src/a.py": "a = 1\n", "src/b.py": "b = 1\n" };
		const after = { "src/a.py": "a = 2\n", "src/b.py": "b = 2\n" };
		const scoped = await norms(before, after, { target_files: ["src/a.py"] });
		expect(scoped.signals.outside_target.detail.files).toEqual(["src/b.py"]);
		expect(scoped.signals.outside_target.penalty).toBe(0.5);
		const inside = await norms(before, { ...after, "src/b.py": "b = 1\n" }, { target_files: ["src/a.py"] });
		expect(inside.signals.outside_target.penalty).toBe(0);
		const open = await norms(before, after);
		expect(open.signals.outside_target.penalty).toBeNull();
		expect(open.signals.outside_target.na).toMatch(/target_files/);
	});
});

describe("code changed without a test", () => {
	it("penalises a code change with no test change, not one with a test, and is N/A without code", async () => {
		const before = { "src/a.ts": "export const a = 1;\n", "src/a.test.ts": "// test\n", "README.md": "hi\n" };
		const untested = await norms(before, { ...before, "src/a.ts": "export const a = 2;\n" });
		expect(untested.signals.untested_code.penalty).toBe(1);
		const tested = await norms(before, {
			...before,
			"src/a.ts": "export const a = 2;\n",
			"src/a.test.ts": "// test 2\n",
		});
		expect(tested.signals.untested_code.penalty).toBe(0);
		const docs = await norms(before, { ...before, "README.md": "hello\n" });
		expect(docs.signals.untested_code.na).toMatch(/no code/);
	});
});

describe("comment density", () => {
	it("tolerates an absolute change of exactly 0.10 and penalises one just past it", async () => {
		const before = { "src/calc.py": py(LINES) };
		const atTolerance = await norms(before, { "src/calc.py": py([`${LINES[0]}  # zero`, ...LINES.slice(1)]) });
		expect(atTolerance.signals.comment_density.value).toBe(0.1);
		expect(atTolerance.signals.comment_density.penalty).toBe(0);
		const past = await norms(before, { "src/calc.py": py([`${LINES[0]}  # zero`, ...LINES.slice(1, 9)]) });
		expect(past.signals.comment_density.value).toBeCloseTo(1 / 9, 10);
		expect(past.signals.comment_density.penalty).toBeCloseTo((1 / 9 - 0.1) / 0.2, 10);
	});

	it("does not count a # or // inside string literals, a docstring, or comments in tests", async () => {
		const record = await norms(
			{ "src/calc.py": py(LINES), "src/b.ts": "export const b = 1;\n", "tests/test_calc.py": "x = 1\n" },
			{
				"src/calc.py": py([
					'"""A docstring # not a comment',
					"spanning lines # still not",
					'"""',
					...LINES.slice(0, 9),
					's = "# hash"',
				]),
				"src/b.ts": "export const b = '// no';\nconst c = `\n// in a template\n`;\n",
				"tests/test_calc.py": "# comment\n# comment\n# comment\nx = 2\n",
			},
		);
		expect(record.signals.comment_density.detail.files).toEqual(["src/b.ts", "src/calc.py"]);
		expect(record.signals.comment_density.value).toBe(0);
		expect(record.signals.comment_density.penalty).toBe(0);
	});

	it("counts a real comment in TypeScript, so it can fail", async () => {
		const record = await norms(
			{ "src/b.ts": "export const b = 1;\n" },
			{ "src/b.ts": "// why\nexport const b = 2; /* and */\n" },
		);
		expect(record.signals.comment_density.value).toBe(1);
		expect(record.signals.comment_density.penalty).toBe(1);
	});
});

describe("diff size", () => {
	it("is free up to 1.5 times the real fix, full at 4 times, N/A when gold_diff_lines is unset", async () => {
		const before = { "a.txt": "1\n2\n3\n4\n" };
		const after = { "a.txt": "1\nb\nc\n4\n" };
		expect((await norms(before, after, { gold_diff_lines: 4 })).signals.diff_size).toMatchObject({
			value: 1,
			penalty: 0,
		});
		expect((await norms(before, after, { gold_diff_lines: 1 })).signals.diff_size).toMatchObject({
			value: 4,
			penalty: 1,
		});
		expect((await norms(before, after, { gold_diff_lines: 2 })).signals.diff_size).toMatchObject({
			value: 2,
			penalty: 0.2,
		});
		expect((await norms(before, after)).signals.diff_size.na).toMatch(/gold_diff_lines/);
	});
});

describe("lint", () => {
	const source = "export function f(a) {\n\tif (a == 1) return 1;\n\treturn 0;\n}\n";
	it("counts only the Biome findings the change added, on a real Biome run", async () => {
		const record = await norms(
			{ "src/f.js": source },
			{ "src/f.js": source.replace("\treturn 0;", "\tif (a == 2) return 2;\n\treturn 0;") },
			{ lint: [createBiomeRunner()] },
		);
		expect(record.signals.lint.na).toBeNull();
		expect(record.signals.lint.value).toBe(1);
		expect(record.signals.lint.detail.new_findings).toEqual([
			{ tool: "biome", path: "src/f.js", rule: "lint/suspicious/noDoubleEquals" },
		]);
		const clean = await norms(
			{ "src/f.js": source },
			{ "src/f.js": source.replace("return 0;", "return 3;") },
			{ lint: [createBiomeRunner()] },
		);
		expect(clean.signals.lint).toMatchObject({ value: 0, penalty: 0 });
	});

	it("is N/A, never 0, when the linter is missing or its version is not the pinned one", async () => {
		const python = await norms({ "a.py": "a = 1\n" }, { "a.py": "a = 2\n" }, { lint: [createRuffRunner()] });
		expect(python.signals.lint.penalty).toBeNull();
		expect(python.signals.lint.na).toMatch(/ruff: ruff is not installed/);
		const wrong = await norms(
			{ "a.js": source },
			{ "a.js": `${source}\n` },
			{ lint: [createBiomeRunner("/bin/false")] },
		);
		expect(wrong.signals.lint.na).toMatch(/biome:/);
		const none = await norms({ "a.js": source }, { "a.js": `${source}\n` }, { lint: [createBiomeRunner(null)] });
		expect(none.signals.lint.na).toMatch(/Biome is not installed/);
	});
});

describe("norms_score", () => {
	it("is 1 minus the weighted mean of the measured penalties, N/A signals renormalised away", async () => {
		// Measured: debug_lines 0.5 (weight 1), untested_code 1 (weight 1); everything else N/A.
		const record = await norms(
			{ "src/a.js": "export const a = 1;\n" },
			{ "src/a.js": "console.log(1);\nexport const a = 2;\n" },
		);
		const measuredIds = Object.entries(record.signals)
			.filter(([, signal]) => signal.penalty !== null)
			.map(([id]) => id);
		expect(measuredIds.sort()).toEqual(["comment_density", "debug_lines", "untested_code"]);
		expect(record.signals.comment_density.penalty).toBe(0);
		expect(record.norms_score).toBeCloseTo(1 - (0.5 + 1 + 0) / 2.5, 12);
		expect(record.norms_version).toBe("1");
		expect(record.files_changed).toBe(1);
		expect(record.diff_lines).toBe(3);
	});

	it("is null when every signal is N/A, and 1 for a change with no fault", async () => {
		expect(normsScore([notApplicable("lint", "no linter"), notApplicable("diff_size", "unset")])).toBeNull();
		const record = await norms({ "notes.txt": "x\n" }, { "notes.txt": "y\n" });
		expect(record.norms_score).toBe(1);
	});
});
