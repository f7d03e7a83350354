import { describe, expect, it } from "vitest";
import { onAbort } from "./abort-fanout.js";

describe("onAbort", () => {
	it("calls every waiter once when the signal aborts, but not those that stopped waiting", () => {
		const controller = new AbortController();
		const calls: string[] = [];
		onAbort(controller.signal, () => calls.push("a"));
		const stopB = onAbort(controller.signal, () => calls.push("b"));
		onAbort(controller.signal, () => calls.push("c"));
		stopB();
		controller.abort();
		controller.abort();
		expect(calls).toEqual(["a", "c"]);
	});

	it("keeps waiters of different signals apart", () => {
		const first = new AbortController();
		const second = new AbortController();
		const calls: string[] = [];
		onAbort(first.signal, () => calls.push("first"));
		onAbort(second.signal, () => calls.push("second"));
		second.abort();
		expect(calls).toEqual(["second"]);
	});
});
