import type { InspectHeader, InspectSample } from "./log-schema.js";
import { sampleScores } from "./sample-scores.js";

/**
 * The headline metric of a log: the first scorer the log ranks by, as inspect's own summary
 * takes its first scorer's first metric as the primary one. The order is the log's results
 * (`results.scores`, one per scorer, or per key of a scorer of mapping values), then the eval's
 * declared scorers (a log still being written has no results), then the order the samples' scores
 * come in; the first of them that some sample gives a number for. Null when no sample has a score
 * a number can be read from.
 */
export function logHeadline(header: InspectHeader, samples: readonly InspectSample[], v1Scorer: string): string | null {
	const numeric = new Set<string>();
	const seen: string[] = [];
	for (const sample of samples)
		for (const score of sampleScores(sample, v1Scorer)) {
			if (!seen.includes(score.metric)) seen.push(score.metric);
			if (score.value !== null) numeric.add(score.metric);
		}
	const results = header.results;
	const ranked = results?.scores ?? (results?.scorer == null ? [] : [results.scorer]);
	const candidates = [
		...ranked.flatMap((score) =>
			score.name === score.scorer ? [score.scorer] : [`${score.scorer}:${score.name}`, score.name],
		),
		...(header.eval.scorers ?? []).map((scorer) => scorer.name),
		...seen,
	];
	for (const candidate of candidates) {
		if (numeric.has(candidate)) return candidate;
		// A declared scorer of mapping values: its first key that has numbers.
		const keyed = seen.find((metric) => metric.startsWith(`${candidate}:`) && numeric.has(metric));
		if (keyed !== undefined) return keyed;
	}
	return null;
}
