import type { History } from "../../api/types.js";
import { useCaseLink } from "../../route.js";
import { counted, interval, score, when } from "../../ui/format.js";
import { type HistorySeries, rowOf, shortVersion } from "./history-series.js";

/**
 * Versions × models: each version (oldest first) links to the leaderboard pinned to it, and each
 * cell gives the model's headline there with its interval and the cases and samples behind it.
 */
export function HistoryTable({ history, series }: { history: History; series: HistorySeries }) {
	return (
		<div class="table-wrap" data-testid="history-table-wrap">
			<table class="data history-table">
				<caption class="muted">
					Headline under each version, its 95 % interval, and the cases and samples behind it. A version opens its
					pinned leaderboard.
				</caption>
				<thead>
					<tr>
						<th scope="col">Version</th>
						<th scope="col">Frozen</th>
						<th scope="col" class="num">
							Cases
						</th>
						{series.models.map((model) => (
							<th scope="col" key={model.key} class="num">
								{model.label}
								{model.reference && <span class="badge">reference</span>}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{history.versions.map((version, position) => (
						<tr key={version.benchmark_version} data-version={version.benchmark_version}>
							<th scope="row">
								<a
									href={useCaseLink(history.use_case_id, "leaderboard", { version: version.benchmark_version })}
									title={`the leaderboard pinned to ${version.benchmark_version}`}
								>
									v{position + 1} <code>{shortVersion(version.benchmark_version)}</code>
								</a>
								{version.current && <span class="badge deployed">current</span>}
							</th>
							<td>
								<time dateTime={version.created_at}>{when(version.created_at)}</time>
							</td>
							<td class="num">{version.cases}</td>
							{series.models.map((model) => {
								const row = rowOf(version, model);
								if (row === undefined)
									return (
										<td key={model.key} class="num muted">
											not run
										</td>
									);
								const best = version.best?.model_id === row.model_id && version.best.harness === row.harness;
								return (
									<td
										key={model.key}
										class={`num history-cell${row.precision === "limited" ? " limited" : ""}`}
										data-model={row.model_id}
										data-harness={row.harness}
										data-headline={row.headline ?? ""}
									>
										<span class="history-headline">{score(row.headline)}</span>
										{best && <span class="badge deployed">best</span>}
										{row.precision === "limited" && <span class="badge limited">limited</span>}
										{row.deployed && <span class="badge">deployed</span>}
										<br />
										<span class="muted">{interval(row.headline_interval)}</span>
										<br />
										<span class="muted">
											{row.cases}/{counted(version.cases, "case")} · {counted(row.samples, "sample")}
										</span>
									</td>
								);
							})}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}
