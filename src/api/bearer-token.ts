import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether an `Authorization` header carries `Bearer <token>`. Both sides are hashed first so the
 * comparison takes the same time whatever the header holds, and timingSafeEqual compares the
 * hashes in constant time: the answer leaks neither the token's length nor its prefix.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
	const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
	const given = match?.[1] ?? "";
	return timingSafeEqual(digest(given), digest(token)) && match !== null;
}

function digest(text: string): Buffer {
	return createHash("sha256").update(text, "utf8").digest();
}
