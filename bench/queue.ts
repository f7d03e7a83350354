/**
 * bench/queue: throughput of `touchstone run --queue` against the number of `touchstone worker`
 * processes (1, 2, 4), each at a fixed concurrency, against the scripted server at a fixed
 * latency, and the coordinator's added latency per cell (a worker's end of a cell to its row
 * committed). Target (issue 22): throughput ≥ 0.9 × linear in the workers up to 4.
 *
 * Needs Debian's redis-server on PATH (started here on a free loopback port). Run it with
 * `npm run bench:queue`; QUEUE_CELLS, QUEUE_LATENCY_MS and QUEUE_CONCURRENCY change the load.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { stringify } from "yaml";

const BIN = fileURLToPath(new URL("../../bin/touchstone.js", import.meta.url));
const CELLS = Number(process.env.QUEUE_CELLS ?? 1920);
const LATENCY_MS = Number(process.env.QUEUE_LATENCY_MS ?? 250);
const CONCURRENCY = Number(process.env.QUEUE_CONCURRENCY ?? 8);
const WORKER_COUNTS = [1, 2, 4];
const TARGET_RATIO = 0.9;

interface Figure {
	readonly workers: number;
	readonly cells: number;
	readonly seconds: number;
	readonly cells_per_s: number;
	/** Throughput over N × the one-worker throughput. */
	readonly ratio_to_linear: number;
	/** Throughput over N × concurrency / latency (every slot always busy). */
	readonly ratio_to_ideal: number;
	readonly handoff_p50_ms: number | null;
	readonly handoff_p95_ms: number | null;
}

async function main(): Promise<void> {
	const root = mkdtempSync(join(tmpdir(), "touchstone-bench-queue-"));
	const children: ChildProcess[] = [];
	try {
		const redis = await startRedis(children);
		const server = await startScripted(root, children);
		const dir = writeDefinitions(root);
		const figures: Figure[] = [];
		for (const workers of WORKER_COUNTS) {
			const data = join(root, `data-${workers}`);
			const env = {
				PATH: process.env.PATH ?? "",
				TOUCHSTONE_SCRIPTED_URL: server,
				TOUCHSTONE_DB: join(data, "benchmarks.db"),
				TOUCHSTONE_ARTIFACTS: join(data, "artifacts"),
			};
			const started = await Promise.all(
				Array.from({ length: workers }, () => startWorker(root, dir, env, redis, children)),
			);
			const summary = await coordinate(root, dir, env, redis);
			for (const worker of started) worker.kill("SIGTERM");
			const span = rowSpan(env.TOUCHSTONE_DB);
			const cellsPerS = span.cells / span.seconds;
			const one = figures[0]?.cells_per_s ?? cellsPerS;
			figures.push({
				workers,
				cells: span.cells,
				seconds: round(span.seconds, 2),
				cells_per_s: round(cellsPerS, 1),
				ratio_to_linear: round(cellsPerS / (workers * one), 3),
				ratio_to_ideal: round(cellsPerS / ((workers * CONCURRENCY * 1000) / LATENCY_MS), 3),
				handoff_p50_ms: summary.p50,
				handoff_p95_ms: summary.p95,
			});
		}
		print(figures);
	} finally {
		for (const child of children) child.kill("SIGKILL");
		rmSync(root, { recursive: true, force: true });
	}
}

function print(figures: readonly Figure[]): void {
	console.log(
		`bench/queue: ${CELLS} cells, scripted latency ${LATENCY_MS} ms, each worker at concurrency ${CONCURRENCY}`,
	);
	console.log("workers  cells  seconds  cells/s  ratio to linear  ratio to ideal  hand-off p50/p95 ms");
	for (const figure of figures)
		console.log(
			`${String(figure.workers).padStart(7)}  ${String(figure.cells).padStart(5)}  ${figure.seconds.toFixed(2).padStart(7)}  ${figure.cells_per_s.toFixed(1).padStart(7)}  ${figure.ratio_to_linear.toFixed(3).padStart(15)}  ${figure.ratio_to_ideal.toFixed(3).padStart(14)}  ${figure.handoff_p50_ms ?? "?"}/${figure.handoff_p95_ms ?? "?"}`,
		);
	const worst = Math.min(...figures.map((figure) => figure.ratio_to_linear));
	console.log(
		`target: throughput ≥ ${TARGET_RATIO} × linear up to 4 workers: ${worst >= TARGET_RATIO ? "met" : "NOT met"} (worst ${worst.toFixed(3)})`,
	);
	console.log(
		JSON.stringify({ bench: "queue", cells: CELLS, latency_ms: LATENCY_MS, concurrency: CONCURRENCY, figures }),
	);
}

/** The cells' span in the store: first start to last finish, as the workers recorded them. */
function rowSpan(database: string): { cells: number; seconds: number } {
	const db = new Database(database, { readonly: true });
	try {
		const row = db
			.prepare("SELECT count(*) AS cells, min(started_at) AS first, max(finished_at) AS last FROM runs")
			.get() as { cells: number; first: string; last: string };
		return { cells: row.cells, seconds: (Date.parse(row.last) - Date.parse(row.first)) / 1000 };
	} finally {
		db.close();
	}
}

function coordinate(
	root: string,
	dir: string,
	env: Record<string, string>,
	redis: string,
): Promise<{ p50: number | null; p95: number | null }> {
	return new Promise((resolve, reject) => {
		execFile(
			process.execPath,
			[BIN, "run", "--dir", dir, "--use-case", "load", "--queue", redis, "--json"],
			{ cwd: root, env, maxBuffer: 64 * 1024 * 1024 },
			(error, stdout, stderr) => {
				if (error !== null) return reject(new Error(`the coordinator failed: ${stderr}`));
				const summary = JSON.parse(stdout).summary;
				resolve({ p50: summary.queue.handoff_ms.p50, p95: summary.queue.handoff_ms.p95 });
			},
		);
	});
}

function startWorker(
	root: string,
	dir: string,
	env: Record<string, string>,
	redis: string,
	children: ChildProcess[],
): Promise<ChildProcess> {
	const child = spawn(
		process.execPath,
		[BIN, "worker", "--dir", dir, "--queue", redis, "--concurrency", String(CONCURRENCY), "--quiet"],
		{ cwd: root, env, stdio: ["ignore", "ignore", "pipe"] },
	);
	children.push(child);
	return waitFor(child, "stderr", /worker on /, "the worker").then(() => child);
}

async function startRedis(children: ChildProcess[]): Promise<string> {
	const port = await freePort();
	const child = spawn(
		"redis-server",
		["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
		{
			stdio: ["ignore", "pipe", "ignore"],
		},
	);
	child.on("error", () => {
		console.error("bench/queue needs redis-server on PATH (Debian: apt-get install -y redis-server)");
		process.exit(1);
	});
	children.push(child);
	await waitFor(child, "stdout", /Ready to accept connections/, "redis-server");
	return `redis://127.0.0.1:${port}/0`;
}

async function startScripted(root: string, children: ChildProcess[]): Promise<string> {
	const script = join(root, "script.yaml");
	writeFileSync(
		script,
		stringify({
			seed: 1,
			models: { "*": { latency_ms: LATENCY_MS, rules: [{ when: { user: "number (\\d+)" }, reply: "answer: $1." }] } },
		}),
	);
	const child = spawn(process.execPath, [BIN, "scripted-server", "--script", script], {
		stdio: ["ignore", "pipe", "ignore"],
	});
	children.push(child);
	const match = await waitFor(child, "stdout", /on (http:\/\/\S+)/, "the scripted server");
	return match[1] as string;
}

function writeDefinitions(root: string): string {
	const dir = join(root, "benchmarks");
	mkdirSync(join(dir, "packs", "load"), { recursive: true });
	writeFileSync(
		join(dir, "models.yaml"),
		stringify({
			models: [
				{
					id: "bench/a",
					provider: "openai-compatible",
					model: "bench/a",
					// biome-ignore lint/suspicious/noTemplateCurlyInString: a ${VAR} reference that touchstone expands at run time
					base_url: "${TOUCHSTONE_SCRIPTED_URL}/v1",
					options: { concurrency: 1024, max_retries: 0 },
				},
			],
		}),
	);
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
	for (let index = 0; index < CELLS; index++)
		lines.push(`  - { id: c${index}, input: { prompt: "repeat the number ${index}" } }`);
	writeFileSync(join(dir, "packs", "load", "cases.yaml"), `${lines.join("\n")}\n`);
	return dir;
}

function waitFor(
	child: ChildProcess,
	stream: "stdout" | "stderr",
	pattern: RegExp,
	who: string,
): Promise<RegExpMatchArray> {
	return new Promise((resolve, reject) => {
		let output = "";
		const timer = setTimeout(() => reject(new Error(`${who} did not start: ${output}`)), 20_000);
		child[stream]?.on("data", (chunk: Buffer) => {
			output += chunk.toString();
			const match = output.match(pattern);
			if (match !== null) {
				clearTimeout(timer);
				resolve(match);
			}
		});
		child.on("exit", (code) => reject(new Error(`${who} exited with ${code}: ${output}`)));
	});
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject()));
		});
	});
}

function round(value: number, digits: number): number {
	return Number(value.toFixed(digits));
}

await main();
