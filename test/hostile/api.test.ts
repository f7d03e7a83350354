/**
 * Hostile requests against the real `touchstone serve` on loopback (a child process over a real
 * SQLite store): forged Host headers (DNS rebinding), cross-site ratings, a rating's effect on
 * the response cache, and a client that hangs up mid-body. Raw requests, so every header is ours.
 */
import { request } from "node:http";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inspectCase } from "../../src/views/index.js";
import { type ApiFixture, buildApiFixture } from "../api/api-fixture.js";
import { type Served, spawnServe, stopServe } from "../support/serve-process.js";

const API = "/api/v1/benchmarks";
const TWIN = "arith-b";

let fixture: ApiFixture;
let served: Served;

beforeAll(async () => {
	fixture = await buildApiFixture({ twin: TWIN });
	served = await spawnServe(fixture.root, fixture.store.paths);
}, 60_000);
afterAll(async () => {
	if (served !== undefined) await stopServe(served);
	fixture?.close();
});

/** What a raw request got back. */
interface Answer {
	readonly status: number;
	readonly headers: Record<string, string | string[] | undefined>;
	readonly body: string;
}

/** One request to 127.0.0.1:port with exactly the headers given (Host included), on a fresh connection. */
function send(
	port: number,
	path: string,
	options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const outgoing = request(
			{
				hostname: "127.0.0.1",
				port,
				path,
				method: options.method ?? "GET",
				headers: options.headers ?? {},
				agent: false,
			},
			(incoming) => {
				let body = "";
				incoming.setEncoding("utf8");
				incoming.on("data", (chunk: string) => {
					body += chunk;
				});
				incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
			},
		);
		outgoing.setTimeout(5_000, () => outgoing.destroy(new Error(`no answer to ${path} within 5 s`)));
		outgoing.on("error", reject);
		outgoing.end(options.body);
	});
}

/** A POST /rate of `runId` with `headers` (Host defaults to the server's own). */
function rate(runId: string, label: string, headers: Record<string, string> = {}): Promise<Answer> {
	return send(served.port, `${API}/rate`, {
		method: "POST",
		headers: { Host: `127.0.0.1:${served.port}`, "Content-Type": "application/json", ...headers },
		body: JSON.stringify({ run_id: runId, label }),
	});
}

function errorCode(answer: Answer): string | undefined {
	return (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code;
}

/** A run of `useCase` on `caseId`, with the model that produced it. */
function runOf(useCase: string, caseId: string): string {
	const run = fixture.store.listRuns({ use_case_id: useCase, case_id: caseId })[0];
	if (run === undefined) throw new Error(`no run of ${useCase}/${caseId}`);
	return run.run_id;
}

describe("DNS rebinding: the Host header", () => {
	it("421s reads and ratings whose Host is not this server's name, and records nothing", async () => {
		const board = await send(served.port, `${API}/leaderboard?use_case=arith`, { headers: { Host: "evil.example" } });
		expect(board.status).toBe(421);
		expect(errorCode(board)).toBe("misdirected-host");
		expect(JSON.parse(board.body).error.message).toContain("--allow-host");

		const runId = runOf("arith", "q00003");
		const before = fixture.store.latestOwnerRating(runId);
		for (const host of ["evil.example", `evil.example:${served.port}`, "127.0.0.1.evil.example", "localhost.evil"]) {
			const answer = await rate(runId, "ship", { Host: host });
			expect(answer.status, host).toBe(421);
		}
		expect(fixture.store.latestOwnerRating(runId)).toEqual(before);
	});

	it("answers loopback names with or without the port", async () => {
		for (const host of [
			"localhost",
			`localhost:${served.port}`,
			"127.0.0.1",
			`127.0.0.1:${served.port}`,
			`[::1]:${served.port}`,
			"LOCALHOST",
		]) {
			const answer = await send(served.port, `${API}/roster`, { headers: { Host: host } });
			expect(answer.status, host).toBe(200);
		}
	});

	it("421s an absolute request target whose Host header is foreign, over a raw socket", async () => {
		const reply = await new Promise<string>((resolve, reject) => {
			const socket = connect(served.port, "127.0.0.1", () =>
				socket.write(
					`GET http://127.0.0.1:${served.port}${API}/roster HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
				),
			);
			let text = "";
			socket.setEncoding("utf8");
			socket.on("data", (chunk: string) => {
				text += chunk;
			});
			socket.on("end", () => resolve(text));
			socket.on("error", reject);
			socket.setTimeout(5_000, () => socket.destroy(new Error("no answer within 5 s")));
		});
		expect(reply).toMatch(/^HTTP\/1\.1 421 /);
	});

	it("answers a name given with --allow-host, and says at start-up which names it answers", async () => {
		const allowing = await spawnServe(fixture.root, fixture.store.paths, [
			"--allow-host",
			"bench.internal",
			"--allow-host",
			"Other.Example",
		]);
		try {
			expect(allowing.stdout()).toMatch(/Host: .*bench\.internal/);
			for (const host of [`bench.internal:${allowing.port}`, "other.example"]) {
				expect((await send(allowing.port, `${API}/roster`, { headers: { Host: host } })).status, host).toBe(200);
			}
			expect((await send(allowing.port, `${API}/roster`, { headers: { Host: "evil.example" } })).status).toBe(421);
		} finally {
			await stopServe(allowing);
		}
	});

	it("bound to every address, answers this machine's addresses and still refuses a foreign name", async () => {
		const address = Object.values(networkInterfaces())
			.flat()
			.find((entry) => entry?.family === "IPv4" && !entry.internal)?.address;
		const everywhere = await spawnServe(fixture.root, fixture.store.paths, ["--host", "0.0.0.0"], {
			TOUCHSTONE_RATE_TOKEN: "a-long-token-for-the-hostile-test",
		});
		try {
			const roster = (host: string) => send(everywhere.port, `${API}/roster`, { headers: { Host: host } });
			for (const host of [
				`127.0.0.1:${everywhere.port}`,
				...(address === undefined ? [] : [`${address}:${everywhere.port}`]),
			])
				expect((await roster(host)).status, host).toBe(200);
			expect((await roster(`evil.example:${everywhere.port}`)).status).toBe(421);
			expect(everywhere.stdout()).not.toMatch(/Host: .*0\.0\.0\.0/);
		} finally {
			await stopServe(everywhere);
		}
	});

	it("says at start-up that POST rate is open to loopback only without a token", () => {
		expect(served.stdout()).toContain("POST rate: open (loopback only");
		expect(served.stdout()).toMatch(/Host: localhost, 127\.0\.0\.1, \[::1\]/);
	});
});

describe("cross-site ratings", () => {
	it("403s a rating whose Origin is another site, or sent with Sec-Fetch-Site cross-site or same-site", async () => {
		const runId = runOf("arith", "q00002");
		const before = fixture.store.latestOwnerRating(runId);
		for (const headers of [
			{ Origin: "http://evil.example" },
			{ Origin: `http://localhost:${served.port + 1}` },
			{ Origin: "null" },
			{ "Sec-Fetch-Site": "cross-site" },
			{ "Sec-Fetch-Site": "same-site" },
		]) {
			const answer = await rate(runId, "ship", headers);
			expect(answer.status, JSON.stringify(headers)).toBe(403);
			expect(errorCode(answer)).toBe("cross-site");
			expect(JSON.parse(answer.body).error.message).toMatch(/cross-site|another site/);
		}
		expect(fixture.store.latestOwnerRating(runId)).toEqual(before);
	});

	it("records a rating from the server's own origin or with no browser headers", async () => {
		const runId = runOf("arith", "q00002");
		expect(
			(await rate(runId, "edit", { Origin: `http://127.0.0.1:${served.port}`, "Sec-Fetch-Site": "same-origin" }))
				.status,
		).toBe(201);
		expect(
			(await rate(runId, "edit", { Host: `localhost:${served.port}`, Origin: `http://localhost:${served.port}` }))
				.status,
		).toBe(201);
		expect((await rate(runId, "reject")).status).toBe(201);
		expect(fixture.store.latestOwnerRating(runId)).toMatchObject({ label: "reject" });
	});
});

describe("a rating and the response cache", () => {
	const get = (path: string) => send(served.port, `${API}${path}`, { headers: { Host: `127.0.0.1:${served.port}` } });
	const ratingIn = (answer: Answer, runId: string) =>
		(
			JSON.parse(answer.body) as { models: { samples: { run_id: string; owner_rating: { label: string } | null }[] }[] }
		).models
			.flatMap((model) => model.samples)
			.find((sample) => sample.run_id === runId)?.owner_rating;

	it("keeps every answer the rating does not change, updates the rated case's inspector and recomputes its use case's calibration", async () => {
		const rated = runOf("arith", "q00000");
		const changed = ["/inspector?use_case=arith&case_id=q00000", "/calibration?use_case=arith"];
		const kept = [
			`/inspector?use_case=${TWIN}&case_id=q00000`,
			`/calibration?use_case=${TWIN}`,
			`/leaderboard?use_case=${TWIN}`,
			"/leaderboard?use_case=arith",
			"/case-matrix?use_case=arith",
			"/inspector?use_case=arith&case_id=q00001",
			"/use-cases",
			"/roster",
		];
		for (const path of [...changed, ...kept]) {
			expect((await get(path)).status, path).toBe(200);
			expect((await get(path)).headers["x-cache"], path).toBe("hit");
		}
		const calibrated = (JSON.parse((await get("/calibration?use_case=arith")).body) as { n: number }).n;

		expect((await rate(rated, "ship")).status).toBe(201);

		for (const path of kept) expect((await get(path)).headers["x-cache"], path).toBe("hit");
		// The rated case's inspection takes the rating in place: what a fresh inspection says, not recomputed.
		const inspector = await get(changed[0] ?? "");
		expect(ratingIn(inspector, rated)).toMatchObject({ label: "ship" });
		expect(inspector.body).toBe(JSON.stringify(inspectCase(fixture.store, "arith", "q00000")));
		expect(inspector.headers["x-cache"]).toBe("hit");
		const calibration = await get(changed[1] ?? "");
		expect(calibration.headers["x-cache"]).toBe("miss");
		expect((JSON.parse(calibration.body) as { n: number }).n).toBe(calibrated + 1);
	});
});

describe("a client that hangs up mid-body", () => {
	it("is logged as one client-abort line without a stack, and the server goes on serving", async () => {
		const logged = served.stderr().length;
		await new Promise<void>((resolve, reject) => {
			const socket = connect(served.port, "127.0.0.1", () => {
				socket.write(
					`POST ${API}/rate HTTP/1.1\r\nHost: 127.0.0.1:${served.port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"run_id":`,
				);
				// Give the server time to start reading the body, then hang up.
				setTimeout(() => {
					socket.destroy();
					resolve();
				}, 200);
			});
			socket.on("error", reject);
		});
		const deadline = Date.now() + 5_000;
		while (!/abort/i.test(served.stderr().slice(logged)) && Date.now() < deadline)
			await new Promise((resolve) => setTimeout(resolve, 50));
		const log = served.stderr().slice(logged);
		const lines = log.split("\n").filter((line) => line !== "");
		expect(lines, log).toHaveLength(1);
		expect(lines[0]).toMatch(/client.*(abort|hung up)/i);
		expect(log).not.toContain("answered 500");
		expect(log).not.toMatch(/^\s+at /m);

		const after = await send(served.port, `${API}/roster`, { headers: { Host: `127.0.0.1:${served.port}` } });
		expect(after.status).toBe(200);
		expect(served.child.exitCode).toBeNull();
	});
});
