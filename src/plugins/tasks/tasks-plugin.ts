import {
	type Grader,
	type LoadedTask,
	NotFoundError,
	type PluginContext,
	type Score,
	type UseCasePlugin,
} from "../../contract/index.js";
import { createTaskVerifier } from "../../graders/index.js";
import { normsScores } from "./norms-score.js";
import { taskCase } from "./task-cases.js";

/** The headline of a task use case: the verifier's own headline score, whatever its kind, under one name. */
export const TASK_SCORE_METRIC = "task_score";
/** Bumping it changes the cell keys of every task. */
export const TASKS_GRADER_VERSION = "1";

/** Loaded tasks by the plugin context that loaded them (the grader and the runner read them back). */
const loadedByContext = new WeakMap<PluginContext, Map<string, LoadedTask>>();

/**
 * The built-in `tasks` plugin: a use case with `tasks: DIR` runs the task pack in that folder.
 * Each task is a case over a sandboxed copy of its fixture, run by the agent harness (or a
 * reference policy), and graded by its own hidden verifier (see `createTaskVerifier`: gold
 * tests, a checks script, …). The headline `task_score` is the verifier's
 * score; its own metrics are kept beside it, and a passing agentic attempt also gets a `norms`
 * score (see normsScores), which never changes the task score or the pass.
 */
export const tasksPlugin: UseCasePlugin = {
	specificationVersion: "v1",
	id: "tasks",
	defaultHeadline: TASK_SCORE_METRIC,
	createCaseSource(context) {
		return {
			specificationVersion: "v1",
			id: "tasks",
			async loadCases({ signal }) {
				const access = requireTasks(context);
				const loaded = await access.load({ signal });
				loadedByContext.set(context, new Map(loaded.map((item) => [item.entry.task.id, item])));
				return loaded.map((item) => taskCase(item, context.use_case_id));
			},
		};
	},
	createGrader(context): Grader {
		const verifiers = new Map<string, Grader>();
		const verifierFor = (caseId: string): Grader => {
			let verifier = verifiers.get(caseId);
			if (verifier !== undefined) return verifier;
			const loaded = loadedByContext.get(context)?.get(caseId);
			if (loaded === undefined) throw new NotFoundError(`task ${caseId} was not loaded by this run`);
			const { entry } = loaded;
			const sandbox = requireTasks(context).sandbox;
			const options = {
				taskDir: entry.dir,
				sandbox: {
					backend: sandbox.backend,
					allowUnisolated: sandbox.allowUnisolated,
					mounts: loaded.runtime?.mounts ?? [],
					env: loaded.runtime?.env ?? {},
				},
				base: async () => (await loaded.base()).path,
			};
			verifier = createTaskVerifier(entry.task.verifier, options);
			verifiers.set(caseId, verifier);
			return verifier;
		};
		return {
			specificationVersion: "v1",
			id: "tasks",
			version: TASKS_GRADER_VERSION,
			// Each task's verifier settings and hidden files enter its own cell keys (the case reference).
			config: { verifiers: "per task" },
			headline: TASK_SCORE_METRIC,
			async grade(input, options): Promise<readonly Score[]> {
				const verifier = verifierFor(input.case.id);
				const scores = await verifier.grade(input, options);
				const own = scores.find((score) => score.metric === verifier.headline);
				const headed = own === undefined ? scores : [...scores, { ...own, metric: TASK_SCORE_METRIC }];
				// An extra score beside the verifier's: it never changes task_score or passed.
				const task = loadedByContext.get(context)?.get(input.case.id)?.entry.task;
				return task === undefined ? headed : [...headed, ...(await normsScores(task, input.attempt, headed, options))];
			},
		};
	},
	createRunner(context) {
		return requireTasks(context).createRunner((testCase) => {
			const loaded = loadedByContext.get(context)?.get(testCase.id);
			if (loaded === undefined) throw new NotFoundError(`task ${testCase.id} was not loaded by this run`);
			return loaded;
		});
	},
};

function requireTasks(context: PluginContext) {
	if (context.tasks === null)
		throw new NotFoundError(
			`use case ${context.use_case_id} uses the tasks plugin but names no task pack; add \`tasks: packs/<pack>\` to it in use_cases.yaml`,
		);
	return context.tasks;
}
