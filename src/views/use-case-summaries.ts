import type { SpecDocument } from "../contract/index.js";
import type { Store } from "../store/index.js";
import { storedSources } from "./row-origin.js";

/** A use case that has a frozen spec: what it measures and how much is stored for it. */
export interface UseCaseSummary {
	readonly use_case_id: string;
	/** The current frozen version. */
	readonly benchmark_version: string;
	readonly headline_metric: string;
	readonly methodology: string;
	/** Cases in the current spec. */
	readonly cases: number;
	/** Every stored run, any version. */
	readonly runs: number;
	/** Distinct models among them. */
	readonly models: number;
	readonly last_run_at: string | null;
	/** Frozen versions of this use case. */
	readonly versions: number;
	/** Where the current spec's definitions live (`SOURCE@<version>` for an ingest, `format:file@sha` for an import); null for this store's own. */
	readonly home_repo: string | null;
	/** The source that wrote the current spec snapshot (an ingest or an import); null when this store froze it. */
	readonly ingest_source: string | null;
	/** Sources of its stored runs and aggregate rows, sorted; [] when this store recorded everything. */
	readonly sources: readonly string[];
	/** Of its runs, those this store recorded itself. */
	readonly native_runs: number;
	/** Model × harness known here only from another store's summary (aggregate rows, any version). */
	readonly aggregate_models: number;
}

/** Every use case with a spec snapshot, current version first, by id. */
export function useCaseSummaries(store: Store): UseCaseSummary[] {
	const counts = store.runCountsByUseCase();
	const aggregates = store.aggregateCountsByUseCase();
	const byUseCase = store.specVersionCounts();
	return [...byUseCase.keys()].sort().flatMap((id) => {
		const spec = store.currentSpec(id);
		if (spec === null) return [];
		const document = spec.spec as unknown as SpecDocument;
		const count = counts.get(id);
		const aggregate = aggregates.get(id);
		return [
			{
				use_case_id: id,
				benchmark_version: spec.benchmark_version,
				headline_metric: document.headline,
				methodology: spec.methodology,
				cases: document.cases.length,
				runs: count?.runs ?? 0,
				models: count?.models ?? 0,
				last_run_at: count?.last_run_at ?? null,
				versions: byUseCase.get(id) ?? 0,
				home_repo: spec.home_repo,
				ingest_source: spec.ingest_source,
				sources: storedSources(count, aggregate),
				native_runs: count?.native_runs ?? 0,
				aggregate_models: aggregate?.models ?? 0,
			},
		];
	});
}
