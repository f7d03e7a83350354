import type { SpecDocument } from "../contract/index.js";
import type { Store } from "../store/index.js";

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
}

/** Every use case with a spec snapshot, current version first, by id. */
export function useCaseSummaries(store: Store): UseCaseSummary[] {
	const counts = store.runCountsByUseCase();
	const byUseCase = store.specVersionCounts();
	return [...byUseCase.keys()].sort().flatMap((id) => {
		const spec = store.currentSpec(id);
		if (spec === null) return [];
		const document = spec.spec as unknown as SpecDocument;
		const count = counts.get(id);
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
			},
		];
	});
}
