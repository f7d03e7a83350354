import { ingestSourceOf, type StoreContext, utcNow, type WriteOptions } from "./context.js";

/** A model and harness put in production for a use case: the incumbent to beat or offload from. */
export interface DeploymentInput {
	/** The use case served. */
	readonly use_case_id: string;
	/** Registry id of the deployed model. */
	readonly model_id: string;
	/** Harness it is deployed with. */
	readonly harness: string;
	/** Where the deployment was read from (a config file, a flag), when known. */
	readonly config_source: string | null;
	/** When it went live (UTC ISO-8601). */
	readonly deployed_at: string;
}

/** A stored deployment. The one deployed last is the incumbent. */
export interface StoredDeployment extends DeploymentInput {
	/** Row id, increasing in write order. */
	readonly deployment_id: number;
	/** Source of a federated ingest, null for deployments recorded here. */
	readonly ingest_source: string | null;
	/** When the row was written (UTC ISO-8601). */
	readonly created_at: string;
}

/** Records a deployment. */
export function recordDeployment(
	context: StoreContext,
	input: DeploymentInput,
	options?: WriteOptions,
): StoredDeployment {
	const row = context.statements
		.get(
			`INSERT INTO deployments (use_case_id, model_id, harness, config_source, deployed_at, ingest_source, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
		)
		.get(
			input.use_case_id,
			input.model_id,
			input.harness,
			input.config_source,
			input.deployed_at,
			ingestSourceOf(options),
			utcNow(),
		);
	return row as StoredDeployment;
}

/** Deployments of a use case, in order of `deployed_at` (the last is the incumbent). */
export function listDeployments(context: StoreContext, useCaseId: string): StoredDeployment[] {
	return context.statements
		.get("SELECT * FROM deployments WHERE use_case_id = ? ORDER BY deployed_at, deployment_id")
		.all(useCaseId) as StoredDeployment[];
}
