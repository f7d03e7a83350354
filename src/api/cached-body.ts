import { createHash } from "node:crypto";
import { constants, gunzipSync, gzipSync } from "node:zlib";
import type { EncodedBody } from "./calibration-protocol.js";

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

/**
 * A body encoded once: the tag of its UTF-8 bytes, and those bytes (small) or their gzip alone
 * (large). Plain data, so a thread can encode what it computed and post it.
 */
export function encodeBody(json: string): EncodedBody {
	const bytes = Buffer.from(json, "utf8");
	const tag = createHash("sha256").update(bytes).digest("base64url").slice(0, 27);
	return bytes.length < COMPRESS_FROM_BYTES
		? { tag, bytes, zipped: false }
		: { tag, bytes: gzipSync(bytes, GZIP_OPTIONS), zipped: true };
}

/** The cached body of an encoded one: its representations and their tags. */
export function cachedBody({ tag, bytes, zipped }: EncodedBody): CachedBody {
	const identityTag = `"${tag}"`;
	if (!zipped) {
		const identity = { bytes, etag: identityTag };
		return { identityTag, identity: () => identity, gzip: null, size: bytes.length };
	}
	const gzip = { bytes, etag: `"${tag}-gzip"` };
	return {
		identityTag,
		identity: () => ({ bytes: gunzipSync(gzip.bytes), etag: identityTag }),
		gzip,
		size: bytes.length,
	};
}
