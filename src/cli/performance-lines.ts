import type { JsonValue, PerformanceRecord } from "../contract/index.js";
import { isPerformanceRecord } from "../views/index.js";

/**
 * The lines `touchstone inspect` prints for a speedup score's PerformanceRecord (its
 * `extras.performance`): the median ratio, the bucket, the score, correctness and every measured
 * pair; none for any other score, and a pointer up for a record already shown (in `shown`).
 * `--json` keeps the whole record.
 */
export function performanceLines(
	extras: { readonly [key: string]: JsonValue } | null,
	shown: Set<string> = new Set(),
): string[] {
	const record = extras?.performance;
	if (!isPerformanceRecord(record)) return [];
	// A task use case's headline repeats its verifier's extras: show a record once per sample.
	const key = JSON.stringify(record);
	if (shown.has(key)) return ["performance: as above"];
	shown.add(key);
	const median = record.median_ratio === null ? "not timed" : `median ${record.median_ratio.toFixed(3)}x`;
	const bucket = record.highest_bucket === null ? "no bucket" : `bucket ${record.highest_bucket}x`;
	const lines = [
		`performance: ${median} over ${record.samples.length}/${record.pairs} pairs, ${bucket}, score ${round(record.score)} (pass ${round(record.pass_threshold)}), correctness ${record.correctness ?? "unknown"}; ${record.protocol}, ${record.language}, fixture ${record.fixture_version}, ${record.oracle_cases ?? "?"} oracle cases`,
	];
	if (record.warmup !== null) lines.push(`warm-up: ${pair(record.warmup)} (discarded)`);
	record.samples.forEach((sample, index) => {
		lines.push(`pair ${index}: ${pair(sample)} = ${(record.ratios[index] ?? Number.NaN).toFixed(3)}x`);
	});
	return lines;
}

function pair(sample: PerformanceRecord["samples"][number]): string {
	return `baseline ${sample.baseline_s.toPrecision(4)} s, candidate ${sample.candidate_s.toPrecision(4)} s, ${sample.order}`;
}

function round(value: number): number {
	return Math.round(value * 1e4) / 1e4;
}
