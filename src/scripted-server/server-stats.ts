import { FAULT_KINDS } from "./script-schema.js";

/** How a completion request ended: answered, one of the faults, or no rule matched. */
export const OUTCOMES = ["ok", ...FAULT_KINDS, "no_rule"] as const;
/** One of {@link OUTCOMES}. */
export type Outcome = (typeof OUTCOMES)[number];

/** Counts of one model id. */
export interface ModelStats {
	/** Completion requests that named this model id. */
	readonly requests: number;
	/** Those requests by outcome. */
	readonly outcomes: Readonly<Record<Outcome, number>>;
}

/**
 * How late the stand-in itself was: for each reply answered whole, how long after its scripted
 * latency (counted from when its request arrived) the last byte was handed to the connection. A
 * busy machine delays the stand-in too; this separates that from the client's own overhead.
 */
export interface Lateness {
	/** Replies measured. */
	readonly replies: number;
	/** Mean and largest lateness in ms, null before the first reply. */
	readonly mean_ms: number | null;
	readonly max_ms: number | null;
}

/** What `GET /stats` returns: completion requests that reached a scripted model, by model id and outcome. */
export interface ServerStats {
	/** Every counted request. */
	readonly total: number;
	/** Per model id the client sent (ids served by `*` appear under their own name). */
	readonly models: Readonly<Record<string, ModelStats>>;
	/** How late the answered replies went out, over every model. */
	readonly lateness: Lateness;
}

/** Mutable counters behind {@link ServerStats}. */
export interface StatsCounter {
	/** Counts one request of `model` that ended with `outcome`. */
	count(model: string, outcome: Outcome): void;
	/** Notes that a reply answered whole went out `ms` milliseconds after its scripted latency. */
	late(ms: number): void;
	/** A copy of the counts, safe to keep. */
	snapshot(): ServerStats;
	/** Sets every count back to zero. */
	reset(): void;
}

interface Counts {
	requests: number;
	outcomes: Record<Outcome, number>;
}

/** Creates counters that list `modelIds` (the scripted ones) even before their first request. */
export function createStatsCounter(modelIds: readonly string[]): StatsCounter {
	let total = 0;
	let models = new Map<string, Counts>();
	let replies = 0;
	let lateSum = 0;
	let lateMax = 0;
	const fresh = (): Counts => ({
		requests: 0,
		outcomes: Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Counts["outcomes"],
	});
	const reset = (): void => {
		total = 0;
		models = new Map(modelIds.map((id) => [id, fresh()]));
		replies = 0;
		lateSum = 0;
		lateMax = 0;
	};
	reset();
	return {
		count(model, outcome) {
			let counts = models.get(model);
			if (counts === undefined) {
				counts = fresh();
				models.set(model, counts);
			}
			total++;
			counts.requests++;
			counts.outcomes[outcome]++;
		},
		late(ms) {
			const late = Math.max(0, ms);
			replies++;
			lateSum += late;
			if (late > lateMax) lateMax = late;
		},
		snapshot() {
			const copy: Record<string, ModelStats> = {};
			for (const [id, counts] of models) copy[id] = { requests: counts.requests, outcomes: { ...counts.outcomes } };
			const lateness: Lateness =
				replies === 0
					? { replies, mean_ms: null, max_ms: null }
					: { replies, mean_ms: lateSum / replies, max_ms: lateMax };
			return { total, models: copy, lateness };
		},
		reset,
	};
}
