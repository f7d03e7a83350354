import type { Store } from "../store/index.js";
import { type DeploymentRecord, deploymentHistory } from "./deployment-history.js";
import { storedSources } from "./row-origin.js";

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
	/** Where the current spec's definitions live (`SOURCE@<version>` for an ingest, `format:file@sha` for an import); null for this store's own or none. */
	readonly home_repo: string | null;
	/** The source that wrote the current spec snapshot (an ingest or an import); null when this store froze it, or there is none. */
	readonly ingest_source: string | null;
	/** Sources of its stored runs and aggregate rows, sorted; [] when this store recorded everything (or nothing). */
	readonly sources: readonly string[];
	/** Of its runs, those this store recorded itself. */
	readonly native_runs: number;
	/**
	 * Model × harness known here only from another store's summary (aggregate rows of a federated
	 * ingest, any version): a use case with no run here may still have a leaderboard of them.
	 */
	readonly aggregate_models: number;
}

/** What the store holds of a use case, for its roster line; everything empty for one that never ran. */
export type StoredFigures = Omit<RosterEntry, keyof RosterInput>;

/** The stored part of a roster line of a use case the store has nothing of. */
export const NOTHING_STORED: StoredFigures = {
	benchmark_version: null,
	runs: 0,
	models_run: 0,
	last_run_at: null,
	deployments: [],
	home_repo: null,
	ingest_source: null,
	sources: [],
	native_runs: 0,
	aggregate_models: 0,
};

/**
 * The roster, ideas included (the unlock board): every defined use case with its run counts and
 * where its results came from. Use cases only the store knows (defined elsewhere, since removed,
 * or ingested from another store, even as aggregate rows alone) are listed too, with what the
 * store holds, so no result is hidden.
 */
export function roster(store: Store, useCases: readonly RosterInput[]): RosterEntry[] {
	const counts = store.runCountsByUseCase();
	const aggregates = store.aggregateCountsByUseCase();
	const stored = (id: string): StoredFigures => {
		const count = counts.get(id);
		const aggregate = aggregates.get(id);
		const spec = store.currentSpec(id);
		return {
			benchmark_version: spec?.benchmark_version ?? null,
			runs: count?.runs ?? 0,
			models_run: count?.models ?? 0,
			last_run_at: count?.last_run_at ?? null,
			deployments: deploymentHistory(store, id),
			home_repo: spec?.home_repo ?? null,
			ingest_source: spec?.ingest_source ?? null,
			sources: storedSources(count, aggregate),
			native_runs: count?.native_runs ?? 0,
			aggregate_models: aggregate?.models ?? 0,
		};
	};
	const defined = new Set(useCases.map((useCase) => useCase.id));
	const entries = useCases.map(
		(useCase): RosterEntry => ({
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
			...stored(useCase.id),
		}),
	);
	const storedOnly = [...new Set([...counts.keys(), ...aggregates.keys()])].filter((id) => !defined.has(id)).sort();
	for (const id of storedOnly) {
		const summaries = aggregates.get(id);
		entries.push({
			id,
			title: null,
			description:
				counts.has(id) || summaries === undefined
					? "not in today's use_cases.yaml; its runs are kept in the store"
					: `not in today's use_cases.yaml; known here only from summaries (aggregate rows from ${summaries.sources.join(", ")})`,
			status: "runnable",
			modality: { input: "unknown", output: "unknown" },
			plugin: null,
			unlock: null,
			ceiling: null,
			deployed: null,
			...stored(id),
		});
	}
	return entries;
}
