import type { RosterEntry } from "../../api/types.js";
import { useCaseLink } from "../../route.js";
import { counted, when } from "../../ui/format.js";
import { relativeTime } from "../../ui/relative-time.js";
import { SourceBadge } from "../../ui/source-badge.js";
import { DecisionLine } from "./decision-line.js";

/**
 * One runnable use case: its name linking to its leaderboard, the deployed incumbent (since when,
 * from the deployments ledger), the last run, how much ran (and where from: results of another
 * store or an imported file are badged, models known only from summaries counted), and the
 * decision in one line.
 */
export function UseCaseCard({ entry }: { entry: RosterEntry }) {
	const latest = entry.deployments.at(-1);
	return (
		<article class="use-case" data-use-case={entry.id} data-status={entry.status} aria-labelledby={`uc-${entry.id}`}>
			<header class="use-case-head">
				<h3 id={`uc-${entry.id}`}>
					<a href={useCaseLink(entry.id, "leaderboard")}>{entry.title ?? entry.id}</a>
				</h3>
				<code class="use-case-id">{entry.id}</code>
				<span class="badge status" data-testid="status">
					{entry.status}
				</span>
				<SourceBadge origin={{ sources: entry.sources, native_rows: entry.native_runs }} />
			</header>
			{entry.description !== null && <p class="muted use-case-description">{entry.description}</p>}
			<dl class="use-case-facts">
				<div>
					<dt>Deployed</dt>
					<dd data-testid="deployed">
						{entry.deployed === null ? (
							<span class="muted">none</span>
						) : (
							<>
								{entry.deployed.model} · {entry.deployed.harness}
								{latest !== undefined &&
									latest.model_id === entry.deployed.model &&
									latest.harness === entry.deployed.harness && (
										<span class="muted"> since {latest.deployed_at.slice(0, 10)}</span>
									)}
							</>
						)}
					</dd>
				</div>
				<div>
					<dt>Last run</dt>
					<dd data-testid="last-run">
						{entry.last_run_at === null ? (
							"never"
						) : (
							<>
								<time dateTime={entry.last_run_at}>{relativeTime(entry.last_run_at)}</time>{" "}
								<span class="muted">({when(entry.last_run_at)})</span>
							</>
						)}
					</dd>
				</div>
				<div>
					<dt>Runs</dt>
					<dd data-testid="runs">
						{counted(entry.runs, "run")} · {counted(entry.models_run, "model")}
						{entry.aggregate_models > 0 && (
							<span
								class="badge aggregate"
								title="models known here only from another store's summary (aggregate rows): shown on the leaderboard, never picked"
							>
								≈ +{counted(entry.aggregate_models, "model")} from summaries
							</span>
						)}
					</dd>
				</div>
			</dl>
			{entry.benchmark_version === null && entry.aggregate_models === 0 ? (
				<p class="decision-line none" data-testid="decision-line">
					Not run yet: <code>touchstone run --use-case {entry.id}</code> freezes its first version.
				</p>
			) : (
				<DecisionLine useCase={entry.id} />
			)}
		</article>
	);
}
