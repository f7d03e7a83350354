import * as client from "../../api/client.js";
import type { History } from "../../api/types.js";
import type { RouteOf } from "../../route.js";
import { when } from "../../ui/format.js";
import { WhenReady } from "../../ui/status.js";
import { useApi } from "../../ui/use-api.js";
import { HistoryChart } from "./history-chart.js";
import { historySeries } from "./history-series.js";
import { HistoryTable } from "./history-table.js";
import "./history.css";

/**
 * A use case's benchmark versions over time and how each model's headline moved: a chart across
 * the versions (none with a single version: there is no trend to draw), the versions × models
 * table with each version's pinned leaderboard one click away, and what ran in production.
 */
export function HistoryView({ route }: { route: RouteOf<"history"> }) {
	const loaded = useApi((signal) => client.history(route.useCase, signal), [route.useCase]);
	return (
		<>
			<h1>History of {route.useCase}</h1>
			<WhenReady loaded={loaded}>{(history) => <HistoryBody history={history} />}</WhenReady>
		</>
	);
}

function HistoryBody({ history }: { history: History }) {
	const series = historySeries(history);
	const only = history.versions.length === 1 ? history.versions[0] : undefined;
	const metrics = new Set(history.versions.map((version) => version.headline_metric));
	return (
		<>
			{only === undefined ? (
				<>
					<p class="muted">
						{history.versions.length} benchmark versions, oldest first. A new version is frozen whenever the definition
						changes (cases, grader, harness, models, band); each figure is that version's pinned leaderboard, from the
						rows current under it.
					</p>
					{metrics.size > 1 && (
						<p class="history-single" data-testid="metrics-differ">
							The headline metric changed between versions ({[...metrics].join(", ")}): headlines of different metrics
							share the chart's axis but do not measure the same thing.
						</p>
					)}
					<HistoryChart history={history} series={series} />
				</>
			) : (
				<p class="history-single" data-testid="single-version">
					One benchmark version so far (<code>{only.benchmark_version}</code>, frozen {when(only.created_at)}): nothing
					has moved yet, so there is no trend to draw. A new version is frozen when the definition changes (cases,
					grader, harness, models, band).
				</p>
			)}
			<h2>Versions</h2>
			<HistoryTable history={history} series={series} />
			<h2>Deployments</h2>
			{history.deployments.length === 0 ? (
				<p class="muted">No deployment recorded: use_cases.yaml names no deployed model for this use case.</p>
			) : (
				<ol class="history-deployments">
					{history.deployments.map((row) => (
						<li key={`${row.deployed_at}:${row.model_id}:${row.harness}`}>
							<strong>{row.model_id}</strong> · {row.harness} from{" "}
							<time dateTime={row.deployed_at}>{when(row.deployed_at)}</time>
							{row.config_source !== null && <span class="muted"> ({row.config_source})</span>}
						</li>
					))}
				</ol>
			)}
		</>
	);
}
