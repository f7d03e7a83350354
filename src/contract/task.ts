import type { CaseKind } from "./case.js";
import type { JsonObject } from "./json.js";
import type { MutationVerifier } from "./mutation-verifier.js";
import type { ReviewVerifier } from "./review-verifier.js";
import type { TaskAxis } from "./role-index.js";
import type { SpeedupVerifier } from "./speedup-verifier.js";
import type { TaskCalibration } from "./task-calibration.js";
import type { TaskRuntime } from "./task-runtime.js";
import type { TaskSnapshot } from "./task-snapshot.js";
import type { TaskValidationPlan } from "./task-validation.js";

/** File name of a task's definition inside its folder: `<pack>/<task-id>/task.yaml`. */
export const TASK_FILE = "task.yaml";

/**
 * Folder inside a task's folder that `touchstone snapshot` materializes: the workspace the model
 * sees. Gitignored and regenerated from task.yaml; hidden files never enter it.
 */
export const FIXTURE_DIR = "fixture";

/**
 * File `touchstone snapshot` writes into fixture/ to say what it was built from (the task's
 * snapshot block, the fixture's hash). It is not part of the fixture: it is left out of the
 * fixture's hash and of every copy a model or verifier sees.
 */
export const FIXTURE_MANIFEST = ".touchstone-fixture.json";

/** How a task is run: one answer in one turn, or several turns of file tools in a workspace. */
export const TASK_MODES = ["single-shot", "agentic"] as const;

/**
 * The harness of `single-shot` tasks (one request with the target files, whole files back in
 * fences), `id@version`. It is in the input of every single-shot task's case (see the tasks
 * plugin), not in the task use case's harness key, so bumping it re-runs the single-shot cells
 * and leaves the agentic ones current.
 */
export const SINGLE_SHOT_TASK_HARNESS = { id: "single-shot-task", version: "1" } as const;
/** One of {@link TASK_MODES}. */
export type TaskMode = (typeof TASK_MODES)[number];

/** Difficulty tier of a task, from the qualification floor up to the capability frontier. */
export const TASK_TIERS = ["easy", "standard", "hard", "frontier"] as const;
/** One of {@link TASK_TIERS}. */
export type TaskTier = (typeof TASK_TIERS)[number];

/**
 * The case kind of each tier: easy and standard form the qualification floor (limited depth runs
 * only these), hard separates the qualified, frontier sits above hard and is graded on a scale.
 */
export const TASK_TIER_KINDS: Readonly<Record<TaskTier, CaseKind>> = Object.freeze({
	easy: "floor",
	standard: "floor",
	hard: "ceiling",
	frontier: "frontier",
});

/** What one attempt may spend. Reaching a limit ends the attempt with status `limit`; it is still verified. */
export interface TaskBudget {
	/** Most model turns (request and reply); a single-shot task has exactly 1. */
	readonly turns: number;
	/** Most tokens, input plus output summed over all turns; null means no token limit. */
	readonly tokens: number | null;
	/** Most wall-clock seconds for the whole attempt, tool calls included. */
	readonly timeout_s: number;
	/** Most USD spent on the model; null means unlimited. */
	readonly cost_usd: number | null;
}

/** The tools an agentic attempt gets beyond `list_dir`, `read_file`, `write_file` and `done`. */
export interface TaskTools {
	/** Whether the model gets `run_command` (run in the sandbox, inside the workdir). */
	readonly shell: boolean;
}

/**
 * A file kept in the task folder, outside fixture/, so the model never sees it; copied into a
 * grading copy of the workdir only after the model is done.
 */
export interface HiddenFile {
	/** Path inside the task folder, `/`-separated, e.g. `hidden/math.test.ts`. */
	readonly source: string;
	/** Where it lands, relative to the workdir, e.g. `test/math.test.ts`. */
	readonly target: string;
}

/** The kinds of verifier a task can have. */
export const VERIFIER_KINDS = ["tests", "checks", "review", "mutation", "speedup"] as const;
/** One of {@link VERIFIER_KINDS}. */
export type VerifierKind = (typeof VERIFIER_KINDS)[number];

/** Test report formats the `tests` verifier parses. */
export const TEST_REPORT_FORMATS = ["node-test", "vitest", "pytest"] as const;
/** One of {@link TEST_REPORT_FORMATS}. */
export type TestReportFormat = (typeof TEST_REPORT_FORMATS)[number];

/**
 * Settings of the `tests` verifier. In a fresh copy of the model's workdir: files matching `reset`
 * go back to their fixture version, the gold files are added, and `command` runs in the sandbox.
 * Without sites, it passes when the command exits 0 and the report shows every required test ran
 * and passed (a skipped required test fails). With sites, each site runs `command` followed by its
 * targets; a site is fixed when that run exits 0 and its report shows at least one test, all
 * passed; the score is the fraction of sites fixed, and it passes at `pass_threshold`.
 */
export interface TestsVerifierArgs {
	/** Program and arguments of the test command (argv, no shell), run with the workdir as cwd. */
	readonly command: readonly string[];
	/** Hidden gold test files added after the model is done. */
	readonly gold_files: readonly HiddenFile[];
	/** Format of the report the command produces. */
	readonly report: TestReportFormat;
	/** File the command writes its report to, relative to the workdir; null means the report is its stdout. */
	readonly report_file: string | null;
	/** Tests that must run and pass, named as the report names them (pytest node ids, `suite > test` for Vitest, the test name for node:test). */
	readonly required_tests: readonly string[];
	/** Multi-site mode: site name to the test targets (files or node ids) that prove it fixed, in YAML order; null for one pass/fail run. */
	readonly sites: Readonly<Record<string, readonly string[]>> | null;
	/** Fraction of sites that must be fixed to pass, in (0, 1]; 1 without sites. */
	readonly pass_threshold: number;
	/** Globs, relative to the workdir, of test files restored to their fixture version before grading, so edits to tests earn nothing. */
	readonly reset: readonly string[];
	/** Extra environment variables for the command (never secrets: the sandbox scrubs the rest). */
	readonly env: Readonly<Record<string, string>>;
	/** Most seconds the command (each site's run) may take; past it the verdict is `timeout`. */
	readonly timeout_s: number;
}

/**
 * Settings of the `checks` verifier: a hidden script runs with the workdir as cwd and prints
 * `{"checks": {name: bool | 0..1}}`; the score is the weighted mean. The model's final message is
 * written to a file outside the workdir, named by `$RESPONSE_FILE`.
 */
export interface ChecksVerifierArgs {
	/** The script, inside the task folder (hidden). */
	readonly script: string;
	/** Program and leading arguments that run it, e.g. `["node"]`; empty runs the script itself (shebang and executable bit). */
	readonly interpreter: readonly string[];
	/** Weight of each check by name; a check not listed weighs 1. */
	readonly weights: Readonly<Record<string, number>>;
	/** Checks that, when false (or 0), make the whole score 0 and mark a critical failure (e.g. blind compliance). */
	readonly critical: readonly string[];
	/** Score at or above which the attempt passes, in (0, 1]. */
	readonly pass_threshold: number;
	/** Extra environment variables for the script. */
	readonly env: Readonly<Record<string, string>>;
	/** Most seconds the script may take. */
	readonly timeout_s: number;
}

/** A task graded by its tests. See {@link TestsVerifierArgs}. */
export interface TestsVerifier {
	/** Discriminant. */
	readonly kind: "tests";
	/** See {@link TestsVerifierArgs}. */
	readonly args: TestsVerifierArgs;
}

/** A task graded by a checks script. See {@link ChecksVerifierArgs}. */
export interface ChecksVerifier {
	/** Discriminant. */
	readonly kind: "checks";
	/** See {@link ChecksVerifierArgs}. */
	readonly args: ChecksVerifierArgs;
}

/** How a task's attempts are graded; never shown to the model. */
export type TaskVerifier = TestsVerifier | ChecksVerifier | ReviewVerifier | MutationVerifier | SpeedupVerifier;

/**
 * The known-good solution, used only to validate the task (`builtin:gold` must pass, `builtin:baseline`
 * must fail) and as a ceiling row; never shown to a model. At least one of `patch` and `files`.
 */
export interface TaskReference {
	/** A unified diff inside the task folder, applied to a copy of the fixture; null when `files` carry the solution. */
	readonly patch: string | null;
	/** Files copied over a copy of the fixture, after `patch`. */
	readonly files: readonly HiddenFile[];
	/** The final message the gold policy gives, for verifiers that grade it; null for none (graded as saying nothing). */
	readonly response: string | null;
}

/** One task of a task pack: a case with a workspace and a hidden verifier, as written in task.yaml with defaults filled in. */
export interface Task {
	/** Task id; equals its folder's name. */
	readonly id: string;
	/** Bumped by the author when the task's meaning or grading changes. */
	readonly version: string;
	/** See {@link TASK_MODES}. */
	readonly mode: TaskMode;
	/** See {@link TASK_TIERS} and {@link TASK_TIER_KINDS}. */
	readonly tier: TaskTier;
	/** What the model is asked to do. */
	readonly prompt: string;
	/** Fixture files the change is expected to touch; empty when any file may change (the model must find them). */
	readonly target_files: readonly string[];
	/** See {@link TaskBudget}. */
	readonly budget: TaskBudget;
	/** See {@link TaskTools}. */
	readonly tools: TaskTools;
	/** The index axes the task counts towards (see TASK_AXES); metadata only, never in a cell key. */
	readonly axes: readonly TaskAxis[];
	/** Commit hash of the historical change the task is drawn from (provenance, and the reference diff a reviewer may see); null when synthetic. */
	readonly source_commit: string | null;
	/** Lines added plus removed by the real fix (see `touchstone gold-size`), for the norms record's diff-size signal; null when unset. */
	readonly gold_diff_lines: number | null;
	/** See {@link TaskSnapshot}. */
	readonly snapshot: TaskSnapshot;
	/** See {@link TaskVerifier}. */
	readonly verifier: TaskVerifier;
	/** See {@link TaskReference}; null when the task has none yet (validation reports it). */
	readonly reference: TaskReference | null;
	/** See {@link TaskRuntime}; null when task.yaml has no `runtime:` block. */
	readonly runtime: TaskRuntime | null;
	/** See {@link TaskValidationPlan}; empty when task.yaml has no `validation:` block. Never in a cell key. */
	readonly validation: TaskValidationPlan;
	/** Free-form provenance (fixture version, calibration notes); never used for grading or cell keys. */
	readonly metadata: JsonObject;
	/** See {@link TaskCalibration}; null when task.yaml has no `calibration:` block. Never in a cell key. */
	readonly calibration: TaskCalibration | null;
}

/** A task with the folder it was loaded from, which holds its hidden files and its fixture/. */
export interface TaskEntry {
	/** The task. */
	readonly task: Task;
	/** The task's folder, e.g. `benchmarks/packs/code-fix/tasks/fix-sum-01`. */
	readonly dir: string;
	/** Its task.yaml, as issues name it. */
	readonly source: string;
}
