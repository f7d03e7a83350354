import type { Decision, Leaderboard } from "../../api/types.js";
import { ms, score, usd } from "../../ui/format.js";

type Pick = Decision["best"];

/**
 * The answer the leaderboard exists for, worded as `touchstone leaderboard` prints it: the best,
 * the cheapest and the fastest good enough with 95 % confidence, what the point estimates alone
 * would say when that differs, the deployed incumbent, the projected saving and the notes.
 */
export function DecisionBanner({ board }: { board: Leaderboard }) {
	const { decision } = board;
	return (
		<section class="decision" aria-labelledby="decision-title" data-testid="decision">
			<h2 id="decision-title">
				Decision <span class="muted">(band {decision.band}, with 95% confidence)</span>
				{decision.precision === "limited" && <span class="badge limited">* from limited-depth rows</span>}
			</h2>
			<dl class="picks">
				{decision.incumbent !== null && (
					<div data-pick="deployed">
						<dt>deployed</dt>
						<dd>
							<strong>{decision.incumbent.model_id}</strong> ({decision.incumbent.harness})
							{!decision.incumbent.benchmarked && <span class="badge warn">not benchmarked</span>}
						</dd>
					</div>
				)}
				<PickLine name="best" pick={decision.best} />
				<PickLine name="cheapest good enough" pick={decision.cheapest_good_enough} />
				<PickLine name="fastest good enough" pick={decision.fastest_good_enough} />
			</dl>
			{decision.differs && (
				<div class="point-estimate" data-testid="point-estimate">
					<p>
						<strong>By point estimate alone</strong> the answer differs (the intervals do not yet rule the gap out):
					</p>
					<dl class="picks">
						<PickLine name="cheapest good enough" pick={decision.point_estimate.cheapest_good_enough} />
						<PickLine name="fastest good enough" pick={decision.point_estimate.fastest_good_enough} />
					</dl>
				</div>
			)}
			{decision.projected_saving !== null && <Saving saving={decision.projected_saving} />}
			{decision.notes.length > 0 && (
				<ul class="notes">
					{decision.notes.map((note) => (
						<li key={note}>note: {note}</li>
					))}
				</ul>
			)}
		</section>
	);
}

function PickLine({ name, pick }: { name: string; pick: Pick }) {
	return (
		<div data-pick={name}>
			<dt>{name}</dt>
			<dd>
				{pick === null ? (
					<span class="muted">none</span>
				) : (
					<>
						<strong data-model={pick.model_id}>{pick.model_id}</strong> ({pick.harness}) headline {score(pick.headline)}
						, {usd(pick.cost_per_case_usd)}/case, p50 {ms(pick.p50_latency_ms)}
						{pick.precision === "limited" && <span class="badge limited">* limited</span>}
					</>
				)}
			</dd>
		</div>
	);
}

function Saving({ saving }: { saving: NonNullable<Decision["projected_saving"]> }) {
	const text =
		saving.saving_usd === null || saving.per_call_usd === null
			? `unknown for ${saving.period}: ${saving.reason ?? ""}`
			: `${usd(saving.saving_usd)} per ${saving.period}${
					saving.saving_interval === null
						? " (no interval: fewer than 2 shared cases)"
						: ` (95% ${usd(saving.saving_interval.low)} to ${usd(saving.saving_interval.high)})`
				}, ${saving.calls ?? "?"} calls × ${usd(saving.per_call_usd)}/call over ${saving.shared_cases} shared cases`;
	return (
		<p class="saving">
			<strong>projected saving</strong>: {text}
		</p>
	);
}
