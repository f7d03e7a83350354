import type { Store } from "../store/index.js";
import { type DeploymentRecord, deploymentHistory } from "./deployment-history.js";

/** A use case as written in use_cases.yaml, as much of it as the roster shows. */
export interface RosterInput {
	readonly id: string;
	readonly title: string | null;
	readonly description: string | null;
	/** `idea` (on the unlock board, no harness yet) or `runnable`. */
	readonly status: "idea" | "runnable";
	readonly modality: { readonly input: string; readonly output: string };
	readonly plugin: string | null;
	/** The decision shipping this would unblock. */
	readonly unlock: string | null;
	/** The bar that stops the capability today. */
	readonly ceiling: string | null;
	readonly deployed: { readonly model: string; readonly harness: string } | null;
}

/** A roster line: the definition, and what the store holds for it. */
export interface RosterEntry extends RosterInput {
	/** The current frozen version, null when the use case never ran. */
	readonly benchmark_version: string | null;
	/** Every stored run of the use case, any version. */
	readonly runs: number;
	/** Distinct models among those runs. */
	readonly models_run: number;
	readonly last_run_at: string | null;
	/** What ran in production over time (the deployments ledger), oldest first, the incumbent last; [] when none was recorded. */
	readonly deployments: readonly DeploymentRecord[];
}

/**
 * The roster, ideas included (the unlock board): every defined use case with its run counts.
 * Use cases only the store knows (defined elsewhere, or since removed) are listed too, with
 * what the store holds, so no result is hidden.
 */
export function roster(store: Store, useCases: readonly RosterInput[]): RosterEntry[] {
	const counts = store.runCountsByUseCase();
	const defined = new Set(useCases.map((useCase) => useCase.id));
	const entries = useCases.map((useCase) => {
		const count = counts.get(useCase.id);
		return {
			// Only the roster's own fields: a whole use-case definition may carry many more.
			id: useCase.id,
			title: useCase.title,
			description: useCase.description,
			status: useCase.status,
			modality: { input: useCase.modality.input, output: useCase.modality.output },
			plugin: useCase.plugin,
			unlock: useCase.unlock,
			ceiling: useCase.ceiling,
			deployed: useCase.deployed && { model: useCase.deployed.model, harness: useCase.deployed.harness },
			benchmark_version: store.currentSpec(useCase.id)?.benchmark_version ?? null,
			runs: count?.runs ?? 0,
			models_run: count?.models ?? 0,
			last_run_at: count?.last_run_at ?? null,
			deployments: deploymentHistory(store, useCase.id),
		};
	});
	for (const [id, count] of counts) {
		if (defined.has(id)) continue;
		entries.push({
			id,
			title: null,
			description: "not in today's use_cases.yaml; its runs are kept in the store",
			status: "runnable",
			modality: { input: "unknown", output: "unknown" },
			plugin: null,
			unlock: null,
			ceiling: null,
			deployed: null,
			benchmark_version: store.currentSpec(id)?.benchmark_version ?? null,
			runs: count.runs,
			models_run: count.models,
			last_run_at: count.last_run_at,
			deployments: deploymentHistory(store, id),
		});
	}
	return entries;
}
