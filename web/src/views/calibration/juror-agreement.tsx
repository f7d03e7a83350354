import type { Calibration } from "../../api/types.js";
import { counted, percent, UNKNOWN } from "../../ui/format.js";
import { fixed } from "./calibration-figures.js";

/**
 * How well the jurors agreed with each other, per rubric field (Krippendorff's alpha over every
 * current run with votes, rated or not), and each juror against the rest of the panel: its failed
 * votes, how often its yes/no fields matched the others' majority, how far its numbers sat from
 * the others' mean. The first says whether the panel agrees, the second which juror does not.
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
					<PerJuror report={report} level={level} />
				</>
			)}
		</section>
	);
}

function PerJuror({ report, level }: { report: Calibration; level: string }) {
	return (
		<div class="table-wrap">
			<table class="data calibration-per-juror">
				<caption class="muted">Each juror against the rest of the panel, over the same runs</caption>
				<thead>
					<tr>
						<th scope="col">juror</th>
						<th scope="col" class="num">
							votes
						</th>
						<th scope="col" class="num">
							failed
						</th>
						<th scope="col" class="num">
							yes/no agreement
						</th>
						<th scope="col">{level} interval</th>
						<th scope="col" class="num">
							n
						</th>
						<th scope="col" class="num">
							mean |Δ| of numbers
						</th>
						<th scope="col" class="num">
							n
						</th>
					</tr>
				</thead>
				<tbody>
					{report.jurors.per_juror.map((juror) => (
						<tr key={juror.juror} data-juror={juror.juror}>
							<th scope="row">
								<code>{juror.juror}</code>
							</th>
							<td class="num">{juror.votes}</td>
							<td class="num">{juror.failed_votes}</td>
							<td class="num" data-agreement>
								{juror.nominal_agreement === null ? UNKNOWN : percent(juror.nominal_agreement)}
							</td>
							<td>
								{juror.nominal_interval === null
									? ""
									: `${percent(juror.nominal_interval.low)} .. ${percent(juror.nominal_interval.high)}`}
							</td>
							<td class="num">{juror.nominal_n}</td>
							<td class="num" data-difference>
								{juror.numeric_mean_abs_difference === null ? UNKNOWN : fixed(juror.numeric_mean_abs_difference)}
							</td>
							<td class="num">{juror.numeric_n}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}
