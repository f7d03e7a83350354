/**
 * Hostile definition files (issue 16, items 4 to 7): YAML alias bombs, files past the size bound,
 * broken case files that only `run` used to read, counts that size an allocation, globs and
 * symlinks that loop or reach outside the benchmarks folder. Each case spawns the real CLI on a
 * temporary benchmarks folder (and a real SQLite store where a run writes one) and expects exit 2
 * with a located message, never a hang or a stack trace. Extend it with the next probe.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { arithScript } from "../support/bench-fixture.js";
import { type BoundedCliResult, runCliBounded, tempDir } from "../support/cli.js";
import { sumTask, writeFiles } from "../support/sum-task.js";

/** What a spawned CLI printed, how it exited and how long it took. */
type Outcome = BoundedCliResult;

/** Spawns the built CLI in `cwd`, killed after `timeout` ms so a hang fails the test instead of the suite. */
function cli(cwd: string, args: readonly string[], timeout = 8_000): Promise<Outcome> {
	return runCliBounded(args, { cwd, timeoutMs: timeout, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });
}

/** Bad input as the CLI must answer it: exit 2, no stack trace, in time. */
function expectBadInput(outcome: Outcome): void {
	expect(outcome.killed, "the CLI hung and was killed").toBe(false);
	expect(outcome.stderr).not.toContain("unexpected error");
	expect(outcome.stderr).not.toMatch(/\n\s+at .*:\d+:\d+\)?\n/);
	expect(outcome.code, outcome.stderr).toBe(2);
}

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({ script: validateScript(arithScript({ "m/a": { right: true } }) as never) });
});
afterAll(async () => server.close());

const MODELS = [
	"models:",
	"  - id: m/a",
	"    provider: openai-compatible",
	"    model: m/a",
	// biome-ignore lint/suspicious/noTemplateCurlyInString: a ${VAR} reference that touchstone expands at run time
	"    base_url: ${TOUCHSTONE_SCRIPTED_URL}/v1",
	"    role: anchor",
	"",
].join("\n");

/** use_cases.yaml with one `cases` use case `arith` over `glob`, and `extra` lines appended to its entry. */
function useCases(glob: string, extra: readonly string[] = []): string {
	return [
		"use_cases:",
		"  - id: arith",
		"    status: runnable",
		"    modality: { input: text, output: text }",
		"    plugin: cases",
		`    cases: "${glob}"`,
		"    samples: 1",
		"    grading: { headline: composite }",
		...extra.map((line) => `    ${line}`),
		"",
	].join("\n");
}

/** A valid one-case file asking for `repeat the number N`. */
function arithCase(index: number): string {
	return `input: { prompt: "repeat the number ${index}" }\nchecks: [{ metric: answer, contains: ["answer: ${index}."] }]\n`;
}

/** A project folder with benchmarks/ holding `files` (path under benchmarks/ → content). */
function project(files: Readonly<Record<string, string>>): { root: string; dir: string } {
	const root = tempDir("touchstone-hostile-");
	const dir = join(root, "benchmarks");
	writeFiles(dir, { "models.yaml": MODELS, "use_cases.yaml": useCases("packs/arith/*.yaml"), ...files });
	return { root, dir };
}

/** Nine levels of nine aliases each: 9^9 (387 million) strings once expanded. */
function billionLaughs(indent = ""): string {
	const lines = [`${indent}l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
	for (let level = 1; level <= 8; level++) {
		const previous = `*l${level - 1}`;
		lines.push(`${indent}l${level}: &l${level} [${Array(9).fill(previous).join(", ")}]`);
	}
	return `${lines.join("\n")}\n`;
}

function rowCounts(database: string): { specs: number; runs: number } {
	const db = new Database(database, { readonly: true });
	try {
		const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
		return { specs: count("spec_snapshots"), runs: count("runs") };
	} finally {
		db.close();
	}
}

describe("item 4: every YAML loader bounds alias expansion and file size", () => {
	it("an alias bomb in a case file is refused, located, by validate and run (it hung run)", async () => {
		const { root } = project({ "packs/arith/one.yaml": arithCase(1), "packs/arith/bomb.yaml": billionLaughs() });
		for (const args of [["validate"], ["run", "--use-case", "arith"]]) {
			const outcome = await cli(root, args);
			expectBadInput(outcome);
			expect(outcome.stderr).toMatch(/benchmarks\/packs\/arith\/bomb\.yaml:\d+:\d+ .*alias/);
			expect(outcome.stderr).toContain("fix:");
		}
		expect(rowCountsIfAny(root)).toEqual({ specs: 0, runs: 0 });
	});

	it("an alias bomb in a task.yaml is refused, located, by validate and run", async () => {
		const { root, dir } = project({
			"use_cases.yaml": [
				"use_cases:",
				"  - id: fixes",
				"    status: runnable",
				"    modality: { input: text, output: code }",
				"    plugin: tasks",
				"    tasks: packs/fixes",
				"",
			].join("\n"),
		});
		writeFiles(join(dir, "packs", "fixes", "sum"), {
			"task.yaml": `${sumTask("sum", { reference: "reference/sum.mjs" })}${billionLaughs("x-")}`,
		});
		for (const args of [["validate"], ["run", "--use-case", "fixes"]]) {
			const outcome = await cli(root, args);
			expectBadInput(outcome);
			expect(outcome.stderr).toMatch(/benchmarks\/packs\/fixes\/sum\/task\.yaml:\d+:\d+ .*alias/);
		}
	});

	it("an alias bomb in a scripted-server script is a located bad input, not a stack trace", async () => {
		const root = tempDir("touchstone-hostile-");
		writeFileSync(join(root, "script.yaml"), `seed: 1\n${billionLaughs()}models: {}\n`);
		const outcome = await cli(root, ["scripted-server", "--script", "script.yaml", "--port", "0"]);
		expectBadInput(outcome);
		expect(outcome.stderr).toMatch(/script\.yaml:\d+:\d+ .*alias/);
	});

	it("a case file past the size bound is refused before it is parsed, within a second of start-up", async () => {
		const huge = `input: { prompt: "${"x".repeat(50 * 1024 * 1024)}" }\n`;
		const { root } = project({ "packs/arith/one.yaml": arithCase(1), "packs/arith/huge.yaml": huge });
		const outcome = await cli(root, ["validate"]);
		expectBadInput(outcome);
		expect(outcome.stderr).toMatch(/benchmarks\/packs\/arith\/huge\.yaml .*50\.0 MiB.*16 MiB/);
		expect(outcome.ms).toBeLessThan((await startupMs()) + 1_000);
	});
});

describe("item 5: validate reads every case file and task of every runnable use case", () => {
	it("reports each of many broken case files with its file and line, exit 2 (validate passed them all)", async () => {
		const broken: Record<string, [string, RegExp]> = {
			"bad-json.json": ['{"input": {"prompt": "x"}, "checks": [}\n', /bad-json\.json:1:\d+ /],
			"bad-line.jsonl": [
				'{"input": {"prompt": "x"}, "checks": [{"metric": "a", "exact": "b"}]}\n{"input": \n',
				/bad-line\.jsonl:2:\d+ /,
			],
			"no-input.yaml": ["checks: [{ metric: a, exact: b }]\n", /no-input\.yaml:1:1 .*input/],
			"wrong-type.yaml": [`${arithCase(2)}threshold: high\n`, /wrong-type\.yaml:3:12 threshold/],
			"unknown-key.yaml": [`${arithCase(3)}inptu: { prompt: x }\n`, /unknown-key\.yaml:3:1 inptu/],
			"empty.yaml": ["", /empty\.yaml(:1:1)? .*empty/],
			"bad-yaml.yaml": ['input: { prompt: "unclosed }\nchecks: []\n', /bad-yaml\.yaml:\d+:\d+ /],
			"tab-indent.yaml": ["input:\n\tprompt: x\n", /tab-indent\.yaml:2:\d+ /],
			"bad-check.yaml": [
				"input: { prompt: x }\nchecks: [{ metric: a, regex: 42 }]\n",
				/bad-check\.yaml:2:\d+ checks\[0\]/,
			],
			"bad id.yaml": [arithCase(4), /bad id\.yaml(:1:1)? .*not a valid case id/],
			"two-docs.yaml": [`${arithCase(5)}---\n${arithCase(6)}`, /two-docs\.yaml:3:\d+ /],
		};
		const files = Object.fromEntries(
			Object.entries(broken).map(([name, [content]]) => [`packs/arith/${name}`, content]),
		);
		const { root } = project({
			"use_cases.yaml": useCases("packs/arith/*.{yaml,json,jsonl}"),
			"packs/arith/good.yaml": arithCase(1),
			...files,
		});
		const outcome = await cli(root, ["validate"]);
		expectBadInput(outcome);
		for (const [name, [, located]] of Object.entries(broken)) expect(outcome.stderr, name).toMatch(located);
		expect(outcome.stderr).not.toMatch(/good\.yaml/);

		const json = await cli(root, ["validate", "--json"]);
		expect(json.code).toBe(2);
		const parsed = JSON.parse(json.stdout) as { valid: boolean; issues: { source: string; line: number | null }[] };
		expect(parsed.valid).toBe(false);
		const sources = new Set(parsed.issues.map((issue) => issue.source.replace(/^.*\//, "")));
		for (const name of Object.keys(broken)) expect(sources, name).toContain(name);
	});

	it("reports a broken task.yaml of a task use case, and counts the cases of a valid folder", async () => {
		const { root, dir } = project({
			"use_cases.yaml": `${useCases("packs/arith/*.yaml")}  - id: fixes\n    status: runnable\n    modality: { input: text, output: code }\n    plugin: tasks\n    tasks: packs/fixes\n`,
			"packs/arith/one.yaml": arithCase(1),
			"packs/arith/two.yaml": arithCase(2),
		});
		writeFiles(join(dir, "packs", "fixes", "sum"), {
			"task.yaml": sumTask("sum", { reference: "reference/sum.mjs" }).replace("mode: agentic", "mode: telepathic"),
			"reference/sum.mjs": "",
			"hidden/sum.test.mjs": "",
		});
		const outcome = await cli(root, ["validate"]);
		expectBadInput(outcome);
		expect(outcome.stderr).toMatch(/benchmarks\/packs\/fixes\/sum\/task\.yaml:2:7 mode/);

		writeFiles(join(dir, "packs", "fixes", "sum"), { "task.yaml": sumTask("sum", { reference: "reference/sum.mjs" }) });
		const valid = await cli(root, ["validate", "--json"]);
		expect(valid.stderr).toBe("");
		expect(valid.code).toBe(0);
		expect((JSON.parse(valid.stdout) as { cases: Record<string, number> }).cases).toEqual({ arith: 2, fixes: 1 });
	});
});

describe("item 6: bad input exits 2 with a located message, and nothing is written", () => {
	it("billion laughs in models.yaml is a located bad input (a stack trace before)", async () => {
		const { root } = project({ "models.yaml": `${MODELS}${billionLaughs()}` });
		const outcome = await cli(root, ["validate"]);
		expectBadInput(outcome);
		expect(outcome.stderr).toMatch(/benchmarks\/models\.yaml:\d+:\d+ .*alias/);
	});

	it("a glob through a symlink loop (ELOOP) or a folder that links back is a located bad input", async () => {
		const { root, dir } = project({
			"use_cases.yaml": useCases("packs/**/*.yaml"),
			"packs/arith/one.yaml": arithCase(1),
		});
		symlinkSync("loop-b.yaml", join(dir, "packs", "arith", "loop-a.yaml"));
		symlinkSync("loop-a.yaml", join(dir, "packs", "arith", "loop-b.yaml"));
		const loop = await cli(root, ["validate"]);
		expectBadInput(loop);
		expect(loop.stderr).toMatch(/benchmarks\/use_cases\.yaml:6:12 use_cases\[0\]\.cases: .*loop-a\.yaml/);

		const { root: second, dir: secondDir } = project({
			"use_cases.yaml": useCases("packs/**/*.yaml"),
			"packs/arith/one.yaml": arithCase(1),
		});
		symlinkSync("..", join(secondDir, "packs", "arith", "up"));
		const cycle = await cli(second, ["validate"]);
		expectBadInput(cycle);
		expect(cycle.stderr).toMatch(/benchmarks\/use_cases\.yaml:6:12 use_cases\[0\]\.cases: .*packs\/arith\/up/);
	});

	it("samples: 1000000000 is refused at its line, and the store gets no spec or run row", async () => {
		const { root, dir } = project({ "packs/arith/one.yaml": arithCase(1) });
		expect((await cli(root, ["run", "--use-case", "arith"])).code).toBe(0);
		const database = join(root, "data", "benchmarks.db");
		const before = rowCounts(database);
		expect(before.specs).toBeGreaterThan(0);

		writeFileSync(
			join(dir, "use_cases.yaml"),
			useCases("packs/arith/*.yaml").replace("samples: 1", "samples: 1000000000"),
		);
		const outcome = await cli(root, ["run", "--use-case", "arith"]);
		expectBadInput(outcome);
		expect(outcome.stderr).toMatch(/benchmarks\/use_cases\.yaml:7:14 use_cases\[0\]\.samples: .*1000/);
		expect(rowCounts(database)).toEqual(before);

		writeFileSync(join(dir, "use_cases.yaml"), useCases("packs/arith/*.yaml"));
		for (const flag of [
			["--samples", "1000000000"],
			["--concurrency", "1000000000"],
		]) {
			const flagged = await cli(root, ["run", "--use-case", "arith", ...flag]);
			expectBadInput(flagged);
			expect(flagged.stderr).toContain(flag[0]);
		}
		expect(rowCounts(database)).toEqual(before);
	});

	it("a plan past the cell bound is refused before the spec is written", async () => {
		const cases = Array.from({ length: 2_501 }, (_, index) => `  - { id: c${index}, input: { prompt: "n ${index}" } }`);
		const models = ["m/b", "m/c", "m/d"].map((id) => MODELS.split("\n").slice(1).join("\n").replaceAll("m/a", id));
		const { root } = project({
			"models.yaml": [MODELS, ...models].join(""),
			"use_cases.yaml": useCases("packs/arith/*.yaml")
				.replace("samples: 1", "samples: 1000")
				.replace("grading: { headline: composite }", 'grading: { checks: [{ metric: a, contains: ["a"] }] }'),
			"packs/arith/all.yaml": `cases:\n${cases.join("\n")}\n`,
		});
		const outcome = await cli(root, ["run", "--use-case", "arith"]);
		expectBadInput(outcome);
		expect(outcome.stderr).toContain("the run plans 10,004,000 cells");
		expect(rowCountsIfAny(root)).toEqual({ specs: 0, runs: 0 });
	});

	it("counts and timeouts past their bounds are refused at their lines", async () => {
		const { root, dir } = project({
			"models.yaml": `${MODELS}    options: { concurrency: 1000000000, timeout_s: 1e12, max_retries: 1000000 }\n`,
			"packs/arith/one.yaml": arithCase(1).replace('" }', '", max_tokens: 1e15 }'),
		});
		const outcome = await cli(root, ["validate"]);
		expectBadInput(outcome);
		for (const key of ["concurrency: .*<= 1024", "timeout_s: .*<= 86400", "max_retries: .*<= 20"])
			expect(outcome.stderr).toMatch(new RegExp(`models\\.yaml:7:\\d+ models\\[0\\]\\.options\\.${key}`));

		writeFileSync(join(dir, "models.yaml"), MODELS);
		const cases = await cli(root, ["validate"]);
		expectBadInput(cases);
		expect(cases.stderr).toMatch(/packs\/arith\/one\.yaml:1:\d+ input\.max_tokens: .*<= 100000000/);
	});

	it("YAML nested 30,000 deep is one located problem per file, not a crash or thousands of lines", async () => {
		const deep = `${"[".repeat(30_000)}${"]".repeat(30_000)}`;
		const { root } = project({
			"models.yaml": `${MODELS}x-deep: ${deep}\n`,
			"packs/arith/deep.yaml": `input: { prompt: x, deep: ${deep} }\n`,
		});
		const models = await cli(root, ["validate"]);
		expectBadInput(models);
		expect(models.stderr.match(/benchmarks\/models\.yaml:7:\d+ /g)).toHaveLength(1);
		writeFileSync(join(root, "benchmarks", "models.yaml"), MODELS);
		const cases = await cli(root, ["validate"]);
		expectBadInput(cases);
		expect(cases.stderr.match(/packs\/arith\/deep\.yaml:1:\d+ /g)).toHaveLength(1);
	});

	it("a FIFO in place of models.yaml is refused instead of waited on", async () => {
		const { root, dir } = project({ "packs/arith/one.yaml": arithCase(1) });
		rmSync(join(dir, "models.yaml"));
		execFileSync("mkfifo", [join(dir, "models.yaml")]);
		const outcome = await cli(root, ["validate"]);
		expectBadInput(outcome);
		expect(outcome.stderr).toContain("benchmarks/models.yaml models.yaml is not a regular file");
	});

	it("a 50 MB string in models.yaml is refused before parsing, fast, and the store is untouched", async () => {
		const { root } = project({ "models.yaml": `${MODELS}    display_name: "${"y".repeat(50 * 1024 * 1024)}"\n` });
		for (const args of [["validate"], ["run", "--use-case", "arith"]]) {
			const outcome = await cli(root, args);
			expectBadInput(outcome);
			expect(outcome.stderr).toMatch(/benchmarks\/models\.yaml .*16 MiB/);
			expect(outcome.ms).toBeLessThan((await startupMs()) + 1_000);
		}
		expect(rowCountsIfAny(root)).toEqual({ specs: 0, runs: 0 });
	});
});

describe("item 7: case globs and symlinks stay inside the benchmarks folder", () => {
	it("a glob that climbs out (../../../../etc/*) is a located bad input and prints nothing of /etc", async () => {
		const { root } = project({ "use_cases.yaml": useCases("../../../../../../../../etc/*") });
		for (const args of [["validate"], ["run", "--use-case", "arith"]]) {
			const outcome = await cli(root, args);
			expectBadInput(outcome);
			expect(outcome.stderr).toMatch(/benchmarks\/use_cases\.yaml:6:12 use_cases\[0\]\.cases: .*outside/);
			expect(`${outcome.stdout}${outcome.stderr}`).not.toContain("root:x:0:0");
		}
	});

	it("a symlinked case file or folder that resolves outside is refused, unless --allow-path names its folder", async () => {
		const { root, dir } = project({ "packs/arith/one.yaml": arithCase(1) });
		const outside = join(root, "elsewhere");
		mkdirSync(outside);
		writeFileSync(join(outside, "secret.yaml"), arithCase(9).replace("repeat", "SECRET-LINE repeat"));
		symlinkSync(join(outside, "secret.yaml"), join(dir, "packs", "arith", "linked.yaml"));
		for (const args of [["validate"], ["run", "--use-case", "arith"]]) {
			const outcome = await cli(root, args);
			expectBadInput(outcome);
			expect(outcome.stderr).toMatch(
				/use_cases\.yaml:6:12 use_cases\[0\]\.cases: .*packs\/arith\/linked\.yaml.*outside/,
			);
			expect(outcome.stderr).toContain("--allow-path");
			expect(`${outcome.stdout}${outcome.stderr}`).not.toContain("SECRET-LINE");
		}
		const allowed = await cli(root, ["validate", "--allow-path", "elsewhere"]);
		expect(allowed.stderr).toBe("");
		expect(allowed.code).toBe(0);

		const { root: second, dir: secondDir } = project({ "packs/arith/one.yaml": arithCase(1) });
		symlinkSync(outside, join(secondDir, "packs", "arith", "sub"));
		writeFileSync(join(secondDir, "use_cases.yaml"), useCases("packs/arith/**/*.yaml"));
		const folder = await cli(second, ["validate"]);
		expectBadInput(folder);
		expect(folder.stderr).toMatch(/use_cases\[0\]\.cases: .*packs\/arith\/sub.*outside/);
	});
	it("a task pack folder that climbs out or links outside is refused at its tasks: line", async () => {
		const taskUseCase = (tasks: string) =>
			`use_cases:\n  - id: fixes\n    status: runnable\n    modality: { input: text, output: code }\n    plugin: tasks\n    tasks: ${tasks}\n`;
		const { root, dir } = project({ "use_cases.yaml": taskUseCase("../pack") });
		writeFiles(join(root, "pack", "sum"), {
			"task.yaml": sumTask("sum", { reference: "reference/sum.mjs" }),
			"reference/sum.mjs": "",
			"hidden/sum.test.mjs": "",
		});
		const climbing = await cli(root, ["validate"]);
		expectBadInput(climbing);
		expect(climbing.stderr).toMatch(/use_cases\.yaml:6:12 use_cases\[0\]\.tasks: .*outside/);
		expect((await cli(root, ["validate", "--allow-path", "pack"])).code).toBe(0);

		mkdirSync(join(dir, "packs"));
		symlinkSync(join(root, "pack"), join(dir, "packs", "fixes"));
		writeFileSync(join(dir, "use_cases.yaml"), taskUseCase("packs/fixes"));
		const linked = await cli(root, ["validate"]);
		expectBadInput(linked);
		expect(linked.stderr).toMatch(/use_cases\.yaml:6:12 use_cases\[0\]\.tasks: .*outside/);
	});
});

/** How long the CLI takes to answer `--version` here and now: the floor of any answer, whatever the load. */
async function startupMs(): Promise<number> {
	const outcome = await cli(tempDir("touchstone-hostile-"), ["--version"]);
	expect(outcome.code).toBe(0);
	return outcome.ms;
}

/** Row counts of the store under `root`, zero when no store was created. */
function rowCountsIfAny(root: string): { specs: number; runs: number } {
	try {
		return rowCounts(join(root, "data", "benchmarks.db"));
	} catch {
		return { specs: 0, runs: 0 };
	}
}
