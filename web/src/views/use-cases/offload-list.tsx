import type { Roster } from "../../api/types.js";
import { counted, interval, usd } from "../../ui/format.js";

type Candidate = Roster["offload_candidates"][number];

/**
 * Use cases whose deployed model a cheaper good-enough one could replace, biggest projected saving
 * first; an unknown saving says why instead of a number.
 */
export function OffloadList({ candidates }: { candidates: readonly Candidate[] }) {
	if (candidates.length === 0) return null;
	return (
		<section aria-labelledby="offload">
			<h2 id="offload">Offload candidates</h2>
			<ul class="offload">
				{candidates.map((item) => (
					<li key={item.use_case_id} data-use-case={item.use_case_id}>
						<strong>{item.use_case_id}</strong>: {item.deployed.model_id} → {item.candidate.model_id}
						{" · "}
						<Saving item={item} />
					</li>
				))}
			</ul>
		</section>
	);
}

function Saving({ item }: { item: Candidate }) {
	if (item.saving_usd === null) return <span class="muted">saving unknown: {item.reason ?? "no reason given"}</span>;
	return (
		<span class="num">
			saves {usd(item.saving_usd)} {interval(item.saving_interval, 2)} per {item.period ?? "period"}
			{item.calls !== null && <span class="muted"> over {counted(item.calls, "call")}</span>}
		</span>
	);
}
