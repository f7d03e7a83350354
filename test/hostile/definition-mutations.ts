/**
 * The table of the definition-mutation probe: each entry mutates one fresh copy of the bundled
 * example benchmarks in one way. An entry is bad input (exit 2, located in `file`) unless `valid`
 * says why the mutation is allowed on purpose.
 */
import {
	aliasBomb,
	append,
	type Category,
	type Copy,
	edit,
	editAll,
	FILES as F,
	GARBAGE,
	insertBytes,
	put,
	replaceWith,
} from "./definition-mutation-kit.js";

/** One mutation of the example benchmarks, and what the CLI must answer. */
export interface Mutation {
	readonly name: string;
	readonly category: Category;
	/** The file the message must name (under benchmarks/, or the script beside it). */
	readonly file: string;
	readonly apply: (copy: Copy) => void;
	/** False when the file cannot be parsed, so the message names the file without a line. */
	readonly line?: boolean;
	/** Why the mutation is legitimately valid: then exit 0 is expected instead of 2. */
	readonly valid?: string;
	/** Also `touchstone run --use-case extraction` against a fresh store, which must stay empty. */
	readonly run?: boolean;
}

const STRONG = "  - id: scripted/strong\n    display_name: Scripted Strong\n    provider: openai-compatible\n";
const EXTRACTION = "  - id: extraction\n";
const CHEAP_OPTIONS = "options: { max_retries: 2, concurrency: 8, timeout_s: 30 }";
const PANEL = "    jurors: [scripted/juror-a, scripted/juror-b]\n    quorum: 2\n";
const REFS = [F.models, F.useCases, F.panels];

/** A mutation of models.yaml that replaces `from` with `to`. */
function model(name: string, from: string | RegExp, to: string, extra: Partial<Mutation> = {}): Mutation {
	return { name, category: "models", file: F.models, apply: (copy) => edit(copy, F.models, from, to), ...extra };
}
function useCase(name: string, from: string | RegExp, to: string, extra: Partial<Mutation> = {}): Mutation {
	return { name, category: "use_cases", file: F.useCases, apply: (copy) => edit(copy, F.useCases, from, to), ...extra };
}
function panel(name: string, from: string | RegExp, to: string, extra: Partial<Mutation> = {}): Mutation {
	return { name, category: "judge_panels", file: F.panels, apply: (copy) => edit(copy, F.panels, from, to), ...extra };
}
function caseFile(name: string, from: string | RegExp, to: string, extra: Partial<Mutation> = {}): Mutation {
	return { name, category: "case file", file: F.caseFile, apply: (copy) => edit(copy, F.caseFile, from, to), ...extra };
}
function task(name: string, from: string | RegExp, to: string, extra: Partial<Mutation> = {}): Mutation {
	return { name, category: "task.yaml", file: F.task, apply: (copy) => edit(copy, F.task, from, to), ...extra };
}
function script(name: string, from: string | RegExp, to: string, extra: Partial<Mutation> = {}): Mutation {
	return { name, category: "script", file: "script.yaml", apply: (copy) => edit(copy, F.script, from, to), ...extra };
}
/** A mutation that writes `content` in place of `file` (of `category`). */
function whole(
	category: Category,
	file: string,
	name: string,
	content: string | Buffer,
	extra: Partial<Mutation> = {},
): Mutation {
	return {
		name,
		category,
		file: file === F.script ? "script.yaml" : file,
		apply: (copy) => put(copy, file, content),
		...extra,
	};
}
/** The same hostile file shapes, for each YAML file. */
function fileShapes(category: Category, file: string): Mutation[] {
	return [
		whole(category, file, "empty file", "", { line: false }),
		whole(category, file, "only a BOM", "\uFEFF", { line: false }),
		whole(category, file, "only comments", "# nothing here\n# at all\n", { line: false }),
		whole(category, file, "binary garbage", GARBAGE, { line: false }),
		{
			name: "a symlink to /etc/passwd",
			category,
			file,
			line: false,
			apply: (copy) => replaceWith(copy, file, { link: "/etc/passwd" }),
		},
		{ name: "a FIFO", category, file, line: false, apply: (copy) => replaceWith(copy, file, "fifo") },
		{ name: "a folder", category, file, line: false, apply: (copy) => replaceWith(copy, file, "folder") },
		{ name: "an alias bomb", category, file, apply: (copy) => append(copy, file, aliasBomb("x-")) },
		{ name: "multi-document", category, file, apply: (copy) => append(copy, file, "---\nid: second\n") },
		{
			name: "a !!js/function tag",
			category,
			file,
			apply: (copy) => append(copy, file, 'x-fn: !!js/function "function () { return 1 }"\n'),
		},
	];
}

/** The shapes tried on judge_panels.yaml and task.yaml (read by the same reader as the others). */
const BRIEF_SHAPES = new Set(["empty file", "binary garbage", "a folder", "an alias bomb", "a !!js/function tag"]);

/** A case file is found by its pack's glob, which matches regular files only and must stay inside. */
const CASE_SHAPES: Readonly<Record<string, Mutation>> = {
	"a symlink to /etc/passwd": {
		name: "a symlink to /etc/passwd",
		category: "case file",
		file: F.useCases,
		apply: (copy) => replaceWith(copy, F.caseFile, { link: "/etc/passwd" }),
	},
	"a FIFO": {
		name: "a FIFO",
		category: "case file",
		file: F.caseFile,
		apply: (copy) => replaceWith(copy, F.caseFile, "fifo"),
		valid: "a glob matches regular files; a FIFO named like a case is not read (and not waited on)",
	},
	"a folder": {
		name: "a folder",
		category: "case file",
		file: F.caseFile,
		apply: (copy) => replaceWith(copy, F.caseFile, "folder"),
		valid: "a glob matches regular files; a folder named like a case is not a case",
	},
};

export const MUTATIONS: readonly Mutation[] = [
	// models.yaml: required keys, types, numbers, keys, ids, file shapes.
	model("delete id", STRONG, STRONG.replace("  - id: scripted/strong\n    display_name", "  - display_name")),
	model("delete provider", STRONG, STRONG.replace("    provider: openai-compatible\n", ""), { run: true }),
	model("delete model", "    model: scripted/strong\n", ""),
	model("models: key misspelt", "\nmodels:\n", "\nmodles:\n"),
	model("id: number", "id: scripted/strong", "id: 42"),
	model("id: list", "id: scripted/strong", "id: [a, b]"),
	model("id: map", "id: scripted/strong", "id: { a: 1 }"),
	model("id: null", "id: scripted/strong", "id: ~"),
	model("provider: number", "provider: openai-compatible", "provider: 42"),
	model("provider unknown", "provider: openai-compatible", "provider: openia-compatible"),
	model("tags: string", "tags: { family: scripted, weights: open, tier: large }", "tags: open"),
	model("price: number", "price: { input: 3, output: 15, cache_read: 0.3 }", "price: 3"),
	model("price.input: string", "price: { input: 3,", 'price: { input: "three",', { run: true }),
	model("price.input: negative", "price: { input: 3,", "price: { input: -1,"),
	model("price.input: NaN", "price: { input: 3,", "price: { input: .nan,"),
	model("price.input: Infinity", "price: { input: 3,", "price: { input: .inf,"),
	model("price.output: 1e400", "output: 15,", "output: 1e400,"),
	model("models: string", /\nmodels:\n[\s\S]*$/, "\nmodels: all\n"),
	model("models: map", /\nmodels:\n[\s\S]*$/, "\nmodels: { a: 1 }\n"),
	model("role: list", "role: anchor", "role: [anchor]"),
	model("max_retries: -1", CHEAP_OPTIONS, CHEAP_OPTIONS.replace("max_retries: 2", "max_retries: -1")),
	model("max_retries: 2.5", CHEAP_OPTIONS, CHEAP_OPTIONS.replace("max_retries: 2", "max_retries: 2.5")),
	model("concurrency: 0", CHEAP_OPTIONS, CHEAP_OPTIONS.replace("concurrency: 8", "concurrency: 0"), { run: true }),
	model("concurrency: 1e9", CHEAP_OPTIONS, CHEAP_OPTIONS.replace("concurrency: 8", "concurrency: 1e9")),
	model("timeout_s: -5", CHEAP_OPTIONS, CHEAP_OPTIONS.replace("timeout_s: 30", "timeout_s: -5")),
	model("timeout_s: NaN", CHEAP_OPTIONS, CHEAP_OPTIONS.replace("timeout_s: 30", "timeout_s: .nan")),
	model("max_output_bytes: 0", CHEAP_OPTIONS, CHEAP_OPTIONS.replace("}", ", max_output_bytes: 0 }")),
	model("max_output_bytes: 1e12", CHEAP_OPTIONS, CHEAP_OPTIONS.replace("}", ", max_output_bytes: 1e12 }")),
	model("unknown key in an entry", STRONG, `${STRONG}    colour: blue\n`),
	model("unknown top-level key", "\nmodels:\n", "\nmodel_count: 7\nmodels:\n"),
	model("duplicate key", STRONG, `${STRONG}    provider: anthropic\n`),
	model("duplicate id", "id: scripted/mid", "id: scripted/strong", { run: true }),
	model("tab indentation", "    display_name: Scripted Strong\n", "\tdisplay_name: Scripted Strong\n"),
	{
		name: "invalid UTF-8",
		category: "models",
		file: F.models,
		apply: (copy) => insertBytes(copy, F.models, "display_name: Scripted", Buffer.from([0xff, 0xc3, 0x28])),
	},
	// The two ids below are well formed: what is refused is the fleets' references to the old id.
	model("a 1 MiB id", "id: scripted/strong", `id: scripted/${"s".repeat(1024 * 1024)}`, { file: F.useCases }),
	model("id with ..", "id: scripted/strong", "id: ../../etc/passwd", { file: F.useCases }),
	model("id with a backslash", "id: scripted/strong", "id: scripted\\\\strong"),
	model("a !!binary tag", "display_name: Scripted Strong", "display_name: !!binary aGVsbG8="),
	model("a custom tag", "display_name: Scripted Strong", "display_name: !secret Scripted Strong"),
	model("merge key onto a scalar", STRONG, `${STRONG}    <<: 42\n`),
	model("deep nesting", STRONG, `${STRONG}    tags: ${"[".repeat(20_000)}${"]".repeat(20_000)}\n`),
	whole(
		"models",
		F.models,
		"a 20 MB file",
		`models:\n  - id: x\n    display_name: "${"y".repeat(20 * 1024 * 1024)}"\n`,
		{ line: false },
	),
	...fileShapes("models", F.models),
	{
		name: "emoji and RTL ids, renamed everywhere",
		category: "models",
		file: F.models,
		apply: (copy) => editAll(copy, REFS, "scripted/juror-a", "scripted/ژوری-🦉"),
	},

	// use_cases.yaml.
	useCase("delete id", EXTRACTION, "  - title_x: 1\n"),
	useCase("delete status", "    status: runnable\n", ""),
	useCase("delete plugin", "    plugin: cases\n", ""),
	useCase("plugin unknown", "    plugin: cases\n", "    plugin: magic\n", { run: true }),
	useCase("status: number", "status: runnable", "status: 1"),
	useCase("status unknown", "status: runnable", "status: done"),
	useCase("samples: 0", "samples: 2", "samples: 0"),
	useCase("samples: -1", "samples: 2", "samples: -1"),
	useCase("samples: 2.5", "samples: 2", "samples: 2.5"),
	useCase("samples: string", "samples: 2", "samples: two"),
	useCase("samples: Infinity", "samples: 2", "samples: .inf"),
	useCase("band: negative", "band: 0.05", "band: -0.05"),
	useCase("band: NaN", "band: 0.05", "band: .nan"),
	useCase("threshold: 2", "threshold: 1 #", "threshold: 2 #", { run: true }),
	useCase("threshold: -1", "threshold: 1 #", "threshold: -1 #"),
	useCase("weights: negative", "weights: { label: 2 }", "weights: { label: -2 }"),
	useCase("weights: string", "weights: { label: 2 }", "weights: heavy"),
	useCase(
		"fleet: unknown model",
		"fleet: [scripted/strong, scripted/mid, scripted/cheap]",
		"fleet: [scripted/strong, scripted/nobody]",
		{ run: true },
	),
	useCase("fleet: string", "fleet: [scripted/strong, scripted/mid, scripted/cheap]", "fleet: scripted/strong"),
	useCase("judge_panel unknown", "judge_panel: demo", "judge_panel: nobody"),
	useCase("deployed.model unknown", "model: scripted/strong\n      harness", "model: scripted/gone\n      harness", {
		run: true,
	}),
	useCase("duplicate id", "  - id: classification\n", EXTRACTION),
	useCase("unknown key", EXTRACTION, `${EXTRACTION}    colour: blue\n`),
	useCase("cases glob outside", "cases: packs/extraction/*.yaml", "cases: ../../../../../../etc/*", { run: true }),
	useCase("cases absolute path", "cases: packs/extraction/*.yaml", "cases: /etc/passwd"),
	useCase("cases matches nothing", "cases: packs/extraction/*.yaml", "cases: packs/nothing/*.yaml"),
	useCase("cases: null", "cases: packs/extraction/*.yaml", "cases: ~"),
	useCase("tasks outside", "tasks: packs/code-fix", "tasks: ../.."),
	useCase("id with ..", "id: extraction", "id: ../extraction"),
	useCase("use_cases: map", /\nuse_cases:\n[\s\S]*$/, "\nuse_cases: { a: 1 }\n"),
	...fileShapes("use_cases", F.useCases),

	// judge_panels.yaml.
	panel("default: unknown panel", "default: demo", "default: nobody"),
	panel("juror unknown", PANEL, PANEL.replace("scripted/juror-b", "scripted/juror-z")),
	panel("quorum: 0", PANEL, PANEL.replace("quorum: 2", "quorum: 0")),
	panel("quorum above the jurors", PANEL, PANEL.replace("quorum: 2", "quorum: 3")),
	panel("quorum: 1.5", PANEL, PANEL.replace("quorum: 2", "quorum: 1.5")),
	panel("quorum: string", PANEL, PANEL.replace("quorum: 2", "quorum: two")),
	panel("quorum: 1e15", PANEL, PANEL.replace("quorum: 2", "quorum: 1e15")),
	panel("jurors: empty", PANEL, PANEL.replace("[scripted/juror-a, scripted/juror-b]", "[]")),
	panel("delete jurors", PANEL, "    quorum: 2\n"),
	panel("duplicate panel id", /\n$/, `\n  - id: demo\n    version: jury@v2\n${PANEL}`),
	panel("panels: map", /panels:\n[\s\S]*$/, "panels: { demo: 1 }\n"),
	panel("unknown key", PANEL, `${PANEL}    chair: scripted/juror-a\n`),
	...fileShapes("judge_panels", F.panels).filter((mutation) => BRIEF_SHAPES.has(mutation.name)),

	// A case file of the extraction pack.
	caseFile("delete input", /input:\n {2}prompt: \|\n[\s\S]*?Dana\n/, "", { run: true }),
	caseFile("input.prompt: number", /input:\n {2}prompt: \|\n[\s\S]*?Dana\n/, "input:\n  prompt: 42\n"),
	caseFile("checks: string", /checks:\n[\s\S]*$/, "checks: all\n"),
	caseFile("threshold: 1.5", "threshold: 1", "threshold: 1.5", { run: true }),
	caseFile("threshold: NaN", "threshold: 1", "threshold: .nan"),
	caseFile("tolerance: negative", "tolerance: 0.005", "tolerance: -1"),
	caseFile("numeric: Infinity", "numeric: 318.40", "numeric: .inf"),
	caseFile("check without metric", "{ metric: fields, contains:", "{ contains:", {
		valid: "`metric` defaults to the check's kind (`contains`), so the check keeps a name",
	}),
	caseFile("check of an unknown kind", 'contains: ["invoice: INV-1042", "total: 318.40"]', "resembles: invoice"),
	caseFile("regex that does not compile", 'contains: ["invoice: INV-1042", "total: 318.40"]', 'regex: "(unclosed"'),
	caseFile("kind unknown", "kind: floor", "kind: mid"),
	caseFile("id with ..", "id: invoice-total", "id: ../../invoice-total"),
	caseFile("unknown key", "kind: floor", "kind: floor\nweight: 3"),
	caseFile("duplicate key", "kind: floor", "kind: floor\nkind: ceiling"),
	{
		name: "duplicate case id in another file",
		category: "case file",
		file: "packs/extraction/",
		apply: (copy) => edit(copy, "packs/extraction/vat-amount.yaml", /^id: .*$/m, "id: invoice-total"),
	},
	...fileShapes("case file", F.caseFile).map((mutation) => CASE_SHAPES[mutation.name] ?? mutation),

	// task.yaml of the code-fix pack.
	task("delete mode", "mode: agentic\n", ""),
	task("mode unknown", "mode: agentic", "mode: telepathic"),
	task("budget.turns: 0", "turns: 12", "turns: 0"),
	task("budget.turns: -1", "turns: 12", "turns: -1"),
	task("budget.turns: 1e9", "turns: 12", "turns: 1e9"),
	task("budget.timeout_s: Infinity", "timeout_s: 120", "timeout_s: .inf"),
	task("verifier kind unknown", "kind: tests", "kind: vibes"),
	task("verifier timeout_s: -1", "timeout_s: 60", "timeout_s: -1"),
	task("target_files: string", "target_files: [src/invoice.mjs]", "target_files: src/invoice.mjs"),
	task("reference outside the task", "source: reference/invoice.mjs", "source: ../../../../../../etc/passwd"),
	task("gold file outside the task", "source: hidden/invoice-total.test.mjs", "source: /etc/passwd"),
	task("snapshot file climbing out", "    README.md: |", "    ../../escape.md: |"),
	task("unknown key", "tier: easy", "tier: easy\npriority: high"),
	...fileShapes("task.yaml", F.task).filter((mutation) => BRIEF_SHAPES.has(mutation.name)),

	// The scripted server's script.
	script("models: number", /\nmodels:\n[\s\S]*$/, "\nmodels: 42\n"),
	script("seed: string", "seed: 42", "seed: forty-two"),
	script("a regex that does not compile", '{ user: "(?i)who issued this invoice" }', '{ user: "(unclosed" }'),
	whole("script", F.script, "empty script", "", { line: false }),
	whole("script", F.script, "binary script", GARBAGE, { line: false }),
];
