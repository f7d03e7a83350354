/**
 * Sandbox overhead: what isolation costs per command and per cell. Run after a build:
 * `node dist/bench/sandbox.js` (or `npm run bench:sandbox`).
 *
 *   1. start a sandbox and run `true` in it, 200 times (p50 target ≤ 30 ms), on bubblewrap and,
 *      for comparison, on the unisolated process backend
 *   2. make a cell's workspace: copy a small fixture (60 files, about 120 KB) into a fresh
 *      workdir, 50 times; and diff an edited workdir against it
 *   3. the agent loop's own overhead per turn (target ≤ 5 ms): measured with the agent harness
 *
 * Prints the figures and PASS/FAIL against the targets; exits 1 on a FAIL.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { Sandbox } from "../src/contract/index.js";
import { type CreateSandboxOptions, createSandbox, detectSandboxBackend } from "../src/sandbox/index.js";
import { type Figures, figures, printFigures, verdict } from "./figures.js";

const EXEC_RUNS = 200;
const WARMUP_RUNS = 10;
const COPY_RUNS = 50;
const TARGET_START_P50_MS = 30;

const line = (label: string, stats: Figures, extra = "") => printFigures(label, stats, 1, extra);

/** Times `exec(true)` from the caller's side: spawn, sandbox setup, limits, teardown. */
async function timeTrue(sandbox: Sandbox): Promise<number[]> {
	for (let run = 0; run < WARMUP_RUNS; run++) await sandbox.exec({ argv: ["true"] });
	const samples: number[] = [];
	for (let run = 0; run < EXEC_RUNS; run++) {
		const started = performance.now();
		const result = await sandbox.exec({ argv: ["true"] });
		samples.push(performance.now() - started);
		if (result.exit_code !== 0) throw new Error(`true failed: ${result.stderr}`);
	}
	return samples;
}

/** A small project: 6 folders × 10 source files of about 2 KB. */
function writeFixture(root: string): string {
	const fixture = join(root, "fixture");
	for (let folder = 0; folder < 6; folder++) {
		mkdirSync(join(fixture, `module-${folder}`), { recursive: true });
		for (let file = 0; file < 10; file++) {
			const body = Array.from({ length: 60 }, (_, index) => `export const value${index} = ${folder * file + index};`);
			writeFileSync(join(fixture, `module-${folder}`, `file-${file}.ts`), `${body.join("\n")}\n`);
		}
	}
	return fixture;
}

const detection = await detectSandboxBackend();
const root = mkdtempSync(join(tmpdir(), "touchstone-bench-sandbox-"));
let failed = false;
try {
	const fixture = writeFixture(root);
	console.log(
		`sandbox backend:                   ${detection.backend === null ? `none (${detection.problem})` : detection.version}`,
	);
	// Process creation dominates these figures, so they move with whatever else the machine runs.
	const [load] = loadavg();
	console.log(`machine:                           ${availableParallelism()} cores, load average ${load?.toFixed(2)}`);

	// 1. Start a sandbox and run `true`.
	if (detection.backend === null) {
		console.log(`start + true (bubblewrap):         not measured: ${detection.fix}  FAIL`);
		failed = true;
	} else {
		const sandbox = await createSandbox({ fixture, backend: "bubblewrap" });
		const stats = figures(await timeTrue(sandbox));
		await sandbox.dispose();
		const pass = stats.p50 <= TARGET_START_P50_MS;
		failed ||= !pass;
		line(
			`start + true, bubblewrap (${EXEC_RUNS}×)`,
			stats,
			`  (target p50 ≤ ${TARGET_START_P50_MS} ms)  ${verdict(pass)}`,
		);
	}
	const unisolated = await createSandbox({ fixture, backend: "process", allowUnisolated: true });
	line(`start + true, process (${EXEC_RUNS}×)`, figures(await timeTrue(unisolated)), "  (unisolated, for comparison)");
	await unisolated.dispose();

	// 2. A cell's workspace: copy, then diff after an edit.
	const options: CreateSandboxOptions =
		detection.backend === null ? { fixture, backend: "process", allowUnisolated: true } : { fixture };
	const copies: number[] = [];
	const diffs: number[] = [];
	for (let run = 0; run < COPY_RUNS; run++) {
		const started = performance.now();
		const sandbox = await createSandbox(options);
		copies.push(performance.now() - started);
		await sandbox.write("module-0/file-0.ts", "export const changed = true;\n");
		const diffStarted = performance.now();
		await sandbox.diff();
		diffs.push(performance.now() - diffStarted);
		await sandbox.dispose();
	}
	line(`workspace copy, 60 files (${COPY_RUNS}×)`, figures(copies));
	line(`diff after one edit (${COPY_RUNS}×)`, figures(diffs));

	// 3. The agent loop's own overhead per turn (target ≤ 5 ms): bench/agent-overhead.ts drives
	// the agent harness against an in-process scripted model; run it here so one command prints
	// every sandbox figure.
	console.log("agent loop overhead per turn (bench/agent-overhead):");
	const agent = spawnSync(process.execPath, [fileURLToPath(new URL("./agent-overhead.js", import.meta.url))], {
		stdio: "inherit",
	});
	if (agent.status !== 0) failed = true;
} finally {
	rmSync(root, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
