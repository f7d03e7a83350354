import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { BadInputError, type InputIssue } from "../contract/index.js";
import { findModel, findUseCase, fleetFor, panelFor } from "./definitions.js";
import { loadDefinitions } from "./load-definitions.js";

const roots: string[] = [];
afterEach(() => {
	for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Writes files into a fresh `benchmarks/` folder and returns its path. */
function benchmarks(files: Record<string, string>): string {
	const root = mkdtempSync(join(tmpdir(), "touchstone-definitions-"));
	roots.push(root);
	const dir = join(root, "benchmarks");
	mkdirSync(dir);
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	return dir;
}

/** The issues of the BadInputError that loading `dir` throws. */
function issuesOf(dir: string): readonly InputIssue[] {
	try {
		loadDefinitions(dir);
	} catch (error) {
		if (error instanceof BadInputError) return error.issues;
		throw error;
	}
	throw new Error("expected loadDefinitions to throw a BadInputError");
}

function issueAt(issues: readonly InputIssue[], path: string): InputIssue {
	const found = issues.find((issue) => issue.path === path);
	if (found === undefined) throw new Error(`no issue at ${path}; got ${issues.map((issue) => issue.path).join(", ")}`);
	return found;
}

const MODELS = `models:
  - id: local/small
    provider: openai-compatible
    model: small
    base_url: http://localhost:8000/v1
  - id: judge/one
    provider: openrouter
    model: vendor/judge-one
    role: anchor
  - id: old/model
    provider: anthropic
    model: claude-old
    status: retired
  - id: wrapper
    provider: command
    command: [python3, wrapper.py]
`;

const USE_CASES = `use_cases:
  - id: greet
    status: runnable
    modality: { input: text, output: text }
    plugin: cases
    cases: packs/greet/*.yaml
    deployed: { model: local/small }
  - id: speak
    status: idea
    modality: { input: text, output: audio }
    unlock: Read notes aloud.
    ceiling: Names are mispronounced.
`;

const CASE = "id: hi\nversion: '1'\nkind: floor\ninput: { prompt: hi }\nreference: { contains: [hi] }\nthreshold: 1\n";

describe("loadDefinitions", () => {
	it("fills in defaults and returns contract model entries", () => {
		const dir = benchmarks({ "models.yaml": MODELS, "use_cases.yaml": USE_CASES, "packs/greet/hi.yaml": CASE });
		const definitions = loadDefinitions(dir);
		expect(definitions.dir).toBe(dir);
		expect(definitions.models.map((model) => model.id)).toEqual(["local/small", "judge/one", "old/model", "wrapper"]);
		expect(findModel(definitions, "local/small")).toEqual({
			id: "local/small",
			provider: "openai-compatible",
			model: "small",
			display_name: "local/small",
			role: "candidate",
			status: "active",
			tags: { family: null, weights: null, tier: null },
			price: null,
			base_url: "http://localhost:8000/v1",
			api_key_env: null,
			command: null,
			options: {},
		});
		expect(findModel(definitions, "judge/one")).toMatchObject({
			base_url: "https://openrouter.ai/api/v1",
			api_key_env: "OPENROUTER_API_KEY",
		});
		expect(findModel(definitions, "old/model")?.base_url).toBe("https://api.anthropic.com");
		expect(findModel(definitions, "wrapper")).toMatchObject({ model: "wrapper", command: ["python3", "wrapper.py"] });
		const greet = findUseCase(definitions, "greet");
		expect(greet).toMatchObject({ band: 0.05, samples: 2, fleet: null, plugin: "cases" });
		expect(greet?.deployed).toEqual({ model: "local/small", harness: "single-shot", source: null });
		expect(findUseCase(definitions, "speak")?.plugin).toBeNull();
		if (greet === undefined) throw new Error("greet is missing");
		// Every active model by default; the retired one joins no new run.
		expect(fleetFor(definitions, greet).map((model) => model.id)).toEqual(["local/small", "judge/one", "wrapper"]);
	});

	it("uses a built-in panel of the active anchors when judge_panels.yaml is absent", () => {
		const definitions = loadDefinitions(
			benchmarks({ "models.yaml": MODELS, "use_cases.yaml": USE_CASES, "packs/greet/hi.yaml": CASE }),
		);
		expect(definitions.defaultPanel).toBe("default");
		expect(definitions.panels).toEqual([
			{ id: "default", version: "jury@builtin-v1", jurors: ["judge/one"], quorum: 1 },
		]);
		const greet = findUseCase(definitions, "greet");
		if (greet === undefined) throw new Error("greet is missing");
		expect(panelFor(definitions, greet).version).toBe("jury@builtin-v1");
		expect(definitions.warnings).toEqual([]);
	});

	it("warns, without failing, when the built-in panel has no anchor to sit on it", () => {
		const models = MODELS.replace("    role: anchor\n", "");
		const definitions = loadDefinitions(
			benchmarks({ "models.yaml": models, "use_cases.yaml": USE_CASES, "packs/greet/hi.yaml": CASE }),
		);
		expect(definitions.panels[0]?.jurors).toEqual([]);
		expect(definitions.warnings).toHaveLength(1);
		expect(definitions.warnings[0]?.message).toContain("no active model has `role: anchor`");
	});

	it("reads pinned panels, defaults the quorum to a majority and resolves each use case's panel", () => {
		const panels = `default: main
panels:
  - id: main
    version: jury@v3
    jurors: [judge/one, local/small, wrapper]
  - id: solo
    version: solo@v1
    jurors: [judge/one]
`;
		const useCases = USE_CASES.replace("    plugin: cases\n", "    plugin: cases\n    judge_panel: solo\n");
		const definitions = loadDefinitions(
			benchmarks({
				"models.yaml": MODELS,
				"judge_panels.yaml": panels,
				"use_cases.yaml": useCases,
				"packs/greet/hi.yaml": CASE,
			}),
		);
		expect(definitions.panels.map((panel) => [panel.id, panel.quorum])).toEqual([
			["main", 2],
			["solo", 1],
		]);
		const [greet, speak] = definitions.useCases;
		if (greet === undefined || speak === undefined) throw new Error("use cases are missing");
		expect(panelFor(definitions, greet).id).toBe("solo");
		expect(panelFor(definitions, speak).id).toBe("main");
	});

	it("checks panels: the default exists, jurors appear once, the quorum fits", () => {
		const panels = `default: main
panels:
  - id: strict
    version: jury@v1
    jurors: [judge/one, judge/one]
    quorum: 3
`;
		const issues = issuesOf(
			benchmarks({ "models.yaml": MODELS, "judge_panels.yaml": panels, "use_cases.yaml": "use_cases: []\n" }),
		);
		expect(issueAt(issues, "default")).toMatchObject({ line: 1, column: 10 });
		expect(issueAt(issues, "default").message).toContain("the default panel `main` is not among the panels (`strict`)");
		expect(issueAt(issues, "panels[0].jurors[1]")).toMatchObject({
			line: 5,
			column: 25,
			message: "juror `judge/one` is listed twice",
		});
		expect(issueAt(issues, "panels[0].quorum").message).toContain("more than the 2 jurors");
	});

	it("reports a YAML syntax error at the parser's line and column", () => {
		const badIndent = "models:\n  - id: a\n    provider: command\n   command: [x]\n";
		const issues = issuesOf(benchmarks({ "models.yaml": badIndent, "use_cases.yaml": "use_cases: []\n" }));
		expect(issues).toHaveLength(1);
		expect(issues[0]).toMatchObject({ source: expect.stringMatching(/benchmarks\/models\.yaml$/), line: 4, column: 1 });
		expect(issues[0]?.message).toMatch(/^invalid YAML: /);
		expect(issues[0]?.fix).toContain("indentation");
	});

	it("says what was expected and what was found for a wrong type, at the value", () => {
		const models =
			"models:\n  - id: a\n    provider: command\n    command: [x]\n    price: { input: 1, output: cheap }\n";
		const issue = issueAt(
			issuesOf(benchmarks({ "models.yaml": models, "use_cases.yaml": "use_cases: []\n" })),
			"models[0].price.output",
		);
		expect(issue).toMatchObject({ line: 5, column: 32, message: 'expected a number, found the string "cheap"' });
	});

	it("points an unknown key at the key itself and suggests the closest known key", () => {
		const models = "models:\n  - id: a\n    provider: openrouter\n    modle: vendor/a\n";
		const issues = issuesOf(benchmarks({ "models.yaml": models, "use_cases.yaml": "use_cases: []\n" }));
		expect(issueAt(issues, "models[0].modle")).toMatchObject({ line: 4, column: 5, fix: "did you mean `model`?" });
		expect(issueAt(issues, "models[0].modle").message).toContain("unknown key `modle`");
		// The same entry also lacks `model`: reported on the entry's mapping.
		expect(issueAt(issues, "models[0].model")).toMatchObject({ line: 2, column: 5 });
	});

	it("suggests the nearest value of a closed set", () => {
		const models = "models:\n  - id: a\n    provider: antropic\n    model: x\n";
		const issue = issueAt(
			issuesOf(benchmarks({ "models.yaml": models, "use_cases.yaml": "use_cases: []\n" })),
			"models[0].provider",
		);
		expect(issue).toMatchObject({ line: 3, column: 15, fix: "did you mean `anthropic`?" });
		expect(issue.message).toContain("expected one of `openai-compatible`, `openrouter`, `anthropic`, `command`");
	});

	it("places a duplicate id on the second occurrence and names the line of the first", () => {
		const models =
			"models:\n  - id: twin\n    provider: command\n    command: [a]\n  - id: twin\n    provider: command\n    command: [b]\n";
		const issues = issuesOf(benchmarks({ "models.yaml": models, "use_cases.yaml": "use_cases: []\n" }));
		expect(issues).toHaveLength(1);
		expect(issues[0]).toMatchObject({ path: "models[1].id", line: 5, column: 9 });
		expect(issues[0]?.message).toContain("already defined at line 2");
	});

	it("reports references to models and panels that do not exist", () => {
		const useCases = `use_cases:
  - id: greet
    status: runnable
    modality: { input: text, output: text }
    plugin: cases
    fleet: [local/small, local/smal]
    judge_panel: strict
    deployed: { model: gpt-9 }
`;
		const panels = "panels:\n  - id: default\n    version: jury@v1\n    jurors: [judge/one, judge/two]\n";
		const issues = issuesOf(
			benchmarks({ "models.yaml": MODELS, "judge_panels.yaml": panels, "use_cases.yaml": useCases }),
		);
		expect(issueAt(issues, "use_cases[0].fleet[1]")).toMatchObject({
			line: 6,
			column: 26,
			message: "unknown model `local/smal`: models.yaml has no model with this id",
			fix: "did you mean `local/small`?",
		});
		expect(issueAt(issues, "use_cases[0].judge_panel")).toMatchObject({ line: 7, column: 18 });
		expect(issueAt(issues, "use_cases[0].judge_panel").message).toContain("unknown judge panel `strict`");
		expect(issueAt(issues, "use_cases[0].deployed.model")).toMatchObject({ line: 8, column: 24 });
		expect(issueAt(issues, "panels[0].jurors[1]")).toMatchObject({
			line: 4,
			column: 25,
			fix: "did you mean `judge/one`?",
		});
		expect(issues).toHaveLength(4);
	});

	it("reads a task use case's pairwise judges, and places what is wrong with them", () => {
		const taskCase = (pairwise: string, tasks = "    tasks: packs/fix\n") =>
			`use_cases:\n  - id: fix\n    status: runnable\n    modality: { input: text, output: code }\n    plugin: tasks\n${tasks}    pairwise: ${pairwise}\n`;
		const files = (pairwise: string, tasks?: string) => ({
			"models.yaml": MODELS,
			"use_cases.yaml": taskCase(pairwise, tasks),
			"packs/fix/.keep": "",
		});
		const loaded = loadDefinitions(benchmarks(files("{ judge: judge/one, fallback: local/small }")));
		expect(findUseCase(loaded, "fix")?.pairwise).toEqual({ judge: "judge/one", fallback: "local/small" });
		const unknown = issuesOf(benchmarks(files("{ judge: judge/on, fallback: local/small }")));
		expect(issueAt(unknown, "use_cases[0].pairwise.judge")).toMatchObject({
			line: 7,
			fix: "did you mean `judge/one`?",
		});
		const same = issuesOf(benchmarks(files("{ judge: judge/one, fallback: judge/one }")));
		expect(issueAt(same, "use_cases[0].pairwise.fallback").message).toContain("must differ from the judge");
		const notTasks = issuesOf(benchmarks(files("{ judge: judge/one, fallback: local/small }", "")));
		expect(issueAt(notTasks, "use_cases[0].pairwise").message).toContain("task use cases only");
	});

	it("reports every problem of several files in one error, sorted by file and line", () => {
		const models = "models:\n  - id: a\n    provider: command\n    command: [x]\n    role: judge\n";
		const useCases = "use_cases:\n  - id: Greet\n    status: idea\n    modality: { input: text, output: text }\n";
		let error: unknown;
		try {
			loadDefinitions(benchmarks({ "models.yaml": models, "use_cases.yaml": useCases }));
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(BadInputError);
		const issues = (error as BadInputError).issues;
		expect(issues.map((issue) => [issue.source.split("/").pop(), issue.path])).toEqual([
			["models.yaml", "models[0].role"],
			["use_cases.yaml", "use_cases[0].ceiling"],
			["use_cases.yaml", "use_cases[0].unlock"],
			["use_cases.yaml", "use_cases[0].id"],
		]);
		expect((error as BadInputError).message).toMatch(/4 problems/);
		expect((error as BadInputError).message).toContain(
			"models.yaml:5:11 models[0].role: expected one of `candidate`, `anchor`",
		);
	});

	it("refuses an API key written where a variable name belongs, without echoing it", () => {
		const models =
			"models:\n  - id: a\n    provider: openrouter\n    model: x\n    api_key_env: sk-or-v1-0123456789abcdef\n";
		const issue = issueAt(
			issuesOf(benchmarks({ "models.yaml": models, "use_cases.yaml": "use_cases: []\n" })),
			"models[0].api_key_env",
		);
		expect(issue.message).toContain("looks like an API key");
		expect(issue.fix).toContain("environment variable");
		expect(`${issue.message} ${issue.fix}`).not.toContain("0123456789abcdef");
	});

	it("requires provider-specific fields and keeps environment references in base_url unexpanded", () => {
		const models = `models:
  - id: local
    provider: openai-compatible
    model: x
  - id: tool
    provider: command
  - id: remote
    provider: openai-compatible
    model: y
    base_url: \${MY_SERVER}/v1
`;
		const issues = issuesOf(benchmarks({ "models.yaml": models, "use_cases.yaml": "use_cases: []\n" }));
		expect(issues.map((issue) => issue.path)).toEqual(["models[0].base_url", "models[1].command"]);
		const fixed = models
			.replace("    model: x\n", "    model: x\n    base_url: http://localhost:1234/v1\n")
			.replace("provider: command\n", "provider: command\n    command: [run]\n");
		const definitions = loadDefinitions(benchmarks({ "models.yaml": fixed, "use_cases.yaml": "use_cases: []\n" }));
		// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal reference, expanded only at run time
		expect(findModel(definitions, "remote")?.base_url).toBe("${MY_SERVER}/v1");
	});

	it("reads what a command entry's program may reach, and refuses it on other providers", () => {
		const models = `models:
  - id: agent
    provider: command
    command: [claude-adapter]
    env: [AGENT_REGION, AGENT_BASE_URL, AGENT_REGION]
    network: true
    mounts: [{ from: "\${AGENT_HOME}/lib", to: /opt/agent }]
  - id: plain
    provider: command
    command: [run]
    network: false
    env: []
  - id: hosted
    provider: openrouter
    model: x
    network: true
    env: [A]
  - id: bad
    provider: command
    command: [run]
    env: [PATH]
    mounts: [{ from: relative/lib, to: /opt/../etc }]
`;
		const issues = issuesOf(benchmarks({ "models.yaml": models, "use_cases.yaml": "use_cases: []\n" }));
		expect(issues.map((issue) => issue.path)).toEqual([
			"models[2].network",
			"models[2].env",
			"models[3].env[0]",
			"models[3].mounts[0].from",
			"models[3].mounts[0].to",
		]);
		expect(issueAt(issues, "models[2].network").message).toContain("not used by provider `openrouter`");
		expect(issueAt(issues, "models[3].env[0]")).toMatchObject({ line: 21, column: 11 });
		expect(issueAt(issues, "models[3].env[0]").message).toContain("set by the sandbox itself");
		expect(issueAt(issues, "models[3].mounts[0].from").message).toContain("expected an absolute host path");
		expect(issueAt(issues, "models[3].mounts[0].to").message).toContain("is not a normalized path");

		const fixed = models.split("  - id: hosted")[0] ?? "";
		const definitions = loadDefinitions(benchmarks({ "models.yaml": fixed, "use_cases.yaml": "use_cases: []\n" }));
		expect(findModel(definitions, "agent")).toMatchObject({
			env: ["AGENT_BASE_URL", "AGENT_REGION"],
			network: true,
			// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal reference, expanded only at run time
			mounts: [{ from: "${AGENT_HOME}/lib", to: "/opt/agent" }],
		});
		// Defaults are left out, so the entry is what it was before these keys existed.
		const plain = findModel(definitions, "plain");
		expect(plain !== undefined && ["env", "network", "mounts"].filter((key) => key in plain)).toEqual([]);
	});

	it("reads options.stream on an openai-compatible entry and refuses it on other providers", () => {
		const models = `models:
  - id: local
    provider: openai-compatible
    model: x
    base_url: http://localhost:1234/v1
    options: { stream: false }
  - id: hosted
    provider: anthropic
    model: y
    options: { stream: false }
`;
		const issue = issueAt(
			issuesOf(benchmarks({ "models.yaml": models, "use_cases.yaml": "use_cases: []\n" })),
			"models[1].options.stream",
		);
		expect(issue.message).toContain("only by the `openai-compatible` provider");
		const fixed = models.replace(/ {4}options: \{ stream: false \}\n$/, "");
		const definitions = loadDefinitions(benchmarks({ "models.yaml": fixed, "use_cases.yaml": "use_cases: []\n" }));
		expect(findModel(definitions, "local")?.options).toEqual({ stream: false });
	});

	it("checks use-case status rules, case globs and task folders", () => {
		const useCases = `use_cases:
  - id: runs
    status: runnable
    modality: { input: text, output: text }
    cases: packs/none/*.yaml
    tasks: packs/runs/tasks
  - id: dream
    status: idea
    plugin: cases
    modality: { input: text, output: image }
    unlock: Draw headers.
    ceiling: Text in images is garbled.
`;
		const issues = issuesOf(benchmarks({ "models.yaml": MODELS, "use_cases.yaml": useCases }));
		expect(issueAt(issues, "use_cases[0].plugin").message).toContain("required for a runnable use case");
		expect(issueAt(issues, "use_cases[0].cases")).toMatchObject({ line: 5, column: 12 });
		expect(issueAt(issues, "use_cases[0].cases").message).toContain("no file matches `packs/none/*.yaml`");
		expect(issueAt(issues, "use_cases[0].tasks").message).toContain("does not exist");
		expect(issueAt(issues, "use_cases[1].plugin")).toMatchObject({ line: 9, column: 13 });
	});

	it("warns about a retired model in a fleet", () => {
		const useCases = USE_CASES.replace(
			"    plugin: cases\n",
			"    plugin: cases\n    fleet: [local/small, old/model]\n",
		);
		const definitions = loadDefinitions(
			benchmarks({ "models.yaml": MODELS, "use_cases.yaml": useCases, "packs/greet/hi.yaml": CASE }),
		);
		expect(definitions.warnings).toHaveLength(1);
		expect(definitions.warnings[0]).toMatchObject({ path: "use_cases[0].fleet[1]", line: 6, column: 26 });
		expect(definitions.warnings[0]?.message).toContain("retired");
		const greet = findUseCase(definitions, "greet");
		if (greet === undefined) throw new Error("greet is missing");
		expect(fleetFor(definitions, greet).map((model) => model.id)).toEqual(["local/small"]);
	});

	it("names `touchstone init` when a required file or the folder is missing, and writes nothing", () => {
		const dir = benchmarks({ "use_cases.yaml": "use_cases: []\n" });
		const before = readdirSync(dir).map((name) => [name, statSync(join(dir, name)).mtimeMs]);
		const issues = issuesOf(dir);
		expect(issues).toHaveLength(1);
		expect(issues[0]).toMatchObject({ source: join(dir, "models.yaml"), line: null, path: "" });
		expect(issues[0]?.fix).toContain("touchstone init");
		expect(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).mtimeMs])).toEqual(before);
		const missing = issuesOf(join(dir, "nowhere"));
		expect(missing[0]?.message).toContain("does not exist");
		expect(missing[0]?.fix).toContain("touchstone init");
	});

	it("uses the folder path as given in every issue's source", () => {
		const dir = benchmarks({ "models.yaml": "models: 3\n", "use_cases.yaml": "use_cases: []\n" });
		const given = relative(process.cwd(), dir);
		const issues = issuesOf(given);
		expect(issues[0]).toMatchObject({
			source: join(given, "models.yaml"),
			path: "models",
			line: 1,
			column: 9,
			message: "expected a list, found the number 3",
		});
	});
});

const EXAMPLES = fileURLToPath(new URL("../../examples/benchmarks", import.meta.url));

describe("loadDefinitions with the plugins it may name", () => {
	it("locates a use case's unknown plugin at its line, with the closest built-in one", () => {
		const useCases = USE_CASES.replace("plugin: cases", "plugin: case");
		const dir = benchmarks({ "models.yaml": MODELS, "use_cases.yaml": useCases, "packs/greet/hi.yaml": CASE });
		let issues: readonly InputIssue[] = [];
		try {
			loadDefinitions(dir, { plugins: ["cases", "tasks"] });
		} catch (error) {
			if (!(error instanceof BadInputError)) throw error;
			issues = error.issues;
		}
		expect(issueAt(issues, "use_cases[0].plugin")).toMatchObject({
			line: 5,
			message: expect.stringMatching(
				/^no built-in plugin `case`: the built-in plugins are `cases`, `tasks`, and no installed package of that name resolves from /,
			),
			fix: "did you mean `cases`?",
		});
		// Without the list (a caller that does not know the plugins), the name is not checked here.
		expect(findUseCase(loadDefinitions(dir), "greet")?.plugin).toBe("case");
	});
});

describe("the bundled examples", () => {
	it("load without errors or warnings", () => {
		const definitions = loadDefinitions(EXAMPLES);
		expect(definitions.warnings).toEqual([]);
		expect(definitions.models.map((model) => model.id)).toEqual([
			"scripted/strong",
			"scripted/mid",
			"scripted/cheap",
			"scripted/juror-a",
			"scripted/juror-b",
			"builtin/baseline",
			"builtin/gold",
		]);
		const called = definitions.models.filter((model) => model.provider !== "builtin");
		// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal reference, expanded only at run time
		expect(called.every((model) => model.base_url === "${TOUCHSTONE_SCRIPTED_URL}/v1")).toBe(true);
		const prices = definitions.models.slice(0, 3).map((model) => model.price?.output);
		expect(new Set(prices).size).toBe(3);
		const runnable = definitions.useCases.filter((useCase) => useCase.status === "runnable");
		expect(runnable.map((useCase) => [useCase.id, useCase.plugin, useCase.deployed?.model])).toEqual([
			["extraction", "cases", "scripted/strong"],
			["classification", "cases", "scripted/strong"],
			["summarization", "summarization", "scripted/strong"],
			["kids-qa", "kids-qa", "scripted/strong"],
			["support-replies", "jury", "scripted/strong"],
			["support-form", "cases", "scripted/strong"],
			["code-fix", "tasks", "scripted/strong"],
			["graded-code", "tasks", undefined],
		]);
		expect(definitions.useCases.filter((useCase) => useCase.status === "idea").length).toBeGreaterThanOrEqual(3);
		const panel = definitions.panels.find((candidate) => candidate.id === definitions.defaultPanel);
		expect(panel?.jurors).toEqual(["scripted/juror-a", "scripted/juror-b"]);
	});

	it("keep their commented provider examples valid once uncommented", () => {
		const dir = join(benchmarks({}), "copy");
		cpSync(EXAMPLES, dir, { recursive: true });
		const models = readFileSync(join(dir, "models.yaml"), "utf8");
		writeFileSync(join(dir, "models.yaml"), models.replace(/^ {2}# (?=[- ])/gm, "  "));
		const providers = loadDefinitions(dir).models.map((model) => `${model.id} ${model.provider}`);
		expect(providers.slice(7)).toEqual([
			"openrouter/llama-3.3-70b openrouter",
			"openai/gpt-4.1-mini openai-compatible",
			"anthropic/claude-sonnet-4 anthropic",
			"ollama/qwen2.5-7b openai-compatible",
		]);
	});
});

describe("floor_miss_tolerance", () => {
	/** A benchmarks folder whose one task (or cases) use case ends with the YAML lines `extra`. */
	const withUseCase = (extra: string, source = "plugin: tasks\n    tasks: packs/fixes") =>
		benchmarks({
			"models.yaml": MODELS,
			"packs/greet/hi.yaml": CASE,
			"packs/fixes/.keep": "",
			"use_cases.yaml": `use_cases:\n  - id: fixes\n    status: runnable\n    modality: { input: text, output: code }\n    ${source}\n${extra}`,
		});

	it("defaults to one miss and takes any whole number from 0", () => {
		for (const [extra, tolerance] of [
			["", 1],
			["    floor_miss_tolerance: 0\n", 0],
			["    floor_miss_tolerance: 3\n", 3],
		] as const)
			expect(findUseCase(loadDefinitions(withUseCase(extra)), "fixes")?.floor_miss_tolerance).toBe(tolerance);
	});

	it.each([
		["-1", />= 0|at least 0/],
		["1.5", /whole number/],
		["two", /expected a (whole )?number/],
	])("refuses %s at its line and column, with a fix", (value, message) => {
		const issues = issuesOf(withUseCase(`    floor_miss_tolerance: ${value}\n`));
		expect(issues).toHaveLength(1);
		const issue = issueAt(issues, "use_cases[0].floor_miss_tolerance");
		expect(issue).toMatchObject({ line: 7, column: 27 });
		expect(issue.message).toMatch(message);
		expect(issue.fix).not.toBeNull();
	});

	it("belongs to task use cases only", () => {
		const cases = withUseCase("    floor_miss_tolerance: 2\n", "plugin: cases\n    cases: packs/greet/*.yaml");
		const issue = issueAt(issuesOf(cases), "use_cases[0].floor_miss_tolerance");
		expect(issue).toMatchObject({ line: 7 });
		expect(issue.message).toContain("task use cases only");
	});
});
