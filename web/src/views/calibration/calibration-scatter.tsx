import { useEffect, useRef } from "preact/hooks";
import type { Calibration } from "../../api/types.js";
import { type RouteOf, useCaseLink } from "../../route.js";
import { counted } from "../../ui/format.js";
import { PlotFigure } from "../../ui/plot-figure.js";
import { type CalibrationItem, describeItem, drawScatter, POINT_KINDS, pointKind } from "./scatter-marks.js";

/** The inspector's link for one rated run: its case, with the run's model and harness in focus. */
export function itemLink(route: RouteOf<"calibration">, item: CalibrationItem): string {
	return useCaseLink(route.useCase, "case", {
		version: route.version,
		caseId: item.case_id,
		focus: { model: item.model_id, harness: item.harness },
	});
}

/**
 * Owner rating against jury headline, one point per rated run, with a legend of the point
 * shapes (and how many of each) and a line that names the run under the pointer, or the run
 * whose row in the table has focus (its point is ringed). A click opens the run's case in the
 * inspector; keyboard readers reach the same links in the runs' table.
 */
export function CalibrationScatter({
	report,
	route,
	hovered,
	onHover,
}: {
	report: Calibration;
	route: RouteOf<"calibration">;
	/** The run pointed at here or in the table; null for none. */
	hovered: CalibrationItem | null;
	onHover: (item: CalibrationItem | null) => void;
}) {
	const chart = useRef<HTMLDivElement>(null);
	useEffect(() => {
		for (const point of chart.current?.querySelectorAll<SVGElement>(".calibration-point") ?? [])
			point.classList.toggle("is-active", point.dataset.runId === hovered?.run_id);
	}, [hovered]);
	const open = (item: CalibrationItem) => {
		window.location.hash = itemLink(route, item);
	};
	const { ship_at_least: ship, reject_at_most: reject } = report.definitions;
	return (
		<div class="calibration-chart" ref={chart}>
			<PlotFigure
				testId="calibration-scatter"
				label={`Owner rating against jury headline for ${counted(report.n, "rated run")}`}
				summary={`${counted(report.n, "owner-rated run")} of ${counted(report.scope.current_runs, "current run")}, one point each. On the diagonal y = x the jury says what the owner said; above it the jury is kinder. Dashed: owner ratings ≥ ${ship} mean ship, ≤ ${reject} reject.`}
				deps={[report, route.useCase, route.version]}
				draw={(plot, width) => drawScatter(plot, width, report, { hover: onHover, open })}
			/>
			<div class="calibration-side">
				<ul class="calibration-legend" aria-label="Point shapes">
					{POINT_KINDS.map(({ kind, label, colour, glyph }) => (
						<li key={kind} data-kind={kind}>
							<span class="glyph" style={{ color: colour }} aria-hidden="true">
								{glyph}
							</span>{" "}
							{label} ({report.items.filter((item) => pointKind(item) === kind).length})
						</li>
					))}
				</ul>
				<p class="calibration-hover" data-testid="calibration-hover" aria-live="polite">
					{hovered === null
						? "Point at a run to see it; click it to open its case in the inspector."
						: describeItem(hovered)}
				</p>
			</div>
		</div>
	);
}
