import { createHash } from "node:crypto";
import { constants, gzipSync } from "node:zlib";
import type { Store } from "../store/index.js";

/** Bytes of response bodies kept by default: a few dozen leaderboards and many matrix pages and cases. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/** One representation of a cached body. */
export interface CachedRepresentation {
	/** The bytes to send. */
	readonly bytes: Uint8Array;
	/** Strong entity tag of these bytes; it survives invalidations when the answer is unchanged. */
	readonly etag: string;
}

/**
 * A cached GET response body, encoded once (and gzipped once when large: an inspector answer of
 * 250 samples is about 230 KB of JSON and 15 KB gzipped, which is what lets a cached answer be
 * served at thousands per second to clients that accept gzip, as browsers do).
 */
export interface CachedBody {
	/** UTF-8 JSON. */
	readonly identity: CachedRepresentation;
	/** The same, gzipped; null for small bodies. */
	readonly gzip: CachedRepresentation | null;
}

/**
 * GET responses kept while the store has not changed. The store is append-only, so an answer can
 * only change when something is written: by another connection (a run, an ingest), which SQLite's
 * `PRAGMA data_version` reveals, or by this server's own `POST /rate`, which that pragma does not
 * count and which calls {@link ResponseCache.noteWrite}. Either empties the cache. Least recently
 * used bodies are dropped past `maxBytes`, so memory stays bounded however many URLs are asked.
 */
export class ResponseCache {
	readonly #store: Store;
	readonly #maxBytes: number;
	readonly #entries = new Map<string, CachedBody>();
	#bytes = 0;
	#dataVersion = -1;
	#writes = 0;
	#cachedWrites = 0;

	constructor(store: Store, maxBytes: number = DEFAULT_CACHE_BYTES) {
		this.#store = store;
		this.#maxBytes = maxBytes;
	}

	/**
	 * The generation of the store now: changes whenever its data may have. Read it before
	 * computing an answer and store the answer under it, so an answer computed while another
	 * process wrote is never kept as current.
	 */
	generation(): string {
		const dataVersion = this.#store.database.pragma("data_version", { simple: true }) as number;
		if (dataVersion !== this.#dataVersion || this.#writes !== this.#cachedWrites) {
			this.#entries.clear();
			this.#bytes = 0;
			this.#dataVersion = dataVersion;
			this.#cachedWrites = this.#writes;
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
		return entry;
	}

	/** Encodes `json` and keeps it for `key` if `generation` is still the store's; returns the body either way. */
	set(key: string, generation: string, json: string): CachedBody {
		const bytes = Buffer.from(json, "utf8");
		const tag = createHash("sha256").update(bytes).digest("base64url").slice(0, 27);
		const body: CachedBody = {
			identity: { bytes, etag: `"${tag}"` },
			gzip:
				bytes.length < COMPRESS_FROM_BYTES
					? null
					: { bytes: gzipSync(bytes, { level: constants.Z_BEST_SPEED }), etag: `"${tag}-gzip"` },
		};
		const size = sizeOf(body);
		if (generation !== this.generation() || size > this.#maxBytes) return body;
		const previous = this.#entries.get(key);
		if (previous !== undefined) {
			this.#entries.delete(key);
			this.#bytes -= sizeOf(previous);
		}
		this.#entries.set(key, body);
		this.#bytes += size;
		for (const [oldest, entry] of this.#entries) {
			if (this.#bytes <= this.#maxBytes) break;
			this.#entries.delete(oldest);
			this.#bytes -= sizeOf(entry);
		}
		return body;
	}

	/** Records a write through this server's own connection (which `data_version` does not see). */
	noteWrite(): void {
		this.#writes += 1;
	}

	/** Bodies and bytes held, for tests and logs. */
	size(): { entries: number; bytes: number } {
		return { entries: this.#entries.size, bytes: this.#bytes };
	}
}

function sizeOf(body: CachedBody): number {
	return body.identity.bytes.length + (body.gzip?.bytes.length ?? 0);
}
