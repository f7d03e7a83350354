import type { DeployedIncumbent } from "../definitions/index.js";
import type { Store, StoredDeployment } from "../store/index.js";

/**
 * Appends the use case's `deployed` block to the store's `deployments` ledger when it differs
 * from the latest recorded one (model, harness or source), so the ledger is the history of what
 * ran in production over time: a change is a row, a change back is another, an unchanged block
 * is none. A use case without a `deployed` block records nothing (the ledger has no "none" row).
 * `deployed_at` is when a run first saw the block. Returns the new row, or null when none was written.
 */
export function recordDeploymentChange(
	store: Store,
	useCaseId: string,
	deployed: DeployedIncumbent | null,
	now: string = new Date().toISOString(),
): StoredDeployment | null {
	if (deployed === null) return null;
	const latest = store.listDeployments(useCaseId).at(-1);
	if (
		latest !== undefined &&
		latest.model_id === deployed.model &&
		latest.harness === deployed.harness &&
		latest.config_source === deployed.source
	)
		return null;
	return store.recordDeployment({
		use_case_id: useCaseId,
		model_id: deployed.model,
		harness: deployed.harness,
		config_source: deployed.source,
		deployed_at: now,
	});
}
