import type { CaseSource } from "./case-source.js";
import type { Grader } from "./grader.js";
import type { JsonObject } from "./json.js";
import type { ModelEntry } from "./model.js";
import type { Provider } from "./provider.js";
import type { Runner } from "./runner.js";
import type { TaskPackAccess } from "./task-pack-access.js";

/** What a plugin is told about the use case it serves, resolved by the host from use_cases.yaml. */
export interface PluginContext {
	/** The use case's id. */
	readonly use_case_id: string;
	/** Absolute path of the benchmarks/ folder the use case was loaded from. */
	readonly benchmarks_dir: string;
	/** Absolute paths of the files the use case's `cases:` glob matched, sorted. */
	readonly case_files: readonly string[];
	/** Absolute path of the use case's `tasks:` folder, or null. */
	readonly tasks_dir: string | null;
	/** The use case's `prompt_template:` (`{{var}}` placeholders), rendered with each case's vars; null when absent. */
	readonly prompt_template: string | null;
	/** The use case's `grading:` block, unvalidated: the plugin validates it. */
	readonly grading: JsonObject;
	/** The use case's `rubric:` block, unvalidated (the `jury` plugin validates it); null when absent. */
	readonly rubric: JsonObject | null;
	/** The use case's pinned judge panel, ready to call; null when the registry gives it no juror. */
	readonly jury: JuryPanel | null;
	/**
	 * The use case's pinned judge panel resolved on the first call (then remembered), for a plugin
	 * whose need of a jury depends on what it loads (the `cases` plugin's `rubric:` checks); null
	 * when no panel with a juror is resolvable. `jury` is resolved up front only for a plugin with
	 * `usesJury`, and required then; this one is resolved only when asked, so a use case that never
	 * asks needs no panel. The host records the panel's version in the spec when it was asked for
	 * while the grader was created or the cases loaded. Absent where the host offers no jury.
	 */
	readonly juryPanel?: () => JuryPanel | null;
	/** For a use case with `tasks:`, the host's access to its task pack; null otherwise. */
	readonly tasks: TaskPackAccess | null;
	/**
	 * The host's provider of a model (its retries, rate limits and secrets, shared with the built-in
	 * runners), for a plugin's own runner; set by `run`, absent where no model is called (validate).
	 * A user plugin never sees it: its runner gets `input.model`'s provider, metered, in `run()`'s
	 * options (docs/plugins.md).
	 */
	readonly providerFor?: (model: ModelEntry) => Provider;
}

/** One juror of a pinned panel: its registry entry and a provider (retries and limits included). */
export interface Juror {
	/** The juror's registry entry. */
	readonly model: ModelEntry;
	/** How to call it. */
	readonly provider: Provider;
}

/** A pinned judge panel, resolved against the registry for a jury-graded plugin. */
export interface JuryPanel {
	/** Panel id from judge_panels.yaml. */
	readonly id: string;
	/** Pinned version, stamped on every jury score (`judge_panel_version`). */
	readonly version: string;
	/** Valid votes needed for a grade; fewer is a grader error on the cell, never a score. */
	readonly quorum: number;
	/** The jurors, in panel order. */
	readonly jurors: readonly Juror[];
	/**
	 * When true, a juror does not judge a candidate of its own family (see `selfPreference`): the
	 * grader asks the other jurors only. Absent or false: every juror judges every candidate.
	 */
	readonly exclude_own_family?: boolean;
}

/**
 * A use case's behaviour: where its cases come from and how they are graded, optionally with its
 * own runner. The spine, store and views need no change to add one.
 */
export interface UseCasePlugin {
	/** Contract version this plugin implements. */
	readonly specificationVersion: "v1";
	/** The id use_cases.yaml names in `plugin:`; a user plugin's own name, shown in its errors. */
	readonly id: string;
	/**
	 * The plugin's own version. Required of a user plugin (see docs/plugins.md): it enters the cell
	 * key with the module's hash, so bumping it re-runs the plugin's cells. Built-ins leave it out:
	 * their graders' versions say the same.
	 */
	readonly version?: string;
	/** A user plugin's bound on one `grade()` call, in ms (default 30,000); past it the cell gets a grader error. */
	readonly gradeTimeoutMs?: number;
	/** A user plugin's bound on one `run()` of its runner, in ms (default 600,000); past it the cell is a harness error. */
	readonly runTimeoutMs?: number;
	/** A user plugin's bound on `loadCases()`, in ms (default 60,000); past it validate and run report a load error. */
	readonly loadCasesTimeoutMs?: number;
	/** The headline metric when the use case names none. */
	readonly defaultHeadline: string;
	/** True when the grader calls the judge panel, whose version then enters the spec. */
	readonly usesJury?: boolean;
	/** Creates the case source. Throws BadInputError for a bad configuration. */
	createCaseSource(context: PluginContext): CaseSource;
	/** Creates the grader. Throws BadInputError for a bad `grading:` block, naming its fields. */
	createGrader(context: PluginContext): Grader;
	/** Creates a runner of the plugin's own, when the shared runners do not fit. */
	createRunner?(context: PluginContext): Runner;
}
