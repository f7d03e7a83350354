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
