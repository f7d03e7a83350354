import { createHash, type Hash, hash } from "node:crypto";

/** A value that survives a JSON round trip unchanged. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object, the shape of every plugin payload (`input`, `reference`, `metadata`). */
export type JsonObject = { [key: string]: JsonValue };

/**
 * Encodes a value as JSON with object keys sorted at every depth and no whitespace, so equal
 * values always produce equal text on every machine. `undefined` members are dropped (as
 * JSON.stringify does); non-finite numbers are refused because JSON cannot carry them.
 */
export function canonicalJson(value: unknown): string {
	const chunks: string[] = [];
	writeCanonical(value, (chunk) => chunks.push(chunk));
	return chunks.length === 1 ? (chunks[0] as string) : chunks.join("");
}

/** Pieces of canonical text are handed on once this many characters have gathered. */
const CHUNK_CHARACTERS = 65_536;

/**
 * Writes the canonical JSON of `value` (see {@link canonicalJson}) to `sink` in chunks, so a
 * large document (a spec of 50,000 cases) can be hashed without ever being one string.
 */
export function writeCanonical(value: unknown, sink: (chunk: string) => void): void {
	const path: (string | number)[] = [];
	let pending = "";
	const emit = (piece: string) => {
		pending += piece;
		if (pending.length >= CHUNK_CHARACTERS) {
			sink(pending);
			pending = "";
		}
	};
	encode(value, emit, path);
	if (pending.length > 0) sink(pending);
}

function encode(value: unknown, emit: (piece: string) => void, path: (string | number)[]): void {
	if (value === null) {
		emit("null");
		return;
	}
	switch (typeof value) {
		case "string":
		case "boolean":
			emit(JSON.stringify(value));
			return;
		case "number":
			if (!Number.isFinite(value))
				throw new TypeError(`canonicalJson: ${formatJsonPath(path)} is ${value}, which JSON cannot encode`);
			emit(JSON.stringify(value));
			return;
		case "object": {
			if (Array.isArray(value)) {
				emit("[");
				for (let index = 0; index < value.length; index++) {
					if (index > 0) emit(",");
					path.push(index);
					encode(value[index] ?? null, emit, path);
					path.pop();
				}
				emit("]");
				return;
			}
			const record = value as Record<string, unknown>;
			emit("{");
			let first = true;
			for (const key of sortedKeys(record)) {
				const member = record[key];
				if (member === undefined || typeof member === "function") continue;
				const quoted = quotedKey(key);
				emit(first ? `${quoted}:` : `,${quoted}:`);
				first = false;
				path.push(key);
				encode(member, emit, path);
				path.pop();
			}
			emit("}");
			return;
		}
		default:
			throw new TypeError(`canonicalJson: ${formatJsonPath(path)} is a ${typeof value}, which JSON cannot encode`);
	}
}

/**
 * The keys of an object in code-unit order. Most objects touchstone encodes already have their
 * keys in order (specs are built that way, short YAML mappings often are): checking is one pass,
 * where sorting copies the array twice. A 50,000-case spec has half a million objects.
 */
function sortedKeys(record: Record<string, unknown>): string[] {
	const keys = Object.keys(record);
	for (let index = 1; index < keys.length; index++)
		if ((keys[index - 1] as string) > (keys[index] as string)) return keys.sort();
	return keys;
}

/** Keys quoted as JSON, remembered: the same few names recur on every object of a document. */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_MAX = 4096;

function quotedKey(key: string): string {
	let quoted = quotedKeys.get(key);
	if (quoted === undefined) {
		quoted = JSON.stringify(key);
		if (quotedKeys.size < QUOTED_KEYS_MAX && key.length <= 64) quotedKeys.set(key, quoted);
	}
	return quoted;
}

function formatJsonPath(path: readonly (string | number)[]): string {
	return `$${path.map((part) => (typeof part === "number" ? `[${part}]` : `.${part}`)).join("")}`;
}

/**
 * Hex sha256 of a string (UTF-8) or bytes, in one call: about twice as fast as a Hash object for
 * the short texts hashed per case and per cell (keys, inputs, artifacts).
 */
export function sha256(data: string | Uint8Array): string {
	return hash("sha256", data, "hex");
}

/** Hex sha256 of the canonical JSON of a value: the one way touchstone hashes structured data. */
export function contentHash(value: unknown): string {
	// A small value is one chunk, hashed in one call; a large one is hashed as it is written.
	let first: string | null = null;
	let stream: Hash | null = null;
	writeCanonical(value, (chunk) => {
		if (stream !== null) stream.update(chunk);
		else if (first === null) first = chunk;
		else stream = createHash("sha256").update(first).update(chunk);
	});
	if (stream !== null) return (stream as Hash).digest("hex");
	return sha256(first ?? "");
}
