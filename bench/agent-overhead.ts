/**
 * Agent loop overhead: the harness's own time per turn, excluding the model call and the tools
 * (target ≤ 5 ms). Runs the agent runner against the scripted server, started in process and
 * answering at once, with a model that reads and writes files for 20 turns and then calls done,
 * in real sandboxes over a small fixture. Each turn's overhead is its wall time minus its model
 * and tool time, as the runner reports it (`onTurnEnd`). Run after a build:
 * `node dist/bench/agent-overhead.js` (or `npm run bench:agent`).
 *
 * Prints p50, p90 and max per turn, and PASS/FAIL on the p50 and p90 against the target; exits 1
 * on a FAIL.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { defineCase, type ModelEntry, type RunInput } from "../src/contract/index.js";
import { createModelProvider } from "../src/providers/index.js";
import { createAgentRunner, loopOverheadMs, type TurnTiming } from "../src/runners/index.js";
import { type ScriptRule, startScriptedServer } from "../src/scripted-server/index.js";
import { type Figures, figures, printFigures, verdict } from "./figures.js";

const EDIT_TURNS = 20;
const ATTEMPTS = 30;
const WARMUP_ATTEMPTS = 3;
const TARGET_MS = 5;
const MODEL = "scripted/agent-bench";
const ENV = { BENCH_API_KEY: "sk-bench" };

/** Turns 1..20 alternate reading a file and writing it back changed; turn 21 calls done. */
function rules(): ScriptRule[] {
	const list: ScriptRule[] = [];
	for (let turn = 1; turn <= EDIT_TURNS; turn++) {
		const path = `src/module-${Math.floor((turn - 1) / 2) % 10}.ts`;
		const body = Array.from({ length: 40 }, (_, line) => `export const value${line} = ${turn * line};`).join("\n");
		list.push({
			when: { turn },
			tool_calls: [
				turn % 2 === 1
					? { name: "read_file", arguments: { path } }
					: { name: "write_file", arguments: { path, content: `${body}\n` } },
			],
		});
	}
	list.push({ tool_calls: [{ name: "done", arguments: { summary: "edited ten modules" } }] });
	return list;
}

/** A small project: 10 modules of about 1.5 KB and a README. */
function writeFixture(root: string): string {
	const fixture = join(root, "fixture");
	mkdirSync(join(fixture, "src"), { recursive: true });
	writeFileSync(join(fixture, "README.md"), "A small project for the agent loop benchmark.\n");
	for (let module = 0; module < 10; module++) {
		const body = Array.from({ length: 40 }, (_, line) => `export const value${line} = ${module + line};`);
		writeFileSync(join(fixture, "src", `module-${module}.ts`), `${body.join("\n")}\n`);
	}
	return fixture;
}

const line = (label: string, stats: Figures, extra = "") => printFigures(label, stats, 2, extra);

const root = mkdtempSync(join(tmpdir(), "touchstone-bench-agent-"));
const server = await startScriptedServer({ script: { models: { [MODEL]: { rules: rules() } } } });
let failed = false;
try {
	const fixture = writeFixture(root);
	const entry: ModelEntry = {
		id: MODEL,
		provider: "openai-compatible",
		model: MODEL,
		display_name: MODEL,
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: `${server.url}/v1`,
		api_key_env: "BENCH_API_KEY",
		command: null,
		options: { max_retries: 0 },
	};
	let timings: TurnTiming[] = [];
	const runner = createAgentRunner({
		providerFor: (model) => createModelProvider(model, { env: ENV }),
		resolveTask: () => ({
			prompt: "Edit the modules.",
			fixtureDir: fixture,
			budget: { turns: EDIT_TURNS + 5, tokens: null, timeout_s: 120, cost_usd: null },
			tools: { shell: false },
		}),
		sandbox: { backend: "auto", allowUnisolated: true },
		onTurnEnd: (timing) => timings.push(timing),
	});
	const input: RunInput = {
		case: defineCase({
			id: "edit",
			version: "1",
			use_case_id: "bench",
			kind: "floor",
			input: {},
			reference: null,
			threshold: 1,
			metadata: {},
		}),
		model: entry,
		sample_index: 0,
		harness: {},
	};
	const signal = new AbortController().signal;
	let backend = "";
	const outside: number[] = [];
	for (let attempt = 0; attempt < WARMUP_ATTEMPTS + ATTEMPTS; attempt++) {
		if (attempt === WARMUP_ATTEMPTS) timings = [];
		const turnsBefore = timings.length;
		const started = performance.now();
		const result = await runner.run(input, { signal });
		const wall = performance.now() - started;
		const inTurns = timings.slice(turnsBefore).reduce((sum, timing) => sum + timing.turn_ms, 0);
		if (attempt >= WARMUP_ATTEMPTS) outside.push(wall - inTurns);
		await result.workspace?.dispose();
		if (result.status !== "completed") throw new Error(`the bench attempt ended ${result.status}: ${result.error}`);
		backend = JSON.stringify((result.runner_provenance.details as { sandbox?: { backend?: string } }).sandbox?.backend);
	}

	const [load] = loadavg();
	console.log(`machine:                           ${availableParallelism()} cores, load average ${load?.toFixed(2)}`);
	console.log(`sandbox backend:                   ${backend}`);
	console.log(
		`turns measured:                    ${timings.length} (${ATTEMPTS} attempts × ${EDIT_TURNS + 1} turns, after ${WARMUP_ATTEMPTS} warm-up attempts)`,
	);
	line("model call (scripted, no latency)", figures(timings.map((timing) => timing.model_ms)));
	line("tool time (read_file / write_file)", figures(timings.map((timing) => timing.tool_ms)));
	line("per attempt, outside the turns", figures(outside), "  (sandbox copy, diff: once per attempt)");
	const overhead = figures(timings.map(loopOverheadMs));
	const pass = overhead.p50 <= TARGET_MS && overhead.p90 <= TARGET_MS;
	failed ||= !pass;
	line("loop overhead per turn", overhead, `  (target ≤ ${TARGET_MS} ms)  ${verdict(pass)}`);
} finally {
	await server.close();
	rmSync(root, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
