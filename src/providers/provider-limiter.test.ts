import { describe, expect, it } from "vitest";
import type { Completion, ModelEntry, Provider } from "../contract/index.js";
import { createProviderLimiter, createSemaphore } from "./provider-limiter.js";

function entry(id: string, overrides: Partial<ModelEntry> = {}): ModelEntry {
	return {
		id,
		provider: "openai-compatible",
		model: id,
		display_name: id,
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: "http://localhost:8000/v1",
		api_key_env: "KEY_A",
		command: null,
		options: {},
		...overrides,
	};
}

/** A provider whose calls wait until released; it counts how many are in flight at once. */
function gatedProvider() {
	let inFlight = 0;
	let peak = 0;
	const gates: (() => void)[] = [];
	const provider: Provider = {
		specificationVersion: "v1",
		id: "gated",
		endpoint: null,
		async complete() {
			inFlight += 1;
			peak = Math.max(peak, inFlight);
			await new Promise<void>((resolve) => gates.push(resolve));
			inFlight -= 1;
			return { text: "ok" } as Completion;
		},
	};
	return {
		provider,
		peak: () => peak,
		releaseAll: () => {
			for (const open of gates.splice(0)) open();
		},
	};
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const REQUEST = { messages: [{ role: "user" as const, content: "x" }] };

describe("createSemaphore", () => {
	it("admits at most `limit` tasks and starts the rest in order as places free up", async () => {
		const semaphore = createSemaphore(2);
		const order: number[] = [];
		const releases: (() => void)[] = [];
		const tasks = [0, 1, 2, 3].map((index) =>
			semaphore.run(async () => {
				order.push(index);
				await new Promise<void>((resolve) => releases.push(resolve));
			}),
		);
		await tick();
		expect(order).toEqual([0, 1]);
		expect(semaphore.waiting).toBe(2);
		releases[0]?.();
		await tick();
		expect(order).toEqual([0, 1, 2]);
		for (const release of releases.splice(0)) release();
		await tick();
		for (const release of releases.splice(0)) release();
		await Promise.all(tasks);
		expect(order).toEqual([0, 1, 2, 3]);
		expect(semaphore.active).toBe(0);
	});

	it("drops a waiter whose signal aborts", async () => {
		const semaphore = createSemaphore(1);
		let release = () => {};
		const holder = semaphore.run(() => new Promise<void>((resolve) => (release = resolve)));
		const controller = new AbortController();
		const waiter = semaphore.run(async () => "ran", controller.signal);
		await tick();
		controller.abort(new Error("stop"));
		await expect(waiter).rejects.toThrow("stop");
		expect(semaphore.waiting).toBe(0);
		release();
		await holder;
		expect(semaphore.active).toBe(0);
	});
});

describe("createProviderLimiter", () => {
	it("shares one limit between entries with the same kind, base_url and key variable", async () => {
		const limiter = createProviderLimiter();
		const gated = gatedProvider();
		const a = limiter.limit(entry("a", { options: { concurrency: 3 } }), gated.provider);
		const b = limiter.limit(entry("b", { options: { concurrency: 3 } }), gated.provider);
		const signal = new AbortController().signal;
		const calls = [a, b, a, b, a, b].map((provider) => provider.complete(REQUEST, { signal }));
		await tick();
		expect(gated.peak()).toBe(3);
		while (limiter.semaphoreFor(entry("a")).active > 0) {
			gated.releaseAll();
			await tick();
		}
		await Promise.all(calls);
		expect(gated.peak()).toBe(3);
	});

	it("keeps separate limits for a different key variable or endpoint, defaulting to 8", () => {
		const limiter = createProviderLimiter();
		const base = limiter.semaphoreFor(entry("a"));
		expect(base.limit).toBe(8);
		expect(limiter.semaphoreFor(entry("b", { api_key_env: "KEY_B" }))).not.toBe(base);
		expect(limiter.semaphoreFor(entry("c", { base_url: "http://other:8000/v1" }))).not.toBe(base);
		expect(limiter.semaphoreFor(entry("d"))).toBe(base);
	});

	it("uses the smallest concurrency among entries that share a limit", () => {
		const limiter = createProviderLimiter();
		limiter.semaphoreFor(entry("a", { options: { concurrency: 16 } }));
		expect(limiter.semaphoreFor(entry("b", { options: { concurrency: 2 } })).limit).toBe(2);
	});
});
