import { describe, expect, it } from "vitest";
import { utf8Prefix } from "./output-budget.js";
import { Utf8Tally } from "./utf8-tally.js";

function decodeIn(pieces: readonly number[][]): { text: string; invalid: number } {
	const tally = new Utf8Tally();
	const text = pieces.map((piece) => tally.decode(Uint8Array.from(piece))).join("") + tally.end();
	return { text, invalid: tally.invalid };
}

describe("Utf8Tally", () => {
	it("counts the invalid sequences a decoder replaced, however the bytes were split", () => {
		expect(decodeIn([[0x61, 0xff, 0x62]])).toEqual({ text: "a\uFFFDb", invalid: 1 });
		// A lead byte without its continuation, in the middle and at the very end.
		expect(
			decodeIn([
				[0xc3, 0x61],
				[0xe2, 0x82],
			]).invalid,
		).toBe(2);
		// A valid two-byte character split across pieces is fine.
		expect(decodeIn([[0xc3], [0xa9]])).toEqual({ text: "é", invalid: 0 });
	});

	it("does not count a U+FFFD that was validly encoded, whole or split", () => {
		expect(decodeIn([[0xef, 0xbf, 0xbd]])).toEqual({ text: "\uFFFD", invalid: 0 });
		expect(decodeIn([[0x61, 0xef], [0xbf], [0xbd, 0xff]])).toEqual({ text: "a\uFFFD\uFFFD", invalid: 1 });
		expect(
			decodeIn([
				[0xef, 0xbf],
				[0xbd, 0xef, 0xbf, 0xbd],
			]).invalid,
		).toBe(0);
	});
});

describe("utf8Prefix", () => {
	it("cuts at a byte count without splitting a character", () => {
		expect(utf8Prefix("abc", 5)).toBe("abc");
		expect(utf8Prefix("abc", 2)).toBe("ab");
		expect(utf8Prefix("aé", 2)).toBe("a");
		expect(utf8Prefix("a😀b", 4)).toBe("a");
		expect(utf8Prefix("a😀b", 5)).toBe("a😀");
	});
});
