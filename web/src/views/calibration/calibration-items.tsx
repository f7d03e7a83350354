import type { Calibration } from "../../api/types.js";
import type { RouteOf } from "../../route.js";
import { fixed, signed } from "./calibration-figures.js";
import { itemLink } from "./calibration-scatter.js";
import { type CalibrationItem, POINT_KINDS, pointKind } from "./scatter-marks.js";

/**
 * Every compared run as a row (the chart's points in words), each with a link to its case in the
 * inspector; pointing at a row or focusing its link rings its point in the chart (`onHover`).
 */
export function CalibrationItems({
	report,
	route,
	onHover,
}: {
	report: Calibration;
	route: RouteOf<"calibration">;
	onHover: (item: CalibrationItem | null) => void;
}) {
	const sorted = [...report.items].sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta));
	return (
		<section aria-labelledby="calibration-items">
			<h2 id="calibration-items">The rated runs, largest disagreement first</h2>
			<div class="table-wrap">
				<table class="data calibration-items">
					<thead>
						<tr>
							<th scope="col">case</th>
							<th scope="col">model</th>
							<th scope="col" class="num">
								owner
							</th>
							<th scope="col" class="num">
								jury
							</th>
							<th scope="col" class="num">
								delta
							</th>
							<th scope="col">jury verdict</th>
						</tr>
					</thead>
					<tbody>
						{sorted.map((item) => {
							const kind = POINT_KINDS.find((entry) => entry.kind === pointKind(item));
							return (
								<tr
									key={item.run_id}
									data-run-id={item.run_id}
									onMouseEnter={() => onHover(item)}
									onMouseLeave={() => onHover(null)}
								>
									<td>
										<a href={itemLink(route, item)} onFocus={() => onHover(item)} onBlur={() => onHover(null)}>
											{item.case_id}
										</a>
									</td>
									<td>
										{item.model_id} · {item.harness}
										{item.sample_index > 0 && <span class="muted"> #{item.sample_index}</span>}
									</td>
									<td class="num">
										{fixed(item.owner)} <span class="muted">{item.owner_label ?? `(${item.owner_verdict})`}</span>
									</td>
									<td class="num">{fixed(item.jury)}</td>
									<td class="num">{signed(item.delta)}</td>
									<td>
										<span class="glyph" style={{ color: kind?.colour }} aria-hidden="true">
											{kind?.glyph}
										</span>{" "}
										{kind?.label} <span class="muted">(threshold {item.threshold})</span>
									</td>
								</tr>
							);
						})}
					</tbody>
				</table>
			</div>
		</section>
	);
}
