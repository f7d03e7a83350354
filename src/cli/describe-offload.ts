import {
	type DeploymentRecord,
	incumbentSpan,
	type OffloadCandidate,
	type ProjectedSaving,
	replacesItself,
} from "../views/index.js";
import { formatCost } from "./format.js";

/**
 * `deployed: m/x (single-shot) since 2026-12-01 (before: m/y (single-shot))`: the incumbent from
 * the deployments ledger, the day it was first seen and the one before it; null with no history.
 */
export function describeDeployments(history: readonly DeploymentRecord[]): string | null {
	const span = incumbentSpan(history);
	if (span === null) return null;
	return `deployed: ${name(span.latest)} since ${span.since}${span.before === null ? "" : ` (before: ${name(span.before)})`}`;
}

/**
 * `$1,234.56 per 2026-11 (95% $1,000.00 to $1,400.00), 120000 calls × $0.0103/call over 40 shared
 * cases`; `unknown for 2026-11: why`; `none for 2026-11: …` when the deployed model is the pick.
 */
export function describeSaving(saving: ProjectedSaving): string {
	if (replacesItself(saving)) return `none for ${saving.period}: ${saving.reason}`;
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
