/**
 * Speedup calibration: runs each bundled speedup task's references through the real verifier
 * (bubblewrap, the task's interpreter, paired-v1) three times each: the seeded baseline (the
 * fixture unchanged), the micro-optimisation (reference/micro/) and the algorithmic reference (the
 * task's gold reference), and prints the seed's table: the median ratio of every run, the highest
 * bucket and the score, with the machine it ran on. The ratios describe the frozen fixture on this
 * machine only; they make no claim about production speed. Run after a build:
 * `npm run bench:speedup-calibrate` (or `node dist/bench/speedup-calibrate.js [PACK_DIR...] [--runs N]`).
 *
 * Expected: the baseline near 1x and score 0, the micro-optimisation score 0, the algorithmic
 * reference in the top bucket, each stable over the runs.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, release, tmpdir, type } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
	type Attempt,
	defineCase,
	FIXTURE_DIR,
	type PerformanceRecord,
	type TaskEntry,
	UNKNOWN_TELEMETRY,
} from "../src/contract/index.js";
import { loadTaskPack } from "../src/definitions/index.js";
import { createTaskVerifier } from "../src/graders/index.js";
import { materializeFixture, sandboxPath } from "../src/sandbox/index.js";
import { verdict } from "./figures.js";

const PACKS = fileURLToPath(new URL("../../examples/benchmarks/packs", import.meta.url));

/** One candidate of the table: where its editable files come from. */
interface Candidate {
	readonly label: string;
	/** Copies the candidate's files over a copy of the fixture; null when the task has none. */
	readonly apply: ((entry: TaskEntry, workdir: string) => void) | null;
	/** What its runs must show. */
	readonly expect: (records: readonly (PerformanceRecord | null)[], top: number) => boolean;
}

/** One grading run: the record (null for a harness error), and how long the whole run took. */
interface Run {
	readonly record: PerformanceRecord | null;
	readonly seconds: number;
	readonly problem: string | null;
}

const scores = (records: readonly (PerformanceRecord | null)[]) => records.map((record) => record?.score ?? null);

const CANDIDATES = (entry: TaskEntry): Candidate[] => {
	const editable = entry.task.verifier.kind === "speedup" ? entry.task.verifier.args.editable : [];
	const micro = join(entry.dir, "reference", "micro");
	return [
		{
			label: "Seeded baseline",
			apply: () => {},
			expect: (records) => scores(records).every((score) => score === 0),
		},
		{
			label: "Micro-optimisation",
			apply: existsSync(micro)
				? (_entry, workdir) => {
						for (const file of editable) cpSync(join(micro, file), join(workdir, file));
					}
				: null,
			expect: (records) => scores(records).every((score) => score === 0),
		},
		{
			label: "Algorithmic reference",
			apply:
				entry.task.reference === null
					? null
					: (task, workdir) => {
							for (const file of task.task.reference?.files ?? [])
								cpSync(join(task.dir, file.source), join(workdir, file.target));
						},
			expect: (records, top) => records.every((record) => record?.highest_bucket === top),
		},
	];
};

async function gradeOnce(entry: TaskEntry, candidate: Candidate, scratch: string, index: number): Promise<Run> {
	const workdir = join(scratch, `workdir-${index}`);
	cpSync(join(entry.dir, FIXTURE_DIR), workdir, { recursive: true });
	candidate.apply?.(entry, workdir);
	const attempt: Attempt = {
		final: "done",
		trace: [],
		telemetry: UNKNOWN_TELEMETRY,
		status: "completed",
		error: null,
		runner_provenance: { runner: "speedup-calibrate", runner_version: "1", details: {} },
		diff: null,
		raw: null,
		workspace: { path: workdir, fixture: join(entry.dir, FIXTURE_DIR), dispose: async () => {} },
	};
	const grader = createTaskVerifier(entry.task.verifier, { taskDir: entry.dir, sandbox: { backend: "bubblewrap" } });
	const started = performance.now();
	try {
		const graded = await grader.grade(
			{ case: calibrationCase(entry), attempt },
			{ signal: new AbortController().signal },
		);
		const headline = graded.find((score) => score.metric === grader.headline);
		const record = (headline?.extras as { performance?: PerformanceRecord } | null)?.performance ?? null;
		return { record, seconds: (performance.now() - started) / 1000, problem: null };
	} catch (error) {
		return { record: null, seconds: (performance.now() - started) / 1000, problem: String(error) };
	} finally {
		rmSync(workdir, { recursive: true, force: true });
	}
}

function calibrationCase(entry: TaskEntry) {
	return defineCase({
		id: entry.task.id,
		version: entry.task.version,
		use_case_id: "speedup-calibrate",
		kind: "ceiling",
		input: { prompt: entry.task.prompt },
		reference: null,
		threshold: 1,
		metadata: {},
	});
}

function speedupTasks(packs: readonly string[]): TaskEntry[] {
	const found: TaskEntry[] = [];
	for (const pack of packs) {
		const hasTasks = readdirSync(pack, { withFileTypes: true }).some(
			(child) => child.isDirectory() && existsSync(join(pack, child.name, "task.yaml")),
		);
		if (!hasTasks) continue;
		for (const entry of loadTaskPack(pack).tasks) if (entry.task.verifier.kind === "speedup") found.push(entry);
	}
	return found;
}

function machine(): string {
	// The python3 the sandbox runs (its PATH, not this shell's: a pyenv shim is not what grades).
	const python = (() => {
		try {
			return `${execFileSync("python3", ["--version"], { encoding: "utf8", env: { PATH: sandboxPath() } }).trim()} (sandbox)`;
		} catch {
			return "python3 not found where the sandbox looks";
		}
	})();
	const cpu = cpus()[0]?.model ?? "unknown CPU";
	const [load] = loadavg();
	return `${cpu}, ${availableParallelism()} cores, ${type()} ${release()} ${process.arch}, ${python}, Node ${process.version}, load average ${load?.toFixed(2)}`;
}

const ratio = (record: PerformanceRecord | null) =>
	record?.median_ratio == null ? (record === null ? "error" : "wrong") : `${record.median_ratio.toFixed(3)}x`;

async function main(): Promise<void> {
	const named: string[] = [];
	let runs = 3;
	const argv = process.argv.slice(2);
	for (let index = 0; index < argv.length; index++) {
		if (argv[index] === "--runs") runs = Number(argv[++index]);
		else named.push(argv[index] as string);
	}
	if (!(Number.isInteger(runs) && runs >= 1)) throw new Error("--runs takes a whole number of runs, at least 1");
	const packs = named.length > 0 ? named : readdirSync(PACKS).map((name) => join(PACKS, name));
	console.log(`speedup calibration, ${new Date().toISOString().slice(0, 10)}: ${machine()}`);
	let allPass = true;
	for (const original of speedupTasks(packs)) {
		if (original.task.verifier.kind !== "speedup") continue;
		const scratch = mkdtempSync(join(tmpdir(), "touchstone-speedup-calibrate-"));
		try {
			// A copy of the task folder, so the checkout's fixture/ is never written.
			cpSync(original.dir, join(scratch, "task"), { recursive: true, filter: (path) => !path.endsWith(FIXTURE_DIR) });
			const entry = { ...original, dir: join(scratch, "task") };
			await materializeFixture(entry.dir, entry.task, { repo: null });
			const args = original.task.verifier.args;
			const top = Math.max(...args.buckets.map(([threshold]) => threshold));
			console.log(
				`\n${entry.task.id} (fixture ${args.fixture_version}, ${args.language}, ${args.pairs} pairs + 1 warm-up, ${runs} runs)`,
			);
			const header = [
				"Candidate",
				...Array.from({ length: runs }, (_, index) => `Run ${index + 1}`),
				"Highest bucket",
				"Score",
			];
			const rows: string[][] = [header];
			const notes: string[] = [];
			for (const candidate of CANDIDATES(entry)) {
				if (candidate.apply === null) {
					rows.push([candidate.label, ...Array.from({ length: runs }, () => "-"), "missing", "-"]);
					continue;
				}
				const results: Run[] = [];
				for (let index = 0; index < runs; index++) results.push(await gradeOnce(entry, candidate, scratch, index));
				const records = results.map((run) => run.record);
				const buckets = [
					...new Set(records.map((record) => (record?.highest_bucket == null ? "none" : `${record.highest_bucket}x`))),
				];
				const scored = [
					...new Set(
						records.map((record) => (record === null ? "error" : String(Math.round(record.score * 1e4) / 1e4))),
					),
				];
				rows.push([candidate.label, ...records.map(ratio), buckets.join(" / "), scored.join(" / ")]);
				const pass = candidate.expect(records, top);
				allPass &&= pass;
				const baselineCalls = records.flatMap((record) => record?.samples.map((sample) => sample.baseline_s) ?? []);
				const whole = results.map((run) => run.seconds);
				notes.push(
					`${candidate.label}: ${verdict(pass)}; correctness ${records.map((record) => record?.correctness ?? "error").join(", ")}; baseline calls ${baselineCalls.length === 0 ? "-" : `${Math.min(...baselineCalls).toFixed(3)} to ${Math.max(...baselineCalls).toFixed(3)} s`}; whole runs ${Math.min(...whole).toFixed(2)} to ${Math.max(...whole).toFixed(2)} s${results.some((run) => run.problem !== null) ? `; ${results.find((run) => run.problem !== null)?.problem}` : ""}`,
				);
			}
			const widths = header.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
			for (const row of rows)
				console.log(
					row
						.map((cell, column) => cell.padEnd(widths[column] ?? 0))
						.join("  ")
						.trimEnd(),
				);
			for (const note of notes) console.log(`  ${note}`);
		} finally {
			rmSync(scratch, { recursive: true, force: true });
		}
	}
	console.log(
		`\nbaseline and micro-optimisation score 0, algorithmic in the top bucket, every run: ${verdict(allPass)}`,
	);
	console.log("These ratios describe the frozen fixtures on this machine; they make no production-speedup claim.");
	if (!allPass) process.exitCode = 1;
}

await main();
