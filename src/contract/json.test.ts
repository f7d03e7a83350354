import { describe, expect, it } from "vitest";
import { canonicalJson, contentHash, sha256, writeCanonical } from "./json.js";

describe("canonicalJson", () => {
	it("sorts keys at every depth so equal values hash equally", () => {
		const a = { b: 1, a: { d: [1, { z: true, y: null }], c: "x" } };
		const b = { a: { c: "x", d: [1, { y: null, z: true }] }, b: 1 };
		expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}');
		expect(contentHash(a)).toBe(contentHash(b));
	});

	it("drops undefined members like JSON does, and keeps array positions", () => {
		expect(canonicalJson({ a: undefined, b: [undefined, 2] })).toBe('{"b":[null,2]}');
	});

	it("refuses values JSON cannot carry, naming where they are", () => {
		expect(() => canonicalJson({ cost: Number.NaN })).toThrow("$.cost is NaN");
		expect(() => canonicalJson({ big: 1n })).toThrow("$.big is a bigint");
	});

	it("hashes with sha256 over UTF-8", () => {
		expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
		expect(contentHash({ é: "ü" })).toBe(sha256('{"é":"ü"}'));
	});
});

describe("writeCanonical", () => {
	it("writes a large document in chunks that join to its canonical text and hash the same", () => {
		const document = {
			cases: Array.from({ length: 5_000 }, (_, index) => ({ id: `c${index}`, text: "é".repeat(index % 7), n: index })),
		};
		const chunks: string[] = [];
		writeCanonical(document, (chunk) => chunks.push(chunk));
		expect(chunks.length).toBeGreaterThan(1);
		expect(chunks.join("")).toBe(canonicalJson(document));
		expect(contentHash(document)).toBe(sha256(canonicalJson(document)));
	});

	it("names the path of a value it cannot encode, deep in an array", () => {
		expect(() => canonicalJson({ a: [{ b: 1 }, { b: Number.POSITIVE_INFINITY }] })).toThrow("$.a[1].b is Infinity");
	});
});
