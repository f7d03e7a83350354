import { extname } from "node:path";
import { z } from "zod";
import { MUTATION_REPORT_FORMATS, type TaskVerifier, TEST_REPORT_FORMATS } from "../contract/index.js";
import { COUNT_BOUNDS } from "../input/index.js";
import { ENV_NAME_PATTERN } from "./env-references.js";
import { reviewArgsSchema } from "./review-verifier-schema.js";
import { speedupArgsSchema } from "./speedup-verifier-schema.js";
import { relativePath } from "./task-paths.js";

/**
 * Test files restored to their fixture version before a `tests` verifier runs, when `reset` is not
 * given: the usual test file names of Node and Python projects.
 */
export const DEFAULT_RESET_GLOBS: readonly string[] = [
	"**/*.test.*",
	"**/*.spec.*",
	"**/__tests__/**",
	"**/test_*.py",
	"**/*_test.py",
	"**/conftest.py",
];

/** Seconds a `tests` command may take when `timeout_s` is not given. */
export const DEFAULT_TESTS_TIMEOUT_S = 300;
/** Seconds a `checks` script may take when `timeout_s` is not given. */
export const DEFAULT_CHECKS_TIMEOUT_S = 120;

const INTERPRETERS: Readonly<Record<string, readonly string[]>> = {
	".js": ["node"],
	".mjs": ["node"],
	".cjs": ["node"],
	".py": ["python3"],
	".sh": ["sh"],
};

const text = z.string().min(1);

/** A file kept in the task folder (hidden from the model) and where it lands in the workdir. */
export const hiddenFileSchema = z
	.strictObject({
		source: relativePath("task folder", { file: true }).describe(
			"Path inside the task folder, e.g. `hidden/x.test.ts`.",
		),
		target: relativePath("workdir", { file: true })
			.optional()
			.describe("Where it lands, relative to the workdir; defaults to `source`."),
	})
	.transform((file) => ({ source: file.source, target: file.target ?? file.source }))
	.describe("A hidden file: kept in the task folder, copied into a grading copy of the workdir only.");

const envSchema = z
	.record(z.string().regex(ENV_NAME_PATTERN, { error: "an environment variable name" }), z.string())
	.describe("Extra environment variables (never secrets).");

const threshold = z.number().gt(0).max(1);
const timeout = (fallback: number) =>
	z
		.number()
		.positive()
		.max(COUNT_BOUNDS.timeoutSeconds)
		.default(fallback)
		.describe(`Most seconds the run may take; defaults to ${fallback}.`);

const testsArgsSchema = z
	.strictObject({
		command: z.array(text).min(1).describe("Test command as argv (no shell), run with the workdir as cwd."),
		gold_files: z.array(hiddenFileSchema).default([]).describe("Hidden gold test files added after the model is done."),
		report: z.enum(TEST_REPORT_FORMATS).describe("Report format: node-test, vitest or pytest."),
		report_file: relativePath("workdir", { file: true })
			.optional()
			.describe("File the command writes its report to, relative to the workdir; omit to read stdout."),
		required_tests: z
			.array(text)
			.default([])
			.describe("Tests that must run and pass, as the report names them. Required without `sites`."),
		sites: z
			.record(text, z.array(text).min(1))
			.optional()
			.describe("Multi-site mode: site name to the test targets that prove it fixed; the score is the fraction fixed."),
		pass_threshold: threshold.optional().describe("Fraction of sites that must be fixed to pass; defaults to 1."),
		reset: z
			.array(text)
			.default([...DEFAULT_RESET_GLOBS])
			.describe("Globs of test files restored to their fixture version before grading."),
		env: envSchema.default({}),
		timeout_s: timeout(DEFAULT_TESTS_TIMEOUT_S),
	})
	.superRefine((args, context) => {
		const issue = (path: string, message: string, fix: string) =>
			context.addIssue({ code: "custom", path: [path], message, params: { fix } });
		if (args.sites === undefined) {
			if (args.required_tests.length === 0)
				issue(
					"required_tests",
					"without `sites`, the tests verifier needs `required_tests` (the tests that must run and pass)",
					"list the gold tests by the names the report gives them, or add `sites:`",
				);
			if (args.pass_threshold !== undefined)
				issue("pass_threshold", "`pass_threshold` applies to `sites` only", "remove it, or add `sites:`");
		} else if (Object.keys(args.sites).length === 0) {
			issue("sites", "`sites` is empty", "map each site to its test targets, or remove `sites`");
		}
	})
	.transform((args) => ({
		command: args.command,
		gold_files: args.gold_files,
		report: args.report,
		report_file: args.report_file ?? null,
		required_tests: args.required_tests,
		sites: args.sites ?? null,
		pass_threshold: args.pass_threshold ?? 1,
		reset: args.reset,
		env: args.env,
		timeout_s: args.timeout_s,
	}));

const checksArgsSchema = z
	.strictObject({
		script: relativePath("task folder", { file: true }).describe(
			'Hidden script inside the task folder; prints {"checks": {name: bool | 0..1}}.',
		),
		interpreter: z
			.array(text)
			.optional()
			.describe("Program that runs the script, e.g. [node]; defaults by extension (.js node, .py python3, .sh sh)."),
		weights: z
			.record(text, z.number().min(0))
			.default({})
			.describe("Weight of each check by name; unlisted checks weigh 1."),
		critical: z.array(text).default([]).describe("Checks that zero the whole score when they fail."),
		pass_threshold: threshold.default(1).describe("Score at or above which the attempt passes; defaults to 1."),
		env: envSchema.default({}),
		timeout_s: timeout(DEFAULT_CHECKS_TIMEOUT_S),
	})
	.transform((args) => ({
		...args,
		interpreter: args.interpreter ?? [...(INTERPRETERS[extname(args.script)] ?? [])],
	}));

/** Seconds one run of a `mutation` suite may take when `timeout_s` is not given. */
export const DEFAULT_MUTATION_TIMEOUT_S = 120;

const mutationEditSchema = z
	.strictObject({
		id: text.describe("Unique among the mutants and equivalents; names it in the score's extras."),
		find: text.describe("Text that must occur exactly once in the module."),
		replace: z.string().describe("Text put in its place."),
	})
	.describe("One find/replace edit of the module.");

const mutationArgsSchema = z
	.strictObject({
		module: relativePath("workdir", { file: true }).describe("The module the model writes tests for."),
		module_sha256: z
			.string()
			.regex(/^[0-9a-f]{64}$/, { error: "a lowercase hex sha256 (64 characters)" })
			.describe(
				"sha256 of the module as the fixture holds it (`sha256sum fixture/MODULE`); an edited module scores 0.",
			),
		command: z.array(text).min(1).describe("Runs the model's suite, as argv (no shell), with the workdir as cwd."),
		report: z
			.enum(MUTATION_REPORT_FORMATS)
			.describe("Report format: node-test, vitest or pytest, or exit-code (the suite passes iff it exits 0)."),
		report_file: relativePath("workdir", { file: true })
			.optional()
			.describe("File the command writes its report to, relative to the workdir; omit to read stdout."),
		mutants: z
			.array(mutationEditSchema)
			.min(1)
			.describe("Plausible bugs, each applied alone to a fresh copy; caught when the suite fails."),
		equivalent: z
			.array(mutationEditSchema)
			.default([])
			.describe("Behaviour-preserving rewrites; a suite that fails on one scores 0."),
		pass_threshold: threshold
			.default(1)
			.describe("Fraction of mutants caught at or above which it passes; defaults to 1."),
		env: envSchema.default({}),
		timeout_s: timeout(DEFAULT_MUTATION_TIMEOUT_S),
	})
	.superRefine((args, context) => {
		const seen = new Map<string, string>();
		for (const list of ["mutants", "equivalent"] as const)
			args[list].forEach((edit, index) => {
				const first = seen.get(edit.id);
				if (first !== undefined)
					context.addIssue({
						code: "custom",
						path: [list, index, "id"],
						message: `the id \`${edit.id}\` is already used by ${first}`,
						params: { fix: "give every mutant and equivalent its own id" },
					});
				else seen.set(edit.id, `${list}[${index}]`);
			});
		if (args.report === "exit-code" && args.report_file !== undefined)
			context.addIssue({
				code: "custom",
				path: ["report_file"],
				message: "`report: exit-code` reads no report",
				params: { fix: "remove `report_file`, or name the report's format" },
			});
	})
	.transform((args) => ({ ...args, report_file: args.report_file ?? null }));

/** The verifier kinds as zod objects; their keys are what "did you mean" suggests inside `args`. */
export const VERIFIER_ARGS_SCHEMAS = {
	tests: testsArgsSchema,
	checks: checksArgsSchema,
	review: reviewArgsSchema,
	mutation: mutationArgsSchema,
	speedup: speedupArgsSchema,
} as const;

/** The `verifier:` block of task.yaml (`kind` and `args`); parses into a {@link TaskVerifier}. */
export const verifierSchema = z
	.discriminatedUnion("kind", [
		z.strictObject({ kind: z.literal("tests"), args: testsArgsSchema }).describe("Hidden gold tests."),
		z.strictObject({ kind: z.literal("checks"), args: checksArgsSchema }).describe("A hidden checks script."),
		z
			.strictObject({ kind: z.literal("review"), args: reviewArgsSchema })
			.describe("Review findings against planted bugs."),
		z
			.strictObject({ kind: z.literal("mutation"), args: mutationArgsSchema })
			.describe("Mutation testing of the model's suite."),
		z
			.strictObject({ kind: z.literal("speedup"), args: speedupArgsSchema })
			.describe("The paired speedup protocol: correctness first, then the median speedup over a frozen baseline."),
	])
	.transform((verifier): TaskVerifier => verifier)
	.describe(
		"How attempts are graded: `kind` (tests, checks, review, mutation or speedup) and its `args`. Never shown to the model.",
	);
