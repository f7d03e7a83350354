import {
	BadInputError,
	type Case,
	defineCase,
	type LoadedTask,
	type ModelEntry,
	type PluginContext,
	type Score,
	type TaskPackAccess,
} from "../contract/index.js";
import { TASK_SCORE_METRIC, tasksPlugin } from "../plugins/index.js";
import { createPolicyRunner, type Policy } from "../runners/index.js";
import { createTaskPackAccess } from "./task-pack.js";

/** What one policy did on one task over the repeats. */
export interface PolicyOutcome {
	/** Whether each repeat passed (the task score reached the task's threshold); null for an error. */
	readonly passed: readonly (boolean | null)[];
	/** The task score of each repeat; null for an error. */
	readonly scores: readonly (number | null)[];
	/** What went wrong in the repeats that could not be graded (a harness or verifier error). */
	readonly errors: readonly string[];
}

/** One task's verdict: baseline must fail and gold must pass, the same way every time. */
export interface TaskValidation {
	readonly task_id: string;
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
	/** Called as each task's verdict is known. */
	readonly onTask?: (validation: TaskValidation) => void;
}

/**
 * Runs the two built-in reference policies through the real workspace and verifier path:
 * `baseline` (changes nothing) must fail and `gold` (applies the reference solution) must pass,
 * with the same verdict in every repeat. A task that fails this measures nothing: its verifier
 * passes a do-nothing model, or cannot be passed at all, or is flaky.
 */
export async function validateTasks(request: ValidateTasksRequest): Promise<TaskValidation[]> {
	const pack = createTaskPackAccess(request.dir, request.sandbox, () => {
		throw new Error("validation runs the reference policies only");
	});
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
		resolveTask: (testCase) => {
			const task = loaded.get(testCase.id) as LoadedTask;
			return { fixtureDir: task.fixture_dir, taskDir: task.entry.dir, reference: task.entry.task.reference };
		},
	});
	const attempt = async (testCase: Case, policy: Policy): Promise<{ score: number | null; error: string | null }> => {
		const result = await runner.run(
			{ case: testCase, model: policyModel(policy), sample_index: 0, harness: {} },
			{ signal: request.signal },
		);
		try {
			if (result.status === "harness_error") return { score: null, error: result.error };
			let scores: readonly Score[];
			try {
				scores = await grader.grade({ case: testCase, attempt: result }, { signal: request.signal });
			} catch (error) {
				return { score: null, error: error instanceof Error ? error.message : String(error) };
			}
			return { score: scores.find((score) => score.metric === TASK_SCORE_METRIC)?.value ?? null, error: null };
		} finally {
			await result.workspace?.dispose().catch(() => {});
		}
	};
	const validations: TaskValidation[] = [];
	for (const testCase of cases) {
		const outcome = async (policy: Policy): Promise<PolicyOutcome> => {
			const runs = [];
			for (let repeat = 0; repeat < request.repeats; repeat++) runs.push(await attempt(testCase, policy));
			return {
				passed: runs.map((run) => (run.score === null ? null : run.score >= testCase.threshold)),
				scores: runs.map((run) => run.score),
				errors: runs.flatMap((run) => (run.error === null ? [] : [run.error])),
			};
		};
		const baseline = await outcome("baseline");
		const gold = await outcome("gold");
		const validation = { task_id: testCase.id, baseline, gold, ...verdictOf(baseline, gold) };
		request.onTask?.(validation);
		validations.push(validation);
	}
	return validations;
}

function verdictOf(baseline: PolicyOutcome, gold: PolicyOutcome): Pick<TaskValidation, "verdict" | "reasons"> {
	const reasons: string[] = [];
	for (const [name, outcome] of [
		["baseline", baseline],
		["gold", gold],
	] as const)
		for (const error of outcome.errors) reasons.push(`${name}: ${error}`);
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
