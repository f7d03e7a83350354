import type { History } from "../../api/types.js";
import { counted } from "../../ui/format.js";
import { PlotFigure } from "../../ui/plot-figure.js";
import type { HistoryPoint, HistorySeries } from "./history-series.js";

/**
 * How each model's headline moved across versions: x is the version (oldest first, equally
 * spaced: frozen minutes or months apart, a step is a definition change), y the headline, one line
 * per model × harness broken where it did not run, the 95 % interval as a bar at each point.
 * Models sit side by side around each version so their bars do not hide each other; a hollow dot
 * is a limited-depth row.
 */
export function HistoryChart({ history, series }: { history: History; series: HistorySeries }) {
	const versions = history.versions.length;
	const metric = history.versions.at(-1)?.headline_metric ?? "headline";
	const samples = series.points.reduce((total, point) => total + point.samples, 0);
	return (
		<PlotFigure
			testId="history-chart"
			label={`Headline (${metric}) of each model across ${versions} benchmark versions of ${history.use_case_id}`}
			summary={`${counted(series.models.length, "model")} over ${counted(versions, "version")}; ${counted(series.points.length, "headline")} from ${counted(samples, "graded sample")} in all. Bars: 95 % intervals; hollow dots: limited depth.`}
			deps={[history]}
			draw={(Plot, width) => {
				const order = new Map(series.models.map((model, index) => [model.key, index]));
				const spread = Math.min(0.08, 0.5 / Math.max(1, series.models.length));
				const x = (point: { index: number; model: { key: string } }) =>
					point.index + ((order.get(point.model.key) ?? 0) - (series.models.length - 1) / 2) * spread;
				const label = (point: { model: { label: string } }) => point.model.label;
				// A line per model over every version, NaN where it did not run, so Plot breaks it there.
				const lines = series.models.flatMap((model) =>
					history.versions.map((_, position) => {
						const found = series.points.find((point) => point.model.key === model.key && point.index === position + 1);
						return { index: position + 1, model, headline: found?.headline ?? Number.NaN };
					}),
				);
				const title = (point: HistoryPoint) =>
					`${point.model.label} under v${point.index} (${point.version}): ${point.headline.toFixed(3)}${
						point.low === null ? "" : ` [${point.low.toFixed(3)}, ${point.high?.toFixed(3)}]`
					}, ${point.cases} of ${counted(point.specCases, "case")}, ${counted(point.samples, "sample")}${point.limited ? ", limited depth" : ""}`;
				// The dots carry every figure in their titles; the lines and bars only draw them again.
				return Plot.plot({
					width,
					height: 320,
					marginLeft: 48,
					marginBottom: 40,
					x: {
						domain: [0.5, versions + 0.5],
						ticks: history.versions.map((_, position) => position + 1),
						tickFormat: (index: number) => `v${index}`,
						label: "benchmark version (oldest first)",
						labelAnchor: "center",
					},
					y: { label: `headline (${metric})`, grid: true, nice: true },
					color: { legend: true, domain: series.models.map((model) => model.label) },
					marks: [
						Plot.ruleX(
							series.points.filter((point) => point.low !== null),
							{ x, y1: "low", y2: "high", stroke: label, strokeWidth: 2, strokeOpacity: 0.7, ariaHidden: "true" },
						),
						Plot.line(lines, {
							x,
							y: "headline",
							stroke: label,
							z: (point) => point.model.key,
							strokeWidth: 1.5,
							ariaHidden: "true",
						}),
						Plot.dot(
							series.points.filter((point) => !point.limited),
							{ x, y: "headline", fill: label, r: 4, title },
						),
						Plot.dot(
							series.points.filter((point) => point.limited),
							{ x, y: "headline", stroke: label, fill: "none", strokeWidth: 2, r: 4, title },
						),
					],
				});
			}}
		/>
	);
}
