import type { Calibration } from "../../api/types.js";
import { UNKNOWN } from "../../ui/format.js";
import { PlotFigure, type PlotModule } from "../../ui/plot-figure.js";
import { FIGURE_KEYS, FIGURES, type FigureKey, intervalText } from "./calibration-figures.js";

/**
 * The jury-against-owner statistics: each figure's value (or why there is none), its 95 %
 * interval (or why there is none) and the n it rests on, then the same figures as dots with
 * their interval bars on one axis.
 */
export function CalibrationStatistics({ report }: { report: Calibration }) {
	const level = `${Math.round(report.definitions.level * 100)}%`;
	return (
		<section aria-labelledby="calibration-statistics">
			<h2 id="calibration-statistics">The jury against the owner</h2>
			<div class="table-wrap">
				<table class="data calibration-statistics">
					<thead>
						<tr>
							<th scope="col">figure</th>
							<th scope="col" class="num">
								value
							</th>
							<th scope="col">{level} interval</th>
							<th scope="col" class="num">
								n
							</th>
						</tr>
					</thead>
					<tbody>
						{FIGURE_KEYS.map((key) => {
							const figure = report[key];
							const { name, meaning, format } = FIGURES[key];
							const bounds = intervalText(figure, format);
							return (
								<tr key={key} data-statistic={key}>
									<th scope="row">
										{name}
										<div class="muted small">{meaning}</div>
									</th>
									<td class="num" data-value>
										{figure.value === null ? UNKNOWN : format(figure.value)}
										{figure.reason !== null && <div class="muted small reason">{figure.reason}</div>}
									</td>
									<td data-interval>
										{bounds ?? <span class="muted small">none: {figure.interval_reason ?? "not given"}</span>}
									</td>
									<td class="num" data-n>
										{figure.n}
									</td>
								</tr>
							);
						})}
					</tbody>
				</table>
			</div>
			<IntervalPlot report={report} />
		</section>
	);
}

interface Estimate {
	readonly key: FigureKey;
	readonly name: string;
	readonly value: number;
	readonly low: number | null;
	readonly high: number | null;
}

/** Every figure with a value as a dot on −1..1, its interval as a bar where the API gives one. */
function IntervalPlot({ report }: { report: Calibration }) {
	const estimates: Estimate[] = FIGURE_KEYS.flatMap((key) => {
		const figure = report[key];
		if (figure.value === null) return [];
		const { low, high } = figure.interval ?? { low: null, high: null };
		return [{ key, name: FIGURES[key].short, value: figure.value, low, high }];
	});
	if (estimates.length === 0) return null;
	const bars = estimates.filter((estimate) => estimate.low !== null).length;
	return (
		<PlotFigure
			testId="calibration-intervals"
			label="The calibration figures with their intervals"
			summary={`${estimates.length} figures with a value, ${bars} with a ${Math.round(report.definitions.level * 100)}% bootstrap interval (given from n ≥ ${report.definitions.bootstrap_minimum_n}).`}
			deps={[report]}
			draw={(plot, width) => drawIntervals(plot, width, estimates)}
		/>
	);
}

function drawIntervals(plot: PlotModule, width: number, estimates: readonly Estimate[]): SVGSVGElement | HTMLElement {
	const withBars = estimates.filter((estimate) => estimate.low !== null);
	return plot.plot({
		width: Math.min(width, 720),
		height: 40 + estimates.length * 26,
		marginLeft: 84,
		style: { fontSize: "12px" },
		x: { domain: [-1, 1], grid: true, label: "value →", labelAnchor: "center" },
		y: { domain: estimates.map((estimate) => estimate.name), label: null },
		marks: [
			plot.ruleX([0], { stroke: "var(--fg-soft)", ariaHidden: "true" }),
			plot.ruleY(withBars, {
				y: "name",
				x1: "low",
				x2: "high",
				stroke: "var(--accent)",
				strokeWidth: 3,
				className: "calibration-interval-bars",
				title: (estimate: Estimate) => `${estimate.name}: ${estimate.low} .. ${estimate.high}`,
			}),
			plot.dot(estimates, {
				y: "name",
				x: "value",
				r: 4.5,
				fill: "var(--fg)",
				title: (estimate: Estimate) => `${estimate.name}: ${estimate.value}`,
			}),
		],
	});
}
