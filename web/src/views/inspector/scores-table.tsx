import { score as formatScore } from "../../ui/format.js";
import { FoldedText } from "./folded-text.js";
import { describeScore, type InspectedScore } from "./inspection-parts.js";

/**
 * Every metric of one sample: its value (with the grader's label), confidence and the jurors'
 * disagreement where a jury graded it, the grader and panel versions, a gate that tripped, and
 * the grader's reasoning. The headline metric is marked.
 */
export function ScoresTable({ scores, headline }: { scores: readonly InspectedScore[]; headline: string }) {
	if (scores.length === 0) return <p class="muted">No scores: the sample was not graded.</p>;
	return (
		<div class="table-wrap">
			<table class="data scores">
				<caption class="visually-hidden">Every metric of this sample</caption>
				<thead>
					<tr>
						<th scope="col">metric</th>
						<th scope="col" class="num">
							value
						</th>
						<th scope="col" class="num">
							<abbr title="confidence">conf.</abbr>
						</th>
						<th scope="col" class="num">
							<abbr title="the jurors' disagreement">spread</abbr>
						</th>
					</tr>
				</thead>
				<tbody>
					{scores.map((item, index) => (
						<ScoreRows
							key={item.metric}
							item={item}
							headline={headline}
							sameReasoning={index > 0 && scores[index - 1]?.reasoning === item.reasoning}
						/>
					))}
				</tbody>
			</table>
		</div>
	);
}

function ScoreRows({
	item,
	headline,
	sameReasoning,
}: {
	item: InspectedScore;
	headline: string;
	/** The metric above gave the same reasoning (a verifier's, shared by its metrics): it is not repeated. */
	sameReasoning: boolean;
}) {
	const gate = item.gate_meta === null ? null : JSON.stringify(item.gate_meta);
	return (
		<>
			<tr data-metric={item.metric} class={item.critical_failure ? "critical" : undefined}>
				<th scope="row">
					{item.metric}
					{item.metric === headline && <span class="badge">headline</span>}
					{item.critical_failure && <span class="badge error-badge">critical failure</span>}
				</th>
				<td class="num score-value" title={item.value === null ? "unknown: no value" : undefined}>
					{describeScore(item)}
				</td>
				<td class="num">{formatScore(item.confidence, 2)}</td>
				<td class="num">{formatScore(item.inter_judge_disagreement, 2)}</td>
			</tr>
			{
				<tr class="score-detail">
					<td colSpan={4}>
						<p class="grader muted">
							graded by {item.grader_version}
							{item.judge_panel_version !== null && <>, panel {item.judge_panel_version}</>}
						</p>
						{item.reasoning !== null && sameReasoning && <p class="grader muted">reasoning as above</p>}
						{item.reasoning !== null && !sameReasoning && (
							<FoldedText text={item.reasoning} label={`reasoning of ${item.metric}`} class="reasoning" />
						)}
						{gate !== null && (
							<p class="gate">
								gate: <code>{gate}</code>
							</p>
						)}
					</td>
				</tr>
			}
		</>
	);
}
