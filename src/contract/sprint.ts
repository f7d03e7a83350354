import type { TestReportFormat } from "./task.js";

/**
 * A sprint benchmark (seed 002): one groomed multi-milestone plan, frozen at a baseline commit of
 * a real repository, that every model carries through under the same rules. Its registry entry is
 * `benchmarks/sprints/<id>/sprint.yaml`; every path, command, weight and threshold the runner and
 * the scorer use comes from here, so a differently built repository is an entry, not a code change.
 */

/** The registry file of a sprint, inside its folder. */
export const SPRINT_FILE = "sprint.yaml";

/**
 * How a milestone is driven inside the worker's session, a harness variable of its own: the
 * briefing as a plain prompt (`direct`), one task list worked in a warm context (`loop`), or the
 * milestone cut into chunks for fresh workers with a validator (`orchestrate`).
 */
export const ORCHESTRATION_MODES = ["direct", "loop", "orchestrate"] as const;
export type OrchestrationMode = (typeof ORCHESTRATION_MODES)[number];

/** The scoring layers a sprint row folds together (seed 002's bench-score subcommands). */
export const SPRINT_LAYERS = ["gates", "corpus", "mutations", "process", "cost", "review"] as const;
export type SprintLayer = (typeof SPRINT_LAYERS)[number];

/** Program and arguments, run without a shell. */
export type Argv = readonly string[];

/** One milestone of the plan: a `## M01 …` section of the plan file, or an entry of `milestones:`. */
export interface SprintMilestone {
	/** `M01`, `M02`, …: the label of its ndjson segment and of `fail@Mnn`. */
	readonly id: string;
	readonly title: string;
	/** The section's text, the briefing's plan part (without its heading). */
	readonly body: string;
}

/** A sprint's registry entry, checked and with its milestones read from the plan. */
export interface SprintDefinition {
	/** The folder name under `sprints/`, unique. */
	readonly id: string;
	readonly title: string | null;
	/** The sprint's folder (guide, etalon and mutations are resolved inside it). */
	readonly dir: string;
	/** The repository cloned per run, and the commit every branch is cut from (plan present, CI green). */
	readonly source: { readonly repo: string; readonly baseline: string };
	/** The plan file inside the repository at the baseline (null when the milestones are listed here). */
	readonly plan_path: string | null;
	/** Listed in sprint.yaml; null when they are read from `plan_path` in the run's clone at the baseline. */
	readonly milestones: readonly SprintMilestone[] | null;
	/** The runbook: the autonomy rules every briefing carries. */
	readonly guide_path: string;
	/** Naming schemes: `{sprint}`, `{model_slug}` and `{orchestration}` are replaced. */
	readonly workspace: string;
	readonly branch: string;
	/** Globs (relative to the repository root) a change may touch; anything else fails the milestone. */
	readonly scope: readonly string[];
	readonly commands: {
		readonly setup: readonly Argv[];
		readonly ci: Argv;
		readonly test: Argv;
		readonly lint: Argv | null;
		/** Format of the test command's per-test report, and its file (stdout when null). */
		readonly test_report: TestReportFormat;
		readonly test_report_file: string | null;
	};
	/** Globs of the test corpus: the files the corpus and mutation layers take from the branch. */
	readonly tests: readonly string[];
	/** Test files the plan says to delete (the gates layer checks they are gone). */
	readonly superseded: readonly string[];
	/** The frozen reference corpus (a folder inside the sprint's folder). */
	readonly etalon_path: string;
	/** The frozen mutation patches (`*.patch`), sorted by name. */
	readonly mutation_patches: readonly string[];
	/** Each layer's weight in the folded score, and the thresholds the layers judge by, as data. */
	readonly scoring: {
		readonly weights: Readonly<Partial<Record<SprintLayer, number>>>;
		/** Weights of the corpus layer's parts (valid on the etalon, behaviours covered, changed lines covered). */
		readonly corpus: { readonly valid: number; readonly behaviours: number; readonly lines: number };
		readonly thresholds: Readonly<Record<string, number>>;
	};
	/** The reviewer panel (judge_panels.yaml); null when no review layer is run. */
	readonly reviewers: string | null;
	/** Failed attempts a milestone may spend before the run ends as `fail@Mnn` (default 2). */
	readonly attempts: number;
	/** The orchestration mode a run uses unless told otherwise (default `direct`). */
	readonly orchestration: OrchestrationMode;
	readonly budget: {
		readonly turns_per_milestone: number | null;
		readonly tokens: number | null;
		readonly cost_usd: number | null;
		readonly wall_clock_s: number | null;
	};
}
