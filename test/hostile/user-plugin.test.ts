/**
 * Hostile user plugins (issue 17, item 4): modules that fail to import, have the wrong shape, or
 * whose loadCases or grade() throw, hang or return malformed data. Each spawns the real CLI on a
 * temporary benchmarks folder against the scripted server over HTTP, with a real SQLite store, and
 * expects a located error (validate/run: exit 2) or a grader error on the one cell (run: exit 1),
 * with the other cells and the stored rows of other use cases untouched.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { type BoundedCliResult, runCliBounded, tempDir } from "../support/cli.js";

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({
		script: validateScript({ seed: 7, models: { "model/a": { latency_ms: 1, rules: [{ reply: "ok" }] } } } as never),
	});
});
afterAll(async () => server.close());

/** A plugin module of two cases, `a` and `b`, whose grade() runs `gradeB` for case b (and scores 1 otherwise). */
function plugin(options: { gradeB?: string; loadCases?: string; head?: string; extra?: string } = {}): string {
	const cases = `["a", "b"].map((id) => ({ id, version: "1", use_case_id: context.use_case_id, kind: "floor", input: { prompt: "say " + id }, reference: null, threshold: 1, metadata: {} }))`;
	return `${options.head ?? ""}
export default {
	specificationVersion: "v1", id: "probe", version: "1", defaultHeadline: "ok", ${options.extra ?? ""}
	createCaseSource(context) {
		return { specificationVersion: "v1", id: "probe-cases", async loadCases({ signal }) { ${options.loadCases ?? `return ${cases};`} } };
	},
	createGrader() {
		return {
			specificationVersion: "v1", id: "probe", version: "1", config: {},
			async grade({ case: testCase }, { signal }) {
				if (testCase.id === "b") { ${options.gradeB ?? ""} }
				return [{ metric: "ok", score_type: "boolean", value: 1 }];
			},
		};
	},
};
`;
}

/**
 * A plugin module whose own runner asks the model (through the host's provider) for case a, and
 * runs `runB` for case b.
 */
function runnerPlugin(runB: string, extra = ""): string {
	return plugin({
		extra: `${extra}
	createRunner() {
		return {
			specificationVersion: "v1", id: "probe-runner", version: "1",
			async run(input, { signal, provider }) {
				if (input.case.id === "b") { ${runB} }
				const reply = await provider.complete({ messages: [{ role: "user", content: input.case.input.prompt }] }, { signal });
				return { final: reply.text };
			},
		};
	},`,
	});
}

/** Writes a benchmarks folder whose use cases each name `./plugins/<id>.mjs`, written from `modules`. */
function project(modules: Record<string, string>, plugins: Record<string, string> = {}): string {
	const root = tempDir("touchstone-hostile-plugin-");
	mkdirSync(join(root, "benchmarks", "plugins"), { recursive: true });
	const models = [
		// biome-ignore lint/suspicious/noTemplateCurlyInString: expanded by touchstone at run time
		{ id: "model/a", provider: "openai-compatible", model: "model/a", base_url: "${TOUCHSTONE_SCRIPTED_URL}/v1" },
	];
	writeFileSync(join(root, "benchmarks", "models.yaml"), stringify({ models }));
	const ids = [...Object.keys(modules), ...Object.keys(plugins)];
	const useCases = ids.map((id) => ({
		id,
		status: "runnable",
		modality: { input: "text", output: "text" },
		plugin: plugins[id] ?? `./plugins/${id}.mjs`,
		samples: 1,
	}));
	writeFileSync(join(root, "benchmarks", "use_cases.yaml"), stringify({ use_cases: useCases }));
	for (const [id, text] of Object.entries(modules))
		writeFileSync(join(root, "benchmarks", "plugins", `${id}.mjs`), text);
	return root;
}

function cli(root: string, ...args: string[]): Promise<BoundedCliResult> {
	return runCliBounded(args, { cwd: root, timeoutMs: 30_000, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });
}

interface AttemptRow {
	readonly use_case_id: string;
	readonly case_id: string;
	readonly harness: string;
	readonly status: string;
	readonly error: string | null;
	readonly turns: number | null;
	readonly scores: number;
}

/** Every stored run with its number of scores, by use case and case. */
function attemptRows(root: string): AttemptRow[] {
	return storedRows<AttemptRow>(
		root,
		"SELECT use_case_id, case_id, harness, status, error, turns, (SELECT count(*) FROM scores s WHERE s.run_id = r.run_id) AS scores FROM runs r ORDER BY use_case_id, case_id, r.created_at",
	);
}

/** The rows `sql` reads from the project's store, opened read-only. */
function storedRows<Row>(root: string, sql: string): Row[] {
	const database = new Database(join(root, "data", "benchmarks.db"), { readonly: true });
	try {
		return database.prepare(sql).all() as Row[];
	} finally {
		database.close();
	}
}

/** The stderr line that places an issue on use case `index`'s `plugin:` line, or undefined. */
function issueLine(stderr: string, index: number): string | undefined {
	return stderr
		.split("\n")
		.find((line) => new RegExp(`use_cases\\.yaml:\\d+:\\d+ use_cases\\[${index}\\]\\.plugin: `).test(line));
}

describe("a user plugin that cannot be loaded", () => {
	it("is a located error at its plugin: line when the module is missing, outside the folder or no installed package", async () => {
		const root = project({}, { missing: "./plugins/nope.mjs", outside: "../outside.mjs", typo: "word-cuont" });
		writeFileSync(join(root, "outside.mjs"), plugin());
		const validated = await cli(root, "validate");
		expect(validated.code, validated.stderr).toBe(2);
		expect(issueLine(validated.stderr, 0)).toContain("the plugin module `./plugins/nope.mjs` does not exist");
		expect(issueLine(validated.stderr, 1)).toContain("resolves to");
		expect(issueLine(validated.stderr, 1)).toContain("outside the benchmarks folder");
		expect(issueLine(validated.stderr, 2)).toContain("no built-in plugin `word-cuont`");
		expect(validated.stderr).toContain("fix: create the module there (see docs/plugins.md), or correct the path");
	}, 60_000);

	it("is a located error with the module's message when it fails to import, has the wrong shape, or its loadCases throws, hangs or returns a malformed case", async () => {
		const root = project({
			syntax: "export default { specificationVersion: 'v1',, }",
			"no-default": "export const plugin = {};",
			"wrong-spec": plugin().replace(
				'specificationVersion: "v1", id: "probe", version',
				'specificationVersion: "v2", id: "probe", version',
			),
			"no-version": plugin().replace('version: "1", defaultHeadline', "defaultHeadline"),
			"load-throws": plugin({ loadCases: 'throw new Error("cases.db is locked");' }),
			"load-hangs": plugin({ loadCases: "await new Promise(() => {});", extra: "loadCasesTimeoutMs: 300," }),
			"bad-case": plugin({ loadCases: 'return [{ id: "x", version: 1 }];' }),
		});
		const validated = await cli(root, "validate");
		expect(validated.killed).toBe(false);
		expect(validated.code, validated.stderr).toBe(2);
		expect(validated.stderr).not.toMatch(/\n\s+at .*:\d+:\d+\)?\n/);
		expect(issueLine(validated.stderr, 0)).toMatch(
			/plugin module `\.\/plugins\/syntax\.mjs` failed to import: Unexpected token ',' \(at plugins\/syntax\.mjs:1\)/,
		);
		expect(issueLine(validated.stderr, 1)).toContain("plugin module `./plugins/no-default.mjs` has no default export");
		expect(issueLine(validated.stderr, 2)).toContain(
			'export default.specificationVersion: expected `specificationVersion: "v1"`',
		);
		expect(issueLine(validated.stderr, 3)).toContain("export default.version:");
		expect(issueLine(validated.stderr, 4)).toContain("loadCases() failed: cases.db is locked");
		expect(issueLine(validated.stderr, 5)).toContain("loadCases() failed: it did not finish within 300 ms");
		expect(validated.stderr).toMatch(/plugin \.\/plugins\/bad-case\.mjs cases\[0\]\.version: /);

		// run reads the plugin the same way, and says the same.
		const run = await cli(root, "run", "--use-case", "load-throws");
		expect(run.code, run.stderr).toBe(2);
		expect(issueLine(run.stderr, 4)).toContain("loadCases() failed: cases.db is locked");
	}, 60_000);
});

interface RunRow {
	readonly use_case_id: string;
	readonly case_id: string;
	readonly grader_error: string | null;
	readonly scores: number;
}

describe("a user plugin whose grader misbehaves", () => {
	it("gets a grader error on that cell only, when grade() throws, hangs past its bound or returns a malformed score", async () => {
		const root = project({
			good: plugin(),
			throws: plugin({ gradeB: 'throw new Error("rubric.json is missing");' }),
			hangs: plugin({ gradeB: "await new Promise(() => {});", extra: "gradeTimeoutMs: 300," }),
			malformed: plugin({ gradeB: 'return [{ metric: "ok", score_type: "absolute", value: 2 }];' }),
		});
		expect((await cli(root, "validate")).code).toBe(0);
		expect((await cli(root, "run", "--use-case", "good")).code).toBe(0);
		const rowsOf = () =>
			storedRows<RunRow>(
				root,
				"SELECT use_case_id, case_id, grader_error, (SELECT count(*) FROM scores s WHERE s.run_id = r.run_id) AS scores FROM runs r ORDER BY use_case_id, case_id, r.created_at",
			);
		const good = rowsOf();
		for (const id of ["throws", "hangs", "malformed"]) {
			const run = await cli(root, "run", "--use-case", id);
			expect(run.killed).toBe(false);
			expect(run.code, run.stderr).toBe(1);
			expect(run.stdout).toContain("grader errors");
		}
		const rows = rowsOf();
		const byCell = (useCase: string, testCase: string) =>
			rows.filter((row) => row.use_case_id === useCase && row.case_id === testCase);
		for (const id of ["throws", "hangs", "malformed"]) {
			expect(byCell(id, "a").every((row) => row.grader_error === null && row.scores === 1)).toBe(true);
			expect(byCell(id, "b").length).toBeGreaterThan(0);
			expect(byCell(id, "b").every((row) => row.grader_error !== null && row.scores === 0)).toBe(true);
		}
		expect(byCell("throws", "b")[0]?.grader_error).toBe(
			"grader plugin-grader: grade() of plugin ./plugins/throws.mjs threw: rubric.json is missing",
		);
		expect(byCell("hangs", "b")[0]?.grader_error).toBe(
			"grader plugin-timeout: grade() of plugin ./plugins/hangs.mjs did not finish within 300 ms",
		);
		expect(byCell("malformed", "b")[0]?.grader_error).toContain(
			"grade() of plugin ./plugins/malformed.mjs returned malformed scores: scores[0].value: an `absolute` score is between 0 and 1, not 2",
		);
		// The other use case's rows are as they were, and still current.
		expect(rows.filter((row) => row.use_case_id === "good")).toEqual(good);
		expect((await cli(root, "run", "--use-case", "good")).stdout).toContain("skipped 2 current");
	}, 120_000);
});

describe("a user plugin whose runner misbehaves", () => {
	it("gets a harness error on that cell only, with the module's message, when run() throws, hangs past its bound or returns a malformed attempt", async () => {
		const root = project({
			good: runnerPlugin('return { final: "fine" };'),
			throws: runnerPlugin('throw new Error("tokenizer.json is missing");'),
			hangs: runnerPlugin("await new Promise(() => {});", "runTimeoutMs: 300,"),
			malformed: runnerPlugin('return { final: 42, status: "done" };'),
		});
		expect((await cli(root, "validate")).code).toBe(0);
		expect((await cli(root, "run", "--use-case", "good")).code).toBe(0);
		const good = attemptRows(root);
		for (const id of ["throws", "hangs", "malformed"]) {
			const run = await cli(root, "run", "--use-case", id);
			expect(run.killed).toBe(false);
			expect(run.code, run.stderr).toBe(1);
		}
		const rows = attemptRows(root);
		const cell = (useCase: string, testCase: string) =>
			rows.filter((row) => row.use_case_id === useCase && row.case_id === testCase);
		for (const id of ["good", "throws", "hangs", "malformed"]) {
			// Case a called the model through the host: one turn, graded, under the runner's own harness id.
			expect(cell(id, "a")).toEqual([
				{
					use_case_id: id,
					case_id: "a",
					harness: "probe-runner",
					status: "completed",
					error: null,
					turns: 1,
					scores: 1,
				},
			]);
		}
		for (const id of ["throws", "hangs", "malformed"])
			expect(cell(id, "b")).toMatchObject([{ harness: "probe-runner", status: "harness_error", scores: 0 }]);
		expect(cell("throws", "b")[0]?.error).toBe("run() of plugin ./plugins/throws.mjs threw: tokenizer.json is missing");
		expect(cell("hangs", "b")[0]?.error).toBe("run() of plugin ./plugins/hangs.mjs did not finish within 300 ms");
		expect(cell("malformed", "b")[0]?.error).toMatch(
			/^run\(\) of plugin \.\/plugins\/malformed\.mjs returned a malformed attempt: attempt\.final: expected the model's final output \(a string\) or null; attempt\.status: /,
		);
		// The other use case's rows are as they were, and still current; a harness error is not.
		expect(rows.filter((row) => row.use_case_id === "good")).toEqual(good.filter((row) => row.use_case_id === "good"));
		expect((await cli(root, "run", "--use-case", "good")).stdout).toContain("skipped 2 current");
		expect((await cli(root, "run", "--use-case", "throws")).stdout).toContain("skipped 1 current");
	}, 120_000);

	it("has the secrets a runner puts in its attempt or its error redacted before they are stored, as a built-in runner's are", async () => {
		const leak = "process.env.PROBE_KEY";
		const root = project({
			leaky: runnerPlugin(`throw new Error("key " + ${leak});`).replace(
				"return { final: reply.text };",
				`return { final: reply.text + " " + ${leak}, details: { key: ${leak} }, trace: [{ kind: "message", content: ${leak} }] };`,
			),
		});
		const models = join(root, "benchmarks", "models.yaml");
		writeFileSync(models, readFileSync(models, "utf8").replace("base_url:", "api_key_env: PROBE_KEY\n    base_url:"));
		const secret = "sk-probe-0123456789abcdef";
		const run = await runCliBounded(["run", "--use-case", "leaky"], {
			cwd: root,
			timeoutMs: 30_000,
			env: { TOUCHSTONE_SCRIPTED_URL: server.url, PROBE_KEY: secret },
		});
		expect(run.code, run.stderr).toBe(1);
		const rows = storedRows<{ case_id: string; error: string | null; provenance_json: string; redactions: number }>(
			root,
			"SELECT case_id, error, provenance_json, redactions FROM runs ORDER BY case_id",
		);
		expect(rows.map((row) => [row.case_id, row.redactions])).toEqual([
			["a", 3],
			["b", 1],
		]);
		expect(JSON.parse(rows[0]?.provenance_json ?? "{}").runner.details.runner).toEqual({ key: "<redacted>" });
		expect(rows[1]?.error).toBe("run() of plugin ./plugins/leaky.mjs threw: key <redacted>");
		// Nowhere in the store: not the database (nor its journal), not the output or trace artifacts.
		const files = readdirSync(join(root, "data"), { recursive: true, withFileTypes: true }).filter((entry) =>
			entry.isFile(),
		);
		expect(files.length).toBeGreaterThan(2);
		for (const file of files)
			expect(readFileSync(join(file.parentPath, file.name)).includes(secret), file.name).toBe(false);
	}, 60_000);
});
