import type { Calibration } from "../../api/types.js";
import type { PlotModule } from "../../ui/plot-figure.js";
import { tagged } from "../../ui/plot-tags.js";
import { fixed, signed } from "./calibration-figures.js";

/** One owner-rated run the chart draws. */
export type CalibrationItem = Calibration["items"][number];

/** The three kinds of point, told apart by shape (and colour): a tripped gate wins over fail. */
export const POINT_KINDS = [
	{ kind: "pass", label: "jury pass", symbol: "circle", colour: "var(--good)", glyph: "●" },
	{ kind: "fail", label: "jury fail", symbol: "times", colour: "var(--bad)", glyph: "✕" },
	{ kind: "critical", label: "critical gate tripped", symbol: "triangle", colour: "var(--warn)", glyph: "▲" },
] as const;
export type PointKind = (typeof POINT_KINDS)[number]["kind"];

/** Which kind of point a run is. */
export function pointKind(item: CalibrationItem): PointKind {
	return item.critical_failure ? "critical" : item.jury_pass ? "pass" : "fail";
}

/** One line that says what a point is: the run, the owner's rating, the jury's headline and the delta. */
export function describeItem(item: CalibrationItem): string {
	const sample = item.sample_index > 0 ? ` #${item.sample_index}` : "";
	const owner = `${fixed(item.owner)} ${item.owner_label ?? `(${item.owner_verdict})`}`;
	const verdict = `${item.jury_pass ? "pass" : "fail"} at ≥ ${item.threshold}${item.critical_failure ? ", critical gate tripped" : ""}`;
	return `${item.model_id} · ${item.harness}${sample}, case ${item.case_id}: owner ${owner}, jury ${fixed(item.jury)} (${verdict}), delta ${signed(item.delta)}`;
}

/** What the chart does when a point is pointed at or clicked. */
export interface ScatterHandlers {
	readonly hover: (item: CalibrationItem | null) => void;
	readonly open: (item: CalibrationItem) => void;
}

/**
 * The scatter of owner rating (x) against jury headline (y), both on 0..1: the identity line
 * y = x, the owner's ship and reject cut-offs as dashed guides, and one point per rated run.
 * Each point carries data-run-id, data-owner and data-jury (set by a render hook on the drawn
 * element, so a test reads back what was drawn), a title, and the hover and click handlers.
 */
export function drawScatter(
	plot: PlotModule,
	width: number,
	report: Calibration,
	handlers: ScatterHandlers,
): SVGSVGElement | HTMLElement {
	const { ship_at_least: ship, reject_at_most: reject } = report.definitions;
	const guides = [
		{ x: reject, text: `reject ≤ ${reject}` },
		{ x: ship, text: `ship ≥ ${ship}` },
	];
	const dots = POINT_KINDS.map(({ kind, symbol, colour }) => {
		const items = report.items.filter((item) => pointKind(item) === kind);
		const filled = symbol !== "times";
		return plot.dot(items, {
			x: "owner",
			y: "jury",
			symbol,
			r: 5.5,
			...(filled ? { fill: colour, stroke: "var(--bg)", strokeWidth: 1 } : { stroke: colour, strokeWidth: 2.2 }),
			title: describeItem,
			className: `calibration-${kind}-points`,
			render: tagged(
				items,
				(item) => ({
					"data-run-id": item.run_id,
					"data-case-id": item.case_id,
					"data-owner": String(item.owner),
					"data-jury": String(item.jury),
					"data-kind": pointKind(item),
					class: "calibration-point",
				}),
				(element, item) => {
					element.addEventListener("pointerenter", () => handlers.hover(item));
					element.addEventListener("pointerleave", () => handlers.hover(null));
					element.addEventListener("click", () => handlers.open(item));
				},
			),
		});
	});
	return plot.plot({
		width,
		height: Math.round(Math.min(width, 560) * 0.92),
		marginTop: 44,
		marginRight: 24,
		style: { fontSize: "12px" },
		x: { domain: [0, 1], label: "owner rating →", labelAnchor: "center", grid: true, ticks: 5 },
		y: { domain: [0, 1], label: `↑ jury headline (${report.headline_metric})`, grid: true, ticks: 5 },
		marks: [
			plot.ruleX(guides, {
				x: "x",
				stroke: "var(--fg-soft)",
				strokeDasharray: "5 4",
				className: "calibration-cut-offs",
				ariaHidden: "true",
			}),
			plot.text(guides, {
				x: "x",
				text: "text",
				frameAnchor: "top",
				dy: -9,
				fill: "var(--fg-soft)",
				ariaHidden: "true",
			}),
			plot.line(
				[
					[0, 0],
					[1, 1],
				],
				{ stroke: "var(--fg-soft)", strokeWidth: 1.2, className: "calibration-identity", ariaHidden: "true" },
			),
			...dots,
		],
	});
}
