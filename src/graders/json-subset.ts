import type { JsonValue } from "../contract/index.js";

/**
 * Where `actual` differs from `expected`, read as a subset: every key of an expected object must
 * be in the actual object with a matching value (extra keys are fine, at any depth); arrays must
 * have the same length and match item by item; anything else must be equal. Paths are JSON
 * Pointers, e.g. `/items/0/sku`.
 */
export function subsetMismatches(expected: JsonValue, actual: JsonValue | undefined, path = ""): string[] {
	const where = path === "" ? "the value" : path;
	if (actual === undefined) return [`${where} is missing (expected ${renderJson(expected)})`];
	if (Array.isArray(expected)) {
		if (!Array.isArray(actual)) return [`${where} should be ${renderJson(expected)}, found ${renderJson(actual)}`];
		if (actual.length !== expected.length)
			return [`${where} should have ${expected.length} items, found ${actual.length}`];
		return expected.flatMap((item, index) => subsetMismatches(item, actual[index], `${path}/${index}`));
	}
	if (expected !== null && typeof expected === "object") {
		if (actual === null || typeof actual !== "object" || Array.isArray(actual))
			return [`${where} should be an object, found ${renderJson(actual)}`];
		return Object.entries(expected).flatMap(([key, value]) =>
			subsetMismatches(value, Object.hasOwn(actual, key) ? actual[key] : undefined, `${path}/${escapePointer(key)}`),
		);
	}
	return expected === actual ? [] : [`${where} should be ${renderJson(expected)}, found ${renderJson(actual)}`];
}

function escapePointer(key: string): string {
	return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** A JSON value as short text for a reasoning: at most 60 characters. */
export function renderJson(value: JsonValue): string {
	const text = JSON.stringify(value);
	return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
