import type { Store, StoredOwnerRating, StoredRun } from "../store/index.js";
import { type CachedBody, cachedBody, encodeBody } from "./cached-body.js";
import type { EncodedBody } from "./calibration-protocol.js";
import type { RatingDependence } from "./route.js";

/** Bytes of response bodies kept by default: a few dozen leaderboards and many matrix pages and cases. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** The cache key of a GET: its path and parameters, sorted, so parameters in any order are the same question. */
export function cacheKeyOf(url: URL): string {
	const sorted = new URLSearchParams(url.searchParams);
	sorted.sort();
	return `${url.pathname}?${sorted}`;
}

/** A cached body and how it depends on owner ratings. */
interface Entry {
	readonly body: CachedBody;
	readonly ratings: RatingDependence | null;
}

/**
 * GET responses kept while the store has not changed. The store is append-only, so an answer can
 * only change when something is written: by another connection (a run, an ingest), which SQLite's
 * `PRAGMA data_version` reveals and which empties the cache, or by this server's own `POST /rate`,
 * which that pragma does not count: {@link ResponseCache.noteRating} then touches only the answers
 * that show ratings of that run's case, updating those that can take the rating as it is (an
 * inspection) and dropping the others (a calibration). A rating flushing everything made every
 * leaderboard be computed again under a mixed load, seconds each on a large store. Least recently
 * used bodies are dropped past `maxBytes`, so memory stays bounded however many URLs are asked.
 */
export class ResponseCache {
	/** `PRAGMA data_version`, prepared once: preparing it on every request cost more than the rest of a cached answer. */
	readonly #dataVersionOf: () => number;
	readonly #maxBytes: number;
	readonly #entries = new Map<string, Entry>();
	#bytes = 0;
	#dataVersion = -1;
	#writes = 0;

	constructor(store: Store, maxBytes: number = DEFAULT_CACHE_BYTES) {
		const statement = store.database.prepare("PRAGMA data_version").pluck();
		this.#dataVersionOf = () => statement.get() as number;
		this.#maxBytes = maxBytes;
	}

	/**
	 * The generation of the store now: changes whenever its data may have. Read it before
	 * computing an answer and store the answer under it, so an answer computed while another
	 * process (or this server) wrote is never kept as current.
	 */
	generation(): string {
		const dataVersion = this.#dataVersionOf();
		if (dataVersion !== this.#dataVersion) {
			this.#entries.clear();
			this.#bytes = 0;
			this.#dataVersion = dataVersion;
		}
		return `${dataVersion}:${this.#writes}`;
	}

	/** The cached body of `key` if the store has not changed since it was computed. */
	get(key: string): CachedBody | undefined {
		this.generation();
		const entry = this.#entries.get(key);
		if (entry !== undefined) {
			// Refresh its place in the least-recently-used order.
			this.#entries.delete(key);
			this.#entries.set(key, entry);
		}
		return entry?.body;
	}

	/**
	 * Encodes `json` and keeps it for `key`, noting how it depends on owner ratings, if
	 * `generation` is still the store's; returns the body either way.
	 */
	set(key: string, generation: string, json: string, ratings: RatingDependence | null): CachedBody {
		const body = cachedBody(encodeBody(json));
		if (generation === this.generation()) this.#keep(key, { body, ratings });
		return body;
	}

	/**
	 * Keeps a body encoded elsewhere (a thread's, see EncodedBody) for `key` if `generation` is
	 * still the store's; returns whether it was kept. A prefetch offers what it computed this way,
	 * so nothing computed before the store changed is ever kept as current.
	 */
	offer(key: string, generation: string, encoded: EncodedBody, ratings: RatingDependence | null): boolean {
		if (generation !== this.generation()) return false;
		this.#keep(key, { body: cachedBody(encoded), ratings });
		return this.#entries.has(key);
	}

	/** Whether `key` has a current body, without refreshing its place in the least-recently-used order. */
	has(key: string): boolean {
		this.generation();
		return this.#entries.has(key);
	}

	/**
	 * Records an owner rating of `run` written through this server's own connection (which
	 * `data_version` does not see): each answer that shows ratings of that run's case takes the
	 * rating in place when it can, and is dropped (computed again when next asked) when it cannot.
	 */
	noteRating(rating: StoredOwnerRating, run: Pick<StoredRun, "use_case_id" | "case_id">): void {
		this.#writes += 1;
		for (const [key, { body, ratings }] of [...this.#entries]) {
			if (ratings === null || ratings.scope.useCaseId !== run.use_case_id) continue;
			if (ratings.scope.caseId !== null && ratings.scope.caseId !== run.case_id) continue;
			this.#drop(key);
			if (ratings.apply === undefined) continue;
			const answer = ratings.apply(JSON.parse(new TextDecoder().decode(body.identity().bytes)) as unknown, rating);
			this.#keep(key, { body: cachedBody(encodeBody(JSON.stringify(answer))), ratings });
		}
	}

	#keep(key: string, entry: Entry): void {
		const { size } = entry.body;
		if (size > this.#maxBytes) return;
		this.#drop(key);
		this.#entries.set(key, entry);
		this.#bytes += size;
		for (const [oldest] of this.#entries) {
			if (this.#bytes <= this.#maxBytes) break;
			this.#drop(oldest);
		}
	}

	#drop(key: string): void {
		const entry = this.#entries.get(key);
		if (entry === undefined) return;
		this.#entries.delete(key);
		this.#bytes -= entry.body.size;
	}

	/** Bodies and bytes held, for tests and logs. */
	size(): { entries: number; bytes: number } {
		return { entries: this.#entries.size, bytes: this.#bytes };
	}
}
