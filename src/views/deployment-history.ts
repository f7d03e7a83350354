import type { Store } from "../store/index.js";

/** One row of a use case's deployment history: what ran in production from when. */
export interface DeploymentRecord {
	readonly model_id: string;
	readonly harness: string;
	/** Where the production configuration lives, as the `deployed` block said; null when not given. */
	readonly config_source: string | null;
	/** When a run first saw this deployment (UTC ISO-8601). */
	readonly deployed_at: string;
}

/**
 * What ran where, over time: the use case's `deployments` ledger, oldest first, the incumbent
 * last. A run appends a row each time the use case's `deployed` block changes (a change back is a
 * row too), so the history is as long as the changes, not the runs.
 */
export function deploymentHistory(store: Store, useCaseId: string): DeploymentRecord[] {
	return store.listDeployments(useCaseId).map((row) => ({
		model_id: row.model_id,
		harness: row.harness,
		config_source: row.config_source,
		deployed_at: row.deployed_at,
	}));
}

/** The incumbent's span in a deployment history: its latest row, the day it came, and what ran before it. */
export interface IncumbentSpan {
	readonly latest: DeploymentRecord;
	/** The UTC day the incumbent model × harness was first seen in this stretch (YYYY-MM-DD). */
	readonly since: string;
	/** The deployment before that stretch; null when it is the first. */
	readonly before: DeploymentRecord | null;
}

/**
 * Since when the incumbent has run, from the history: a change of `source` alone is a row of the
 * ledger but not a new model, so "since" is when the model × harness came. Null with no history.
 */
export function incumbentSpan(history: readonly DeploymentRecord[]): IncumbentSpan | null {
	const latest = history.at(-1);
	if (latest === undefined) return null;
	const same = (row: DeploymentRecord) => row.model_id === latest.model_id && row.harness === latest.harness;
	let first = history.length - 1;
	while (first > 0 && same(history[first - 1] as DeploymentRecord)) first -= 1;
	return {
		latest,
		since: (history[first] as DeploymentRecord).deployed_at.slice(0, 10),
		before: history[first - 1] ?? null,
	};
}
