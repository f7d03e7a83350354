import type { Task, TaskSnapshot } from "../../contract/index.js";

/* Helpers for this folder's tests. */

/** A task whose snapshot is `snapshot` over an empty one (no commit, no files), with a checks verifier. */
export function snapshotTask(id: string, snapshot: Partial<TaskSnapshot>): Task {
	return {
		id,
		version: "1",
		mode: "agentic",
		tier: "standard",
		prompt: "Fix add().",
		target_files: [],
		budget: { turns: 10, tokens: null, timeout_s: 60, cost_usd: null },
		tools: { shell: false },
		axes: [],
		source_commit: null,
		gold_diff_lines: null,
		snapshot: {
			commit: null,
			paths: [],
			strip: null,
			overlays: [],
			excludes: [],
			files: {},
			patches: [],
			review_diff: null,
			...snapshot,
		},
		verifier: {
			kind: "checks",
			args: {
				script: "check.js",
				interpreter: ["node"],
				weights: {},
				critical: [],
				pass_threshold: 1,
				env: {},
				timeout_s: 10,
			},
		},
		reference: null,
		runtime: null,
		validation: { variants: [], control: null },
		metadata: {},
		calibration: null,
	};
}
