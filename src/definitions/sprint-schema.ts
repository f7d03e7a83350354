import { z } from "zod";
import { ORCHESTRATION_MODES, SPRINT_LAYERS, TEST_REPORT_FORMATS } from "../contract/index.js";
import { argvSchema } from "./runtime-schema.js";

/** The placeholders a workspace or branch scheme may use. */
export const SPRINT_PLACEHOLDERS = ["sprint", "model_slug", "orchestration"] as const;

const relativePath = (what: string) =>
	z
		.string()
		.min(1)
		.refine((path) => !path.startsWith("/") && !path.split(/[\\/]/).includes(".."), {
			error: `${what} must be a relative path that stays inside its folder (no leading /, no ..)`,
			params: { fix: "write the path from the folder it lives in, e.g. docs/plan.md" },
		});

const scheme = (example: string) =>
	z
		.string()
		.min(1)
		.superRefine((value, context) => {
			for (const [, name] of value.matchAll(/\{([^}]*)\}/g))
				if (!(SPRINT_PLACEHOLDERS as readonly string[]).includes(name ?? ""))
					context.addIssue({
						code: "custom",
						message: `unknown placeholder {${name}}`,
						params: { fix: `use ${SPRINT_PLACEHOLDERS.map((known) => `{${known}}`).join(", ")}` },
					});
			if (!value.includes("{model_slug}"))
				context.addIssue({
					code: "custom",
					message: "the scheme must contain {model_slug}, or two models' runs would share it",
					params: { fix: `e.g. ${example}` },
				});
		});

const positive = z.number().positive();

const milestoneEntry = z.strictObject({
	id: z
		.string()
		.regex(/^M\d{2,3}$/, { error: "a milestone id is M and two or three digits, e.g. M01" })
		.describe("M01, M02, …: the label of its log segment and of fail@Mnn."),
	title: z.string().min(1),
	brief: z.string().min(1).describe("What the milestone asks, as the worker's briefing gives it."),
});

/**
 * `sprints/<id>/sprint.yaml`: a sprint benchmark's registry entry (seed 002). Every path, command,
 * weight and threshold the runner and the scorer use is data here.
 */
export const sprintSchema = z
	.strictObject({
		title: z.string().min(1).optional(),
		source: z
			.strictObject({
				repo: z
					.string()
					.min(1)
					.describe("The repository each run clones: a path (relative to the sprint folder) or a URL."),
				baseline: z
					.string()
					.regex(/^[0-9a-f]{7,64}$/, { error: "the baseline is a commit id (7 to 64 hex digits), not a branch" })
					.describe("The commit every run's branch is cut from: the plan present, CI green."),
			})
			.describe("Where the sprint starts."),
		plan: relativePath("plan")
			.optional()
			.describe("Markdown file in the repository whose `## M01 …` headings are the milestones."),
		milestones: z.array(milestoneEntry).min(1).optional().describe("The milestones, instead of a plan file."),
		guide: relativePath("guide").default("guide.md").describe("The runbook in the sprint folder: the autonomy rules."),
		workspace: scheme("{sprint}-{model_slug}")
			.default("{sprint}-{model_slug}-{orchestration}")
			.describe("Name of each run's clone under .touchstone/sprints/."),
		branch: scheme("bench/{model_slug}")
			.default("bench/{model_slug}")
			.describe("The branch each run cuts off the baseline."),
		scope: z
			.array(z.string().min(1))
			.min(1, { error: "the scope lists at least one glob a change may touch" })
			.describe("Globs (from the repository root) a change may touch; anything else fails the milestone."),
		commands: z.strictObject({
			setup: z.array(argvSchema).default([]).describe("Run once in the fresh clone, before CI is checked green."),
			ci: argvSchema.describe("Must pass at the baseline and after every milestone."),
			test: argvSchema.describe(
				"The test command: run twice by the determinism gate, and over the corpus by the corpus and mutation layers.",
			),
			test_report: z
				.enum(TEST_REPORT_FORMATS)
				.describe("Format of the per-test report the test command prints (node-test: TAP on stdout)."),
			test_report_file: relativePath("test_report_file")
				.optional()
				.describe("File the test command writes its report to; its stdout when absent."),
			lint: argvSchema.optional(),
		}),
		tests: z
			.array(z.string().min(1))
			.min(1)
			.default(["test/**", "tests/**"])
			.describe("Globs of the test corpus: the files the corpus and mutation layers take from the branch."),
		superseded: z
			.array(relativePath("superseded"))
			.default([])
			.describe("Test files the plan says to delete: the gates layer checks they are gone."),
		etalon: relativePath("etalon")
			.default("etalon")
			.describe("The frozen reference corpus, a folder in the sprint folder."),
		mutations: relativePath("mutations")
			.default("mutations")
			.describe("The frozen mutation patches (*.patch), a folder in the sprint folder."),
		scoring: z
			.strictObject({
				weights: z
					.partialRecord(z.enum(SPRINT_LAYERS), z.number().min(0))
					.refine((weights) => Object.values(weights).some((weight) => (weight ?? 0) > 0), {
						error: "at least one layer needs a weight above 0",
						params: { fix: `weigh the layers the row folds, e.g. { corpus: 0.5, mutations: 0.3, process: 0.2 }` },
					})
					.describe("Each layer's weight in the folded score."),
				corpus: z
					.strictObject({
						valid: z.number().min(0).default(0.4),
						behaviours: z.number().min(0).default(0.4),
						lines: z.number().min(0).default(0.2),
					})
					.prefault({})
					.describe(
						"The corpus layer's parts: tests valid on the etalon, etalon behaviours covered, changed lines covered.",
					),
				thresholds: z.record(z.string(), z.number()).default({}).describe("Named thresholds the layers judge by."),
			})
			.describe("How the layers fold into one row, as data."),
		reviewers: z.string().min(1).optional().describe("The reviewer panel, an id of judge_panels.yaml."),
		attempts: z.number().int().min(1).max(10).default(2).describe("Failed attempts per milestone before fail@Mnn."),
		orchestration: z.enum(ORCHESTRATION_MODES).default("direct").describe("The default orchestration mode."),
		budget: z
			.strictObject({
				turns_per_milestone: z.number().int().positive().optional(),
				tokens: z.number().int().positive().optional(),
				cost_usd: positive.optional(),
				wall_clock_s: positive.optional(),
			})
			.default({}),
	})
	.superRefine((sprint, context) => {
		if ((sprint.plan === undefined) === (sprint.milestones === undefined))
			context.addIssue({
				code: "custom",
				path: sprint.plan === undefined ? [] : ["milestones"],
				message:
					sprint.plan === undefined
						? "the sprint names no milestones: neither `plan:` nor `milestones:`"
						: "give `plan:` or `milestones:`, not both",
				params: { fix: "name the plan file in the repository (`plan: docs/plan.md`), or list `milestones:` here" },
			});
		const ids = (sprint.milestones ?? []).map((milestone) => milestone.id);
		ids.forEach((id, index) => {
			if (ids.indexOf(id) !== index)
				context.addIssue({
					code: "custom",
					path: ["milestones", index, "id"],
					message: `milestone ${id} is listed twice`,
					params: { fix: "give each milestone its own id" },
				});
		});
	})
	.meta({
		title: "touchstone sprint.yaml",
		description:
			"A sprint benchmark: a groomed multi-milestone plan frozen at a baseline commit, run by every model under the same rules and scored in layers.",
	});

export type SprintFile = z.infer<typeof sprintSchema>;
