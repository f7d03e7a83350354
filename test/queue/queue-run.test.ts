import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { arithScript, writeBenchFixture } from "../support/bench-fixture.js";
import { BIN, runCli } from "../support/cli.js";
import { startRedis, type TestRedis } from "../support/redis-server.js";

interface Rows {
	runs: number;
	cells: number;
	workers: number;
}

function rows(database: string): Rows {
	const db = new Database(database, { readonly: true });
	try {
		return db
			.prepare(
				`SELECT count(*) AS runs, count(DISTINCT cell_key) AS cells,
				count(DISTINCT json_extract(provenance_json, '$.worker.id')) AS workers FROM runs`,
			)
			.get() as Rows;
	} finally {
		db.close();
	}
}

/** What a spawned CLI of a fixture needs: the scripted server and the fixture's own store. */
function envFor(root: string, scriptedUrl: string): Record<string, string> {
	return {
		PATH: process.env.PATH ?? "",
		TOUCHSTONE_SCRIPTED_URL: scriptedUrl,
		TOUCHSTONE_DB: join(root, "data", "benchmarks.db"),
		TOUCHSTONE_ARTIFACTS: join(root, "data", "artifacts"),
	};
}

function startWorker(root: string, env: Record<string, string>, url: string): ChildProcess {
	return spawn(
		process.execPath,
		[BIN, "worker", "--queue", url, "--concurrency", "4", "--lock-ms", "1500", "--quiet"],
		{
			cwd: root,
			env,
			stdio: "ignore",
		},
	);
}

function kill(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
	return new Promise((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) return resolve();
		child.once("exit", () => resolve());
		child.kill(signal);
	});
}

describe("touchstone run --queue with touchstone workers", () => {
	let redis: TestRedis;
	let server: Awaited<ReturnType<typeof startScriptedServer>>;

	beforeAll(async () => {
		redis = await startRedis();
		server = await startScriptedServer({
			script: validateScript(arithScript({ "model/a": { right: true, latency_ms: 60 } }) as never),
		});
	});
	afterAll(async () => {
		await server?.close();
		await redis?.stop();
	});

	it("three worker processes run the cells, one killed mid-run; every cell lands exactly once", async () => {
		const fixture = writeBenchFixture({ cases: 40, samples: 2, models: { "model/a": {} } });
		const env = envFor(fixture.root, server.url);
		const workers = [0, 1, 2].map(() => startWorker(fixture.root, env, redis.url));
		try {
			const run = runCli(["run", "--use-case", "arith", "--queue", redis.url], { cwd: fixture.root, env });
			// One worker dies mid-cell: its cells go to the others once its lock lapses.
			await new Promise((resolve) => setTimeout(resolve, 700));
			await kill(workers[0] as ChildProcess);
			const result = await run;
			expect(result.stderr).toContain("80 to run");
			expect(result.code, result.stderr + result.stdout).toBe(0);
			expect(result.stdout).toMatch(
				/queue run\.arith\.[0-9a-f]+\.thorough on redis:\/\/127\.0\.0\.1:\d+\/0: results from [23] workers/,
			);
			const written = rows(env.TOUCHSTONE_DB as string);
			expect(written.runs).toBe(80);
			expect(written.cells).toBe(80);
			expect(written.workers).toBeGreaterThanOrEqual(2);

			// Run again: every cell is current, nothing goes on the queue.
			const again = await runCli(["run", "--use-case", "arith", "--queue", redis.url], { cwd: fixture.root, env });
			expect(again.code).toBe(0);
			expect(again.stderr).toContain("80 already current, 0 to run");
			expect(rows(env.TOUCHSTONE_DB as string).runs).toBe(80);
		} finally {
			await Promise.all(workers.map((worker) => kill(worker)));
		}
	}, 90_000);

	it("a coordinator killed mid-run resumes by running the same command: each cell once", async () => {
		const fixture = writeBenchFixture({ cases: 30, samples: 2, models: { "model/a": {} } });
		const env = envFor(fixture.root, server.url);
		const workers = [0, 1].map(() => startWorker(fixture.root, env, redis.url));
		try {
			const args = ["run", "--use-case", "arith", "--queue", redis.url];
			const coordinator = spawn(process.execPath, [BIN, ...args], { cwd: fixture.root, env, stdio: "ignore" });
			for (let waited = 0; waited < 30_000; waited += 25) {
				await new Promise((resolve) => setTimeout(resolve, 25));
				try {
					if (rows(env.TOUCHSTONE_DB as string).runs >= 10) break;
				} catch {
					// no database yet
				}
			}
			await kill(coordinator);
			const killed = rows(env.TOUCHSTONE_DB as string).runs;
			expect(killed).toBeGreaterThanOrEqual(10);
			expect(killed).toBeLessThan(60);
			const resumed = await runCli(args, { cwd: fixture.root, env });
			expect(resumed.code, resumed.stderr).toBe(0);
			expect(resumed.stderr).toContain(`${killed} already current`);
			expect(rows(env.TOUCHSTONE_DB as string)).toMatchObject({ runs: 60, cells: 60 });
		} finally {
			await Promise.all(workers.map((worker) => kill(worker)));
		}
	}, 90_000);

	it("Ctrl-C on the coordinator takes the waiting cells off the queue, writes those in flight, and the same command resumes", async () => {
		const fixture = writeBenchFixture({ cases: 40, samples: 2, models: { "model/a": {} } });
		const env = envFor(fixture.root, server.url);
		const workers = [0].map(() => startWorker(fixture.root, env, redis.url));
		try {
			const args = [BIN, "run", "--use-case", "arith", "--queue", redis.url];
			const child = spawn(process.execPath, args, { cwd: fixture.root, env });
			let stderr = "";
			let stdout = "";
			child.stderr.on("data", (chunk: Buffer) => {
				stderr += chunk.toString();
			});
			child.stdout.on("data", (chunk: Buffer) => {
				stdout += chunk.toString();
			});
			const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
			while (!/\d+\/80/.test(stderr)) await new Promise((resolve) => setTimeout(resolve, 20));
			child.kill("SIGINT");
			// As in process: exit 1, saying what is left and how to resume.
			expect(await exited).toBe(1);
			expect(stderr).toContain("stopping: no new cells");
			const left = Number(stderr.match(/stopped with (\d+) cells left/)?.[1]);
			expect(left).toBeGreaterThan(0);
			const written = rows(env.TOUCHSTONE_DB as string).runs;
			expect(written).toBe(80 - left);
			// Drained: nothing of the stopped run waits on the queue for the worker (without the drain,
			// 40-odd cells would, at the worker's 4 cells of 60 ms at once).
			const name = stdout.match(/queue (run\.arith\.[0-9a-f]+\.thorough)/)?.[1];
			expect(name, stdout).toBeDefined();
			const queue = new Queue(name as string, {
				connection: { url: redis.url },
				prefix: "touchstone",
			});
			try {
				expect(await queue.getWaitingCount()).toBe(0);
			} finally {
				await queue.close();
			}

			const resumed = await runCli(["run", "--use-case", "arith", "--queue", redis.url], { cwd: fixture.root, env });
			expect(resumed.code, resumed.stderr).toBe(0);
			expect(resumed.stderr).toContain(`${80 - left} already current, ${left} to run`);
			expect(rows(env.TOUCHSTONE_DB as string)).toMatchObject({ runs: 80, cells: 80 });
		} finally {
			await Promise.all(workers.map((worker) => kill(worker)));
		}
	}, 90_000);

	it("a worker with other definitions refuses the cells: reported, nothing written, exit 1", async () => {
		const fixture = writeBenchFixture({ cases: 4, samples: 1, models: { "model/a": {} } });
		const other = writeBenchFixture({ cases: 5, samples: 1, models: { "model/a": {} } });
		const env = envFor(fixture.root, server.url);
		const worker = startWorker(other.root, env, redis.url);
		try {
			const result = await runCli(["run", "--use-case", "arith", "--queue", redis.url], { cwd: fixture.root, env });
			expect(result.code).toBe(1);
			expect(result.stdout).toContain("4 cells failed on the workers, not written");
			expect(result.stdout).toMatch(
				/this worker's definitions give use case arith benchmark version arith@[0-9a-f]+, the run's is/,
			);
			expect(result.stderr).toContain("4 of 4 planned cells were not run");
			expect(rows(env.TOUCHSTONE_DB as string).runs).toBe(0);
		} finally {
			await kill(worker);
		}
	}, 60_000);

	it("a provider's faults (server errors, malformed replies) are recorded through the queue as in process", async () => {
		const faulty = await startScriptedServer({
			script: validateScript(
				arithScript({
					"model/a": { right: true, latency_ms: 10, faults: { server_error: 0.3, malformed: 0.2 } },
				}) as never,
			),
		});
		try {
			const models = { "model/a": { options: { max_retries: 0 } } };
			const queued = writeBenchFixture({ cases: 20, samples: 2, models });
			const local = writeBenchFixture({ cases: 20, samples: 2, models });
			const env = envFor(queued.root, faulty.url);
			const workers = [0, 1].map(() => startWorker(queued.root, env, redis.url));
			try {
				const run = await runCli(["run", "--use-case", "arith", "--queue", redis.url, "--json"], {
					cwd: queued.root,
					env,
				});
				const inProcess = await runCli(["run", "--use-case", "arith", "--json"], {
					cwd: local.root,
					env: envFor(local.root, faulty.url),
				});
				// The same exit and the same kind of summary: faults are the model's, so nothing is left unwritten.
				expect(run.code, run.stderr).toBe(inProcess.code);
				const summary = JSON.parse(run.stdout).summary;
				expect(summary.queue).toMatchObject({ failed_count: 0, duplicates_dropped: 0, rejected: 0 });
				const statuses = (root: string) => {
					const db = new Database(join(root, "data", "benchmarks.db"), { readonly: true });
					try {
						return db.prepare("SELECT status, count(*) AS n FROM runs GROUP BY status ORDER BY status").all() as {
							status: string;
							n: number;
						}[];
					} finally {
						db.close();
					}
				};
				const onQueue = statuses(queued.root);
				expect(rows(env.TOUCHSTONE_DB as string)).toMatchObject({ runs: 40, cells: 40 });
				// Some calls failed for good (no retries): each such cell is stored once, as in process,
				// a provider's failure kept as a harness error (counted, not scored), never dropped.
				expect(onQueue.find((row) => row.status === "harness_error")?.n ?? 0).toBeGreaterThan(0);
				expect(onQueue.map((row) => row.status)).toEqual(statuses(local.root).map((row) => row.status));
				// The coordinator's summary counts what it wrote, by status, as the store holds it.
				expect(summary.statuses).toEqual(Object.fromEntries(onQueue.map((row) => [row.status, row.n])));
			} finally {
				await Promise.all(workers.map((worker) => kill(worker)));
			}
		} finally {
			await faulty.close();
		}
	}, 90_000);

	it("an unreachable Redis is a located error that writes nothing", async () => {
		const fixture = writeBenchFixture({ cases: 2, samples: 1, models: { "model/a": {} } });
		const result = await runCli(["run", "--use-case", "arith", "--queue", "redis://127.0.0.1:1/0"], {
			cwd: fixture.root,
			env: { TOUCHSTONE_SCRIPTED_URL: server.url },
		});
		expect(result.code).not.toBe(0);
		expect(result.stderr).toContain("cannot reach the queue's Redis at redis://127.0.0.1:1/0");
		expect(result.stderr).toContain("redis-server");
		const bad = await runCli(["run", "--use-case", "arith", "--queue", "http://x"], { cwd: fixture.root });
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain("not a redis: or rediss: one");
	}, 60_000);
});
