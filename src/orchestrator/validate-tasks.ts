import {
	BadInputError,
	type Case,
	defineCase,
	type JsonObject,
	type LoadedTask,
	type ModelEntry,
	type PluginContext,
	type Score,
	type TaskPackAccess,
} from "../contract/index.js";
import type { RuntimeDeclaration } from "../definitions/index.js";
import { TASK_SCORE_METRIC, tasksPlugin } from "../plugins/index.js";
import { createPolicyRunner, type Policy } from "../runners/index.js";
import { createTaskPackAccess } from "./task-pack.js";
import { policyTask } from "./task-runner.js";

/** What one repeat of one policy came to: its score and the verifier's account of it. */
export interface PolicyRepeat {
	/** The task score; null for an error. */
	readonly score: number | null;
	/** Why: the verifier's reasoning (which required tests failed or were missing), or the error. */
	readonly why: string;
	/** Tests per outcome in the verifier's report (`passed`, `failed`, `skipped`, `todo`); null for a checks verifier or an error. */
	readonly counts: Readonly<Record<string, number>> | null;
}

/** What one policy did on one task over the repeats. */
export interface PolicyOutcome {
	/** Whether each repeat passed (the task score reached the task's threshold); null for an error. */
	readonly passed: readonly (boolean | null)[];
	/** The task score of each repeat; null for an error. */
	readonly scores: readonly (number | null)[];
	/** What went wrong in the repeats that could not be graded (a harness or verifier error). */
	readonly errors: readonly string[];
	/** Each repeat, with the verifier's reasons. */
	readonly repeats: readonly PolicyRepeat[];
}

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

/** One task's verdict: baseline must fail and gold must pass, the same way every time. */
export interface TaskValidation {
	readonly task_id: string;
	readonly runtime: RuntimeReport | null;
	readonly baseline: PolicyOutcome;
	readonly gold: PolicyOutcome;
	/** `ok`, `broken` (baseline passes or gold fails), `flaky` (verdicts differ across repeats) or `error`. */
	readonly verdict: "ok" | "broken" | "flaky" | "error";
	/** Why the verdict is not `ok`. */
	readonly reasons: readonly string[];
}

/** What to validate. */
export interface ValidateTasksRequest {
	readonly dir: string;
	/** Task ids; all when empty. */
	readonly ids: readonly string[];
	/** Times each policy runs each task (default 3). */
	readonly repeats: number;
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

const EMPTY: PolicyOutcome = { passed: [], scores: [], errors: [], repeats: [] };

/**
 * Runs the two built-in reference policies through the real workspace and verifier path:
 * `baseline` (changes nothing) must fail and `gold` (applies the reference solution) must pass,
 * with the same verdict in every repeat. A task that fails this measures nothing: its verifier
 * passes a do-nothing model, or cannot be passed at all, or is flaky. A task whose runtime's setup
 * fails is an `error` with the setup's message, and its policies do not run.
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
	const unknown = request.ids.filter((id) => !allCases.some((item) => item.id === id));
	if (unknown.length > 0)
		throw new BadInputError(
			"validate-tasks names tasks the pack does not have.",
			unknown.map((id) => ({
				source: request.dir,
				line: null,
				column: null,
				path: id,
				message: `no task \`${id}\` in ${request.dir}`,
				fix: `name tasks of the pack: ${allCases.map((item) => item.id).join(", ")}`,
			})),
		);
	const cases = request.ids.length === 0 ? allCases : allCases.filter((item) => request.ids.includes(item.id));
	const grader = tasksPlugin.createGrader(context);
	const runner = createPolicyRunner({
		sandbox: request.sandbox,
		resolveTask: (testCase) => policyTask(loaded.get(testCase.id) as LoadedTask),
	});
	const attempt = async (testCase: Case, policy: Policy): Promise<PolicyRepeat> => {
		const result = await runner.run(
			{ case: testCase, model: policyModel(policy), sample_index: 0, harness: {} },
			{ signal: request.signal },
		);
		try {
			if (result.status === "harness_error") return { score: null, why: result.error ?? "harness error", counts: null };
			let scores: readonly Score[];
			try {
				scores = await grader.grade({ case: testCase, attempt: result }, { signal: request.signal });
			} catch (error) {
				return { score: null, why: error instanceof Error ? error.message : String(error), counts: null };
			}
			const score = scores.find((item) => item.metric === TASK_SCORE_METRIC) ?? null;
			return { score: score?.value ?? null, why: score?.reasoning ?? "no task score", counts: countsOf(score) };
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
				baseline: EMPTY,
				gold: EMPTY,
				verdict: "error",
				reasons: [`runtime setup: ${runtime.error}`],
			};
		} else {
			const outcome = async (policy: Policy): Promise<PolicyOutcome> => {
				const repeats: PolicyRepeat[] = [];
				for (let repeat = 0; repeat < request.repeats; repeat++) repeats.push(await attempt(testCase, policy));
				return {
					passed: repeats.map((run) => (run.score === null ? null : run.score >= testCase.threshold)),
					scores: repeats.map((run) => run.score),
					errors: repeats.flatMap((run) => (run.score === null ? [run.why] : [])),
					repeats,
				};
			};
			const baseline = await outcome("baseline");
			const gold = await outcome("gold");
			validation = { task_id: testCase.id, runtime, baseline, gold, ...verdictOf(baseline, gold) };
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

/** The per-outcome test counts a tests verifier keeps in its score's extras. */
function countsOf(score: Score | null): Readonly<Record<string, number>> | null {
	const counts = (score?.extras as JsonObject | null | undefined)?.counts;
	if (counts === null || typeof counts !== "object" || Array.isArray(counts)) return null;
	return Object.fromEntries(
		Object.entries(counts).filter((entry): entry is [string, number] => typeof entry[1] === "number"),
	);
}

function verdictOf(baseline: PolicyOutcome, gold: PolicyOutcome): Pick<TaskValidation, "verdict" | "reasons"> {
	const reasons: string[] = [];
	for (const [name, outcome] of [
		["baseline", baseline],
		["gold", gold],
	] as const)
		for (const error of new Set(outcome.errors)) reasons.push(`${name}: ${error}`);
	if (reasons.length > 0) return { verdict: "error", reasons };
	const same = (outcome: PolicyOutcome) => outcome.passed.every((passed) => passed === outcome.passed[0]);
	if (!same(baseline)) reasons.push(`baseline passed ${count(baseline)} of ${baseline.passed.length} repeats`);
	if (!same(gold)) reasons.push(`gold passed ${count(gold)} of ${gold.passed.length} repeats`);
	if (reasons.length > 0) return { verdict: "flaky", reasons };
	if (baseline.passed[0] === true)
		reasons.push("baseline (no change) passes: the verifier does not detect the problem");
	if (gold.passed[0] === false) reasons.push("gold (the reference solution) fails: the task cannot be passed");
	return reasons.length > 0 ? { verdict: "broken", reasons } : { verdict: "ok", reasons };
}

function count(outcome: PolicyOutcome): number {
	return outcome.passed.filter((passed) => passed === true).length;
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
