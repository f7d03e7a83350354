import {
	type Case,
	defineCase,
	type JsonObject,
	type LoadedTask,
	SINGLE_SHOT_TASK_HARNESS,
	TASK_TIER_KINDS,
} from "../../contract/index.js";

/**
 * A task as a case. The input holds what the model is given and what decides its result: the
 * prompt, mode, budget and tools, the fixture's content hash (so a changed fixture re-runs its
 * cells) and, for a task with a runtime, its key (setup, mounts and variables as written); the
 * reference holds the verifier's hash (settings and hidden files), never the
 * hidden files themselves. The tier maps to the case kind (easy and standard are the floor).
 */
export function taskCase(loaded: LoadedTask, useCaseId: string): Case {
	const { task } = loaded.entry;
	const threshold = task.verifier.args.pass_threshold;
	return defineCase({
		id: task.id,
		version: task.version,
		use_case_id: useCaseId,
		kind: TASK_TIER_KINDS[task.tier],
		input: {
			prompt: task.prompt,
			mode: task.mode,
			target_files: [...task.target_files],
			budget: { ...task.budget },
			tools: { ...task.tools },
			fixture_hash: loaded.fixture_hash,
			// Only when there is one, so the cells of tasks without a runtime keep their keys.
			...(loaded.runtime === null ? {} : { runtime: loaded.runtime.key }),
			// Single-shot tasks only: the harness that answers them, so a new one re-runs just them.
			...(task.mode === "single-shot"
				? { harness: `${SINGLE_SHOT_TASK_HARNESS.id}@${SINGLE_SHOT_TASK_HARNESS.version}` }
				: {}),
		},
		reference: {
			verifier: task.verifier.kind,
			verifier_hash: loaded.verifier_hash,
			// Norms (and gold_diff_lines) stay out: they never change the task score or passing, and a
			// norms record names its own version, so adding or revising norms re-runs no billed cell.
		},
		threshold,
		metadata: { tier: task.tier, axes: [...task.axes], ...(task.metadata as JsonObject) },
	});
}
