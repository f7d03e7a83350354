import { counted, usd } from "../../ui/format.js";
import type { InspectedScore, Json, JuryVote } from "./inspection-parts.js";

/**
 * Each juror's vote on one sample, with the rationale it gave. Jurors vote once on every field of
 * the rubric and each metric's score carries the same votes, so distinct vote sets are shown once
 * (with the metrics they graded).
 */
export function JuryVotes({ scores }: { scores: readonly InspectedScore[] }) {
	const sets = new Map<string, { votes: readonly JuryVote[]; metrics: string[]; jury: Json | undefined }>();
	for (const item of scores) {
		if (item.jury_votes === null) continue;
		const key = JSON.stringify(item.jury_votes);
		const set = sets.get(key);
		if (set === undefined) sets.set(key, { votes: item.jury_votes, metrics: [item.metric], jury: item.extras?.jury });
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
						<JuryNotes jury={set.jury} />
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
								{vote.raw !== undefined && vote.raw.length > 0 && (
									<details class="raw-reply">
										<summary>
											{vote.raw.length === 1
												? "The juror's reply as received"
												: `The juror's ${vote.raw.length} replies (a retry)`}
										</summary>
										{vote.raw.map((reply, replyIndex) => (
											<pre key={replyIndex} class="text">
												{reply}
											</pre>
										))}
									</details>
								)}
							</li>
						))}
					</ul>
				</div>
			))}
		</section>
	);
}

/** The jury's bookkeeping: who was excluded or judged its own family, and what the votes cost. */
function JuryNotes({ jury }: { jury: Json | undefined }) {
	if (jury === null || typeof jury !== "object" || Array.isArray(jury)) return null;
	const record = jury as { readonly [key: string]: Json };
	const names = (value: Json) => (Array.isArray(value) ? value.filter((item) => typeof item === "string") : []);
	const excluded = names(record.excluded);
	const self = names(record.self_judged_by);
	const usage = record.usage as { cost_usd?: unknown; unpriced_votes?: unknown } | undefined;
	const cost = typeof usage?.cost_usd === "number" ? usage.cost_usd : null;
	const unpriced = typeof usage?.unpriced_votes === "number" ? usage.unpriced_votes : 0;
	return (
		<>
			{excluded.length > 0 && <> · excluded: {excluded.join(", ")}</>}
			{self.length > 0 && <> · judged its own family: {self.join(", ")}</>}
			{usage !== undefined && (
				<>
					{" "}
					· the votes cost {usd(cost)}
					{unpriced > 0 && ` at least (${counted(unpriced, "vote")} unpriced)`}
				</>
			)}
		</>
	);
}
