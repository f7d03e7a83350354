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

/** What `GET /stats` returns: completion requests that reached a scripted model, by model id and outcome. */
export interface ServerStats {
	/** Every counted request. */
	readonly total: number;
	/** Per model id the client sent (ids served by `*` appear under their own name). */
	readonly models: Readonly<Record<string, ModelStats>>;
}

/** Mutable counters behind {@link ServerStats}. */
export interface StatsCounter {
	/** Counts one request of `model` that ended with `outcome`. */
	count(model: string, outcome: Outcome): void;
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
	const fresh = (): Counts => ({
		requests: 0,
		outcomes: Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Counts["outcomes"],
	});
	const reset = (): void => {
		total = 0;
		models = new Map(modelIds.map((id) => [id, fresh()]));
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
		snapshot() {
			const copy: Record<string, ModelStats> = {};
			for (const [id, counts] of models) copy[id] = { requests: counts.requests, outcomes: { ...counts.outcomes } };
			return { total, models: copy };
		},
		reset,
	};
}
