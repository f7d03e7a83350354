/**
 * HTTP API benchmark: fills a store with 1,000,000 score rows (50 models × 2,000 cases × 5
 * samples × 2 metrics, 500,000 runs) that are all CURRENT under a spec frozen by the real
 * spec-building path (prepareUseCase → buildSpec, keys from planCells), starts `touchstone serve`
 * in a child process (so its RSS is its own), and measures the leaderboard, case-matrix and
 * inspector endpoints with 50 concurrent autocannon clients on loopback. Prints p50/p99 latency,
 * requests/s, the cold (uncached) leaderboard, and the server's peak RSS (VmHWM) against the
 * targets. Then a mixed phase: 200 connections for 20 s, each request a read (90 %: the
 * leaderboard, the case-matrix pages, the inspector of the 100 first cases) or a rating of a
 * random run (10 %), as a dashboard in use sees them. Run after a build: `node dist/bench/api.js`.
 *
 * Targets: leaderboard p50 ≤ 100 ms and p99 ≤ 300 ms, inspector p50 ≤ 20 ms (a case clients keep
 * opening, and every case in turn, each one's first request never computed before: issue 22),
 * server RSS ≤ 300 MB;
 * mixed: no timeout and p99 ≤ 100 ms.
 *
 * `--keep DIR` writes the generated project (definitions and store) to DIR and keeps it; a later
 * run with the same DIR reuses it and skips the minute of generation (for tuning the read layer).
 * `--mixed-only` skips the single-endpoint loads and runs the mixed phase alone.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { openStore } from "../src/store/index.js";
import { CASES, caseId, prepareStore, random, USE_CASE } from "./bench-store.js";

const CONNECTIONS = 50;
const DURATION_S = 10;
const BIN = fileURLToPath(new URL("../../bin/touchstone.js", import.meta.url));
const TARGETS = { leaderboardP50: 100, leaderboardP99: 300, inspectorP50: 20, rssMb: 300, mixedP99: 100 } as const;
/** The mixed phase: connections, seconds, share of ratings, cases whose inspector is read, runs rated. */
const MIXED = { connections: 200, durationS: 20, ratingShare: 0.1, inspectedCases: 100, ratedRuns: 10_000 } as const;

/** The running server: its child process, base URL, and everything it wrote to stderr. */
interface Server {
	readonly child: ChildProcess;
	readonly url: string;
	readonly stderr: () => string;
}

/** Starts `touchstone serve` on a free port and resolves once it has warmed its leaderboards. */
function startServer(root: string, dir: string, paths: { database: string; artifacts: string }): Promise<Server> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--dir", dir], {
			cwd: root,
			env: { PATH: process.env.PATH ?? "", TOUCHSTONE_DB: paths.database, TOUCHSTONE_ARTIFACTS: paths.artifacts },
		});
		let stdout = "";
		let stderr = "";
		const check = () => {
			const url = /touchstone API on (http:\/\/\S+)\/api\/v1\/benchmarks/.exec(stdout)?.[1];
			if (url !== undefined && /warmed \d+ leaderboard/.test(stderr)) resolve({ child, url, stderr: () => stderr });
		};
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString();
			check();
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
			check();
		});
		child.on("exit", (code) => reject(new Error(`serve exited with ${code}:\n${stdout}${stderr}`)));
	});
}

/** Milliseconds of one request (its body read whole), and its status. */
async function timed(url: string): Promise<{ ms: number; status: number; cache: string | null }> {
	const started = performance.now();
	const response = await fetch(url);
	await response.arrayBuffer();
	return { ms: performance.now() - started, status: response.status, cache: response.headers.get("X-Cache") };
}

/** Load figures of one endpoint. */
interface Load {
	readonly p50: number;
	readonly p99: number;
	readonly rps: number;
	readonly requests: number;
	readonly non2xx: number;
	readonly errors: number;
}

/** 50 clients for DURATION_S seconds, each request taking the next of `paths` in turn. */
async function load(base: string, paths: readonly string[]): Promise<Load> {
	let next = 0;
	const result = await autocannon({
		url: base,
		connections: CONNECTIONS,
		duration: DURATION_S,
		// As browsers do: the server sends its cached gzip of large answers.
		headers: { "accept-encoding": "gzip" },
		requests: [
			{
				method: "GET",
				setupRequest: (request) => {
					request.path = paths[next++ % paths.length] ?? "/";
					return request;
				},
			},
		],
	});
	return figuresOf(result);
}

/** The figures of one autocannon run. */
function figuresOf(result: autocannon.Result): Load {
	return {
		p50: result.latency.p50,
		p99: result.latency.p99,
		rps: result.requests.average,
		requests: result.requests.total,
		non2xx: result.non2xx,
		// autocannon counts timeouts among errors already.
		errors: result.errors,
	};
}

/** The single-endpoint loads: the leaderboard, the matrix pages, one inspected case, then every case. */
async function singleLoads(base: string, matrixPages: readonly string[]) {
	const board = await load(base, [`/api/v1/benchmarks/leaderboard?use_case=${USE_CASE}`]);
	const matrix = await load(base, matrixPages);
	// One case looked at by everyone (cached after its first request), then every case in turn
	// (each one's first request is computed by the read layer: the uncached cost under load).
	const inspectorOne = await load(base, [`/api/v1/benchmarks/inspector?use_case=${USE_CASE}&case_id=${caseId(0)}`]);
	const inspectorAll = await load(
		base,
		Array.from(
			{ length: CASES },
			(_, index) => `/api/v1/benchmarks/inspector?use_case=${USE_CASE}&case_id=${caseId(index)}`,
		),
	);
	return { board, matrix, inspectorOne, inspectorAll };
}

/** Figures of the mixed phase. */
interface MixedLoad extends Load {
	readonly ratings: number;
	readonly timeouts: number;
}

/**
 * {@link MIXED}'s connections for its duration; each request is a rating of one of `runIds`
 * (with probability `ratingShare`, labels in turn) or the next of `paths`.
 */
async function mixedLoad(base: string, paths: readonly string[], runIds: readonly string[]): Promise<MixedLoad> {
	const next = random(7);
	let read = 0;
	let rated = 0;
	const labels = ["ship", "edit", "reject"] as const;
	const result = await autocannon({
		url: base,
		connections: MIXED.connections,
		duration: MIXED.durationS,
		headers: { "accept-encoding": "gzip" },
		requests: [
			{
				setupRequest: (request) => {
					if (next() < MIXED.ratingShare) {
						const runId = runIds[Math.floor(next() * runIds.length)];
						request.method = "POST";
						request.path = "/api/v1/benchmarks/rate";
						request.headers = { ...request.headers, "content-type": "application/json" };
						request.body = JSON.stringify({ run_id: runId, label: labels[rated++ % labels.length] });
					} else {
						request.method = "GET";
						request.path = paths[read++ % paths.length] ?? "/";
						request.body = undefined;
					}
					return request;
				},
			},
		],
	});
	return { ...figuresOf(result), ratings: rated, timeouts: result.timeouts };
}

/**
 * `count` run ids spread over all the store's cases, as an owner rating outputs across the pack
 * does: ordered by cell key, a hash (run ids are time-ordered, so their first ones would all be
 * of the first cases). A fixed pick, so runs of the bench compare.
 */
function runsToRate(paths: { database: string; artifacts: string }, count: number): string[] {
	const store = openStore({ ...paths, readonly: true });
	try {
		const rows = store.database
			.prepare("SELECT run_id FROM runs WHERE use_case_id = ? ORDER BY cell_key LIMIT ?")
			.all(USE_CASE, count) as { run_id: string }[];
		return rows.map((row) => row.run_id);
	} finally {
		store.close();
	}
}

/** The peak resident set of process `pid` (VmHWM), in MB. */
function peakRssMb(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	const kb = Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
	return kb / 1024;
}

function verdict(pass: boolean): string {
	return pass ? "PASS" : "FAIL";
}

function ms(value: number): string {
	return `${value.toFixed(1)} ms`;
}

/** The project folder: `--keep DIR` (kept, and reused when it already holds a store), else a temporary one. */
function projectFolder(): { root: string; keep: boolean } {
	const at = process.argv.indexOf("--keep");
	const kept = at === -1 ? undefined : process.argv[at + 1];
	if (kept === undefined) return { root: mkdtempSync(join(tmpdir(), "touchstone-bench-api-")), keep: false };
	mkdirSync(kept, { recursive: true });
	return { root: kept, keep: true };
}

async function main(): Promise<boolean> {
	const { root, keep } = projectFolder();
	let server: Server | undefined;
	try {
		const dir = join(root, "benchmarks");
		const paths = { database: join(root, "data", "benchmarks.db"), artifacts: join(root, "data", "artifacts") };
		const benchmarkVersion = await prepareStore(root, paths);

		const startedServer = performance.now();
		server = await startServer(root, dir, paths);
		const warm = /warmed (\d+) leaderboards? in (\d+) ms/.exec(server.stderr());
		console.log(
			`server:            ready and warmed in ${((performance.now() - startedServer) / 1000).toFixed(1)} s (warm-up of ${warm?.[1] ?? "?"} leaderboard: ${warm?.[2] ?? "?"} ms)`,
		);
		const api = `${server.url}/api/v1/benchmarks`;
		const version = encodeURIComponent(benchmarkVersion);
		// A pinned version is its own cache key: this request computes the leaderboard from the store.
		const cold = await timed(`${api}/leaderboard?use_case=${USE_CASE}&benchmark_version=${version}`);
		const coldMatrix = await timed(`${api}/case-matrix?use_case=${USE_CASE}&benchmark_version=${version}`);
		const coldInspector = await timed(`${api}/inspector?use_case=${USE_CASE}&case_id=${caseId(CASES - 1)}`);
		if (cold.status !== 200 || coldMatrix.status !== 200 || coldInspector.status !== 200)
			throw new Error(`cold requests answered ${cold.status}, ${coldMatrix.status}, ${coldInspector.status}`);
		console.log(
			`cold (uncached):   leaderboard ${ms(cold.ms)} · case-matrix page ${ms(coldMatrix.ms)} · inspector ${ms(coldInspector.ms)}`,
		);

		const base = server.url;
		const matrixPages: string[] = [];
		for (let cursor: string | null = null, page = 0; page === 0 || cursor !== null; page++) {
			const path = `/api/v1/benchmarks/case-matrix?use_case=${USE_CASE}&limit=100${cursor === null ? "" : `&cursor=${cursor}`}`;
			matrixPages.push(path);
			const response = await fetch(`${base}${path}`);
			cursor = ((await response.json()) as { next_cursor: string | null }).next_cursor;
		}
		const singles = process.argv.includes("--mixed-only") ? null : await singleLoads(base, matrixPages);
		// The mixed phase reads what it warms first: its steady state is what a rating costs the readers.
		const inspected = Array.from(
			{ length: MIXED.inspectedCases },
			(_, index) => `/api/v1/benchmarks/inspector?use_case=${USE_CASE}&case_id=${caseId(index)}`,
		);
		const mixedPaths = [`/api/v1/benchmarks/leaderboard?use_case=${USE_CASE}`, ...matrixPages, ...inspected];
		for (const path of mixedPaths)
			await (await fetch(`${base}${path}`, { headers: { "accept-encoding": "gzip" } })).arrayBuffer();
		const mixed = await mixedLoad(base, mixedPaths, runsToRate(paths, MIXED.ratedRuns));
		const rss = peakRssMb(server.child.pid ?? 0);

		const row = (name: string, figures: Load) =>
			console.log(
				`${name.padEnd(19)}p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}, ${Math.round(figures.rps).toLocaleString("en-US")} req/s (${figures.requests.toLocaleString("en-US")} answered, ${figures.non2xx} non-2xx, ${figures.errors} errors or timeouts)`,
			);
		if (singles !== null) {
			console.log(
				`load:              ${CONNECTIONS} connections × ${DURATION_S} s per endpoint, loopback, Accept-Encoding: gzip`,
			);
			row("leaderboard:", singles.board);
			row(`case-matrix:`, singles.matrix);
			console.log(`                   (cycling its ${matrixPages.length} pages of 100 cases)`);
			row("inspector, 1 case:", singles.inspectorOne);
			row("inspector, all:", singles.inspectorAll);
			console.log(`                   (cycling all ${CASES} cases: each one's first request is computed)`);
		}
		console.log(
			`mixed:             ${MIXED.connections} connections × ${MIXED.durationS} s, ${Math.round(MIXED.ratingShare * 100)} % ratings of ${MIXED.ratedRuns.toLocaleString("en-US")} runs spread over the cases, reads cycling the leaderboard, ${matrixPages.length} matrix pages and the inspector of ${MIXED.inspectedCases} cases`,
		);
		row("mixed:", mixed);
		console.log(
			`                   (${mixed.ratings.toLocaleString("en-US")} ratings sent, ${mixed.timeouts} timeouts)`,
		);

		const checks: (readonly [string, boolean])[] = [];
		if (singles !== null) {
			const { board, matrix, inspectorOne, inspectorAll } = singles;
			checks.push(
				[
					`leaderboard p50                ${ms(board.p50)}  (target ≤ ${TARGETS.leaderboardP50} ms)`,
					board.p50 <= TARGETS.leaderboardP50,
				],
				[
					`leaderboard p99                ${ms(board.p99)}  (target ≤ ${TARGETS.leaderboardP99} ms)`,
					board.p99 <= TARGETS.leaderboardP99,
				],
				[
					`inspector p50, one case        ${ms(inspectorOne.p50)}  (target ≤ ${TARGETS.inspectorP50} ms)`,
					inspectorOne.p50 <= TARGETS.inspectorP50,
				],
				[
					`inspector p50, all cases       ${ms(inspectorAll.p50)}  (target ≤ ${TARGETS.inspectorP50} ms)`,
					inspectorAll.p50 <= TARGETS.inspectorP50,
				],
				[
					"every request answered 2xx in time",
					[board, matrix, inspectorOne, inspectorAll].every((figures) => figures.non2xx === 0 && figures.errors === 0),
				],
			);
		}
		checks.push(
			[`server peak RSS (VmHWM)        ${rss.toFixed(1)} MB  (target ≤ ${TARGETS.rssMb} MB)`, rss <= TARGETS.rssMb],
			[
				`mixed p99 (reads and ratings)  ${ms(mixed.p99)}  (target ≤ ${TARGETS.mixedP99} ms)`,
				mixed.p99 <= TARGETS.mixedP99,
			],
			[
				`mixed: no timeout, all 2xx     ${mixed.timeouts} timeouts, ${mixed.non2xx} non-2xx, ${mixed.errors} errors`,
				mixed.timeouts === 0 && mixed.non2xx === 0 && mixed.errors === 0,
			],
		);
		for (const [text, pass] of checks) console.log(`${verdict(pass)}  ${text}`);
		return checks.every(([, pass]) => pass);
	} finally {
		const child = server?.child;
		if (child !== undefined && child.exitCode === null) {
			const exited = new Promise((resolve) => child.once("exit", resolve));
			child.kill("SIGTERM");
			await exited;
		}
		if (!keep) rmSync(root, { recursive: true, force: true });
	}
}

process.exitCode = (await main()) ? 0 : 1;
