import { bootstrappedFigures, type CalibrationFigure, type CalibrationTimings } from "./calibration-figure.js";
import {
	cohenKappa,
	cohenKappaEstimate,
	linConcordance,
	meanAbsoluteDelta,
	noStatistic,
	pairedEstimates,
	proportionEstimate,
	rootMeanSquareError,
	signedBias,
	spearmanCorrelation,
	statistic,
} from "./statistics/index.js";

/** What the figures of a calibration read of one compared run. */
export interface ComparedRun {
	readonly owner: number;
	readonly owner_verdict: "ship" | "edit" | "reject";
	readonly jury: number;
	readonly jury_pass: boolean;
	readonly critical_failure: boolean;
}

/** The jury-against-owner figures of a calibration report, in the report's order. */
export interface CalibrationFigures {
	readonly mean_absolute_delta: CalibrationFigure;
	/** 1 − mean absolute delta. */
	readonly agreement: CalibrationFigure;
	/** Mean of jury − owner: positive when the jury is kinder. */
	readonly signed_bias: CalibrationFigure;
	readonly rmse: CalibrationFigure;
	readonly spearman: CalibrationFigure;
	readonly lin_concordance: CalibrationFigure;
	/** Owner ship vs reject against jury pass vs fail; edit-rated runs are left out (n counts the rest). */
	readonly cohen_kappa: CalibrationFigure;
	/** Share of owner-rejected runs whose critical gate tripped (n counts the rejected runs). */
	readonly gate_catch_rate: CalibrationFigure;
}

/**
 * The figures comparing the jury with the owner over `items`: the paired ones over every item,
 * Cohen's kappa over the `decided` (ship or reject), the gate catch rate over the `rejected`.
 * Point estimates use the statistics over plain arrays; the bootstrap reads resampled positions
 * (the six paired figures share one pass), giving the same numbers without building a resample.
 */
export function calibrationFigures(
	items: readonly ComparedRun[],
	decided: readonly ComparedRun[],
	rejected: readonly ComparedRun[],
	bootstrap: { readonly samples: number; readonly seed: number; readonly level: number },
	timings?: CalibrationTimings,
): CalibrationFigures {
	const jury = items.map((item) => item.jury);
	const owner = items.map((item) => item.owner);
	const paired = pairedEstimates(jury, owner);
	const mad = meanAbsoluteDelta(jury, owner);
	const ship = decided.map((item) => item.owner_verdict === "ship");
	const pass = decided.map((item) => item.jury_pass);
	const caught = rejected.map((item) => item.critical_failure);
	const n = items.length;
	const inputs = {
		mean_absolute_delta: { n, point: mad, resampled: paired.meanAbsoluteDelta },
		agreement: {
			n,
			point: mad.value === null ? mad : statistic(1 - mad.value),
			resampled: (indices: Int32Array) => {
				const value = paired.meanAbsoluteDelta(indices);
				return value === null ? null : 1 - value;
			},
		},
		signed_bias: { n, point: signedBias(jury, owner), resampled: paired.signedBias },
		rmse: { n, point: rootMeanSquareError(jury, owner), resampled: paired.rootMeanSquareError },
		spearman: { n, point: spearmanCorrelation(jury, owner), resampled: paired.spearmanCorrelation },
		lin_concordance: { n, point: linConcordance(jury, owner), resampled: paired.linConcordance },
		cohen_kappa: { n: decided.length, point: cohenKappa(ship, pass), resampled: cohenKappaEstimate(ship, pass) },
		gate_catch_rate: {
			n: rejected.length,
			point:
				rejected.length === 0
					? noStatistic("no owner-rejected runs")
					: statistic(caught.filter(Boolean).length / rejected.length),
			resampled: proportionEstimate(caught),
		},
	};
	const names = Object.keys(inputs) as (keyof CalibrationFigures)[];
	const figures = bootstrappedFigures(
		names.map((name) => ({ name, ...inputs[name] })),
		bootstrap,
		timings,
	);
	return Object.fromEntries(names.map((name, index) => [name, figures[index]])) as unknown as CalibrationFigures;
}
