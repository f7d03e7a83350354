/**
 * Calibration benchmark: fills a store with 25,000 current runs (25 models × 1,000 cases, one
 * sample, a jury headline and a field score each, three jurors' votes on every run) of which
 * 12,500 are owner-rated, then computes ONE uncached calibration of the use case (2,000
 * bootstrap resamples, seed 1: the API's defaults) and prints its time and the time of each part
 * (the store reads, each figure, the juror agreement) against the target. The API server is
 * single-threaded: while this runs, every other request waits. Run after a build:
 * `node dist/bench/calibration.js`.
 *
 * Target: one uncached calibration of 12,000+ rated runs ≤ 2,000 ms.
 *
 * `--report FILE` writes the report as JSON to FILE, so the reports of two builds can be compared
 * byte for byte (same seed, same store: the same report).
 */
import { writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { cellKey, type JsonObject, type JuryVote, type SpecDocument } from "../src/contract/index.js";
import { type CellRecord, openTemporaryStore, sampleRun, sampleScore, sampleSpec } from "../src/store/index.js";
import { type CalibrationTimings, calibrateUseCase, DEFAULT_BOOTSTRAP } from "../src/views/index.js";
import { verdict } from "./figures.js";

const MODELS = 25;
const CASES = 1_000;
/** Every RATE_EVERY-th run is owner-rated: 12,500 of 25,000. */
const RATE_EVERY = 2;
const JURORS = ["juror-a", "juror-b", "juror-c"] as const;
const CELLS_PER_TRANSACTION = 5_000;
const USE_CASE = "calibration-bench";
const VERSION = `${USE_CASE}@1`;
const TARGET_MS = 2_000;

/** A small deterministic generator (mulberry32), so every run of the bench writes the same store. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function specDocument(): SpecDocument {
	return {
		spec_format: 1,
		use_case_id: USE_CASE,
		plugin: "summarization",
		headline: "composite",
		band: 0.05,
		samples: 1,
		deployed: null,
		judge_panel: { id: "jury", version: "jury@v1" },
		grader: { id: "jury", version: "1", config: {} },
		harness: { id: "single-shot", key_part: "harness-part", config: {} },
		cases: Array.from({ length: CASES }, (_, index) => ({
			id: `c${String(index).padStart(4, "0")}`,
			version: "1",
			kind: index % 2 === 0 ? "floor" : "ceiling",
			threshold: index % 3 === 0 ? 0.5 : 0.7,
			input_hash: `input-${index}`,
			key_part: `case-part-${index}`,
		})),
		models: Object.fromEntries(Array.from({ length: MODELS }, (_, index) => [`m${index}`, `model-part-${index}`])),
	};
}

/**
 * Writes every cell as a jury-graded run (headline = mean of the jurors' faithfulness on a
 * 0.1 grid, so ranks tie as real ones do; one vote in 20 failed) and rates every
 * {@link RATE_EVERY}-th run with a label or a number near the jury's, as an owner would.
 */
function fillStore(store: ReturnType<typeof openTemporaryStore>["store"]): { runs: number; rated: number } {
	const document = specDocument();
	store.freezeSpec(
		sampleSpec({
			benchmark_version: VERSION,
			use_case_id: USE_CASE,
			spec_hash: `hash-of-${VERSION}`,
			spec: document as unknown as JsonObject,
		}),
	);
	store.activateSpec(USE_CASE, VERSION);
	const next = random(7);
	const grid = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
	const cells: CellRecord[] = [];
	const headlines: number[] = [];
	for (const [modelId, modelPart] of Object.entries(document.models))
		for (const item of document.cases) {
			const quality = next();
			const votes: JuryVote[] = JURORS.map((juror) =>
				next() < 0.05
					? { juror, fields: null, rationale: null, error: "unparsable reply: not JSON" }
					: {
							juror,
							fields: { faithfulness: grid(quality + (next() - 0.5) * 0.4), hallucination: next() < 1 - quality },
							rationale: "one sentence",
							error: null,
						},
			);
			const valid = votes.flatMap((vote) => (vote.fields === null ? [] : [vote.fields.faithfulness as number]));
			const headline = grid(valid.reduce((sum, value) => sum + value, 0) / Math.max(1, valid.length));
			const sha = store.putArtifact(JSON.stringify(votes), "application/json").sha256;
			const jury = { grader_version: "jury@1", judge_panel_version: "jury@v1", jury_votes_sha: sha };
			headlines.push(headline);
			cells.push({
				run: sampleRun({
					benchmark_version: VERSION,
					use_case_id: USE_CASE,
					case_id: item.id,
					model_id: modelId,
					cell_key: cellKey({
						case_part: item.key_part,
						model_part: modelPart,
						harness_part: document.harness.key_part,
						sample_index: 0,
					}),
				}),
				scores: [
					sampleScore({ ...jury, metric: "composite", value: headline, critical_failure: next() < 0.1 }),
					sampleScore({ ...jury, metric: "faithfulness", value: headline }),
				],
			});
		}
	const runIds: string[] = [];
	for (let first = 0; first < cells.length; first += CELLS_PER_TRANSACTION)
		runIds.push(...store.recordCells(cells.slice(first, first + CELLS_PER_TRANSACTION)));
	const labels = ["ship", "edit", "reject"] as const;
	let rated = 0;
	store.database.transaction(() => {
		runIds.forEach((runId, index) => {
			if (index % RATE_EVERY !== 0) return;
			const label = next() < 0.3 ? (labels[Math.floor(next() * labels.length)] ?? "edit") : null;
			const rating =
				label === null
					? grid((headlines[index] ?? 0.5) + (next() - 0.5) * 0.5)
					: { ship: 1, edit: 0.6, reject: 0.2 }[label];
			store.addOwnerRating({ run_id: runId, rating, label, note: null });
			rated += 1;
		});
	})();
	return { runs: runIds.length, rated };
}

const temporary = openTemporaryStore();
try {
	const filled = performance.now();
	const { runs, rated } = fillStore(temporary.store);
	console.log(
		`store:             ${runs.toLocaleString("en-US")} current runs, ${rated.toLocaleString("en-US")} owner-rated, ${JURORS.length} jurors (${((performance.now() - filled) / 1000).toFixed(1)} s to write)`,
	);
	const timings: CalibrationTimings = {};
	const started = performance.now();
	const cpuBefore = process.cpuUsage();
	const report = calibrateUseCase(temporary.store, USE_CASE, { bootstrap: DEFAULT_BOOTSTRAP, timings });
	const cpu = process.cpuUsage(cpuBefore);
	const total = performance.now() - started;
	console.log(
		`bootstrap:         ${DEFAULT_BOOTSTRAP.samples} resamples, seed ${DEFAULT_BOOTSTRAP.seed}; n = ${report.n}, ${report.jurors.fields.length} juror fields`,
	);
	for (const [part, ms] of Object.entries(timings) as [string, number][])
		console.log(`  ${part.padEnd(28)} ${ms.toFixed(1).padStart(9)} ms`);
	console.log(
		`one uncached calibration       ${total.toFixed(0)} ms  (target ≤ ${TARGET_MS} ms)  ${verdict(total <= TARGET_MS)}`,
	);
	// On a shared machine the wall time includes waiting for a core; the CPU time does not.
	const load = loadavg()
		.map((value) => value.toFixed(2))
		.join(", ");
	console.log(
		`  its CPU time                 ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (load average ${load} on ${availableParallelism()} cores)`,
	);
	const reportFile = process.argv.indexOf("--report");
	if (reportFile !== -1 && process.argv[reportFile + 1] !== undefined)
		writeFileSync(process.argv[reportFile + 1] as string, `${JSON.stringify(report, null, "\t")}\n`);
} finally {
	temporary.remove();
}
