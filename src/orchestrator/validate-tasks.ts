import {
	type Case,
	defineCase,
	type LoadedTask,
	type ModelEntry,
	type PluginContext,
	type Score,
	type TaskPackAccess,
} from "../contract/index.js";
import type { RuntimeDeclaration } from "../definitions/index.js";
import { VerifierHarnessError } from "../graders/index.js";
import { tasksPlugin } from "../plugins/index.js";
import { createPolicyRunner, type Policy } from "../runners/index.js";
import { createTaskPackAccess } from "./task-pack.js";
import { policyTask } from "./task-runner.js";
import {
	outcomeOf,
	type PolicyOutcome,
	type PolicyRepeat,
	type ValidationVerdict,
	worstVerdict,
} from "./validation-outcome.js";
import {
	failed,
	messageOf,
	readVerdict,
	refuseUnknownRun,
	selectCases,
	type ValidationRun,
	validationRuns,
} from "./validation-runs.js";

/** How the task's runtime base was prepared before the policies ran; null for a task without a runtime. */
export interface RuntimeReport {
	/** Setup commands of the runtime. */
	readonly setup: number;
	/** Mounts of the runtime. */
	readonly mounts: number;
	/** Wall time spent preparing the base now (0 when it came from the cache). */
	readonly duration_ms: number;
	/** Whether it came from the cache. */
	readonly cached: boolean;
	/** Why it could not be prepared; null when it was. */
	readonly error: string | null;
}

/**
 * One task's verdict: baseline must fail, gold must pass with the top score, the control must get
 * the baseline's verdict and every variant its expected one, the same way every repeat.
 */
export interface TaskValidation {
	readonly task_id: string;
	readonly runtime: RuntimeReport | null;
	/** The worst verdict of its runs (see `VALIDATION_VERDICTS`); `setup-failure` also when its runtime's setup failed. */
	readonly verdict: ValidationVerdict;
	/** Why the verdict is not `ok`, each naming the run it is about. */
	readonly reasons: readonly string[];
	/** Null when it did not run (`--variant` named another run, or the runtime's setup failed). */
	readonly baseline: PolicyOutcome | null;
	readonly gold: PolicyOutcome | null;
	/** Null when the task has no control, or it did not run. */
	readonly control: PolicyOutcome | null;
	/** The variants that ran, in task.yaml order. */
	readonly variants: readonly PolicyOutcome[];
}

/** What to validate. */
export interface ValidateTasksRequest {
	readonly dir: string;
	/** Task ids; all when empty. */
	readonly ids: readonly string[];
	/** Times each run (policy or variant) runs each task (default 3). */
	readonly repeats: number;
	/** Runs only this one: a variant's id, or `baseline`, `gold` or `control`; all of them when null or absent. */
	readonly variant?: string | null;
	readonly sandbox: TaskPackAccess["sandbox"];
	readonly signal: AbortSignal;
	/** Where runtime bases are cached (beside the store's database). */
	readonly runtimeCacheDir: string;
	/** The use case's `runtime:`, when the tasks are validated as one use case runs them. */
	readonly useCaseRuntime?: RuntimeDeclaration | null;
	/** Where mounts' `${VAR}` references are read from. */
	readonly env?: Readonly<Record<string, string | undefined>>;
	/** Called as each task's verdict is known. */
	readonly onTask?: (validation: TaskValidation) => void;
}

/**
 * Runs each task's validation through the real workspace and verifier path: the built-in
 * reference policies `baseline` (changes nothing) must fail and `gold` (applies the reference)
 * must pass with the top score 1; the `validation.control` (a harmless change on top of the
 * baseline) must get the baseline's verdict, and each of `validation.variants` (alternative
 * solutions, applied like the reference) its expected one; each the same way in every repeat. A
 * task that fails this measures nothing: its verifier passes a do-nothing model, cannot be passed,
 * reacts to an unrelated change, accepts a wrong repair or rejects a right one, or is flaky. An
 * import, dependency or collection error (and a harness error of the verifier) is a
 * `setup-failure`, never a verdict; so is a runtime whose setup fails, and then nothing runs.
 */
export async function validateTasks(request: ValidateTasksRequest): Promise<TaskValidation[]> {
	const pack = createTaskPackAccess(
		request.dir,
		request.sandbox,
		() => {
			throw new Error("validation runs the reference policies only");
		},
		{
			useCaseRuntime: request.useCaseRuntime ?? null,
			runtimeCacheDir: request.runtimeCacheDir,
			env: request.env ?? {},
		},
	);
	// Loaded (and every fixture and verifier hashed) once: the plugin's cases and the policies share it.
	const tasks = await pack.load({ signal: request.signal });
	const loaded = new Map(tasks.map((task) => [task.entry.task.id, task]));
	const access: TaskPackAccess = { ...pack, load: async () => tasks };
	const context: PluginContext = {
		use_case_id: "validate-tasks",
		benchmarks_dir: request.dir,
		case_files: [],
		tasks_dir: request.dir,
		grading: {},
		prompt_template: null,
		rubric: null,
		jury: null,
		tasks: access,
	};
	const allCases = (await tasksPlugin.createCaseSource(context).loadCases({ signal: request.signal })).map((data) =>
		defineCase(data),
	);
	const cases = selectCases(request, allCases);
	const only = request.variant ?? null;
	if (only !== null) refuseUnknownRun(only, cases, loaded);
	const grader = tasksPlugin.createGrader(context);
	const attempt = async (testCase: Case, task: LoadedTask, run: ValidationRun): Promise<PolicyRepeat> => {
		const base = await policyTask(task);
		const runner = createPolicyRunner({
			sandbox: request.sandbox,
			resolveTask: () => (run.solution === null ? base : { ...base, reference: run.solution }),
		});
		const result = await runner.run(
			{ case: testCase, model: policyModel(run.policy), sample_index: 0, harness: {} },
			{ signal: request.signal },
		);
		try {
			if (result.status === "harness_error") return failed("error", result.error ?? "harness error");
			let scores: readonly Score[];
			try {
				scores = await grader.grade({ case: testCase, attempt: result }, { signal: request.signal });
			} catch (error) {
				// The verifier could not reach a verdict (a missing program, an unreadable report): set-up, not code.
				return failed(error instanceof VerifierHarnessError ? "setup_failure" : "error", messageOf(error));
			}
			return readVerdict(task.entry.task.verifier, testCase.threshold, scores);
		} finally {
			await result.workspace?.dispose().catch(() => {});
		}
	};
	const validations: TaskValidation[] = [];
	for (const testCase of cases) {
		const task = loaded.get(testCase.id) as LoadedTask;
		const runtime = await prepareBase(task);
		let validation: TaskValidation;
		if (runtime?.error != null) {
			validation = {
				task_id: testCase.id,
				runtime,
				verdict: "setup-failure",
				reasons: [`runtime setup: ${runtime.error}`],
				baseline: null,
				gold: null,
				control: null,
				variants: [],
			};
		} else {
			const outcomes: PolicyOutcome[] = [];
			for (const run of validationRuns(task.entry.task)) {
				if (only !== null && run.id !== only) continue;
				const baseline = outcomes.find((outcome) => outcome.kind === "baseline");
				// The control must get the baseline's verdict; "fail" is what the baseline must get.
				const expect =
					run.kind === "control" && baseline !== undefined && baseline.counts.passes === baseline.counts.runs
						? "pass"
						: run.expect;
				const repeats: PolicyRepeat[] = [];
				for (let repeat = 0; repeat < request.repeats; repeat++) repeats.push(await attempt(testCase, task, run));
				outcomes.push(outcomeOf({ id: run.id, kind: run.kind, expect, note: run.note }, repeats));
			}
			const byKind = (kind: PolicyOutcome["kind"]) => outcomes.find((outcome) => outcome.kind === kind) ?? null;
			validation = {
				task_id: testCase.id,
				runtime,
				verdict: worstVerdict(outcomes.map((outcome) => outcome.verdict)),
				reasons: outcomes.flatMap((outcome) => outcome.reasons),
				baseline: byKind("baseline"),
				gold: byKind("gold"),
				control: byKind("control"),
				variants: outcomes.filter((outcome) => outcome.kind === "variant"),
			};
		}
		request.onTask?.(validation);
		validations.push(validation);
	}
	return validations;
}

/** Prepares a task's base ahead of its policies, timing it; null for a task without a runtime. */
async function prepareBase(task: LoadedTask): Promise<RuntimeReport | null> {
	const started = performance.now();
	const report = (error: string | null, cached: boolean, duration_ms: number): RuntimeReport | null =>
		task.runtime === null && error === null
			? null
			: {
					setup: task.runtime?.setup.length ?? 0,
					mounts: task.runtime?.mounts.length ?? 0,
					duration_ms,
					cached,
					error,
				};
	try {
		const base = await task.base();
		return report(null, base.cached, base.duration_ms);
	} catch (error) {
		return report(
			error instanceof Error ? error.message : String(error),
			false,
			Math.round(performance.now() - started),
		);
	}
}

/** A registry entry for a reference policy, as `builtin/<policy>` in models.yaml would give. */
function policyModel(policy: Policy): ModelEntry {
	return {
		id: `builtin/${policy}`,
		provider: "builtin",
		model: policy,
		display_name: `builtin:${policy}`,
		role: "anchor",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: null,
		api_key_env: null,
		command: null,
		options: {},
	};
}
