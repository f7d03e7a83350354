import * as client from "../../api/client.js";
import type { Leaderboard } from "../../api/types.js";
import { counted, interval, ms, score, usd } from "../../ui/format.js";
import { WhenReady } from "../../ui/status.js";
import { useApi } from "../../ui/use-api.js";
import { type DecisionSummary, decisionSummary, type SummaryPick } from "./decision-summary.js";

const ROLE_LABELS: Readonly<Record<SummaryPick["role"], string>> = {
	best: "best",
	cheapest: "cheapest good enough",
	fastest: "fastest good enough",
};

/**
 * The decision of one runnable use case in one line, read from its current leaderboard (each card
 * asks on its own, so the cards' reads run in parallel): best, cheapest and fastest good enough,
 * how sure, and the cases and samples behind it.
 */
export function DecisionLine({ useCase }: { useCase: string }) {
	const loaded = useApi(
		(signal) => client.leaderboard({ use_case: useCase, benchmark_version: null }, signal),
		[useCase],
	);
	return (
		<div class="decision" data-testid="decision">
			<WhenReady loaded={loaded}>
				{(board) => <DecisionText board={board} summary={decisionSummary(board)} />}
			</WhenReady>
		</div>
	);
}

function DecisionText({ board, summary }: { board: Leaderboard; summary: DecisionSummary }) {
	const harnesses = new Set(board.rows.map((row) => row.harness)).size;
	return (
		<>
			{summary.picks.length === 0 ? (
				<p class="decision-line none" data-testid="decision-line">
					No pick yet: {summary.notes.join("; ") || "no graded rows yet"}
				</p>
			) : (
				<p class="decision-line" data-testid="decision-line">
					{summary.picks.map((pick, index) => (
						<span key={pick.role}>
							{index > 0 && " · "}
							<Pick pick={pick} withHarness={harnesses > 1} />
						</span>
					))}
					{summary.precision === "limited" && <span class="badge limited">limited depth</span>}
				</p>
			)}
			{summary.picks.length > 0 && <Confidence summary={summary} />}
			<p class="decision-basis muted" data-testid="decision-basis">
				{basisText(summary)}
			</p>
			{summary.picks.length > 0 && summary.notes.length > 0 && (
				<details class="decision-notes">
					<summary>{counted(summary.notes.length, "note")}</summary>
					<ul>
						{summary.notes.map((note) => (
							<li key={note}>{note}</li>
						))}
					</ul>
				</details>
			)}
		</>
	);
}

function Pick({ pick, withHarness }: { pick: SummaryPick; withHarness: boolean }) {
	const { row } = pick;
	const name = withHarness ? `${pick.model_id} · ${pick.harness}` : pick.model_id;
	const behind = row === null ? "" : `${counted(row.cases, "case")}, ${counted(row.samples, "sample")}`;
	return (
		<span class="pick" data-role={pick.role} data-model={pick.model_id} data-harness={pick.harness} title={behind}>
			{ROLE_LABELS[pick.role]} <strong>{name}</strong>{" "}
			{pick.role === "best" && row !== null && (
				<span class="num">
					{score(row.headline)} {interval(row.headline_interval)}
				</span>
			)}
			{pick.role === "cheapest" && row !== null && (
				<span class="num" title={row.cost_per_case_usd === null ? "cost unknown" : undefined}>
					{usd(row.cost_per_case_usd)}/case
				</span>
			)}
			{pick.role === "fastest" && row !== null && <span class="num">{ms(row.p50_latency_ms)} p50</span>}
		</span>
	);
}

/** Whether the picks hold with 95 % confidence alone, or the point estimates would pick otherwise. */
function Confidence({ summary }: { summary: DecisionSummary }) {
	if (summary.pointDiffers.length === 0)
		return (
			<p class="decision-confidence" data-testid="decision-confidence">
				Good enough with 95 % confidence; the point estimates pick the same.
			</p>
		);
	return (
		<p class="decision-confidence differs" data-testid="decision-confidence">
			Good enough with 95 % confidence; by point estimate alone:{" "}
			{summary.pointDiffers.map((item) => `${ROLE_LABELS[item.role]} ${item.model_id ?? "none"}`).join(" · ")} (not yet
			sure: run more cases or samples).
		</p>
	);
}

function basisText(summary: DecisionSummary): string {
	const parts = [
		`${summary.gradedRows === summary.rows ? counted(summary.rows, "model") : `${summary.gradedRows} of ${counted(summary.rows, "model")}`} graded on ${counted(summary.specCases, "case")}`,
		`${counted(summary.samples, "graded sample")}`,
	];
	if (summary.precision !== null) parts.push(`${summary.precision} rows`);
	if (summary.staleRows > 0) parts.push(`${counted(summary.staleRows, "stale row")} of older definitions left out`);
	return parts.join(" · ");
}
