import type { Leaderboard } from "../../api/types.js";
import { useCaseLink } from "../../route.js";
import { counted, interval, modelLabel, ms, score, usd } from "../../ui/format.js";
import { PlotFigure, type PlotModule } from "../../ui/plot-figure.js";
import { tagged } from "../../ui/plot-tags.js";
import { frontierLine, type ParetoAxis, type ParetoLayout, type ParetoPoint, paretoLayout } from "./pareto-points.js";

const AXES: { readonly [axis in ParetoAxis]: { title: string; label: string; format: (value: number) => string } } = {
	cost: { title: "Headline against cost per case", label: "cost per case (USD, log scale) →", format: usd },
	latency: { title: "Headline against p50 latency", label: "p50 latency (log scale) →", format: ms },
};

/**
 * One Pareto chart of a leaderboard: headline (y) against cost per case or p50 latency (x, log),
 * with 95 % interval bars on both axes, the frontier, the good-enough band below the best, the
 * deployed and the chosen row ringed. Rows the log axis cannot place (unknown or $0) are listed
 * under it, never drawn at 0. Clicking a point opens the matrix focused on its model.
 */
export function ParetoChart({
	board,
	axis,
	version,
}: {
	board: Leaderboard;
	axis: ParetoAxis;
	version: string | null;
}) {
	const layout = paretoLayout(board, axis);
	const spec = AXES[axis];
	const open = (point: ParetoPoint) =>
		useCaseLink(board.use_case_id, "matrix", {
			version,
			focus: { model: point.row.model_id, harness: point.row.harness },
		});
	const behind = layout.points.reduce((sum, point) => sum + point.row.samples, 0);
	return (
		<section class="pareto" data-axis={axis} aria-labelledby={`pareto-${axis}`}>
			<h3 id={`pareto-${axis}`}>{spec.title}</h3>
			{layout.points.length === 0 ? (
				<p class="muted">No row has both a headline and a {axis === "cost" ? "known cost" : "latency"} to draw.</p>
			) : (
				<PlotFigure
					testId={`pareto-${axis}`}
					label={`${spec.title}: ${layout.points.length} rows, frontier ${frontierLine(layout.points)
						.map((point) => point.row.model_id)
						.join(", ")}`}
					summary={`${counted(layout.points.length, "row")} drawn, ${counted(behind, "graded sample")} behind them; bars are 95 % intervals on both axes, the shaded band is within ${board.decision.band} of the best headline, the line the frontier (nothing ${axis === "cost" ? "cheaper" : "faster"} is better).`}
					deps={[board, axis, version]}
					draw={(plot, width) => draw(plot, width, layout, spec, open, board.spec_cases)}
				/>
			)}
			<Legend />
			{layout.offAxis.length > 0 && (
				<div class="off-axis">
					<strong>Not on the {axis === "cost" ? "cost" : "latency"} axis:</strong>
					<ul>
						{layout.offAxis.map(({ row, reason }) => (
							<li key={`${row.model_id}\u0000${row.harness}`} data-model={row.model_id} data-harness={row.harness}>
								<a
									href={useCaseLink(board.use_case_id, "matrix", {
										version,
										focus: { model: row.model_id, harness: row.harness },
									})}
								>
									{modelLabel(row)}
								</a>{" "}
								headline {score(row.headline)}, {reason}
								{row.reference && " (reference)"}
							</li>
						))}
					</ul>
				</div>
			)}
			<details class="point-list">
				<summary>The points as a list</summary>
				<ul>
					{layout.points.map((point) => (
						<li key={`${point.row.model_id}\u0000${point.row.harness}`}>
							<a href={open(point)}>{modelLabel(point.row)}</a>: headline {score(point.y)}{" "}
							{interval(point.row.headline_interval)}, {spec.format(point.x)}
							{point.frontier && ", on the frontier"}
							{point.deployed && ", deployed"}
							{point.chosen && ", chosen"}
						</li>
					))}
				</ul>
			</details>
		</section>
	);
}

const LEGEND = [
	["frontier", "frontier"],
	["band", "band below the best"],
	["deployed", "deployed"],
	["chosen", "chosen (good enough)"],
	["limited", "limited depth"],
] as const;

function Legend() {
	return (
		<p class="pareto-legend muted">
			{LEGEND.map(([key, text]) => (
				<span key={key} class="legend-item">
					<span class={`key key-${key}`} aria-hidden="true" /> {text}
				</span>
			))}
		</p>
	);
}

function draw(
	plot: PlotModule,
	width: number,
	layout: ParetoLayout,
	spec: (typeof AXES)[ParetoAxis],
	open: (point: ParetoPoint) => string,
	specCases: number,
): SVGSVGElement | HTMLElement {
	const { points } = layout;
	const [xLow, xHigh] = layout.xDomain;
	const withY = points.filter((point) => point.y1 !== null);
	const withX = points.filter((point) => point.x1 !== null);
	const ringed = points.filter((point) => point.deployed || point.chosen);
	const across = (x: number) => Math.log(x / xLow) / Math.log(xHigh / xLow);
	// On a narrow chart only the powers of ten are labelled, so the log axis's labels do not collide.
	const narrow = width < 520;
	const tickFormat = (value: number) =>
		narrow && Math.abs(Math.log10(value) - Math.round(Math.log10(value))) > 1e-9 ? "" : spec.format(value);
	const label = (point: ParetoPoint) =>
		[point.row.model_id, point.deployed ? "deployed" : "", point.chosen ? "chosen" : ""].filter(Boolean).join(" · ");
	const tip = (point: ParetoPoint) =>
		[
			modelLabel(point.row),
			`headline ${score(point.y)} ${interval(point.row.headline_interval)}`,
			`${spec.label.split(" (")[0]} ${spec.format(point.x)}${point.row.unknown_cost > 0 ? " (lower bound)" : ""}`,
			`${point.row.cases} of ${counted(specCases, "case")} graded, ${counted(point.row.samples, "sample")}`,
			point.row.precision === "limited" ? "limited depth *" : "",
		]
			.filter(Boolean)
			.join("\n");
	const svg = plot.plot({
		width,
		height: Math.max(260, Math.min(380, Math.round(width * 0.55))),
		marginLeft: 48,
		marginRight: 24,
		marginTop: 24,
		marginBottom: 40,
		x: { type: "log", domain: [xLow, xHigh], label: spec.label, tickFormat, ticks: 5 },
		y: { label: "↑ headline", nice: true, grid: true },
		marks: [
			layout.band === null
				? null
				: plot.rect([layout.band], {
						x1: xLow,
						x2: xHigh,
						y1: (band) => band[0],
						y2: (band) => band[1],
						className: "pareto-band",
					}),
			plot.line(frontierLine(points), { x: "x", y: "y", curve: "step-after", className: "pareto-frontier" }),
			plot.ruleX(withY, {
				x: "x",
				y1: "y1",
				y2: "y2",
				className: "pareto-y-bars",
				render: tagged(withY, (point) => barAttributes(point, "y")),
			}),
			plot.ruleY(withX, {
				y: "y",
				x1: "x1",
				x2: "x2",
				className: "pareto-x-bars",
				render: tagged(withX, (point) => barAttributes(point, "x")),
			}),
			plot.dot(ringed, { x: "x", y: "y", r: 10, className: "pareto-rings", render: tagged(ringed, ringAttributes) }),
			plot.dot(points, {
				x: "x",
				y: "y",
				r: 5,
				className: "pareto-points",
				render: tagged(
					points,
					(point) => pointAttributes(point),
					(element, point) => {
						element.addEventListener("click", () => {
							window.location.hash = open(point);
						});
					},
				),
			}),
			// Labels near the right edge end at their point, so none runs off the chart; a label that
			// would sit on its neighbour's goes below its point instead.
			...labelGroups(points, across).map(({ group, anchor, below }) =>
				plot.text(group, {
					x: "x",
					y: "y",
					text: label,
					dy: below ? 14 : -12,
					dx: anchor === "end" ? 6 : 0,
					textAnchor: anchor,
					lineAnchor: below ? "top" : "bottom",
					className: "pareto-labels",
				}),
			),
			plot.tip(points, plot.pointer({ x: "x", y: "y", title: tip, className: "pareto-tip" })),
		],
	});
	svg.classList.add("pareto-svg");
	return svg;
}

function pointAttributes(point: ParetoPoint): Record<string, string> {
	const classes = [
		"point",
		point.row.precision === "limited" ? "limited" : "",
		point.row.reference ? "reference" : "",
		point.frontier ? "on-frontier" : "",
	];
	return {
		class: classes.filter(Boolean).join(" "),
		"data-model": point.row.model_id,
		"data-harness": point.row.harness,
		"data-x": String(point.x),
		"data-y": String(point.y),
	};
}

function barAttributes(point: ParetoPoint, axis: "x" | "y"): Record<string, string> {
	const [low, high] = axis === "y" ? [point.y1, point.y2] : [point.x1, point.x2];
	return {
		"data-model": point.row.model_id,
		"data-harness": point.row.harness,
		"data-axis": axis,
		"data-low": String(low),
		"data-high": String(high),
	};
}

function ringAttributes(point: ParetoPoint): Record<string, string> {
	return {
		class: point.deployed ? "ring deployed" : "ring chosen",
		"data-model": point.row.model_id,
		"data-ring": [point.deployed ? "deployed" : "", point.chosen ? "chosen" : ""].filter(Boolean).join(" "),
	};
}

/** The points' labels in groups of one placement each: anchored at the start or the end, above or below. */
function labelGroups(points: readonly ParetoPoint[], across: (x: number) => number) {
	const ys = points.map((point) => point.y);
	const span = Math.max(...ys) - Math.min(...ys) || 1;
	const placed: { point: ParetoPoint; below: boolean }[] = [];
	for (const point of [...points].sort((a, b) => a.x - b.x)) {
		const near = placed.find(
			(other) =>
				!other.below &&
				Math.abs(other.point.y - point.y) < span * 0.12 &&
				Math.abs(across(other.point.x) - across(point.x)) < 0.4,
		);
		placed.push({ point, below: near !== undefined });
	}
	const groups: { group: ParetoPoint[]; anchor: "start" | "middle" | "end"; below: boolean }[] = [];
	for (const below of [false, true])
		for (const anchor of ["middle", "end"] as const) {
			const group = placed
				.filter((item) => item.below === below && across(item.point.x) > 0.65 === (anchor === "end"))
				.map((item) => item.point);
			if (group.length > 0) groups.push({ group, anchor, below });
		}
	return groups;
}
