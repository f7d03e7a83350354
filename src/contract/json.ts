import { createHash } from "node:crypto";

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
	return encode(value, "$");
}

function encode(value: unknown, path: string): string {
	if (value === null) return "null";
	switch (typeof value) {
		case "string":
		case "boolean":
			return JSON.stringify(value);
		case "number":
			if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${path} is ${value}, which JSON cannot encode`);
			return JSON.stringify(value);
		case "object": {
			if (Array.isArray(value))
				return `[${value.map((item, index) => encode(item ?? null, `${path}[${index}]`)).join(",")}]`;
			const record = value as Record<string, unknown>;
			const members: string[] = [];
			for (const key of Object.keys(record).sort()) {
				const member = record[key];
				if (member === undefined || typeof member === "function") continue;
				members.push(`${JSON.stringify(key)}:${encode(member, `${path}.${key}`)}`);
			}
			return `{${members.join(",")}}`;
		}
		default:
			throw new TypeError(`canonicalJson: ${path} is a ${typeof value}, which JSON cannot encode`);
	}
}

/** Hex sha256 of a string (UTF-8) or bytes. */
export function sha256(data: string | Uint8Array): string {
	return createHash("sha256").update(data).digest("hex");
}

/** Hex sha256 of the canonical JSON of a value: the one way touchstone hashes structured data. */
export function contentHash(value: unknown): string {
	return sha256(canonicalJson(value));
}
