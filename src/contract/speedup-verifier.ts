/**
 * The `speedup` verifier's contract (protocol `paired-v1`, see notes/speedup-protocol.md): a
 * trusted helper times a frozen baseline and the model's candidate in alternating pairs inside a
 * sandbox and reports raw seconds; the verifier turns them into a {@link PerformanceRecord}.
 */

/** Protocols a speedup task may name; `paired-v1` is the only one (legacy self-timed harnesses are not run). */
export const SPEEDUP_PROTOCOLS = ["paired-v1"] as const;
/** One of {@link SPEEDUP_PROTOCOLS}. */
export type SpeedupProtocol = (typeof SPEEDUP_PROTOCOLS)[number];

/** Languages a speedup candidate may be written in; each has its own trusted helper. */
export const SPEEDUP_LANGUAGES = ["python", "node"] as const;
/** One of {@link SPEEDUP_LANGUAGES}. */
export type SpeedupLanguage = (typeof SPEEDUP_LANGUAGES)[number];

/** What a language lets a candidate import, checked when a task loads and again by the helper. */
export interface SpeedupImportPolicy {
	/** Modules allowed when a task gives no `allowed_imports`. */
	readonly default: readonly string[];
	/** Modules a task may add to its `allowed_imports`, besides the defaults. */
	readonly allowable: readonly string[];
	/** Process and interpreter modules no task may allow (named in the load error). */
	readonly never: readonly string[];
	/** File extensions an editable file or the baseline may have, e.g. `.py`. */
	readonly extensions: readonly string[];
}

/** Per language, the import sets of the seed's paired-v1 contract. */
export const SPEEDUP_IMPORT_POLICIES: Readonly<Record<SpeedupLanguage, SpeedupImportPolicy>> = Object.freeze({
	python: {
		default: ["__future__", "math", "collections", "itertools", "functools", "bisect", "heapq"],
		allowable: [
			"random",
			"statistics",
			"json",
			"re",
			"array",
			"decimal",
			"fractions",
			"operator",
			"datetime",
			"calendar",
		],
		never: [
			"sys",
			"os",
			"gc",
			"inspect",
			"ctypes",
			"importlib",
			"builtins",
			"time",
			"threading",
			"multiprocessing",
			"subprocess",
			"signal",
			"atexit",
			"io",
			"pathlib",
		],
		extensions: [".py"],
	},
	// Node: specifiers as written in `import ... from "node:path"`; none by default; pure built-ins only.
	node: {
		default: [],
		allowable: [
			"node:assert",
			"node:assert/strict",
			"node:buffer",
			"node:path",
			"node:path/posix",
			"node:querystring",
			"node:string_decoder",
			"node:url",
		],
		never: [
			"node:async_hooks",
			"node:child_process",
			"node:cluster",
			"node:dgram",
			"node:diagnostics_channel",
			"node:dns",
			"node:fs",
			"node:fs/promises",
			"node:http",
			"node:http2",
			"node:https",
			"node:inspector",
			"node:module",
			"node:net",
			"node:os",
			"node:perf_hooks",
			"node:process",
			"node:repl",
			"node:timers",
			"node:tls",
			"node:tty",
			"node:v8",
			"node:vm",
			"node:wasi",
			"node:worker_threads",
		],
		extensions: [".js", ".mjs", ".ts", ".mts"],
	},
});

/** A score bucket: a median ratio at or above `threshold` (12 places) earns `score`. */
export type SpeedupBucket = readonly [threshold: number, score: number];

/** Settings of the `speedup` verifier, as written under `verifier.args` with defaults filled in. */
export interface SpeedupVerifierArgs {
	/** See {@link SPEEDUP_PROTOCOLS}. */
	readonly protocol: SpeedupProtocol;
	/** See {@link SPEEDUP_LANGUAGES}; default `python`. */
	readonly language: SpeedupLanguage;
	/** Python only: the interpreter the sandbox runs, default `python3` on its PATH. */
	readonly python: string;
	/** The candidate files, relative to the workdir, read from what the model left. */
	readonly editable: readonly string[];
	/** Modules a candidate may import (the language's defaults when not given). */
	readonly allowed_imports: readonly string[];
	/** Measured pairs, after one discarded warm-up pair; default 7. */
	readonly pairs: number;
	/** The fixed task seed: pair i builds its input with make_input(seed + i + 1), the warm-up with seed. */
	readonly seed: number;
	/** Names the frozen timing dataset, so reports label what the ratios describe. */
	readonly fixture_version: string;
	/** Most seconds the whole helper run may take; past it the verdict is `timeout`. */
	readonly timeout_s: number;
	/** Score ladder, thresholds strictly increasing; below the first the score is 0. */
	readonly buckets: readonly SpeedupBucket[];
	/** Score at or above which the attempt passes (12 places). */
	readonly pass_threshold: number;
	/** The trusted, frozen baseline implementation. */
	readonly baseline: { readonly path: string; readonly source: string };
	/** The trusted harness: task code that calls the injected `benchmark(...)` once. */
	readonly harness: string;
}

/** A task graded by the paired speedup protocol. See {@link SpeedupVerifierArgs}. */
export interface SpeedupVerifier {
	/** Discriminant. */
	readonly kind: "speedup";
	/** See {@link SpeedupVerifierArgs}. */
	readonly args: SpeedupVerifierArgs;
}

/** Which side of a pair was called first. */
export const PAIR_ORDERS = ["baseline-first", "candidate-first"] as const;
/** One of {@link PAIR_ORDERS}. */
export type PairOrder = (typeof PAIR_ORDERS)[number];

/** One timed pair: raw seconds of each side's call, never a ratio. */
export type PairedSample = {
	/** Seconds the baseline's call took. */
	readonly baseline_s: number;
	/** Seconds the candidate's call took. */
	readonly candidate_s: number;
	/** See {@link PAIR_ORDERS}. */
	readonly order: PairOrder;
};

/**
 * What a speedup verdict measured, kept whole in the headline's `extras.performance`: whether the
 * candidate was correct (null when unknown: a timeout), the warm-up and measured pairs, the
 * per-pair ratios baseline/candidate, their median, the highest bucket cleared and its score.
 * Unknown values are null, never invented.
 */
export type PerformanceRecord = {
	/** See {@link SPEEDUP_PROTOCOLS}. */
	readonly protocol: SpeedupProtocol;
	/** Metric identity: the median of per-pair speedups. */
	readonly metric: "median_speedup";
	/** See {@link SPEEDUP_LANGUAGES}. */
	readonly language: SpeedupLanguage;
	/** Whether the candidate matched the oracles and the baseline on every pair; null when unknown. */
	readonly correctness: boolean | null;
	/** The discarded warm-up pair; null when no timing ran. */
	readonly warmup: PairedSample | null;
	/** The measured pairs, in order; empty when no timing ran. */
	readonly samples: PairedSample[];
	/** baseline_s / candidate_s per measured pair. */
	readonly ratios: number[];
	/** Median of `ratios`; null when no timing ran. */
	readonly median_ratio: number | null;
	/** Threshold of the highest bucket the median cleared; null below the first or without timing. */
	readonly highest_bucket: number | null;
	/** The score awarded, 0..1. */
	readonly score: number;
	/** See {@link SpeedupVerifierArgs.pass_threshold}. */
	readonly pass_threshold: number;
	/** Measured pairs asked for. */
	readonly pairs: number;
	/** See {@link SpeedupVerifierArgs.fixture_version}. */
	readonly fixture_version: string;
	/** Oracle cases the helper ran; null when it did not say. */
	readonly oracle_cases: number | null;
};
