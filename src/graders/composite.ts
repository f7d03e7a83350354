import { type Grader, type JsonObject, type Score, TouchstoneError } from "../contract/index.js";
import { assertOptions, metricProblems, type OptionProblem } from "./option-issues.js";
import { deterministicScore, GRADER_VERSION, unscorableReason } from "./text-grader.js";

/** Options of {@link createCompositeGrader}. */
export interface CompositeOptions {
	/** The graders whose metrics are combined; their scores are returned too. */
	readonly graders: readonly Grader[];
	/**
	 * Weight per metric, each >= 0. A metric left out weighs 1 (equal weights when there are none);
	 * 0 keeps a metric out of the mean while still reporting it.
	 */
	readonly weights?: Readonly<Record<string, number>>;
	/** Metric name of the weighted mean; defaults to `composite`. */
	readonly metric?: string;
}

/** Metric name of the weighted mean when none is given. */
export const COMPOSITE_METRIC = "composite";

/**
 * Runs several graders and adds their weighted mean as a headline metric (`absolute`, 0..1),
 * with the sum written out in its reasoning. Throws BadInputError when a weight is negative or
 * the weights sum to zero.
 */
export function createCompositeGrader(options: CompositeOptions): Grader {
	const metric = options.metric ?? COMPOSITE_METRIC;
	const weights = options.weights ?? {};
	assertOptions("composite", [
		...metricProblems(metric),
		...(options.graders.length === 0
			? [{ path: "graders", message: "expected at least one grader, found none", fix: "give the graders to combine" }]
			: []),
		...weightProblems(weights),
		...declaredMetricProblems(options.graders, weights),
	]);
	return {
		specificationVersion: "v1",
		id: "composite",
		version: GRADER_VERSION,
		config: {
			metric,
			weights: { ...weights },
			graders: options.graders.map((grader) => ({ id: grader.id, version: grader.version, config: grader.config })),
		},
		async grade(input, gradeOptions) {
			const scores: Score[] = [];
			for (const grader of options.graders) scores.push(...(await grader.grade(input, gradeOptions)));
			return [...scores, combineScores(scores, weights, metric, unscorableReason(input.attempt))];
		},
	};
}

/** Problems with a weights map: every weight finite and >= 0. */
export function weightProblems(weights: Readonly<Record<string, number>>, path = "weights"): OptionProblem[] {
	const problems: OptionProblem[] = [];
	for (const [name, weight] of Object.entries(weights))
		if (!Number.isFinite(weight) || weight < 0)
			problems.push({
				path: `${path}.${name}`,
				message: `expected a weight >= 0, found ${weight}`,
				fix: "use 0 to leave the metric out of the mean, or a positive weight",
			});
	return problems;
}

/**
 * Checks the weights against the metrics the graders declare in `config.metric` (every grader of
 * this folder does): a weight for a metric no grader produces is a typo, and the weights of the
 * metrics produced must not sum to 0. Graders that declare no metric are checked at grade time.
 */
function declaredMetricProblems(
	graders: readonly Grader[],
	weights: Readonly<Record<string, number>>,
): OptionProblem[] {
	const declared = graders.map((grader) => grader.config.metric);
	if (!declared.every((metric): metric is string => typeof metric === "string")) return [];
	const twice = declared.filter((name, index) => declared.indexOf(name) !== index);
	if (twice.length > 0)
		return [
			{
				path: "graders",
				message: `more than one grader produces the metric ${[...new Set(twice)].map((name) => `\`${name}\``).join(", ")}`,
				fix: "give each grader its own `metric` name",
			},
		];
	const problems: OptionProblem[] = Object.keys(weights)
		.filter((name) => !declared.includes(name))
		.map((name) => ({
			path: `weights.${name}`,
			message: `no grader produces the metric \`${name}\`; the metrics are ${declared.join(", ")}`,
			fix: "weigh one of those metrics, or remove this weight",
		}));
	if (problems.length === 0 && declared.length > 0 && declared.every((name) => (weights[name] ?? 1) === 0))
		problems.push({
			path: "weights",
			message: `the weights of ${declared.join(", ")} sum to 0, so the mean is undefined`,
			fix: "give at least one metric a positive weight",
		});
	return problems;
}

/**
 * The weighted mean of `scores` as one score. Metrics without a weight weigh 1. Throws a
 * TouchstoneError (a grader error on the cell, never a score) when a metric appears twice, a
 * weighted metric has no value, or the weights of the metrics present sum to zero.
 */
export function combineScores(
	scores: readonly Score[],
	weights: Readonly<Record<string, number>>,
	metric = COMPOSITE_METRIC,
	unscorable: string | null = null,
): Score {
	const seen = new Set<string>();
	const parts: { metric: string; weight: number; value: number }[] = [];
	for (const score of scores) {
		if (seen.has(score.metric) || score.metric === metric)
			throw new TouchstoneError(
				"grader",
				`metric \`${score.metric}\` is produced twice; give each check its own metric name`,
			);
		seen.add(score.metric);
		const weight = weights[score.metric] ?? 1;
		if (weight === 0) continue;
		if (score.value === null)
			throw new TouchstoneError(
				"grader",
				`metric \`${score.metric}\` has no numeric value to average; give it weight 0`,
			);
		parts.push({ metric: score.metric, weight, value: score.value });
	}
	const total = parts.reduce((sum, part) => sum + part.weight, 0);
	if (total <= 0)
		throw new TouchstoneError(
			"grader",
			`the weights of the metrics ${[...seen].join(", ")} sum to 0; give one a positive weight`,
		);
	const value = parts.reduce((sum, part) => sum + part.weight * part.value, 0) / total;
	const terms = parts.map((part) => `${round(part.weight)}×${part.metric}(${round(part.value)})`).join(" + ");
	const formula = `(${terms}) / ${round(total)} = ${round(value)}`;
	const extras: JsonObject = { weights: Object.fromEntries(parts.map((part) => [part.metric, part.weight / total])) };
	return deterministicScore({ id: "composite" }, metric, "absolute", {
		value,
		value_label: round(value),
		reasoning: unscorable === null ? `weighted mean ${formula}` : `${unscorable}; weighted mean ${formula}`,
		extras,
	});
}

function round(value: number): string {
	return String(Math.round(value * 1000) / 1000);
}
