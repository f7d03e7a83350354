import { z } from "zod";
import {
	type JsonObject,
	TASK_AXES,
	TASK_MODES,
	TASK_TIERS,
	type Task,
	type TaskBudget,
	type TaskMode,
} from "../contract/index.js";
import { COUNT_BOUNDS } from "../input/index.js";
import { runtimeSchema } from "./runtime-schema.js";
import { taskCalibrationSchema } from "./task-calibration-schema.js";
import { relativePath } from "./task-paths.js";
import { commitHashSchema, snapshotSchema } from "./task-snapshot-schema.js";
import { NO_VALIDATION, taskValidationSchema } from "./task-validation-schema.js";
import { hiddenFileSchema, verifierSchema } from "./task-verifier-schema.js";

/** Task ids: letters, digits, `.`, `_` and `-`, starting with a letter or digit; also the folder name. */
export const TASK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The budget of each mode when task.yaml leaves a limit out (tokens and cost are then unlimited). */
export const DEFAULT_TASK_BUDGETS: Readonly<Record<TaskMode, TaskBudget>> = {
	"single-shot": { turns: 1, tokens: null, timeout_s: 300, cost_usd: null },
	agentic: { turns: 30, tokens: null, timeout_s: 1800, cost_usd: null },
};

const text = z.string().min(1);

const budgetSchema = z
	.strictObject({
		turns: z
			.int()
			.min(1)
			.max(COUNT_BOUNDS.turns)
			.optional()
			.describe("Most model turns; defaults to 1 (single-shot) or 30 (agentic)."),
		tokens: z
			.int()
			.min(1)
			.max(COUNT_BOUNDS.tokens)
			.nullable()
			.optional()
			.describe("Most tokens, input plus output over all turns; omit for no limit."),
		timeout_s: z
			.number()
			.positive()
			.max(COUNT_BOUNDS.timeoutSeconds)
			.optional()
			.describe("Most wall-clock seconds for the attempt; defaults to 300 (single-shot) or 1800 (agentic)."),
		cost_usd: z
			.number()
			.positive()
			.max(COUNT_BOUNDS.costUsd)
			.nullable()
			.optional()
			.describe("Most USD spent on the model; omit for unlimited."),
	})
	.describe("What one attempt may spend; reaching a limit ends it with status `limit`, and it is still verified.");

const referenceSchema = z
	.strictObject({
		patch: relativePath("task folder", { file: true })
			.optional()
			.describe("A unified diff inside the task folder, applied to a copy of the fixture."),
		files: z.array(hiddenFileSchema).default([]).describe("Files copied over a copy of the fixture, after `patch`."),
		response: z.string().optional().describe("The final message the gold policy gives, for verifiers that grade it."),
	})
	.superRefine((reference, context) => {
		if (reference.patch === undefined && reference.files.length === 0 && reference.response === undefined)
			context.addIssue({
				code: "custom",
				message: "the reference solution is empty",
				params: { fix: "add `patch:` (a diff in the task folder), `files:` or `response:`" },
			});
	})
	.transform((reference) => ({
		patch: reference.patch ?? null,
		files: reference.files,
		response: reference.response ?? null,
	}))
	.describe("The known-good solution, used only to validate the task; never shown to a model.");

/** One task.yaml; parses into a {@link Task}. Cross-checks with the file system live in the loader. */
export const taskSchema = z
	.strictObject({
		id: z
			.string()
			.regex(TASK_ID_PATTERN, { error: "an id made of letters, digits, ., _ and -" })
			.describe("Task id; must equal the task's folder name."),
		version: z
			.union([text, z.int().min(0).transform(String)])
			.default("1")
			.describe('Bump it when the task\'s meaning or grading changes; default "1".'),
		mode: z.enum(TASK_MODES).describe("`single-shot` (one answer) or `agentic` (file tools over several turns)."),
		tier: z
			.enum(TASK_TIERS)
			.describe("easy or standard (the qualification floor), hard (ceiling), frontier (graded on a scale)."),
		prompt: text.describe("What the model is asked to do."),
		target_files: z
			.array(relativePath("fixture", { file: true }))
			.optional()
			.describe(
				"Fixture files the change is expected to touch; omit when the model must find them. A single-shot task needs them: their content is its request, and its reply may rewrite only them.",
			),
		budget: budgetSchema.optional(),
		tools: z
			.strictObject({ shell: z.boolean().default(false).describe("Give the model `run_command` in the sandbox.") })
			.optional()
			.describe("Tools beyond the file tools; agentic only."),
		axes: z
			.array(z.enum(TASK_AXES))
			.default([])
			.describe(
				"Index axes the task counts towards (judgement, security, review; see index.yaml); metadata only, never part of a cell key.",
			),
		source_commit: commitHashSchema.optional().describe("Commit of the historical change the task is drawn from."),
		gold_diff_lines: z
			.int()
			.min(1)
			.optional()
			.describe(
				"Lines added plus removed by the real fix in the snapshot's paths, for the norms record's diff size; written by `touchstone gold-size --write`.",
			),
		snapshot: snapshotSchema,
		verifier: verifierSchema,
		reference: referenceSchema.optional(),
		runtime: runtimeSchema.optional(),
		validation: taskValidationSchema.optional(),
		metadata: z.record(z.string(), z.json()).optional().describe("Free-form provenance; never used for grading."),
		calibration: taskCalibrationSchema.optional(),
	})
	.superRefine(checkMode)
	.transform(
		(task): Task => ({
			id: task.id,
			version: task.version,
			mode: task.mode,
			tier: task.tier,
			prompt: task.prompt,
			target_files: task.target_files ?? [],
			budget: resolveBudget(task.mode, task.budget),
			tools: { shell: task.tools?.shell ?? false },
			axes: task.axes,
			source_commit: task.source_commit ?? null,
			gold_diff_lines: task.gold_diff_lines ?? null,
			snapshot: task.snapshot,
			verifier: task.verifier,
			reference: task.reference ?? null,
			runtime: task.runtime ?? null,
			validation: task.validation ?? NO_VALIDATION,
			metadata: (task.metadata ?? {}) as JsonObject,
			calibration: task.calibration ?? null,
		}),
	)
	.meta({
		title: "touchstone task.yaml",
		description:
			"One task of a task pack: a repository snapshot the model works in, a prompt, a budget and a hidden verifier.",
	});

type RawBudget = z.output<typeof budgetSchema>;

function resolveBudget(mode: TaskMode, budget: RawBudget | undefined): TaskBudget {
	const defaults = DEFAULT_TASK_BUDGETS[mode];
	return {
		turns: budget?.turns ?? defaults.turns,
		tokens: budget?.tokens ?? defaults.tokens,
		timeout_s: budget?.timeout_s ?? defaults.timeout_s,
		cost_usd: budget?.cost_usd ?? defaults.cost_usd,
	};
}

/** A single-shot task answers in one turn, without tools, rewriting the target files it is given. */
function checkMode(
	task: {
		mode: TaskMode;
		target_files?: readonly string[] | undefined;
		budget?: RawBudget | undefined;
		tools?: { shell: boolean } | undefined;
	},
	context: z.core.$RefinementCtx,
): void {
	if (task.mode !== "single-shot") return;
	if (task.target_files === undefined || task.target_files.length === 0)
		context.addIssue({
			code: "custom",
			// At the empty list, or at `mode` when there is none: the line that makes it a single-shot task.
			path: task.target_files === undefined ? ["mode"] : ["target_files"],
			message:
				"a single-shot task gives the model its target files' content and takes them back whole, but it lists none",
			params: {
				fix: "list the files the model is to rewrite, e.g. `target_files: [src/a.mjs]`, or set `mode: agentic` so it can find them with tools",
			},
		});
	if (task.budget?.turns !== undefined && task.budget.turns !== 1)
		context.addIssue({
			code: "custom",
			path: ["budget", "turns"],
			message: `a single-shot task has exactly 1 turn, found ${task.budget.turns}`,
			params: { fix: "remove `turns`, or set `mode: agentic`" },
		});
	if (task.tools?.shell === true)
		context.addIssue({
			code: "custom",
			path: ["tools", "shell"],
			message: "a single-shot task has no tools",
			params: { fix: "remove `tools`, or set `mode: agentic`" },
		});
}
