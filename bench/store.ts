/**
 * Store write benchmark: appends 1,000,000 score rows (100,000 runs × 10 metrics) to a fresh
 * store in a temporary folder, 1,000 runs per transaction, and prints throughput, file size and
 * peak memory against the targets. Run after a build: `node dist/bench/store.js`.
 */
import { statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sha256 } from "../src/contract/index.js";
import {
	type CellRecord,
	openTemporaryStore,
	type RunRecord,
	sampleRun,
	sampleScore,
	sampleSpec,
} from "../src/store/index.js";

const RUNS = 100_000;
const METRICS = 10;
const RUNS_PER_TRANSACTION = 1_000;
const TARGET_ROWS_PER_SECOND = 100_000;
const TARGET_PEAK_RSS_MB = 250;
const MB = 1024 * 1024;

const temporary = openTemporaryStore();
const { store } = temporary;
let peakRss = process.memoryUsage.rss();

try {
	store.freezeSpec(sampleSpec());
	const output = store.putArtifact("a typical model output", "text/plain").sha256;
	// Scores are immutable records: one set serves every run, so the loop measures the store.
	const scores = Array.from({ length: METRICS }, (_, index) =>
		sampleScore({ metric: `metric_${index}`, value: index / METRICS, grader_version: "bench@1" }),
	);
	const base = sampleRun({ output_sha: output });
	// Real cell keys are hashes, so they land on random pages of their index; made before timing.
	const cellKeys = Array.from({ length: RUNS }, (_, index) => sha256(`cell-${index}`));

	const started = performance.now();
	const cpuBefore = process.cpuUsage();
	for (let first = 0; first < RUNS; first += RUNS_PER_TRANSACTION) {
		const cells: CellRecord[] = [];
		for (let index = first; index < first + RUNS_PER_TRANSACTION; index++) {
			const run: RunRecord = {
				...base,
				case_id: `case-${index % 500}`,
				model_id: `model-${((index / 500) % 20) | 0}`,
				sample_index: (index / 10_000) | 0,
				cell_key: cellKeys[index] ?? "",
			};
			cells.push({ run, scores });
		}
		store.recordCells(cells);
		// The loop is synchronous (so are better-sqlite3 writes): sample here, not on a timer.
		peakRss = Math.max(peakRss, process.memoryUsage.rss());
	}
	const seconds = (performance.now() - started) / 1000;
	const cpu = process.cpuUsage(cpuBefore);
	const cpuSeconds = (cpu.user + cpu.system) / 1e6;

	const { rows } = store.database.prepare("SELECT count(*) AS rows FROM scores").get() as { rows: number };
	const { runs } = store.database.prepare("SELECT count(*) AS runs FROM runs").get() as { runs: number };
	const database = store.paths.database;
	const size = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0;
	const databaseMb = size(database) / MB;
	const walMb = size(`${database}-wal`) / MB;
	peakRss = Math.max(peakRss, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
	const rowsPerSecond = rows / seconds;
	const peakRssMb = peakRss / MB;

	const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");
	const throughputPass = rows === RUNS * METRICS && rowsPerSecond >= TARGET_ROWS_PER_SECOND;
	const memoryPass = peakRssMb < TARGET_PEAK_RSS_MB;
	console.log(
		`score rows:        ${rows.toLocaleString("en-US")} (${runs.toLocaleString("en-US")} runs × ${METRICS} metrics, ${RUNS_PER_TRANSACTION} runs per transaction)`,
	);
	console.log(
		`time:              ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU (${Math.round(rows / cpuSeconds).toLocaleString("en-US")} score rows per CPU second)`,
	);
	console.log(
		`throughput:        ${Math.round(rowsPerSecond).toLocaleString("en-US")} score rows/s  (target ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString("en-US")})  ${verdict(throughputPass)}`,
	);
	console.log(
		`database size:     ${(databaseMb + walMb).toFixed(1)} MB (db ${databaseMb.toFixed(1)} MB + wal ${walMb.toFixed(1)} MB)`,
	);
	console.log(
		`peak RSS:          ${peakRssMb.toFixed(1)} MB  (target < ${TARGET_PEAK_RSS_MB} MB)  ${verdict(memoryPass)}`,
	);
	if (!throughputPass || !memoryPass) process.exitCode = 1;
} finally {
	temporary.remove();
}
