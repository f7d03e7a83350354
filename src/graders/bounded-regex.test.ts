import { describe, expect, it } from "vitest";
import { execBounded, RegexTimeoutError } from "./bounded-regex.js";

const EVIL = "(a+)+$";
const EVIL_INPUT = `${"a".repeat(40)}b`;

describe("execBounded", () => {
	it("finds the first match (g dropped, y kept) and null when there is none", async () => {
		expect(await execBounded("\\d+", "g", "ab 12 34")).toEqual({ match: "12", index: 3 });
		expect(await execBounded("\\d+", "y", "ab 12")).toBeNull();
		expect(await execBounded("^\\p{Lu}", "u", "Übersicht")).toEqual({ match: "Ü", index: 0 });
	});

	it("stops catastrophic backtracking at the bound, then keeps answering", async () => {
		const started = performance.now();
		const error = await execBounded(EVIL, "", EVIL_INPUT, { limitMs: 200, where: "of check x on case q1" }).catch(
			(caught: unknown) => caught,
		);
		expect(performance.now() - started).toBeLessThan(2_000);
		expect(error).toBeInstanceOf(RegexTimeoutError);
		expect((error as RegexTimeoutError).message).toContain("/(a+)+$/ of check x on case q1 ran longer than 200 ms");
		expect((error as RegexTimeoutError).fix).toContain("simplify the pattern");
		// A fresh worker takes the next job, and queued jobs each get their own bound.
		const [slow, fine] = await Promise.allSettled([
			execBounded(EVIL, "", EVIL_INPUT, { limitMs: 100 }),
			execBounded("b$", "", EVIL_INPUT, { limitMs: 100 }),
		]);
		expect(slow.status).toBe("rejected");
		expect(fine).toEqual({ status: "fulfilled", value: { match: "b", index: 40 } });
	});

	it("gives up a running match when its signal aborts", async () => {
		const controller = new AbortController();
		const pending = execBounded(EVIL, "", EVIL_INPUT, { limitMs: 60_000, signal: controller.signal });
		setTimeout(() => controller.abort(new Error("stopped")), 50);
		const started = performance.now();
		await expect(pending).rejects.toThrow("stopped");
		expect(performance.now() - started).toBeLessThan(2_000);
	});
});
