import * as client from "../../api/client.js";
import type { Calibration } from "../../api/types.js";
import { type RouteOf, useCaseLink } from "../../route.js";
import { counted } from "../../ui/format.js";
import { WhenReady } from "../../ui/status.js";
import { useApi } from "../../ui/use-api.js";

/** How many cases the empty state offers to open. */
const SUGGESTED_CASES = 5;

/** What the comparison covers: the current runs, the rated ones compared, and what was left out and why. */
export function CalibrationScope({ report }: { report: Calibration }) {
	const { scope } = report;
	const parts: { key: keyof Calibration["scope"] | "n"; text: string }[] = [
		{ key: "n", text: `${counted(report.n, "owner-rated run")} compared` },
		{ key: "current_runs", text: `${counted(scope.current_runs, "current run")} in all` },
		{ key: "unrated", text: `${scope.unrated} unrated` },
		{ key: "rated_without_headline", text: `${scope.rated_without_headline} rated without a jury headline (left out)` },
		{ key: "rated_not_current", text: `${scope.rated_not_current} rated but no longer current (left out)` },
	];
	return (
		<ul class="calibration-scope" aria-label="What is compared">
			{parts.map((part) => (
				<li key={part.key} data-scope={part.key}>
					{part.text}
				</li>
			))}
		</ul>
	);
}

/**
 * With no owner-rated run there is nothing to draw: how to rate (the inspector's buttons, or
 * `touchstone rate`), and the first cases of the use case, each a link to its inspector.
 */
export function HowToRate({ report, route }: { report: Calibration; route: RouteOf<"calibration"> }) {
	const query = { use_case: route.useCase, benchmark_version: route.version };
	const matrix = useApi((signal) => client.caseMatrix(query, signal), [route.useCase, route.version]);
	return (
		<section class="calibration-empty" aria-labelledby="calibration-empty">
			<h2 id="calibration-empty">Nothing to compare yet</h2>
			<p>
				No owner-rated current run has a jury headline, so there is no chart and no statistic: the jury's headline is
				compared with your own ratings, and there are none.
			</p>
			<p>Rate outputs you have read, then come back here:</p>
			<ul>
				<li>
					in the dashboard: open a case in the inspector (from the{" "}
					<a href={useCaseLink(route.useCase, "matrix", { version: route.version })}>case matrix</a> or below) and press{" "}
					<strong>ship</strong>, <strong>edit</strong> or <strong>reject</strong> under a model's output;
				</li>
				<li>
					from a terminal: <code>touchstone rate RUN_ID --label ship</code> (or <code>edit</code>, <code>reject</code>,
					or <code>--rating 0..1</code>), the run ids shown by{" "}
					<code>touchstone calibrate --use-case {report.use_case_id}</code>.
				</li>
			</ul>
			<WhenReady loaded={matrix}>
				{(data) =>
					data.rows.length === 0 ? null : (
						<>
							<p>
								Cases of {report.use_case_id} to rate ({counted(data.total_cases, "case")},{" "}
								{counted(report.scope.current_runs, "current run")}):
							</p>
							<ul class="calibration-cases">
								{data.rows.slice(0, SUGGESTED_CASES).map((row) => (
									<li key={row.case_id}>
										<a href={useCaseLink(route.useCase, "case", { version: route.version, caseId: row.case_id })}>
											{row.case_id}
										</a>{" "}
										<span class="muted">({counted(row.cells.length, "model")})</span>
									</li>
								))}
								{data.total_cases > SUGGESTED_CASES && (
									<li class="muted">… and {data.total_cases - SUGGESTED_CASES} more</li>
								)}
							</ul>
						</>
					)
				}
			</WhenReady>
		</section>
	);
}
