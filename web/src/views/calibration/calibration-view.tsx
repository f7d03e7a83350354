import { useState } from "preact/hooks";
import * as client from "../../api/client.js";
import type { Calibration } from "../../api/types.js";
import type { RouteOf } from "../../route.js";
import { WhenReady } from "../../ui/status.js";
import { useApi } from "../../ui/use-api.js";
import { CalibrationItems } from "./calibration-items.js";
import { CalibrationScatter } from "./calibration-scatter.js";
import { CalibrationScope, HowToRate } from "./calibration-scope.js";
import { CalibrationStatistics } from "./calibration-statistics.js";
import { JurorAgreement } from "./juror-agreement.js";
import type { CalibrationItem } from "./scatter-marks.js";
import "./calibration.css";

/**
 * Calibration: the jury's headline against the owner's own ratings (`GET calibration`): the
 * scatter with the identity line, the statistics with their intervals, the rated runs, and how
 * well the jurors agree with each other. With no rated run it says how to rate instead.
 */
export function CalibrationView({ route }: { route: RouteOf<"calibration"> }) {
	const loaded = useApi(
		(signal) => client.calibration({ use_case: route.useCase, benchmark_version: route.version }, signal),
		[route.useCase, route.version],
	);
	return (
		<div class="calibration">
			<h1>Calibration of {route.useCase}</h1>
			<WhenReady loaded={loaded}>{(report) => <Report report={report} route={route} />}</WhenReady>
		</div>
	);
}

function Report({ report, route }: { report: Calibration; route: RouteOf<"calibration"> }) {
	const { definitions } = report;
	const [hovered, setHovered] = useState<CalibrationItem | null>(null);
	return (
		<>
			<p class="muted">
				{report.benchmark_version}, jury headline <code>{report.headline_metric}</code>. Owner ratings ≥{" "}
				{definitions.ship_at_least} mean ship, ≤ {definitions.reject_at_most} reject, between them edit (left out of
				kappa). Intervals: {Math.round(definitions.level * 100)}% percentile bootstrap, {definitions.bootstrap_samples}{" "}
				resamples, seed {definitions.bootstrap_seed}, given from n ≥ {definitions.bootstrap_minimum_n}.
			</p>
			<CalibrationScope report={report} />
			{report.n === 0 ? (
				<HowToRate report={report} route={route} />
			) : (
				<>
					<CalibrationScatter report={report} route={route} hovered={hovered} onHover={setHovered} />
					<CalibrationStatistics report={report} />
					<CalibrationItems report={report} route={route} onHover={setHovered} />
				</>
			)}
			<JurorAgreement report={report} />
		</>
	);
}
