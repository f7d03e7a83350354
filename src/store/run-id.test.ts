import { describe, expect, it } from "vitest";
import { newRunId } from "./run-id.js";

describe("newRunId", () => {
	it("is a UUIDv7 carrying the current time", () => {
		const before = Date.now();
		const id = newRunId();
		expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		const time = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
		expect(time).toBeGreaterThanOrEqual(before);
		expect(time).toBeLessThanOrEqual(Date.now());
	});

	it("never repeats and sorts by creation time across milliseconds", async () => {
		const ids = Array.from({ length: 10_000 }, newRunId);
		expect(new Set(ids).size).toBe(ids.length);
		await new Promise((resolve) => setTimeout(resolve, 2));
		const later = newRunId();
		expect(ids.every((id) => id < later)).toBe(true);
	});
});
