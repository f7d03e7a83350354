import { z } from "zod";
import { PAIR_ORDERS, type PairedSample, type PairOrder } from "../../../contract/index.js";

/** The first word of the helper's one authenticated result line. */
export const PAIRED_RESULT_PREFIX = "TOUCHSTONE-PAIRED-V1";

/** What a helper may report; see notes/speedup-protocol.md for what each becomes. */
export const PAIRED_STATUSES = [
	"ok",
	"rejected",
	"candidate_error",
	"mismatch",
	"impure",
	"baseline_failed",
	"harness_error",
] as const;
/** One of {@link PAIRED_STATUSES}. */
export type PairedStatus = (typeof PAIRED_STATUSES)[number];

/** A helper's result, validated: samples only with `ok`. */
export type PairedResult =
	| {
			readonly status: "ok";
			readonly detail: string;
			readonly oracle_cases: number | null;
			readonly warmup: PairedSample;
			readonly samples: readonly PairedSample[];
	  }
	| {
			readonly status: Exclude<PairedStatus, "ok">;
			readonly detail: string;
			readonly oracle_cases: number | null;
	  };

/** A parsed result, or why the helper's output is no result (always a harness error). */
export type PairedParse =
	| { readonly ok: true; readonly result: PairedResult }
	| { readonly ok: false; readonly problem: string };

const seconds = z.custom<number>((value) => typeof value === "number" && Number.isFinite(value) && value > 0, {
	error: "a sample must be a positive, finite number of seconds",
});
const sampleSchema = z.object({ baseline_s: seconds, candidate_s: seconds, order: z.enum(PAIR_ORDERS) });
const resultSchema = z.object({
	status: z.enum(PAIRED_STATUSES),
	detail: z.string(),
	oracle_cases: z.number().int().min(0).nullable().optional(),
	warmup: sampleSchema.nullable().optional(),
	samples: z.array(sampleSchema).optional(),
});

/** The order measured pair `index` (0-based) must have: baseline-first for even, candidate-first for odd. */
export function expectedOrder(index: number): PairOrder {
	return index % 2 === 0 ? "baseline-first" : "candidate-first";
}

/**
 * Finds the one line `TOUCHSTONE-PAIRED-V1 <nonce> <json>` in the helper's stdout and validates
 * it: lines without the nonce are ignored (a forged line cannot know it); none or several, JSON
 * that does not parse or fit, and with `ok` a missing warm-up, a sample count other than
 * `pairs`, a wrong order or a non-positive or non-finite sample are problems.
 */
export function parsePairedResult(stdout: string, nonce: string, pairs: number): PairedParse {
	const marker = `${PAIRED_RESULT_PREFIX} ${nonce} `;
	const lines = stdout.split("\n").filter((line) => line.startsWith(marker));
	if (lines.length === 0) return { ok: false, problem: "the helper printed no authenticated result line" };
	if (lines.length > 1)
		return { ok: false, problem: `the helper's output holds ${lines.length} authenticated result lines (ambiguous)` };
	let json: unknown;
	try {
		json = JSON.parse((lines[0] as string).slice(marker.length));
	} catch {
		return { ok: false, problem: "the authenticated result is not JSON" };
	}
	const parsed = resultSchema.safeParse(json);
	if (!parsed.success) {
		const first = parsed.error.issues[0];
		return {
			ok: false,
			problem: `the authenticated result does not fit paired-v1: ${first?.path.join(".") || "(root)"}: ${first?.message}`,
		};
	}
	const { status, detail } = parsed.data;
	const oracle_cases = parsed.data.oracle_cases ?? null;
	if (status !== "ok") return { ok: true, result: { status, detail, oracle_cases } };
	const { warmup, samples } = parsed.data;
	if (warmup === undefined || warmup === null || samples === undefined)
		return { ok: false, problem: "an ok result must carry its warm-up pair and its samples" };
	if (warmup.order !== "baseline-first") return { ok: false, problem: "the warm-up pair must be baseline-first" };
	if (samples.length !== pairs)
		return { ok: false, problem: `the result holds ${samples.length} measured pairs; the task asks for ${pairs}` };
	const misordered = samples.findIndex((sample, index) => sample.order !== expectedOrder(index));
	if (misordered >= 0)
		return {
			ok: false,
			problem: `measured pair ${misordered} is ${samples[misordered]?.order}; it must be ${expectedOrder(misordered)}`,
		};
	return { ok: true, result: { status, detail, oracle_cases, warmup, samples } };
}
