import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { responseClock } from "./http-io.js";

/** A response that only needs to tell the clock when its connection closes. */
function fakeResponse(): { onClose(listener: () => void): void; close(): void } {
	const listeners: (() => void)[] = [];
	return {
		onClose: (listener) => listeners.push(listener),
		close: () => {
			for (const listener of listeners.splice(0)) listener();
		},
	};
}

describe("responseClock", () => {
	beforeEach(() => {
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("ends each wait at the sum of the waits so far, taking a late start back from the next wait", async () => {
		const clock = responseClock(fakeResponse(), performance.now());
		let first = false;
		void clock.wait(20).then((done) => {
			first = done;
		});
		await vi.advanceTimersByTimeAsync(20);
		expect(first).toBe(true);
		// The piece after it was written 5 ms late (a busy event loop): the next deadline stays at 40.
		await vi.advanceTimersByTimeAsync(5);
		expect(clock.overdue()).toBe(5);
		let second = false;
		void clock.wait(20).then((done) => {
			second = done;
		});
		await vi.advanceTimersByTimeAsync(14);
		expect(second).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(second).toBe(true);
	});

	it("returns at once when the deadline has passed, and false once the connection closed", async () => {
		const response = fakeResponse();
		const clock = responseClock(response, performance.now());
		await vi.advanceTimersByTimeAsync(50);
		expect(await clock.wait(30)).toBe(true);
		let waited: boolean | null = null;
		void clock.wait(100).then((done) => {
			waited = done;
		});
		response.close();
		await vi.advanceTimersByTimeAsync(0);
		expect(waited).toBe(false);
		expect(await clock.wait(10)).toBe(false);
	});

	it("never ends a wait before its deadline, though the event loop's clock lags behind", async () => {
		vi.useRealTimers();
		// Busy for 30 ms: the loop's cached time, which timers count from, is now 30 ms behind.
		const busyUntil = performance.now() + 30;
		while (performance.now() < busyUntil);
		const started = performance.now();
		const clock = responseClock(fakeResponse(), started);
		expect(await clock.wait(10)).toBe(true);
		expect(performance.now() - started).toBeGreaterThanOrEqual(10);
		expect(await clock.wait(5)).toBe(true);
		expect(performance.now() - started).toBeGreaterThanOrEqual(15);
	});
});
