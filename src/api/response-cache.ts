import { createHash } from "node:crypto";
import { constants, gunzipSync, gzipSync } from "node:zlib";
import type { Store, StoredOwnerRating, StoredRun } from "../store/index.js";
import type { RatingDependence } from "./route.js";

/** Bytes of response bodies kept by default: a few dozen leaderboards and many matrix pages and cases. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;
const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED };

/** One representation of a cached body. */
export interface CachedRepresentation {
	/** The bytes to send. */
	readonly bytes: Uint8Array;
	/** Strong entity tag of these bytes; it survives invalidations when the answer is unchanged. */
	readonly etag: string;
}

/**
 * A cached GET response body, encoded once (and gzipped once when large: an inspector answer of
 * 250 samples is about 250 KB of JSON and 12 KB gzipped, which is what lets a cached answer be
 * served at thousands per second to clients that accept gzip, as browsers do). A large body
 * keeps only its gzip: its JSON is unzipped again for a client that does not accept gzip (about
 * 0.7 ms for 250 KB at load 3.6), so the cache holds 2,000 inspections in 23 MB rather than
 * 250 in 64 MB, and a dashboard going through the cases of a pack finds them again.
 */
export interface CachedBody {
	/** Strong entity tag of the UTF-8 JSON. */
	readonly identityTag: string;
	/** The UTF-8 JSON (unzipped from `gzip` when the body is large). */
	identity(): CachedRepresentation;
	/** The same, gzipped; null for small bodies. */
	readonly gzip: CachedRepresentation | null;
	/** Bytes the cache holds for it. */
	readonly size: number;
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
		const body = encode(json);
		if (generation === this.generation()) this.#keep(key, { body, ratings });
		return body;
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
			this.#keep(key, { body: encode(JSON.stringify(answer)), ratings });
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

/** A body encoded once: its UTF-8 bytes (small) or their gzip (large), and the tag of each. */
function encode(json: string): CachedBody {
	const bytes = Buffer.from(json, "utf8");
	return bodyOf(bytes, bytes.length < COMPRESS_FROM_BYTES ? null : gzipSync(bytes, GZIP_OPTIONS));
}

/** The body of `bytes`, kept as they are when `zipped` is null, else as `zipped` alone. */
function bodyOf(bytes: Buffer, zipped: Buffer | null): CachedBody {
	const tag = createHash("sha256").update(bytes).digest("base64url").slice(0, 27);
	const identityTag = `"${tag}"`;
	if (zipped === null) {
		const identity = { bytes, etag: identityTag };
		return { identityTag, identity: () => identity, gzip: null, size: bytes.length };
	}
	const gzip = { bytes: zipped, etag: `"${tag}-gzip"` };
	return {
		identityTag,
		identity: () => ({ bytes: gunzipSync(gzip.bytes), etag: identityTag }),
		gzip,
		size: zipped.length,
	};
}
