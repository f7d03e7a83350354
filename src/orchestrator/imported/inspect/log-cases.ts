import type { JsonObject, JsonValue } from "../../../contract/index.js";
import type { ImportedCase } from "../imported-evaluation.js";
import type { InspectHeader, InspectSample } from "./log-schema.js";

/** The cases of a log, and its samples in case order then epoch order. */
export interface LogCases {
	readonly cases: readonly ImportedCase[];
	readonly order: readonly InspectSample[];
}

/**
 * One case per dataset sample, its id the sample's id (`1`, `france`), in the dataset's order
 * (`eval.dataset.sample_ids`, as far as it goes; then inspect's own order, numbers before strings,
 * in order). The input is what the sample gave the model: its input, target and choices, from the
 * first epoch the log holds; every case passes at a headline of 1 (inspect's C).
 */
export function logCases(header: InspectHeader, samples: readonly InspectSample[]): LogCases {
	const listed = (header.eval.dataset as { sample_ids?: unknown } | null | undefined)?.sample_ids;
	const position = new Map<string, number>();
	if (Array.isArray(listed)) for (const [index, id] of listed.entries()) position.set(String(id), index);
	const key = (sample: InspectSample): [number, string] => [
		position.get(String(sample.id)) ?? Number.MAX_SAFE_INTEGER,
		typeof sample.id === "number" ? String(sample.id).padStart(20, "0") : `~${sample.id}`,
	];
	const order = [...samples].sort((a, b) => {
		const [ap, ak] = key(a);
		const [bp, bk] = key(b);
		return ap - bp || (ak < bk ? -1 : ak > bk ? 1 : 0) || a.epoch - b.epoch;
	});
	const cases = new Map<string, ImportedCase>();
	for (const sample of order) {
		const id = String(sample.id);
		if (cases.has(id)) continue;
		const input: Record<string, JsonValue> = { input: sample.input as JsonValue };
		if (sample.target != null) input.target = sample.target;
		if (sample.choices != null && sample.choices.length > 0) input.choices = sample.choices;
		cases.set(id, { id, input: input as JsonObject, threshold: 1, kind: "floor" });
	}
	return { cases: [...cases.values()], order };
}
