import type { Calibration } from "../../api/types.js";
import { percent, score } from "../../ui/format.js";

/** One figure of the calibration report as the API gives it: value, n, interval and the reasons for nulls. */
export type CalibrationFigure = Calibration["agreement"];

/** The jury-against-owner figures, keyed as in the API's answer. */
export const FIGURE_KEYS = [
	"agreement",
	"mean_absolute_delta",
	"signed_bias",
	"rmse",
	"spearman",
	"lin_concordance",
	"cohen_kappa",
	"gate_catch_rate",
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** How each figure is named, what it means and how its numbers are written (the CLI's `calibrate` wording). */
export const FIGURES: Readonly<
	Record<
		FigureKey,
		{
			readonly name: string;
			/** A few letters, for the interval plot's axis. */
			readonly short: string;
			readonly meaning: string;
			readonly format: (value: number) => string;
		}
	>
> = {
	agreement: { name: "agreement (1 − MAD)", short: "agreement", meaning: "1 is perfect agreement", format: fixed },
	mean_absolute_delta: { name: "mean absolute delta", short: "MAD", meaning: "0 is perfect", format: fixed },
	signed_bias: {
		name: "signed bias (jury − owner)",
		short: "bias",
		meaning: "above 0: the jury is kinder",
		format: signed,
	},
	rmse: { name: "RMSE", short: "RMSE", meaning: "0 is perfect; punishes large misses", format: fixed },
	spearman: {
		name: "Spearman's rho",
		short: "Spearman",
		meaning: "rank correlation, 1 is the same order",
		format: fixed,
	},
	lin_concordance: {
		name: "Lin's concordance",
		short: "Lin's CCC",
		meaning: "agreement with y = x, 1 is perfect",
		format: fixed,
	},
	cohen_kappa: {
		name: "Cohen's kappa (ship/reject vs pass)",
		short: "kappa",
		meaning: "edit-rated runs left out; 0 is chance",
		format: fixed,
	},
	gate_catch_rate: {
		name: "rejects caught by the critical gate",
		short: "gate catch",
		meaning: "share of owner-rejected runs the gate tripped on",
		format: (value) => percent(value),
	},
};

/** Three decimals. */
export function fixed(value: number): string {
	return score(value, 3);
}

/** Three decimals with a sign: `+0.120`, `-0.050`. */
export function signed(value: number): string {
	return `${value > 0 ? "+" : ""}${value.toFixed(3)}`;
}

/** `low .. high` of an interval in the figure's own format. */
export function intervalText(figure: CalibrationFigure, format: (value: number) => string): string | null {
	return figure.interval === null ? null : `${format(figure.interval.low)} .. ${format(figure.interval.high)}`;
}
