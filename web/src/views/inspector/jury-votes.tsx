import { counted, usd } from "../../ui/format.js";
import type { InspectedScore, JuryVote } from "./inspection-parts.js";

/**
 * Each juror's vote on one sample, with the rationale it gave. Jurors vote once on every field of
 * the rubric and each metric's score carries the same votes, so distinct vote sets are shown once
 * (with the metrics they graded).
 */
export function JuryVotes({ scores }: { scores: readonly InspectedScore[] }) {
	const sets = new Map<string, { votes: readonly JuryVote[]; metrics: string[] }>();
	for (const item of scores) {
		if (item.jury_votes === null) continue;
		const key = JSON.stringify(item.jury_votes);
		const set = sets.get(key);
		if (set === undefined) sets.set(key, { votes: item.jury_votes, metrics: [item.metric] });
		else set.metrics.push(item.metric);
	}
	if (sets.size === 0) return null;
	return (
		<section class="jury">
			<h4>Jury votes</h4>
			{[...sets.values()].map((set) => (
				<div key={set.metrics.join(",")}>
					<p class="muted">
						{counted(set.votes.length, "juror")} on {set.metrics.join(", ")}
					</p>
					<ul class="votes">
						{set.votes.map((vote, index) => (
							<li
								key={`${vote.juror}:${index}`}
								class={`vote${vote.error === null ? "" : " failed"}`}
								data-juror={vote.juror}
							>
								<div class="vote-head">
									<strong class="juror">{vote.juror}</strong>
									{vote.usage !== undefined && vote.usage !== null && (
										<span class="muted" title="what asking this juror cost">
											{" "}
											· {usd(vote.usage.cost_usd)}
										</span>
									)}
								</div>
								{vote.error !== null ? (
									<p class="error-note">
										<strong>Vote failed</strong> (juror error): {vote.error}
									</p>
								) : (
									<ul class="vote-fields">
										{Object.entries(vote.fields ?? {}).map(([field, value]) => (
											<li key={field}>
												{field}: <strong>{typeof value === "boolean" ? (value ? "yes" : "no") : value}</strong>
											</li>
										))}
									</ul>
								)}
								{vote.rationale !== null && <p class="rationale">{vote.rationale}</p>}
							</li>
						))}
					</ul>
				</div>
			))}
		</section>
	);
}
