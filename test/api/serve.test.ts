import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { type Served, spawnServe, stopServe } from "../support/serve-process.js";
import { type ApiFixture, buildApiFixture } from "./api-fixture.js";

let fixture: ApiFixture;

beforeAll(async () => {
	fixture = await buildApiFixture();
	// The spawned server opens the same file; this connection is done writing.
	fixture.close();
});

function serve(args: readonly string[] = [], env: Record<string, string> = {}): Promise<Served> {
	return spawnServe(fixture.root, fixture.store.paths, args, env);
}

const stop = stopServe;

describe("touchstone serve, spawned end to end", () => {
	let served: Served | undefined;
	afterAll(() => served?.child.kill("SIGKILL"));

	it("serves the leaderboard over real HTTP on loopback, prints the OpenAPI URL, and stops cleanly on SIGTERM", async () => {
		served = await serve();
		expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		expect(served.stdout()).toContain(`OpenAPI: ${served.url}/api/v1/openapi.json`);

		const response = await fetch(`${served.url}/api/v1/benchmarks/leaderboard?use_case=arith`);
		expect(response.status).toBe(200);
		const board = (await response.json()) as { rows: { model_id: string; deployed: boolean }[] };
		expect(board.rows.map((row) => row.model_id)).toEqual(["model/right", "model/wrong"]);

		const roster = (await (await fetch(`${served.url}/api/v1/benchmarks/roster`)).json()) as {
			roster: { id: string }[];
		};
		expect(roster.roster.map((entry) => entry.id)).toEqual(["arith", "voice"]);
		expect((await fetch(`${served.url}/api/v1/openapi.json`)).status).toBe(200);

		expect(await stop(served)).toBe(0);
		expect(served.stderr()).not.toContain("unexpected error");
		served = undefined;
	});

	it("requires the token for rate when TOUCHSTONE_RATE_TOKEN is set", async () => {
		served = await serve([], { TOUCHSTONE_RATE_TOKEN: "t0ken-for-the-e2e-test" });
		expect(served.stdout()).toContain("requires Authorization: Bearer");
		const rate = (token: string | null) =>
			fetch(`${served?.url}/api/v1/benchmarks/rate`, {
				method: "POST",
				headers: {
					"Content-Type": "application/json",
					...(token === null ? {} : { Authorization: `Bearer ${token}` }),
				},
				body: JSON.stringify({ run_id: fixture.runIds["model/wrong"]?.[0], label: "reject" }),
			});
		expect((await rate(null)).status).toBe(401);
		expect((await rate("t0ken-for-the-e2e-test")).status).toBe(201);
		expect(await stop(served)).toBe(0);
		served = undefined;
	});

	it("refuses an --allow-host with a port, exit 2", async () => {
		const result = await runCli(["serve", "--allow-host", "bench.internal:8080", "--port", "0"], { cwd: fixture.root });
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("without a port");
	});

	it("refuses a non-loopback host without a rate token, exit 2, naming the fix", async () => {
		const result = await runCli(["serve", "--host", "0.0.0.0", "--port", "0"], { cwd: fixture.root });
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("TOUCHSTONE_RATE_TOKEN");
		expect(result.stdout).toBe("");
	});
});
