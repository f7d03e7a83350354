import { z } from "zod";
import { DEFAULT_FLOOR_MISS_TOLERANCE, type JsonObject, type TaskRuntime } from "../contract/index.js";
import { COUNT_BOUNDS } from "../input/index.js";
import { runtimeSchema } from "./runtime-schema.js";

/** Where a use case stands: an `idea` on the unlock board, or `runnable` with a plugin. */
export const USE_CASE_STATUSES = ["idea", "runnable"] as const;
/** One of {@link USE_CASE_STATUSES}. */
export type UseCaseStatus = (typeof USE_CASE_STATUSES)[number];

/** Harness used when `deployed.harness` is left out. */
export const DEFAULT_HARNESS = "single-shot";
/** "Good enough" margin below the best headline used when `band` is left out. */
export const DEFAULT_BAND = 0.05;

/** What a use case id is made of: lowercase letters, digits, - and _, starting with a letter or digit. */
export const USE_CASE_ID_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
/** Samples per cell at thorough depth when `samples` is left out. */
export const DEFAULT_SAMPLES = 2;

/** The production incumbent of a use case: the model and harness to beat or offload from. */
export interface DeployedIncumbent {
	/** Registry id of the deployed model. */
	readonly model: string;
	/** Harness it runs in, e.g. `single-shot`. */
	readonly harness: string;
	/** Where the production configuration lives (a path or URL), for humans. */
	readonly source: string | null;
}

/** The pairwise judge of a task use case (`touchstone judge`) and the fallback for pairs in the judge's own family. */
export interface PairwiseJudges {
	/** Registry id of the judge model. */
	readonly judge: string;
	/** Registry id of the judge for pairs containing a model of the judge's family (no self-judging). */
	readonly fallback: string;
}

/** One entry of `use_cases.yaml`, with defaults filled in and absent values as null. */
export interface UseCaseDefinition {
	/** Use-case id, unique; lowercase letters, digits, `-` and `_`. */
	readonly id: string;
	/** Short human title. */
	readonly title: string | null;
	/** What the job is, for the roster. */
	readonly description: string | null;
	/** Project or team the use case belongs to. */
	readonly project: string | null;
	/** See {@link USE_CASE_STATUSES}. */
	readonly status: UseCaseStatus;
	/** Kinds of input and output, e.g. `text` -> `audio`. */
	readonly modality: { readonly input: string; readonly output: string };
	/** A built-in plugin id, or a user plugin (a `./` path in the benchmarks folder, or a package); null exactly when the status is `idea`. */
	readonly plugin: string | null;
	/** Glob of case files, relative to the benchmarks folder. */
	readonly cases: string | null;
	/** Folder of tasks, relative to the benchmarks folder. */
	readonly tasks: string | null;
	/** The runtime every task of the pack gets unless its task.yaml says otherwise, member by member; tasks only. */
	readonly runtime: TaskRuntime | null;
	/** Task use cases: floor tasks a model may miss and stay qualified in the gate model (default 1); never part of a cell key. */
	readonly floor_miss_tolerance: number;
	/** Registry ids to run as written; null means every active model. */
	readonly fleet: readonly string[] | null;
	/** Judge panel id; null means the default panel. */
	readonly judge_panel: string | null;
	/** Headline metric name; null lets the plugin choose. */
	readonly headline: string | null;
	/** "Good enough" margin below the best headline, between 0 and 1. */
	readonly band: number;
	/** Samples per cell at thorough depth. */
	readonly samples: number;
	/** Plugin grading settings, validated by the plugin. */
	readonly grading: JsonObject | null;
	/** The prompt of every case that gives only `vars` (and of every CSV row), with `{{var}}` placeholders; null when absent. */
	readonly prompt_template: string | null;
	/** The use case's own jury rubric (`plugin: jury`), validated by the plugin. */
	readonly rubric: JsonObject | null;
	/** See {@link DeployedIncumbent}. */
	readonly deployed: DeployedIncumbent | null;
	/** The decision shipping this would unblock (ideas). */
	readonly unlock: string | null;
	/** The bar that stops the capability today (ideas). */
	readonly ceiling: string | null;
	/** See {@link PairwiseJudges}; null when the use case names none (task use cases only). */
	readonly pairwise: PairwiseJudges | null;
}

const text = () => z.string().min(1);
const relativePath = (what: string) =>
	text().refine((value) => !value.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(value), {
		error: `${what} must be relative to the benchmarks folder, not absolute`,
		params: { fix: "write the path from the benchmarks folder, e.g. `packs/my-use-case/*.yaml`" },
	});

const deployedSchema = z
	.strictObject({
		model: text().describe("Registry id of the model running in production."),
		harness: text().default(DEFAULT_HARNESS).describe("Harness it runs in; defaults to `single-shot`."),
		source: text().optional().describe("Where the production configuration lives, for humans."),
	})
	.describe("The production incumbent: the model and harness to beat or offload from.");

const pairwiseSchema = z
	.strictObject({
		judge: text().describe("Registry id of the judge model of `touchstone judge`."),
		fallback: text().describe("Registry id of the judge for pairs containing a model of the judge's family."),
	})
	.refine((value) => value.judge !== value.fallback, {
		error: "the fallback judge must differ from the judge: it judges the pairs the judge may not",
		path: ["fallback"],
		params: { fix: "name another model, of another family, as `fallback`" },
	})
	.describe("The pairwise judge of a task use case (`touchstone judge`) and its fallback; task use cases only.");

/** One entry of `use_cases.yaml`; parses into a {@link UseCaseDefinition}. */
export const useCaseSchema = z
	.strictObject({
		id: z
			.string()
			.regex(USE_CASE_ID_PATTERN, { error: "an id made of lowercase letters, digits, - and _" })
			.describe("Use-case id, unique; lowercase letters, digits, - and _."),
		title: text().optional().describe("Short human title."),
		description: text().optional().describe("What the job is."),
		project: text().optional().describe("Project or team the use case belongs to."),
		status: z.enum(USE_CASE_STATUSES).describe("`idea` (unlock board, no harness yet) or `runnable` (has a plugin)."),
		modality: z
			.strictObject({
				input: text().describe("Input kind, e.g. text, audio, image, code."),
				output: text().describe("Output kind, e.g. text, audio, image, trajectory, code."),
			})
			.describe("Kinds of input and output."),
		plugin: text()
			.optional()
			.describe(
				"A built-in plugin id (`cases`, `jury`, `summarization`, `kids-qa`, `tasks`), or a plugin of your own: a module path inside the benchmarks folder (`./plugins/x.mjs`) or an installed package name (see docs/plugins.md). Runnable only.",
			),
		cases: relativePath("`cases`")
			.optional()
			.describe("Glob of case files relative to the benchmarks folder, e.g. `packs/summarization/*.yaml`."),
		tasks: relativePath("`tasks`").optional().describe("Folder of tasks relative to the benchmarks folder."),
		runtime: runtimeSchema
			.optional()
			.describe(
				"The runtime of every task of the pack (setup, mounts, env); a task's own `runtime:` wins member by member. Task use cases only.",
			),
		floor_miss_tolerance: z
			.int()
			.min(0)
			.optional()
			.describe(
				"Task use cases: how many floor (easy and standard) tasks a model may miss and stay qualified in the gate model; defaults to 1. Changing it re-ranks and re-runs nothing.",
			),
		fleet: z.array(text()).min(1).optional().describe("Registry ids to run; defaults to every active model."),
		judge_panel: text().optional().describe("Judge panel id from judge_panels.yaml; defaults to the default panel."),
		headline: text().optional().describe("Name of the headline metric."),
		band: z
			.number()
			.gt(0)
			.lt(1)
			.default(DEFAULT_BAND)
			.describe('"Good enough" margin below the best headline (0 < band < 1); defaults to 0.05.'),
		samples: z
			.int()
			.min(1)
			.max(COUNT_BOUNDS.samples)
			.default(DEFAULT_SAMPLES)
			.describe("Samples per cell at thorough depth; defaults to 2."),
		grading: z.record(z.string(), z.json()).optional().describe("Plugin grading settings, checked by the plugin."),
		prompt_template: text()
			.optional()
			.describe("The prompt of cases that give only `vars` (and of CSV rows), with `{{var}}` placeholders."),
		rubric: z
			.record(z.string(), z.json())
			.optional()
			.describe("The jury rubric of `plugin: jury` (instructions, fields, gates, threshold), checked by the plugin."),
		deployed: deployedSchema.optional(),
		unlock: text().optional().describe("The decision shipping this would unblock (required for ideas)."),
		ceiling: text().optional().describe("The bar that stops the capability today (required for ideas)."),
		pairwise: pairwiseSchema.optional(),
	})
	.superRefine(checkStatusFields, { when: (payload) => typeof payload.value === "object" && payload.value !== null })
	.transform(
		(useCase): UseCaseDefinition => ({
			id: useCase.id,
			title: useCase.title ?? null,
			description: useCase.description ?? null,
			project: useCase.project ?? null,
			status: useCase.status,
			modality: useCase.modality,
			plugin: useCase.plugin ?? null,
			cases: useCase.cases ?? null,
			tasks: useCase.tasks ?? null,
			runtime: useCase.runtime ?? null,
			floor_miss_tolerance: useCase.floor_miss_tolerance ?? DEFAULT_FLOOR_MISS_TOLERANCE,
			fleet: useCase.fleet ?? null,
			judge_panel: useCase.judge_panel ?? null,
			headline: useCase.headline ?? null,
			band: useCase.band,
			samples: useCase.samples,
			grading: useCase.grading ?? null,
			prompt_template: useCase.prompt_template ?? null,
			rubric: useCase.rubric ?? null,
			deployed:
				useCase.deployed === undefined
					? null
					: {
							model: useCase.deployed.model,
							harness: useCase.deployed.harness,
							source: useCase.deployed.source ?? null,
						},
			unlock: useCase.unlock ?? null,
			ceiling: useCase.ceiling ?? null,
			pairwise: useCase.pairwise ?? null,
		}),
	)
	.describe("One use case: a job a model does for the team.");

/** The whole `use_cases.yaml` file. */
export const useCasesFileSchema = z
	.strictObject({
		use_cases: z.array(useCaseSchema).describe("The use-case roster."),
	})
	.meta({
		title: "touchstone use_cases.yaml",
		description: "The use-case roster: runnable use cases with their plugin and incumbent, and idea stubs.",
	});

/** An `idea` needs `unlock` and `ceiling` and has no plugin yet; a `runnable` needs its plugin. */
function checkStatusFields(value: unknown, context: z.core.$RefinementCtx): void {
	const useCase = value as Record<string, unknown>;
	const issue = (key: string, message: string, fix: string) =>
		context.addIssue({ code: "custom", path: [key], message, params: { fix } });
	if (useCase.status === "runnable" && useCase.plugin === undefined)
		issue(
			"plugin",
			"missing `plugin`, required for a runnable use case",
			"add `plugin:` (e.g. `cases`), or set `status: idea`",
		);
	if (useCase.runtime !== undefined && useCase.tasks === undefined)
		issue(
			"runtime",
			"`runtime` applies to task use cases only (those with `tasks:`)",
			"remove `runtime`, or give the use case its task pack with `tasks: packs/<pack>`",
		);
	if (useCase.pairwise !== undefined && useCase.tasks === undefined)
		issue(
			"pairwise",
			"`pairwise` applies to task use cases only (those with `tasks:`): the judge compares their diffs",
			"remove `pairwise`, or give the use case its task pack with `tasks: packs/<pack>`",
		);
	if (useCase.floor_miss_tolerance !== undefined && useCase.tasks === undefined)
		issue(
			"floor_miss_tolerance",
			"`floor_miss_tolerance` applies to task use cases only (those with `tasks:`): it is the gate model's floor",
			"remove `floor_miss_tolerance`, or give the use case its task pack with `tasks: packs/<pack>`",
		);
	if (useCase.status === "idea") {
		if (useCase.plugin !== undefined)
			issue(
				"plugin",
				"an idea has no plugin yet",
				"remove `plugin`, or set `status: runnable` once it produces scores",
			);
		for (const key of ["unlock", "ceiling"])
			if (useCase[key] === undefined)
				issue(
					key,
					`missing \`${key}\`, required for an idea`,
					key === "unlock"
						? "add `unlock:` saying what shipping this would unblock"
						: "add `ceiling:` saying the bar that stops the capability today",
				);
	}
}
