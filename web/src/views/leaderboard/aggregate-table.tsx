import type { Leaderboard } from "../../api/types.js";
import { interval, ms, percent, score, UNKNOWN, usd } from "../../ui/format.js";
import { aggregateMark } from "../../ui/origin-words.js";

/**
 * The models known here only from another store's summary (aggregate rows of a federated ingest),
 * in a table of their own under the per-case one so none passes for a per-case row: each badged
 * `aggregate from SOURCE, n cases`, with the summary's figures, never sorted into the ranking or
 * drawn on the charts (the decision never picks them: they have no cases to pair with the best).
 */
export function AggregateTable({ board }: { board: Leaderboard }) {
	if (board.aggregate_rows.length === 0) return null;
	return (
		<section aria-labelledby="aggregate-rows">
			<h3 id="aggregate-rows">Known only from summaries</h3>
			<div class="table-wrap">
				<table class="data leaderboard aggregate" data-testid="aggregate-table">
					<caption class="muted">
						≈ aggregate rows: another store's summary of these models (no per-case rows here), shown as it gave them,
						never picked
					</caption>
					<thead>
						<tr>
							<th scope="col">model · harness</th>
							<th scope="col" class="num">
								headline
							</th>
							<th scope="col" class="num">
								pass rate
							</th>
							<th scope="col" class="num">
								cost / case
							</th>
							<th scope="col" class="num">
								p50 latency
							</th>
							<th scope="col" class="num">
								cases · samples
							</th>
						</tr>
					</thead>
					<tbody>
						{board.aggregate_rows.map((row) => (
							<tr
								key={`${row.model_id}\u0000${row.harness}`}
								class={row.precision === "limited" ? "limited" : undefined}
								data-model={row.model_id}
								data-harness={row.harness}
							>
								<th scope="row">
									{row.model_id} <span class="muted">· {row.harness}</span>
									<span
										class="badge aggregate"
										title={`known only from ${row.source}'s summary, ingested ${row.ingested_at.slice(0, 10)}: no per-case rows here, never picked`}
									>
										≈ {aggregateMark(row)}
									</span>
									{row.precision === "limited" && (
										<span class="badge limited" title="limited depth, as the summary says">
											* limited
										</span>
									)}
								</th>
								<td class="num" data-column="headline">
									{score(row.headline)}
									{row.headline_interval !== null && <span class="ci"> {interval(row.headline_interval)}</span>}
								</td>
								<td class="num" data-column="pass_rate">
									{percent(row.pass_rate)}
								</td>
								<td class="num" data-column="cost">
									{usd(row.cost_per_case_usd)}
								</td>
								<td class="num" data-column="latency">
									{ms(row.p50_latency_ms)}
								</td>
								<td class="num" data-column="cases">
									{row.cases === null ? UNKNOWN : `${row.cases}/${board.spec_cases}`} · {row.samples ?? UNKNOWN}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</section>
	);
}
