import type { DeploymentRecord, OffloadCandidate, ProjectedSaving } from "../views/index.js";
import { formatCost } from "./format.js";

/**
 * `deployed: m/x (single-shot) since 2026-12-01 (before: m/y (single-shot))`: the incumbent from
 * the deployments ledger, the day it was first seen and the one before it; null with no history.
 */
export function describeDeployments(history: readonly DeploymentRecord[]): string | null {
	const latest = history.at(-1);
	if (latest === undefined) return null;
	const same = (row: DeploymentRecord) => row.model_id === latest.model_id && row.harness === latest.harness;
	// A change of `source` only is a row of the ledger, not a new model: "since" is when the model came.
	let first = history.length - 1;
	while (first > 0 && same(history[first - 1] as DeploymentRecord)) first -= 1;
	const since = (history[first] as DeploymentRecord).deployed_at.slice(0, 10);
	const before = history[first - 1];
	return `deployed: ${name(latest)} since ${since}${before === undefined ? "" : ` (before: ${name(before)})`}`;
}

/**
 * `$1,234.56 per 2026-11 (95% $1,000.00 to $1,400.00), 120000 calls × $0.0103/call over 40 shared
 * cases`; `unknown for 2026-11: why`; `none for 2026-11: …` when the deployed model is the pick.
 */
export function describeSaving(saving: ProjectedSaving): string {
	const same =
		saving.candidate?.model_id === saving.deployed.model_id && saving.candidate.harness === saving.deployed.harness;
	if (same) return `none for ${saving.period}: ${saving.reason}`;
	if (saving.saving_usd === null || saving.per_call_usd === null)
		return `unknown for ${saving.period}: ${saving.reason}`;
	return `${usd(saving.saving_usd)} per ${saving.period}${interval(saving.saving_interval)}, ${saving.calls} calls × ${formatCost(saving.per_call_usd)}/call over ${saving.shared_cases} shared cases`;
}

/** One line of the roster's offload list. */
export function describeOffload(item: OffloadCandidate): string {
	const change = `${item.use_case_id}: ${name(item.deployed)} -> ${name(item.candidate)}`;
	if (item.saving_usd === null) return `${change}, saving unknown: ${item.reason}`;
	return `${change}, saves ${usd(item.saving_usd)} per ${item.period}${interval(item.saving_interval)}`;
}

function name(model: { readonly model_id: string; readonly harness: string }): string {
	return `${model.model_id} (${model.harness})`;
}

function interval(bounds: { readonly low: number; readonly high: number } | null): string {
	return bounds === null
		? " (no interval: fewer than 2 shared cases)"
		: ` (95% ${usd(bounds.low)} to ${usd(bounds.high)})`;
}

function usd(value: number): string {
	const sign = value < 0 ? "-" : "";
	return `${sign}$${Math.abs(value).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
