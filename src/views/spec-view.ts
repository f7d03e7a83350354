import { type JsonObject, NotFoundError } from "../contract/index.js";
import type { Store } from "../store/index.js";

/** A frozen spec snapshot and how it is measured. */
export interface SpecView {
	readonly benchmark_version: string;
	readonly use_case_id: string;
	readonly spec_hash: string;
	readonly spec: JsonObject;
	readonly methodology: string;
	readonly created_at: string;
	/** Whether this is the use case's current version. */
	readonly current: boolean;
}

/** The snapshot of `benchmarkVersion`; NotFoundError when the store has none. */
export function specView(store: Store, benchmarkVersion: string): SpecView {
	const spec = store.getSpec(benchmarkVersion);
	if (spec === null) throw new NotFoundError(`no benchmark version ${benchmarkVersion} in the store`);
	return {
		benchmark_version: spec.benchmark_version,
		use_case_id: spec.use_case_id,
		spec_hash: spec.spec_hash,
		spec: spec.spec,
		methodology: spec.methodology,
		created_at: spec.created_at,
		current: store.currentSpec(spec.use_case_id)?.benchmark_version === spec.benchmark_version,
	};
}
