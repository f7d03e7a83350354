/**
 * Orchestration overhead: how close a run comes to the ideal time (calls × latency /
 * concurrency) when the model is a scripted server in its own process answering in a fixed
 * 100 ms, with an empty store. Each phase runs in a fresh child process so its peak RSS is its
 * own. Run after a build: `node dist/bench/overhead.js`.
 *
 *   phase 1: 2 models × 5,000 cases, concurrency 32   (10,000 cells)
 *   phase 2: 2 models × 50,000 cases, concurrency 256 (100,000 cells)
 *   phase 3: phase 1's command again: every cell is current, so zero model calls
 *
 * Targets (issue 22): wall ≤ 1.10 × ideal in phases 1 and 2; peak RSS ≤ 150 MB at 10,000 cells
 * and growing less than 20 % to 100,000 cells (flat in the number of cells); phase 3 makes no
 * call and finishes in under 3 s.
 *
 * Diagnostics (environment): `OVERHEAD_PHASE=1` or `=2` runs that phase alone; `OVERHEAD_CPU_PROFILE=DIR`
 * and `OVERHEAD_ALLOC_PROFILE=FILE` profile; `OVERHEAD_MEMORY_TRACE=1` and `OVERHEAD_THREADS=1`
 * print memory and per-thread CPU; `OVERHEAD_HEAP_SNAPSHOT=FILE` writes a heap snapshot 20 s into
 * each phase; `OVERHEAD_NODE_FLAGS` adds Node flags to each phase, `OVERHEAD_SERVER_NODE_FLAGS`
 * to the scripted server; `OVERHEAD_HTTP_CLIENT=plain|undici` picks the HTTP client the runs call
 * the server with (touchstone's own by default), so the two can be compared in A/B pairs, and
 * `OVERHEAD_HTTP_CLIENT=plain,undici` runs both at once against a stand-in each;
 * `OVERHEAD_KEEP=1` keeps the stores to query afterwards.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getHeapSpaceStatistics, writeHeapSnapshot } from "node:v8";
import { stringify } from "yaml";
import { compactHeap, tuneHeapForRuns } from "../src/cli/heap-tuning.js";
import { loadDefinitions } from "../src/definitions/index.js";
import { runUseCase, StopControl } from "../src/orchestrator/index.js";
import type { ServerStats } from "../src/scripted-server/index.js";
import { openStore, type Store } from "../src/store/index.js";
import {
	type HttpClientName,
	httpClientFromEnvironment,
	httpClientsFromEnvironment,
	runPartsWithClient,
} from "./http-client-parts.js";

const LATENCY_MS = 100;
/** See the header: wall over ideal, peak RSS at 10,000 cells, its growth to 100,000, phase 3's wall. */
const TARGETS = { ratio: 1.1, rssMb: 150, rssGrowth: 0.2, rerunS: 3 } as const;
const BIN = fileURLToPath(new URL("../../bin/touchstone.js", import.meta.url));
const MB = 1024 * 1024;

interface PhaseResult {
	readonly cells: number;
	readonly executed: number;
	readonly calls: number;
	readonly wall_s: number;
	/** Seconds from the start to the first cell (loading and checking cases, freezing the spec, planning). */
	readonly startup_s: number;
	/** Seconds from the last cell written to the end of the run (the writer thread's last batch and closing). */
	readonly drain_s: number;
	readonly peak_rss_mb: number;
	/** CPU seconds this process spent (user, system). */
	readonly cpu_user_s: number;
	readonly cpu_system_s: number;
	/** Seconds the main thread's event loop was busy (the rest of the CPU is other threads). */
	readonly main_busy_s: number;
	/** The main thread's own CPU seconds, and seconds it was ready to run but waited for a core (Linux schedstat); null elsewhere. */
	readonly main_cpu_s: number | null;
	readonly main_waited_s: number | null;
	/** CPU seconds the scripted server's process spent meanwhile (it shares the machine), null when unknown. */
	readonly server_cpu_s?: number | null;
	/** Model call latency as the runs recorded it (request to last byte), in ms; null when no call was made. */
	readonly call_ms: CallLatency | null;
	/** How late, on average, the scripted server sent its replies' last bytes after the scripted latency (its own lag), in ms. */
	readonly server_late_ms: number | null;
}

/** Mean and percentiles of the recorded call latencies. */
interface CallLatency {
	readonly mean: number;
	readonly p50: number;
	readonly p99: number;
}

/**
 * The latency each run of this phase recorded for its model call: the part of the overhead spent
 * inside calls (the stand-in's lag and the run's own reading), as against start-up and the time
 * between one call and the next. The store is fresh per phase, so every run in it is this phase's.
 */
function callLatency(store: Store): CallLatency | null {
	const latencies = (
		store.database.prepare("SELECT latency_ms FROM runs WHERE latency_ms IS NOT NULL ORDER BY latency_ms").all() as {
			latency_ms: number;
		}[]
	).map((row) => row.latency_ms);
	if (latencies.length === 0) return null;
	const at = (fraction: number) =>
		latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))] ?? 0;
	return { mean: latencies.reduce((sum, value) => sum + value, 0) / latencies.length, p50: at(0.5), p99: at(0.99) };
}

/** Writes a benchmarks/ folder with `cases` prompts and two models on the scripted server. */
function writeDefinitions(root: string, cases: number): string {
	const dir = join(root, "benchmarks");
	execFileSync("mkdir", ["-p", join(dir, "packs", "load")]);
	const models = ["bench/a", "bench/b"].map((id) => ({
		id,
		provider: "openai-compatible",
		model: id,
		// biome-ignore lint/suspicious/noTemplateCurlyInString: a ${VAR} reference that touchstone expands at run time
		base_url: "${TOUCHSTONE_SCRIPTED_URL}/v1",
		price: { input: 1, output: 2 },
		// The run's --concurrency is the only limit under test.
		options: { concurrency: 1024, max_retries: 0 },
	}));
	writeFileSync(join(dir, "models.yaml"), stringify({ models }));
	writeFileSync(
		join(dir, "use_cases.yaml"),
		stringify({
			use_cases: [
				{
					id: "load",
					status: "runnable",
					modality: { input: "text", output: "text" },
					plugin: "cases",
					cases: "packs/load/*.yaml",
					samples: 1,
					grading: { checks: [{ metric: "answer", contains: ["answer"] }] },
				},
			],
		}),
	);
	const lines = ["cases:"];
	for (let index = 0; index < cases; index++)
		lines.push(`  - { id: c${index}, input: { prompt: "repeat the number ${index}" } }`);
	writeFileSync(join(dir, "packs", "load", "cases.yaml"), `${lines.join("\n")}\n`);
	return dir;
}

async function startServer(root: string): Promise<{ url: string; child: ChildProcess }> {
	const script = join(root, "script.yaml");
	writeFileSync(
		script,
		stringify({
			seed: 1,
			models: { "*": { latency_ms: LATENCY_MS, rules: [{ when: { user: "number (\\d+)" }, reply: "answer: $1." }] } },
		}),
	);
	const child = spawn(
		process.execPath,
		[...profileFlags(), ...nodeFlags("OVERHEAD_SERVER_NODE_FLAGS"), BIN, "scripted-server", "--script", script],
		{
			stdio: ["ignore", "pipe", "inherit"],
		},
	);
	const url = await new Promise<string>((resolve, reject) => {
		let output: string | null = "";
		child.stdout?.on("data", (chunk: Buffer) => {
			// After its address, what the server prints goes to stderr when it was given Node flags
			// (--trace-gc lines, say), and is dropped otherwise (its banner).
			if (output === null) {
				if (nodeFlags("OVERHEAD_SERVER_NODE_FLAGS").length > 0) process.stderr.write(chunk);
				return;
			}
			output += chunk.toString();
			const match = output.match(/on (http:\/\/\S+)/);
			if (match?.[1]) {
				output = null;
				resolve(match[1]);
			}
		});
		child.on("exit", (code) => reject(new Error(`scripted server exited with ${code}`)));
	});
	return { url, child };
}

/** Seconds a thread has run on a CPU and waited ready on a run queue so far (Linux schedstat), or null. */
function threadSchedule(pid: number, tid: number): { cpu_s: number; waited_s: number } | null {
	try {
		const [cpu, waited] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ").map(Number);
		return cpu === undefined || waited === undefined ? null : { cpu_s: cpu / 1e9, waited_s: waited / 1e9 };
	} catch {
		return null;
	}
}

/** `OVERHEAD_THREADS=1`: each thread of this process with its CPU and run-queue seconds, on stderr. */
function printThreads(): void {
	for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
		const name = readFileSync(`/proc/${process.pid}/task/${tid}/comm`, "utf8").trim();
		const schedule = threadSchedule(process.pid, Number(tid));
		if (schedule && schedule.cpu_s > 0.05)
			process.stderr.write(
				`  thread ${tid} ${name}: on a core ${schedule.cpu_s.toFixed(1)} s, waiting ${schedule.waited_s.toFixed(1)} s\n`,
			);
	}
}

/**
 * `OVERHEAD_ALLOC_PROFILE=FILE`: samples allocations of the run, garbage included, and writes a
 * `.heapprofile` (open it in Chrome DevTools) when it ends. Returns the function that stops and writes.
 */
async function startAllocationSampling(): Promise<(() => Promise<void>) | null> {
	const file = process.env.OVERHEAD_ALLOC_PROFILE;
	if (file === undefined || file === "") return null;
	const { Session } = await import("node:inspector/promises");
	const session = new Session();
	session.connect();
	await session.post("HeapProfiler.startSampling", {
		samplingInterval: 64 * 1024,
		includeObjectsCollectedByMajorGC: true,
		// `OVERHEAD_ALLOC_PROMOTED=1`: leave out what died young, to see what reaches the old generation.
		includeObjectsCollectedByMinorGC: process.env.OVERHEAD_ALLOC_PROMOTED !== "1",
	});
	return async () => {
		const { profile } = await session.post("HeapProfiler.stopSampling");
		writeFileSync(file, JSON.stringify(profile));
		session.disconnect();
	};
}

/** CPU seconds (user + system) a process has used so far, from /proc; null where there is no /proc. */
function processCpuSeconds(pid: number | undefined): number | null {
	if (pid === undefined) return null;
	try {
		// Fields after the command name's closing parenthesis: utime and stime are the 12th and 13th.
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		const ticks = Number(fields[11]) + Number(fields[12]);
		return Number.isFinite(ticks) ? ticks / 100 : null;
	} catch {
		return null;
	}
}

/** The scripted server's request count, and the total ms its answered replies went out late (GET /stats). */
async function serverCounts(url: string): Promise<{ calls: number; replies: number; late_ms: number }> {
	const stats = (await (await fetch(`${url}/stats`)).json()) as ServerStats;
	const { replies, mean_ms } = stats.lateness;
	return { calls: stats.total, replies, late_ms: (mean_ms ?? 0) * replies };
}

/** One phase, in this (child) process: prints a PhaseResult as JSON on its last line. */
async function runPhase(root: string, url: string, concurrency: number): Promise<void> {
	// Measure touchstone as its CLI runs it.
	tuneHeapForRuns();
	// The peak is the kernel's own high-water mark (maxRSS), read at the end: sampling RSS cost
	// the run's thread a read of /proc every few milliseconds.
	// `OVERHEAD_MEMORY_TRACE=1`: RSS and heap every quarter second on stderr, to see where memory goes.
	let ticks = 0;
	const sampler =
		process.env.OVERHEAD_MEMORY_TRACE === "1"
			? setInterval(() => {
					ticks += 1;
					const usage = process.memoryUsage();
					process.stderr.write(
						`  t=${ticks / 4}s rss ${(usage.rss / MB).toFixed(0)} MB (peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)}), heap ${(usage.heapUsed / MB).toFixed(0)}/${(usage.heapTotal / MB).toFixed(0)} MB, external ${(usage.external / MB).toFixed(0)} MB; ${getHeapSpaceStatistics()
							.map((space) => `${space.space_name.replace("_space", "")} ${(space.space_size / MB).toFixed(0)}`)
							.join(" ")}\n`,
					);
				}, 250)
			: undefined;
	const store = openStore({
		database: join(root, "data", "benchmarks.db"),
		artifacts: join(root, "data", "artifacts"),
	});
	const allocations = await startAllocationSampling();
	if (process.env.OVERHEAD_HEAP_SNAPSHOT)
		setTimeout(() => writeHeapSnapshot(process.env.OVERHEAD_HEAP_SNAPSHOT), 20_000).unref();
	const before = await serverCounts(url);
	const cpuBefore = process.cpuUsage();
	const loopBefore = performance.eventLoopUtilization();
	const scheduleBefore = threadSchedule(process.pid, process.pid);
	const started = performance.now();
	let firstCell = Number.NaN;
	let lastCell = Number.NaN;
	const summary = await runUseCase({
		definitions: loadDefinitions(join(root, "benchmarks")),
		store,
		useCaseId: "load",
		depth: "thorough",
		concurrency,
		force: false,
		dryRun: false,
		parts: await runPartsWithClient({ TOUCHSTONE_SCRIPTED_URL: url }, httpClientFromEnvironment()),
		stop: new StopControl(),
		provenance: { bench: "overhead" },
		// As the CLI's run command does.
		hooks: {
			onPlanned: compactHeap,
			onRunStart: () => {
				firstCell = performance.now();
			},
			onCellEnd: () => {
				lastCell = performance.now();
			},
		},
	});
	const ended = performance.now();
	const wall_s = (ended - started) / 1000;
	const cpu = process.cpuUsage(cpuBefore);
	const loop = performance.eventLoopUtilization(loopBefore);
	const scheduleAfter = threadSchedule(process.pid, process.pid);
	clearInterval(sampler);
	await allocations?.();
	if (process.env.OVERHEAD_THREADS === "1") printThreads();
	const call_ms = callLatency(store);
	store.close();
	const after = await serverCounts(url);
	const replies = after.replies - before.replies;
	const peak = process.resourceUsage().maxRSS * 1024;
	const result: PhaseResult = {
		cells: summary.planned,
		executed: summary.executed,
		calls: after.calls - before.calls,
		wall_s,
		startup_s: (firstCell - started) / 1000,
		drain_s: Number.isNaN(lastCell) ? 0 : (ended - lastCell) / 1000,
		peak_rss_mb: peak / MB,
		cpu_user_s: cpu.user / 1e6,
		cpu_system_s: cpu.system / 1e6,
		main_busy_s: loop.active / 1000,
		main_cpu_s: scheduleBefore && scheduleAfter ? scheduleAfter.cpu_s - scheduleBefore.cpu_s : null,
		main_waited_s: scheduleBefore && scheduleAfter ? scheduleAfter.waited_s - scheduleBefore.waited_s : null,
		call_ms,
		server_late_ms: replies === 0 ? null : (after.late_ms - before.late_ms) / replies,
	};
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Runs one phase in a child process (calling with `client`) and reads its PhaseResult. */
async function phaseInChild(
	root: string,
	url: string,
	concurrency: number,
	server: ChildProcess,
	client: HttpClientName = httpClientFromEnvironment(),
): Promise<PhaseResult> {
	const serverBefore = processCpuSeconds(server.pid);
	const child = spawn(
		process.execPath,
		[
			...profileFlags(),
			...nodeFlags("OVERHEAD_NODE_FLAGS"),
			fileURLToPath(import.meta.url),
			"phase",
			root,
			url,
			String(concurrency),
		],
		{ stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, OVERHEAD_HTTP_CLIENT: client } },
	);
	let output = "";
	child.stdout?.on("data", (chunk: Buffer) => {
		output += chunk.toString();
	});
	const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
	if (code !== 0) throw new Error(`phase (${client}) exited with ${code}`);
	// Other lines come from Node flags such as --trace-gc: passed on to stderr.
	const lines = output.trim().split("\n");
	const json = lines.findLast((line) => line.startsWith("{")) ?? "{}";
	for (const line of lines) if (line !== json) process.stderr.write(`${line}\n`);
	const result = JSON.parse(json) as PhaseResult;
	const serverAfter = processCpuSeconds(server.pid);
	const server_cpu_s = serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore;
	return { ...result, server_cpu_s };
}

/** Node flags from an environment variable, space-separated: `OVERHEAD_NODE_FLAGS="--trace-gc …"` for each phase's process, `OVERHEAD_SERVER_NODE_FLAGS` for the scripted server's. */
function nodeFlags(variable: "OVERHEAD_NODE_FLAGS" | "OVERHEAD_SERVER_NODE_FLAGS"): string[] {
	return (process.env[variable] ?? "").split(" ").filter((flag) => flag !== "");
}

/** `OVERHEAD_CPU_PROFILE=DIR` writes a V8 CPU profile of each phase, and of the scripted server, into DIR (for finding hot spots). */
function profileFlags(): string[] {
	const dir = process.env.OVERHEAD_CPU_PROFILE;
	return dir === undefined || dir === "" ? [] : ["--cpu-prof", "--cpu-prof-dir", dir];
}

function seconds(value: number | null): string {
	return value === null ? "?" : `${value.toFixed(1)} s`;
}

function report(name: string, result: PhaseResult, concurrency: number): { ratio: number } {
	const ideal = (result.calls * LATENCY_MS) / 1000 / concurrency;
	const ratio = result.wall_s / ideal;
	console.log(
		`${name}: ${result.cells} cells, ${result.calls} calls, concurrency ${concurrency}: wall ${result.wall_s.toFixed(2)} s, ideal ${ideal.toFixed(2)} s, ratio ${ratio.toFixed(3)} (target ≤ ${TARGETS.ratio}) ${ratio <= TARGETS.ratio ? "PASS" : "FAIL"} (start-up ${result.startup_s.toFixed(2)} s, last write to end ${result.drain_s.toFixed(2)} s); peak RSS ${result.peak_rss_mb.toFixed(1)} MB; touchstone CPU ${result.cpu_user_s.toFixed(1)} s user + ${result.cpu_system_s.toFixed(1)} s system, main thread busy ${result.main_busy_s.toFixed(1)} s (on a core ${seconds(result.main_cpu_s)}, waiting for one ${seconds(result.main_waited_s)}); scripted server CPU ${seconds(result.server_cpu_s ?? null)}; model calls took ${
			result.call_ms === null
				? "-"
				: `${result.call_ms.mean.toFixed(1)} ms on average (p50 ${result.call_ms.p50.toFixed(1)}, p99 ${result.call_ms.p99.toFixed(1)}) against the scripted ${LATENCY_MS} ms`
		}${result.server_late_ms === null ? "" : `, the scripted server itself sending them ${result.server_late_ms.toFixed(1)} ms late on average`}`,
	);
	return { ratio };
}

async function main(): Promise<void> {
	const [mode, root, url, concurrency] = process.argv.slice(2);
	if (mode === "phase" && root && url && concurrency) return runPhase(root, url, Number(concurrency));

	const clients = httpClientsFromEnvironment();
	if (clients.length > 1) return sideBySide(clients);

	const small = mkdtempSync(join(tmpdir(), "touchstone-overhead-10k-"));
	const large = mkdtempSync(join(tmpdir(), "touchstone-overhead-100k-"));
	writeDefinitions(small, 5_000);
	writeDefinitions(large, 50_000);
	const server = await startServer(small);
	try {
		console.log(
			`scripted server (own process) at ${server.url}, fixed latency ${LATENCY_MS} ms; HTTP client ${httpClientFromEnvironment()}`,
		);
		if (process.env.OVERHEAD_PHASE === "1" || process.env.OVERHEAD_PHASE === "2") {
			const phase =
				process.env.OVERHEAD_PHASE === "1" ? { root: small, concurrency: 32 } : { root: large, concurrency: 256 };
			const result = await phaseInChild(phase.root, server.url, phase.concurrency, server.child);
			report(`phase ${process.env.OVERHEAD_PHASE}`, result, phase.concurrency);
			return;
		}
		const first = await phaseInChild(small, server.url, 32, server.child);
		report("phase 1", first, 32);
		const second = await phaseInChild(large, server.url, 256, server.child);
		report("phase 2", second, 256);
		const growth = second.peak_rss_mb / first.peak_rss_mb - 1;
		console.log(
			`peak RSS: ${first.peak_rss_mb.toFixed(1)} MB at 10,000 cells (target ≤ ${TARGETS.rssMb}) ${first.peak_rss_mb <= TARGETS.rssMb ? "PASS" : "FAIL"}; ${second.peak_rss_mb.toFixed(1)} MB at 100,000 cells, growth ${(growth * 100).toFixed(1)} % (target < ${TARGETS.rssGrowth * 100} %) ${growth < TARGETS.rssGrowth ? "PASS" : "FAIL"}`,
		);
		const rerun = await phaseInChild(small, server.url, 32, server.child);
		console.log(
			`phase 3 (re-run of the 10,000 current cells): ${rerun.calls} model calls (target 0) ${rerun.calls === 0 ? "PASS" : "FAIL"}, ${rerun.executed} executed, wall ${rerun.wall_s.toFixed(2)} s (target < ${TARGETS.rerunS} s) ${rerun.wall_s < TARGETS.rerunS ? "PASS" : "FAIL"}`,
		);
	} finally {
		server.child.kill("SIGTERM");
		if (process.env.OVERHEAD_KEEP === "1") console.log(`kept the stores under ${small} and ${large}`);
		else for (const root of [small, large]) rmSync(root, { recursive: true, force: true });
	}
}

/**
 * `OVERHEAD_HTTP_CLIENT=plain,undici`: phases 1 and 2 (or 2 alone) of each client at the same
 * time, each against its own stand-in and store, so both see the same machine: its speed drifts
 * too much between runs to compare clients run one after the other.
 */
async function sideBySide(clients: readonly HttpClientName[]): Promise<void> {
	const sides = await Promise.all(
		clients.map(async (client) => {
			const small = mkdtempSync(join(tmpdir(), `touchstone-overhead-10k-${client}-`));
			const large = mkdtempSync(join(tmpdir(), `touchstone-overhead-100k-${client}-`));
			writeDefinitions(small, 5_000);
			writeDefinitions(large, 50_000);
			return { client, small, large, server: await startServer(small) };
		}),
	);
	try {
		console.log(`side by side, each with its own scripted server: ${clients.join(", ")}`);
		const phases = process.env.OVERHEAD_PHASE === "2" ? [2] : [1, 2];
		for (const phase of phases) {
			const concurrency = phase === 1 ? 32 : 256;
			const results = await Promise.all(
				sides.map((side) =>
					phaseInChild(
						phase === 1 ? side.small : side.large,
						side.server.url,
						concurrency,
						side.server.child,
						side.client,
					),
				),
			);
			const ratios = results.map(
				(result, index) => report(`phase ${phase} [${clients[index]}]`, result, concurrency).ratio,
			);
			const [first] = results;
			if (first !== undefined)
				console.log(
					`phase ${phase} wall against ${clients[0]}: ${results.map((result, index) => `${clients[index]} ${(result.wall_s / first.wall_s).toFixed(3)}`).join(", ")} (ratios ${ratios.map((ratio) => ratio.toFixed(3)).join(", ")})`,
				);
		}
	} finally {
		for (const side of sides) {
			side.server.child.kill("SIGTERM");
			if (process.env.OVERHEAD_KEEP === "1")
				console.log(`kept the stores of ${side.client} under ${side.small} and ${side.large}`);
			else for (const root of [side.small, side.large]) rmSync(root, { recursive: true, force: true });
		}
	}
}

await main();
