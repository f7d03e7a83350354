import type { Position } from "./yaml-positions.js";

/** Bytes decoded as UTF-8, or where the first byte that is not UTF-8 sits. */
export type Utf8Text =
	| { readonly text: string; readonly invalid: null }
	| { readonly text: null; readonly invalid: Position };

/**
 * Decodes `bytes` as UTF-8 without replacing what is not UTF-8: a lossy decode turned a stray
 * byte of a prompt or an id into U+FFFD silently, so the file ran as text nobody wrote. A U+FFFD
 * that the file really holds (the bytes EF BF BD) is kept.
 */
export function decodeUtf8(bytes: Buffer): Utf8Text {
	const text = bytes.toString("utf8");
	let offset = 0;
	let from = 0;
	for (let index = text.indexOf("\uFFFD"); index >= 0; index = text.indexOf("\uFFFD", index + 1)) {
		// Everything before the first bad byte decoded one to one, so byte offsets still line up here.
		offset += Buffer.byteLength(text.slice(from, index));
		from = index + 1;
		if (bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd) {
			offset += 3;
			continue;
		}
		const before = text.slice(0, index);
		const lineStart = before.lastIndexOf("\n") + 1;
		return { text: null, invalid: { line: before.split("\n").length, column: index - lineStart + 1 } };
	}
	return { text, invalid: null };
}
