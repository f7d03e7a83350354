import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type {
	JsonObject,
	SprintDefinition,
	SprintLayer,
	SprintLayerResult,
	SprintLogEntry,
	SprintRowInput,
	SprintRunState,
} from "../../src/contract/index.js";
import { loadSprints } from "../../src/definitions/index.js";
import type { FoldedSprintRow } from "../../src/graders/index.js";
import { readRunState, type SprintWorkspace, sprintWorkspace } from "../../src/runners/index.js";
import { loadScript, type ScriptedServer, startScriptedServer } from "../../src/scripted-server/index.js";
import { BIN, type CliResult, ROOT, runCli, tempDir } from "../support/cli.js";
import { run } from "./example-sprint-kit.js";

/**
 * `touchstone sprint run` end to end through the compiled CLI on the bundled example sprint, the
 * scripted models of examples/scripted/demo.yaml served in process: strong, mid and cheap direct,
 * strong loop and orchestrate, concurrently (each has its own workspace), in one temp cwd whose
 * store, history and `.touchstone/sprints/` they share. Every layer's figure is checked against a
 * hand computation from its parts, the log, the branch and sprint.yaml's weights, and pinned to
 * the figures measured by hand; then the history, the store, the refusal, prune, resume and bad input.
 */

const BENCHMARKS = join(ROOT, "examples", "benchmarks");
const SPRINT_YAML = parse(readFileSync(join(BENCHMARKS, "sprints", "example", "sprint.yaml"), "utf8")) as {
	scoring: { weights: Record<string, number>; corpus: { valid: number; behaviours: number; lines: number } };
};
const MODELS = (parse(readFileSync(join(BENCHMARKS, "models.yaml"), "utf8")) as { models: ModelYaml[] }).models;

interface ModelYaml {
	readonly id: string;
	readonly price?: { input: number; output: number; cache_read?: number };
}

/** What `sprint run --json` prints. */
interface RunJson {
	readonly outcome: string;
	readonly folded: FoldedSprintRow;
	readonly row: SprintRowInput;
	readonly files: { history: string; detail: string; report: string };
	readonly error: string | null;
}

let sprint: SprintDefinition;
let server: ScriptedServer;
let slow: ScriptedServer;
let cwd: string;
const runs = new Map<string, RunJson>();
/** What each of those runs printed on stderr (its progress lines). */
const progress = new Map<string, string>();
/** history.md as read right after each run exited, in that order. */
const snapshots: { label: string; text: Buffer }[] = [];
let history: string;
let resume: Awaited<ReturnType<typeof killAndResume>>;
let badInput: { sideways: CliResult; unknown: CliResult; dir: string };

function sprintCli(args: readonly string[], dir: string, url = server.url): Promise<CliResult> {
	return runCli(["sprint", ...args, "--dir", BENCHMARKS], { cwd: dir, env: { TOUCHSTONE_SCRIPTED_URL: url } });
}

/** `sprint run --json` of one model and mode in the shared cwd; history.md is read as soon as it exits. */
async function runJson(model: string, mode: string): Promise<void> {
	const ran = await sprintCli(["run", "--sprint", "example", "--model", model, "--orchestration", mode, "--json"], cwd);
	snapshots.push({ label: `${model} ${mode}`, text: existsSync(history) ? readFileSync(history) : Buffer.alloc(0) });
	expect(ran.code, ran.stderr).toBe(0);
	runs.set(`${model} ${mode}`, JSON.parse(ran.stdout) as RunJson);
	progress.set(`${model} ${mode}`, ran.stderr);
}

function logOf(workspace: string): SprintLogEntry[] {
	return readFileSync(join(workspace, "run.ndjson"), "utf8")
		.trim()
		.split("\n")
		.map((line) => JSON.parse(line) as SprintLogEntry);
}

function stateOf(workspace: string): SprintRunState {
	return JSON.parse(readFileSync(join(workspace, "state.json"), "utf8")) as SprintRunState;
}

function runOf(key: string): RunJson {
	const json = runs.get(key);
	if (json === undefined) throw new Error(`no run ${key}`);
	return json;
}

function layer(json: RunJson, name: SprintLayer): SprintLayerResult {
	const result = json.row.layers[name];
	if (result === undefined) throw new Error(`${json.row.model} ${json.row.orchestration} has no ${name} layer`);
	return result;
}

/** A layer's figures, in the shape the checks read (see the layer's own docs). */
function figuresOf<T>(json: RunJson, name: SprintLayer): T {
	return layer(json, name).figures as unknown as T;
}

interface CorpusFigures {
	readonly parts: {
		readonly valid: { score: number; passed: number; ran: number };
		readonly behaviours: { score: number; total: number; covered: string[]; missing: string[] };
		readonly lines: { score: number; covered: number; changed: number };
	};
}

interface MutationFigures {
	readonly applied: number;
	readonly killed: number;
	readonly mutants: readonly { patch: string; status: string }[];
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** A 0..1 score as the history and the CLI show it. */
const shown = (score: number) => (score * 100).toFixed(1);

/** The history row of a run, up to its report link, cell by cell from its JSON (history.md's own header says what each is). */
function expectedRow(json: RunJson): string {
	const { footprint, started_at, model, orchestration } = json.row;
	const passed = json.outcome === "passed";
	const scores = passed
		? [
				shown(json.folded.code_score as number),
				"ok",
				shown(layer(json, "corpus").score as number),
				`${layer(json, "mutations").figures.killed}/${layer(json, "mutations").figures.applied}`,
				shown(layer(json, "process").score as number),
			]
		: ["-", "-", "-", "-", "-"];
	const review = layer(json, "review");
	const reviewCell = review.measured ? (review.figures.mean_grade as number).toFixed(2) : "-";
	const thousands = (tokens: number | null) => `${((tokens ?? 0) / 1000).toFixed(1)}k`;
	const seconds = Math.round(footprint.wall_clock_s);
	const cells = [
		started_at.slice(0, 10),
		model,
		orchestration,
		passed ? "pass" : json.outcome,
		...scores,
		reviewCell,
		`\\$${(footprint.cost_usd as number).toFixed(4)}`,
		`${thousands(footprint.input_tokens)} in / ${thousands(footprint.output_tokens)} out`,
		`${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`,
		`+${footprint.diff.added} −${footprint.diff.removed} in ${footprint.diff.files} files`,
	];
	return `| ${cells.join(" | ")} |`;
}

/** Starts a strong direct run in `dir` on the slowed server, SIGKILLs it once M01 passed, and runs the same command again. */
async function killAndResume(dir: string) {
	const workspace: SprintWorkspace = sprintWorkspace(dir, sprint, "scripted/strong", "direct");
	const args = ["sprint", "run", "--dir", BENCHMARKS, "--sprint", "example", "--model", "scripted/strong"];
	const env = {
		PATH: process.env.PATH ?? "",
		TOUCHSTONE_DB: join(dir, "data", "benchmarks.db"),
		TOUCHSTONE_ARTIFACTS: join(dir, "data", "artifacts"),
		TOUCHSTONE_SCRIPTED_URL: slow.url,
	};
	const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env, stdio: "ignore" });
	let exited = false;
	const signal = new Promise<NodeJS.Signals | null>((resolve) =>
		child.on("exit", (_code, killedBy) => {
			exited = true;
			resolve(killedBy);
		}),
	);
	let killedAt: SprintRunState | null = null;
	for (const deadline = Date.now() + 40_000; !exited && Date.now() < deadline; ) {
		await new Promise((resolve) => setTimeout(resolve, 25));
		killedAt = readRunState(workspace);
		if (killedAt?.milestones[0]?.status === "passed") break;
	}
	child.kill("SIGKILL");
	const killedBy = await signal;
	const resumed = await sprintCli(["run", "--sprint", "example", "--model", "scripted/strong"], dir);
	return { workspace, killedBy, killedAt, resumed };
}

beforeAll(async () => {
	const found = loadSprints(BENCHMARKS).find((entry) => entry.id === "example");
	if (found === undefined) throw new Error("no example sprint");
	sprint = found;
	const script = await loadScript(join(ROOT, "examples", "scripted", "demo.yaml"));
	server = await startScriptedServer({ script });
	// strong, slowed so that the run is still in M02 when the poll sees M01 passed.
	const strong = script.models["scripted/strong"];
	if (strong === undefined) throw new Error("demo.yaml has no scripted/strong");
	slow = await startScriptedServer({
		script: { ...script, models: { ...script.models, "scripted/strong": { ...strong, latency_ms: 600 } } },
	});
	cwd = tempDir("touchstone-sprint-run-");
	history = join(cwd, "data", "sprints", "example", "history.md");
	const bad = tempDir("touchstone-sprint-bad-");
	// All settled before a failure is thrown, so no CLI is left running once the servers close.
	const settled = await Promise.allSettled([
		runJson("scripted/strong", "direct"),
		runJson("scripted/cheap", "direct"),
		runJson("scripted/mid", "direct"),
		runJson("scripted/strong", "loop"),
		runJson("scripted/strong", "orchestrate"),
		killAndResume(tempDir("touchstone-sprint-resume-")).then((result) => {
			resume = result;
		}),
		Promise.all([
			sprintCli(["run", "--sprint", "example", "--model", "scripted/strong", "--orchestration", "sideways"], bad),
			sprintCli(["run", "--sprint", "example", "--model", "scripted/nope"], bad),
		]).then(([sideways, unknown]) => {
			badInput = { sideways, unknown, dir: bad };
		}),
	]);
	for (const result of settled) if (result.status === "rejected") throw result.reason;
}, 120_000);

afterAll(async () => {
	await server?.close();
	await slow?.close();
});

/** Checks a passed run's every layer against a hand computation from its parts, its log, its branch and sprint.yaml. */
async function checkByHand(json: RunJson) {
	const { corpus: corpusWeights, weights } = SPRINT_YAML.scoring;
	const corpus = figuresOf<CorpusFigures>(json, "corpus").parts;
	const valid = corpus.valid.passed / corpus.valid.ran;
	const behaviours = corpus.behaviours.covered.length / corpus.behaviours.total;
	const lines = corpus.lines.covered / corpus.lines.changed;
	expect([corpus.valid.score, corpus.behaviours.score, corpus.lines.score]).toEqual([valid, behaviours, lines]);
	const corpusScore = corpusWeights.valid * valid + corpusWeights.behaviours * behaviours + corpusWeights.lines * lines;
	expect(layer(json, "corpus").score).toBeCloseTo(corpusScore, 10);

	const mutations = figuresOf<MutationFigures>(json, "mutations");
	const mutants = mutations.mutants;
	expect(mutants.map((mutant) => mutant.patch)).toEqual(sprint.mutation_patches.map((patch) => basename(patch)));
	const killed = mutants.filter((mutant) => mutant.status === "killed").length;
	expect([mutations.killed, mutations.applied]).toEqual([killed, mutants.length]);
	expect(layer(json, "mutations").score).toBe(killed / mutants.length);

	const gates = figuresOf<Record<string, { passed: boolean }>>(json, "gates");
	const held = ["ci", "scope", "deterministic", "superseded"].every((gate) => gates[gate]?.passed === true);
	expect(layer(json, "gates").passed).toBe(held);

	const processScore = checkProcess(json);
	// code = weighted mean of corpus, mutations and process as sprint.yaml weighs them (review weighs 0).
	expect(weights.review).toBe(0);
	const parts: [number, number][] = [
		[weights.corpus ?? 0, corpusScore],
		[weights.mutations ?? 0, killed / mutants.length],
		[weights.process ?? 0, processScore],
	];
	const totalWeight = parts.reduce((sum, [weight]) => sum + weight, 0);
	const code = parts.reduce((sum, [weight, score]) => sum + weight * score, 0) / totalWeight;
	expect(json.folded.code_score).toBeCloseTo(code, 10);
	await checkFootprint(json);
	return { code, corpus: corpusScore, mutations: killed / mutants.length, process: processScore, killed };
}

/** The process layer's counts read again from the log, and its score as the mean of its five sub-scores. */
function checkProcess(json: RunJson): number {
	const log = logOf(json.row.workspace);
	const figures = figuresOf<Record<string, number>>(json, "process");
	const ends = log.filter((entry) => entry.kind === "attempt_end");
	const calls = log.filter((entry) => entry.kind === "tool_call" && entry.role !== "harness");
	const malformed = calls.filter((entry) => entry.call?.malformed === true).length;
	const deaths = log.filter((entry) => entry.kind === "context_death").length;
	expect(figures).toMatchObject({
		attempts_spent: ends.length,
		milestones_reached: new Set(ends.map((entry) => entry.segment)).size,
		tool_calls: calls.length,
		malformed_calls: malformed,
		context_deaths: deaths,
	});
	const subScores = [
		new Set(ends.map((entry) => entry.segment)).size / ends.length,
		1 - (malformed + (figures.loop_wasted_calls ?? 0)) / calls.length,
		1 - (figures.churn_lines_removed_again ?? 0) / (figures.churn_lines_added ?? 0),
		1 / (1 + deaths),
		1 / (1 + (figures.baseline_test_rewrites ?? 0)),
	];
	expect(layer(json, "process").score).toBeCloseTo(mean(subScores), 10);
	return mean(subScores);
}

/** The footprint: the branch's numstat against the baseline, and the log's usage lines (calls, tokens, cost). */
async function checkFootprint(json: RunJson) {
	const tree = join(json.row.workspace, "repo");
	const numstat = await run(tree, ["git", "diff", "--numstat", sprint.source.baseline, json.row.branch]);
	const files = numstat.stdout
		.trim()
		.split("\n")
		.map((line) => line.split("\t").map(Number));
	const usage = logOf(json.row.workspace).flatMap((entry) => (entry.usage === undefined ? [] : [entry.usage]));
	const price = MODELS.find((model) => model.id === json.row.model)?.price;
	if (price === undefined) throw new Error(`${json.row.model} has no price in models.yaml`);
	const priced = usage.map((call) => {
		const cached = call.cached_tokens ?? 0;
		const input = (call.input_tokens ?? 0) - cached;
		return (
			(input * price.input + cached * (price.cache_read ?? price.input) + (call.output_tokens ?? 0) * price.output) /
			1e6
		);
	});
	expect(usage.map((call) => call.priced_cost_usd)).toEqual(priced.map((cost) => expect.closeTo(cost, 12)));
	expect(json.row.footprint).toMatchObject({
		diff: {
			added: files.reduce((sum, [added = 0]) => sum + added, 0),
			removed: files.reduce((sum, [, removed = 0]) => sum + removed, 0),
			files: files.length,
		},
		calls: usage.length,
		input_tokens: usage.reduce((sum, call) => sum + (call.input_tokens ?? 0), 0),
		output_tokens: usage.reduce((sum, call) => sum + (call.output_tokens ?? 0), 0),
		cost_unknown_calls: 0,
	});
	// Billed when the endpoint reports it (cheap), else the price table.
	const cost = usage.reduce((sum, call, index) => sum + (call.billed_cost_usd ?? (priced[index] as number)), 0);
	expect(json.row.footprint.cost_usd).toBeCloseTo(cost, 10);
}

describe("sprint run of the example sprint, direct", () => {
	it("strong passes every milestone first time; every layer as computed by hand", async () => {
		const json = runOf("scripted/strong direct");
		expect([json.outcome, json.error]).toEqual(["passed", null]);
		expect(stateOf(json.row.workspace).milestones.map((milestone) => [milestone.id, milestone.attempts])).toEqual([
			["M01", 1],
			["M02", 1],
			["M03", 1],
		]);
		const hand = await checkByHand(json);
		expect([shown(hand.code), shown(hand.corpus), hand.killed, shown(hand.process)]).toEqual([
			"97.9",
			"96.0",
			5,
			"97.4",
		]);
		expect(layer(json, "corpus").figures.parts).toMatchObject({
			valid: { passed: 9, ran: 9 },
			behaviours: { total: 10, missing: ["round-trip"] },
			lines: { covered: 41, changed: 41 },
		});
		expect(layer(json, "gates")).toMatchObject({ measured: true, passed: true });
		expect(layer(json, "cost")).toMatchObject({
			measured: true,
			score: null,
			figures: { cost_source: "price table", cost_usd: json.row.footprint.cost_usd, calls: 13 },
		});
		// The demo panel's two scripted reviewers (families scripted-a and scripted-b, not the model's) grade 5 and 4.
		expect(layer(json, "review")).toMatchObject({ measured: true, score: (4.5 - 1) / 4, figures: { mean_grade: 4.5 } });
		expect(json.folded.missing).toEqual([]);
		expect(json.row.footprint.calls).toBe(13);
		for (const line of ["M01 attempt 1: passed", "M02 attempt 1: passed", "M03 attempt 1: passed"])
			expect(progress.get("scripted/strong direct")).toContain(line);
		expect(progress.get("scripted/strong direct")).toContain("example by scripted/strong (direct): passed; scoring");
	});

	it("cheap strays out of scope on M01 attempt 1, passes on attempt 2, and finishes with thin tests", async () => {
		const json = runOf("scripted/cheap direct");
		expect(json.outcome).toBe("passed");
		const [m01] = stateOf(json.row.workspace).milestones;
		expect(m01).toMatchObject({ id: "M01", attempts: 2, status: "passed" });
		expect(m01?.failures).toEqual(["changes outside the scope (src/**, test/**): docs/units.md"]);
		const scope = logOf(json.row.workspace).filter((entry) => entry.kind === "scope" && entry.segment === "M01");
		expect(scope.map((entry) => [entry.attempt, entry.ok, (entry.data as JsonObject).outside])).toEqual([
			[1, false, ["docs/units.md"]],
			[2, true, []],
		]);
		expect(progress.get("scripted/cheap direct")).toContain(
			"M01 attempt 1: failed: changes outside the scope (src/**, test/**): docs/units.md",
		);
		const hand = await checkByHand(json);
		expect([shown(hand.code), shown(hand.corpus), hand.killed, shown(hand.process)]).toEqual([
			"64.7",
			"76.0",
			2,
			"91.5",
		]);
		expect(layer(json, "corpus").figures.parts).toMatchObject({
			valid: { passed: 5, ran: 5 },
			behaviours: { total: 10, covered: ["units-aliases", "parse-compound", "parse-decimal", "parse-rejects"] },
		});
		expect(layer(json, "mutations").figures.survived).toEqual([
			"01-unit-case-sensitive.patch",
			"03-trailing-text-accepted.patch",
			"05-parts-off-by-one.patch",
		]);
		expect(layer(json, "process").figures.sub_scores).toMatchObject({ attempts: 3 / 4 });
		expect(layer(json, "cost").figures).toMatchObject({ cost_source: "billed", calls: 10 });
	});

	it("mid breaks CI on both attempts of M02: fail@M02, its footprint kept, no layer scored on its partial work", async () => {
		const json = runOf("scripted/mid direct");
		expect(json.outcome).toBe("fail@M02");
		expect(json.error).toMatch(/^CI \(node --test\) failed with exit code 1:/);
		const [m01, m02] = stateOf(json.row.workspace).milestones;
		expect(m01).toMatchObject({ status: "passed", attempts: 1 });
		expect(m02).toMatchObject({ status: "failed", attempts: 2, commit: null });
		expect(m02?.failures.map((failure) => failure.split(":")[0])).toEqual([
			"CI (node --test) failed with exit code 1",
			"CI (node --test) failed with exit code 1",
		]);
		expect(json.folded.code_score).toBeNull();
		for (const name of ["gates", "corpus", "mutations", "review"] as const)
			expect(layer(json, name), name).toMatchObject({
				measured: false,
				score: null,
				reason: expect.stringContaining("fail@M02"),
			});
		checkProcess(json);
		await checkFootprint(json);
		expect(json.row.footprint).toMatchObject({ diff: { added: 65, removed: 8, files: 3 }, calls: 7 });
		expect(progress.get("scripted/mid direct")).toContain(
			"M02 attempt 2: failed: CI (node --test) failed with exit code 1",
		);
		expect(progress.get("scripted/mid direct")).toContain("example by scripted/mid (direct): fail@M02; scoring");
	});
});

describe("sprint run of the example sprint, loop and orchestrate", () => {
	it("score strong the same as direct, with more model calls, the planner's and the validator's in the log", async () => {
		const direct = runOf("scripted/strong direct");
		const roles = (json: RunJson) =>
			[...new Set(logOf(json.row.workspace).flatMap((entry) => (entry.kind === "usage" ? [entry.role] : [])))].sort();
		expect(roles(direct)).toEqual(["worker"]);
		for (const [mode, calls, expected] of [
			["loop", 16, ["planner", "worker"]],
			["orchestrate", 19, ["planner", "validator", "worker"]],
		] as const) {
			const json = runOf(`scripted/strong ${mode}`);
			expect(json.outcome, mode).toBe("passed");
			await checkByHand(json);
			expect(json.folded.code_score, mode).toBeCloseTo(direct.folded.code_score as number, 10);
			for (const name of ["gates", "corpus", "mutations", "process"] as const)
				expect([layer(json, name).score, layer(json, name).passed], `${mode} ${name}`).toEqual([
					layer(direct, name).score,
					layer(direct, name).passed,
				]);
			expect(json.row.footprint.calls, mode).toBe(calls);
			expect(json.row.footprint.calls).toBeGreaterThan(direct.row.footprint.calls);
			expect(roles(json), mode).toEqual(expected);
		}
	});
});

describe("after the runs", () => {
	it("the leaderboard lists the five rows by model × orchestration harness, mid's headline 0, every cost known", async () => {
		const board = await runCli(["leaderboard", "--dir", BENCHMARKS, "--use-case", "sprint-example", "--json"], { cwd });
		expect(board.code, board.stderr).toBe(0);
		const rows = (
			JSON.parse(board.stdout) as {
				rows: { model_id: string; harness: string; headline: number; cost_usd: number | null }[];
			}
		).rows;
		const key = (model: string, harness: string) => `${model} ${harness}`;
		expect(rows.map((row) => key(row.model_id, row.harness)).sort()).toEqual(
			[
				key("scripted/strong", "sprint-direct"),
				key("scripted/strong", "sprint-loop"),
				key("scripted/strong", "sprint-orchestrate"),
				key("scripted/mid", "sprint-direct"),
				key("scripted/cheap", "sprint-direct"),
			].sort(),
		);
		for (const row of rows) {
			expect(row.cost_usd, key(row.model_id, row.harness)).not.toBeNull();
			const json = runOf(`${row.model_id} ${row.harness.replace("sprint-", "")}`);
			expect(row.headline).toBeCloseTo(json.folded.code_score ?? 0, 10);
			expect(row.cost_usd).toBeCloseTo(json.row.footprint.cost_usd as number, 10);
		}
		expect(rows.find((row) => row.model_id === "scripted/mid")?.headline).toBe(0);
	});

	it("sprint score mutations on strong's workspace measures what the run measured", async () => {
		const scored = await sprintCli(
			["score", "mutations", "--sprint", "example", "--model", "scripted/strong", "--json"],
			cwd,
		);
		expect(scored.code, scored.stderr).toBe(0);
		const ran = layer(runOf("scripted/strong direct"), "mutations");
		expect(JSON.parse(scored.stdout)).toEqual(ran);
	});

	it("refuses to run a finished workspace again, naming the prune that allows it", async () => {
		const again = await sprintCli(["run", "--sprint", "example", "--model", "scripted/strong"], cwd);
		expect(again.code).toBe(1);
		expect(again.stderr).toContain("sprint example by scripted/strong (direct) has finished");
		expect(again.stderr).toContain(
			"remove the workspace with `touchstone sprint prune --sprint example --model scripted/strong --orchestration direct` to run it again",
		);
	});

	it("prune removes mid's workspace only; mid then runs again from scratch and appends a new row", async () => {
		const mid = runOf("scripted/mid direct").row.workspace;
		const pruned = await sprintCli(["prune", "--sprint", "example", "--model", "scripted/mid"], cwd);
		expect(pruned.code, pruned.stderr).toBe(0);
		expect(pruned.stdout.trim()).toBe(`removed .touchstone/sprints/${basename(mid)} (branch bench/scripted-mid)`);
		expect(existsSync(mid)).toBe(false);
		expect(existsSync(runOf("scripted/strong direct").row.workspace)).toBe(true);
		const rerun = await sprintCli(["run", "--sprint", "example", "--model", "scripted/mid"], cwd);
		snapshots.push({ label: "scripted/mid direct again", text: readFileSync(history) });
		expect(rerun.code, rerun.stderr).toBe(0);
		const lines = rerun.stdout.trim().split("\n");
		expect(lines[0]).toBe("example · scripted/mid · direct: fail@M02");
		expect(lines).toContain("  gates     - (the run ended fail@M02: a failed run is not scored on its partial work)");
		expect(rerun.stdout).toMatch(/^ {2}footprint \+65 −8 in 3 files, 7 calls, cost \$0\.0196, \d+\.\d s$/m);
		expect(lines).toContain("  why: CI (node --test) failed with exit code 1:");
		expect(lines).toContain("history: data/sprints/example/history.md");
		expect(lines.at(-1)).toBe(
			"report:  data/sprints/example/reports/" +
				basename(runOf("scripted/mid direct").files.report).replace(/-1\.md$/, "-2.md"),
		);
		expect(logOf(mid).filter((entry) => entry.kind === "resume")).toEqual([]);
	});

	it("history.md has one row per run, in the order they ended, and an append never changed an earlier byte", () => {
		expect(snapshots).toHaveLength(6);
		for (const [index, earlier] of snapshots.entries())
			for (const later of snapshots.slice(index + 1))
				expect(
					later.text.subarray(0, earlier.text.length).equals(earlier.text),
					`${earlier.label} → ${later.label}`,
				).toBe(true);
		const rowsOf = (text: Buffer) =>
			text
				.toString("utf8")
				.split("\n")
				.filter((line) => /^\| \d{4}-\d\d-\d\d \|/.test(line));
		const final = rowsOf(snapshots.at(-1)?.text as Buffer);
		expect(final).toHaveLength(6);
		// Each run's row is in the file as soon as its command ended.
		for (const [index, snapshot] of snapshots.entries())
			expect(rowsOf(snapshot.text).length).toBeGreaterThanOrEqual(index + 1);
		for (const [key, json] of runs) {
			const link = `[report](reports/${basename(json.files.report)}) |`;
			const row = final.find((line) => line.endsWith(link));
			const snapshot = snapshots.find((entry) => entry.label === key);
			expect(rowsOf(snapshot?.text as Buffer)).toContain(row);
			expect(row, key).toBe(`${expectedRow(json)} ${link}`);
		}
		expect(final.at(-1)).toMatch(/^\| [\d-]+ \| scripted\/mid \| direct \| fail@M02 \| .*-2\.md\) \|$/);
	});
});

describe("a killed sprint run", () => {
	it("resumes at its milestone: the same command logs a resume, M01 is not driven again, and the run passes", () => {
		const { workspace, killedBy, killedAt, resumed } = resume;
		expect(killedBy).toBe("SIGKILL");
		expect(killedAt?.phase).toBe("running");
		expect(killedAt?.milestones[0]).toMatchObject({ id: "M01", status: "passed", attempts: 1 });
		expect(resumed.code, resumed.stderr).toBe(0);
		expect(resumed.stdout.split("\n")[0]).toBe("example · scripted/strong · direct: passed · code 97.9");
		// The killed attempt's work was thrown away: the branch is the one an unbroken run leaves.
		expect(resumed.stdout).toContain("  footprint +170 −47 in 8 files, ");
		expect(resumed.stderr).not.toContain("M01 ");
		expect(resumed.stderr).toContain("M02 attempt 1: passed");
		const log = logOf(workspace.root);
		expect(log.filter((entry) => entry.kind === "resume")).toHaveLength(1);
		expect(log.filter((entry) => entry.kind === "attempt_start" && entry.segment === "M01")).toHaveLength(1);
		expect(log.filter((entry) => entry.kind === "attempt_end" && entry.segment === "M01")).toHaveLength(1);
		expect(log.at(-1)).toMatchObject({ kind: "run_end", ok: true });
		const state = stateOf(workspace.root);
		expect(state.phase).toBe("finished");
		expect(state.wall_ms).toBeGreaterThan(killedAt?.wall_ms ?? 0);
	});
});

describe("bad input to sprint run", () => {
	it("refuses an unknown orchestration with exit code 2 and the allowed choices", () => {
		expect(badInput.sideways.code).toBe(2);
		expect(badInput.sideways.stderr).toContain(
			"option '--orchestration <mode>' argument 'sideways' is invalid. Allowed choices are direct, loop, orchestrate.",
		);
	});

	it("refuses an unknown model, naming the registry's ids, and makes no workspace", () => {
		expect(badInput.unknown.code).toBe(1);
		expect(badInput.unknown.stderr).toContain("no model `scripted/nope` in models.yaml");
		expect(badInput.unknown.stderr).toContain(`pick one of: ${MODELS.map((model) => model.id).join(", ")}`);
		expect(existsSync(join(badInput.dir, ".touchstone"))).toBe(false);
	});
});
