import { z } from "zod";
import { DEPTHS } from "../../contract/index.js";

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * What a worker needs to plan the run a cell belongs to, from its own copy of the definitions:
 * the choices of `touchstone run`, never a secret (workers read keys from their own environment;
 * an endpoint's key travels as the name of its variable). The benchmark version is the check:
 * a worker whose definitions plan another spec refuses the run's cells rather than grade them
 * under a version they are not.
 */
export const runDescriptorSchema = z.strictObject({
	v: z.literal(1),
	queue: z.string().min(1),
	results_queue: z.string().min(1),
	use_case_id: z.string().min(1),
	benchmark_version: z.string().min(1),
	depth: z.enum(DEPTHS),
	samples: z.number().int().positive(),
	models: z.array(z.string().min(1)).nullable(),
	endpoint: z.strictObject({ base_url: z.string().min(1), api_key_env: z.string().min(1).nullable() }).nullable(),
	/** The endpoint models the spec records (see PrepareOptions.recordedEndpoints). */
	recorded_endpoints: z.record(z.string(), z.strictObject({ model: z.string(), base_url: z.string() })).nullable(),
	tasks: z.array(z.string().min(1)),
});

export type RunDescriptor = z.infer<typeof runDescriptorSchema>;

/** One job of a run's queue: one cell, by its index in the plan, checked by its key. */
export const cellJobSchema = z.strictObject({
	run: runDescriptorSchema,
	index: z.number().int().nonnegative(),
	cell_key: z.string().regex(HEX_SHA256),
});

export type CellJob = z.infer<typeof cellJobSchema>;

/** A job's data read back: the descriptor's canonical text names the run a worker caches. */
export function runSignature(descriptor: RunDescriptor): string {
	return JSON.stringify(descriptor);
}
