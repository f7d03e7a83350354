import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonErrorOffset } from "./json-error-offset.js";

const fixture = readFileSync(new URL("../../../test/fixtures/promptfoo/cached.json", import.meta.url), "utf8");

describe("jsonErrorOffset", () => {
	it("places the first character that is not JSON, and the end of a file that ends early", () => {
		expect(jsonErrorOffset('{"a": [1, 2]}')).toBeNull();
		expect(jsonErrorOffset("promptfoo said: ok")).toBe(0);
		expect(jsonErrorOffset('{"a": [1, 2,]}')).toBe(12);
		expect(jsonErrorOffset('{"a" 1}')).toBe(5);
		expect(jsonErrorOffset('{"a": 1} x')).toBe(9);
		expect(jsonErrorOffset('{"a": "b\\q"}')).toBe(9);
		expect(jsonErrorOffset('{"a": [1, {"b": "c')).toBe(18);
		expect(jsonErrorOffset("")).toBe(0);
	});

	it("agrees with JSON.parse on every cut and on every one-character change of a real file", () => {
		const parses = (text: string) => {
			try {
				JSON.parse(text);
				return true;
			} catch {
				return false;
			}
		};
		expect(jsonErrorOffset(fixture)).toBeNull();
		for (let cut = 0; cut < fixture.length; cut += 97) expect(jsonErrorOffset(fixture.slice(0, cut))).not.toBeNull();
		for (let at = 0; at < fixture.length; at += 89)
			for (const char of ['"', "}", ",", "x", "\\"]) {
				const changed = fixture.slice(0, at) + char + fixture.slice(at + 1);
				expect(jsonErrorOffset(changed) === null, `${char} at ${at}`).toBe(parses(changed));
			}
	});
});
