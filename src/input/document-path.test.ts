import { describe, expect, it } from "vitest";
import { ANY_KEY, DOLLAR_IDENTIFIER_KEY, formatPath, valueAt } from "./document-path.js";

describe("formatPath", () => {
	it("shows identifiers bare and quotes other keys", () => {
		expect(formatPath(["models", 2, "options", "headers_env", "X-Key"])).toBe('models[2].options.headers_env["X-Key"]');
		expect(formatPath(["schema", "$ref"])).toBe('schema["$ref"]');
	});

	it("takes the keys to show bare as an option", () => {
		expect(formatPath(["schema", "$ref"], DOLLAR_IDENTIFIER_KEY)).toBe("schema.$ref");
		expect(formatPath(["models", "scripted/strong", "rules", 0], ANY_KEY)).toBe("models.scripted/strong.rules[0]");
	});
});

describe("valueAt", () => {
	it("finds a value through mappings and lists, and nothing past a missing key", () => {
		const data = { cases: [{ id: "a" }] };
		expect(valueAt(data, ["cases", 0, "id"])).toBe("a");
		expect(valueAt(data, ["cases", 1, "id"])).toBeUndefined();
		expect(valueAt(data, ["toString"])).toBeUndefined();
	});
});
