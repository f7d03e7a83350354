/**
 * Small pure statistics for the read layer, one concept per file. Each returns null with a
 * reason, never NaN, when its input cannot carry it (too few items, no variance).
 */
export { averageRanks } from "./average-ranks.js";
export { bootstrapInterval } from "./bootstrap-interval.js";
export { bootstrapMeanInterval, type MeanBootstrapOptions } from "./bootstrap-mean.js";
export {
	type BradleyTerryFit,
	type BradleyTerryOptions,
	DEFAULT_RIDGE,
	ELO_PER_UNIT,
	fitBradleyTerry,
	type PairwiseOutcome,
} from "./bradley-terry.js";
export {
	type BradleyTerryRatings,
	bradleyTerryRatings,
	type RatingBootstrapOptions,
	type RatingInterval,
} from "./bradley-terry-bootstrap.js";
export { cohenKappa } from "./cohen-kappa.js";
export {
	type CodedValue,
	KRIPPENDORFF_METRICS,
	type KrippendorffAlpha,
	type KrippendorffMetric,
	krippendorffAlpha,
} from "./krippendorff-alpha.js";
export { krippendorffEstimate } from "./krippendorff-resample.js";
export { linConcordance } from "./lin-concordance.js";
export { meanAbsoluteDelta } from "./mean-absolute-delta.js";
export { medianOrderInterval } from "./median-order-interval.js";
export { normalMeanInterval } from "./normal-mean-interval.js";
export { type PairedEstimates, pairedEstimates } from "./paired-resample.js";
export { passAtK, passHatK } from "./pass-at-k.js";
export { pearsonCorrelation } from "./pearson-correlation.js";
export { type BootstrapOptions, bootstrapIntervals, type IndexedEstimate } from "./resampled-indices.js";
export { resampledRanks } from "./resampled-ranks.js";
export { rootMeanSquareError } from "./root-mean-square-error.js";
export { seededPositions, seededRandom } from "./seeded-random.js";
export { signedBias } from "./signed-bias.js";
export { spearmanCorrelation } from "./spearman-correlation.js";
export {
	type Interval,
	type IntervalStatistic,
	noInterval,
	noStatistic,
	pairedProblem,
	type Statistic,
	statistic,
} from "./statistic.js";
export { cohenKappaEstimate, proportionEstimate } from "./verdict-resample.js";
export { wilsonInterval, Z_95 } from "./wilson-interval.js";
