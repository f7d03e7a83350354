import { describe, expect, it } from "vitest";
import { closestMatch, editDistance } from "./closest-match.js";

describe("editDistance", () => {
	it("counts insertions, deletions and substitutions", () => {
		expect(editDistance("kitten", "sitting")).toBe(3);
		expect(editDistance("", "abc")).toBe(3);
		expect(editDistance("same", "same")).toBe(0);
		expect(editDistance("modle", "model")).toBe(1);
	});
});

describe("closestMatch", () => {
	const keys = ["id", "provider", "model", "display_name", "base_url", "api_key_env"];

	it("suggests the nearest key for a typo", () => {
		expect(closestMatch("provder", keys)).toBe("provider");
		expect(closestMatch("modle", keys)).toBe("model");
		expect(closestMatch("Base_URL", keys)).toBe("base_url");
	});

	it("suggests nothing when no candidate is close", () => {
		expect(closestMatch("temperature", keys)).toBeNull();
	});
});

describe("closestMatch options", () => {
	it("counts a swap as two edits when transpositions are off", () => {
		expect(editDistance("modle", "model", { transpositions: false })).toBe(2);
		expect(closestMatch("modle", ["model"], { transpositions: false })).toBeNull();
	});

	it("allows a fixed number of edits", () => {
		expect(closestMatch("rulez", ["rules", "models"], { maxDistance: 2, transpositions: false })).toBe("rules");
		expect(closestMatch("xyz", ["rules"], { maxDistance: 2 })).toBeNull();
	});
});
