import type { Calibration } from "../../api/types.js";
import { counted, UNKNOWN } from "../../ui/format.js";
import { fixed } from "./calibration-figures.js";

/**
 * How well the jurors agreed with each other, per rubric field (Krippendorff's alpha over every
 * current run with votes, rated or not): the API measures agreement between jurors per field,
 * not per juror, so that is what is shown.
 */
export function JurorAgreement({ report }: { report: Calibration }) {
	const { jurors } = report;
	const level = `${Math.round(report.definitions.level * 100)}%`;
	return (
		<section aria-labelledby="calibration-jurors">
			<h2 id="calibration-jurors">The jurors against each other</h2>
			{jurors.runs_with_votes === 0 ? (
				<p class="muted">No jury votes are stored for the current runs of {report.use_case_id}.</p>
			) : (
				<>
					<p data-testid="juror-summary">
						Krippendorff's alpha per rubric field (1: the jurors always agree, 0: no better than chance) over{" "}
						{counted(jurors.runs_with_votes, "run")} with votes: {counted(jurors.ids.length, "juror")} (
						{jurors.ids.map((id, at) => (
							<span key={id}>
								{at > 0 && ", "}
								<code>{id}</code>
							</span>
						))}
						), {counted(jurors.votes, "vote")}, {jurors.failed_votes} failed
						{jurors.unreadable_artifacts > 0 && `, ${jurors.unreadable_artifacts} unreadable vote files left out`}.
					</p>
					<div class="table-wrap">
						<table class="data calibration-jurors">
							<thead>
								<tr>
									<th scope="col">field</th>
									<th scope="col">kind</th>
									<th scope="col" class="num">
										alpha
									</th>
									<th scope="col">{level} interval</th>
									<th scope="col" class="num">
										runs
									</th>
									<th scope="col" class="num">
										votes
									</th>
								</tr>
							</thead>
							<tbody>
								{jurors.fields.map(({ field, metric, alpha, values }) => (
									<tr key={field} data-field={field}>
										<th scope="row">
											<code>{field}</code>
										</th>
										<td>{metric}</td>
										<td class="num" data-value>
											{alpha.value === null ? UNKNOWN : fixed(alpha.value)}
											{alpha.reason !== null && <div class="muted small">{alpha.reason}</div>}
										</td>
										<td data-interval>
											{alpha.interval === null ? (
												<span class="muted small">none: {alpha.interval_reason ?? "not given"}</span>
											) : (
												`${fixed(alpha.interval.low)} .. ${fixed(alpha.interval.high)}`
											)}
										</td>
										<td class="num">{alpha.n}</td>
										<td class="num">{values}</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				</>
			)}
		</section>
	);
}
