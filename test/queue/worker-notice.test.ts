import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Definitions } from "../../src/definitions/index.js";
import { type RunParts, runQueueWorker, StopControl } from "../../src/orchestrator/index.js";
import { REGISTRY_CHANNEL, REGISTRY_KEY } from "../../src/orchestrator/queue/queue-names.js";
import { startRedis, type TestRedis } from "../support/redis-server.js";

let redis: TestRedis;
beforeAll(async () => {
	redis = await startRedis();
});
afterAll(async () => redis?.stop());

it("a watching worker takes up a run announced on the channel at once, not at its next poll", async () => {
	const joined: { queue: string; at: number }[] = [];
	const stop = new StopControl();
	// A poll of a minute: only the notice can bring the worker to the second run within the test's time.
	const client = new Redis(redis.url);
	await client.sadd(REGISTRY_KEY, "run.first.abc.quick");
	const worker = runQueueWorker({
		url: redis.url,
		// Joining a queue needs neither: they are used once a cell is taken, and none is queued here.
		definitions: {} as Definitions,
		parts: {} as RunParts,
		concurrency: 1,
		stop,
		watchMs: 60_000,
		version: "test",
		hooks: { onJoin: (queue) => joined.push({ queue, at: Date.now() }) },
	});
	try {
		// The worker's first look at the registry found the run there before it; it now sleeps a minute.
		await expect.poll(() => joined.map((item) => item.queue), { timeout: 10_000 }).toEqual(["run.first.abc.quick"]);
		await new Promise((resolve) => setTimeout(resolve, 200));
		await client.sadd(REGISTRY_KEY, "run.notice.abc.quick");
		const announced = Date.now();
		await client.publish(REGISTRY_CHANNEL, "run.notice.abc.quick");
		await expect
			.poll(() => joined.map((item) => item.queue), { timeout: 5_000 })
			.toEqual(["run.first.abc.quick", "run.notice.abc.quick"]);
		expect((joined[1]?.at ?? Number.POSITIVE_INFINITY) - announced).toBeLessThan(2_000);
	} finally {
		stop.request();
		stop.request();
		await worker;
		client.disconnect();
	}
});
