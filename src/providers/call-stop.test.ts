import { describe, expect, it } from "vitest";
import { CallStop, stopSignalOf } from "./call-stop.js";

describe("CallStop", () => {
	it("calls each waiting callback once, with the reason set, and none that stopped listening", () => {
		const stop = new CallStop();
		const calls: string[] = [];
		stop.onAbort(() => calls.push(`first ${String(stop.reason)}`));
		const off = stop.onAbort(() => calls.push("removed"));
		stop.onAbort(() => calls.push(`third ${stop.aborted}`));
		off();
		expect(stop.aborted).toBe(false);
		stop.abort("timeout");
		stop.abort("again");
		expect(calls).toEqual(["first timeout", "third true"]);
		expect(stop.reason).toBe("timeout");
		// Too late to wait: nothing is called, and stopping to listen is harmless.
		stop.onAbort(() => calls.push("late"))();
		expect(calls).toHaveLength(2);
	});

	it("gives an AbortSignal that aborts with it, made before or after the stop", () => {
		const early = new CallStop();
		const signal = early.signal;
		expect(signal.aborted).toBe(false);
		early.abort();
		expect(signal.aborted).toBe(true);
		expect((signal.reason as DOMException).name).toBe("AbortError");
		expect(early.signal).toBe(signal);

		const late = new CallStop();
		late.abort(new Error("stopped"));
		expect(late.signal.aborted).toBe(true);
		expect((late.signal.reason as Error).message).toBe("stopped");
	});
});

describe("stopSignalOf", () => {
	it("follows an AbortSignal: its state, its reason and its abort", () => {
		const controller = new AbortController();
		const stop = stopSignalOf(controller.signal);
		let called = 0;
		stop.onAbort(() => {
			called += 1;
		});
		expect(stop.aborted).toBe(false);
		controller.abort("cancelled");
		expect([stop.aborted, stop.reason, called]).toEqual([true, "cancelled", 1]);
		expect(stop.signal).toBe(controller.signal);
		stop.onAbort(() => {
			called += 1;
		});
		expect(called).toBe(1);
	});
});
