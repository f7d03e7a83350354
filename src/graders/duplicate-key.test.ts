import { describe, expect, it } from "vitest";
import { duplicateKey } from "./duplicate-key.js";

describe("duplicateKey", () => {
	it("names the first key repeated within one object, with its path", () => {
		expect(duplicateKey('{"a": 1, "b": 2, "a": 3}')).toBe("a");
		expect(duplicateKey('{"scores": {"accuracy": 1, "accuracy": 0}}')).toBe("scores.accuracy");
		expect(duplicateKey('{"list": [{"x": 1}, {"x": 2, "x": 3}]}')).toBe("list[].x");
		// Keys are compared decoded.
		expect(duplicateKey('{"a": 1, "\\u0061": 2}')).toBe("a");
	});

	it("finds none where every object's keys are distinct", () => {
		expect(duplicateKey('{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}')).toBeNull();
		// Strings that look like keys, braces inside strings, escaped quotes.
		expect(duplicateKey('{"a": "\\"a\\": 1, {", "b": ["a", "a"], "c": "}"}')).toBeNull();
		expect(duplicateKey('[1, "x", {"k": null}]')).toBeNull();
		expect(duplicateKey("42")).toBeNull();
	});
});
