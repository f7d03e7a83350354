import * as client from "../../api/client.js";
import type { RouteOf } from "../../route.js";
import { counted } from "../../ui/format.js";
import { WhenReady } from "../../ui/status.js";
import { useApi } from "../../ui/use-api.js";
import { AggregateTable } from "./aggregate-table.js";
import { DecisionBanner } from "./decision-banner.js";
import { LeaderboardTable } from "./leaderboard-table.js";
import { ParetoChart } from "./pareto-chart.js";
import { TableNotes } from "./table-notes.js";
import "./leaderboard.css";

/**
 * A use case's leaderboard: the decision first (what to deploy, with how sure), the table of
 * model × harness rows, the models known only from another store's summary (aggregate rows),
 * then the two Pareto charts (headline against cost and against latency).
 */
export function LeaderboardView({ route }: { route: RouteOf<"leaderboard"> }) {
	const loaded = useApi(
		(signal) => client.leaderboard({ use_case: route.useCase, benchmark_version: route.version }, signal),
		[route.useCase, route.version],
	);
	return (
		<WhenReady loaded={loaded}>
			{(board) => (
				<div class="leaderboard-view">
					<h1>
						Leaderboard of {board.use_case_id}{" "}
						<span class="muted version">
							{board.benchmark_version} · {counted(board.spec_cases, "case")} · headline {board.headline_metric}
						</span>
					</h1>
					<DecisionBanner board={board} />
					<h2>Models</h2>
					{board.rows.length === 0 ? (
						<>
							<p class="muted" data-testid="no-rows">
								{board.aggregate_rows.length > 0
									? "No per-case rows here: this version is known only from another store's summary (below)."
									: `No current rows yet: run a model on ${board.use_case_id} to fill the leaderboard.`}
							</p>
							<AggregateTable board={board} />
						</>
					) : (
						<>
							<LeaderboardTable board={board} version={route.version} />
							<TableNotes board={board} />
							<AggregateTable board={board} />
							<h2>Cost and latency against quality</h2>
							<div class="pareto-grid">
								<ParetoChart board={board} axis="cost" version={route.version} />
								<ParetoChart board={board} axis="latency" version={route.version} />
							</div>
						</>
					)}
				</div>
			)}
		</WhenReady>
	);
}
