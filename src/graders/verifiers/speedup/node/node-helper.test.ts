import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../../../../sandbox/index.js";
import { SPEEDUP_LANGUAGE_SUPPORT } from "../languages.js";
import { NODE_HARNESS_FILE, NODE_HELPER_FILE, nodePairedArgv } from "./node-helper.js";

// The helper run for real: a grading folder assembled here, bubblewrap, the real node, the
// permission model. The candidate files are written as given (no host policy), so each test
// here exercises what holds at run time even when the policy missed something.

const BASELINE = `export function pairs(xs, target) {
  let n = 0;
  for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) if (xs[i] + xs[j] === target) n++;
  return n;
}
`;
const FAST = `export function pairs(xs, target) {
  const seen = new Map();
  let n = 0;
  for (const x of xs) { n += seen.get(target - x) ?? 0; seen.set(x, (seen.get(x) ?? 0) + 1); }
  return n;
}
`;
const harness = (options: { pure?: boolean; size?: number; oracle?: string } = {}) => `
function build(seed) {
  let s = seed;
  const xs = [];
  for (let i = 0; i < ${options.size ?? 1500}; i++) { s = (s * 1103515245 + 12345) % 2147483648; xs.push(s % 1000); }
  return [xs, 1000];
}
benchmark({
  candidate_path: "mod.mjs", baseline_path: "_base.mjs", function: "pairs", make_input: build,
  oracle_cases: ${options.oracle ?? "[[[[], 0], 0], [[[1, 2, 3], 4], 1], [[[2, 2, 2], 4], 3]]"},
  require_pure_inputs: ${options.pure ?? true},
});
`;

interface HelperRun {
	readonly result: Record<string, unknown> | null;
	readonly authenticated: number;
	readonly stdout: string;
	readonly stderr: string;
	readonly exitCode: number | null;
	readonly leftInWorkdir: readonly string[];
}

const folders: string[] = [];
afterAll(async () => {
	await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** Assembles a grading folder, runs the helper in bubblewrap and reads its authenticated line (a test-local parser). */
async function runHelper(files: Record<string, string>, pairs = 3): Promise<HelperRun> {
	const folder = await mkdtemp(join(tmpdir(), "touchstone-node-paired-"));
	folders.push(folder);
	await copyFile(fileURLToPath(SPEEDUP_LANGUAGE_SUPPORT.node.helperFile), join(folder, NODE_HELPER_FILE));
	const all: Record<string, string> = { "_base.mjs": BASELINE, [NODE_HARNESS_FILE]: harness(), ...files };
	for (const [name, text] of Object.entries(all)) await writeFile(join(folder, name), text);
	const config = { pairs, seed: 6696, allowed_imports: [], editable: ["mod.mjs"] };
	await writeFile(join(folder, "_touchstone_paired.json"), JSON.stringify(config));
	const sandbox = await createSandbox({ fixture: folder, timeoutMs: 20_000 });
	try {
		const nonce = randomBytes(16).toString("hex");
		const outcome = await sandbox.exec({
			argv: nodePairedArgv(sandbox.commandWorkdir),
			stdin: `${nonce}\n`,
		});
		const lines = outcome.stdout.split("\n").filter((line) => line.startsWith(`TOUCHSTONE-PAIRED-V1 ${nonce} `));
		const last = lines.at(-1);
		const entries = await sandbox.list();
		return {
			result:
				last === undefined
					? null
					: (JSON.parse(last.slice(`TOUCHSTONE-PAIRED-V1 ${nonce} `.length)) as Record<string, unknown>),
			authenticated: lines.length,
			stdout: outcome.stdout,
			stderr: outcome.stderr,
			exitCode: outcome.exit_code,
			leftInWorkdir: entries.map((entry) => entry.name),
		};
	} finally {
		await sandbox.dispose();
	}
}

describe("the Node paired-v1 helper in bubblewrap", () => {
	it("times a warm-up and alternating measured pairs of raw seconds, with the oracle cases counted", async () => {
		const run = await runHelper({ "mod.mjs": FAST }, 5);
		expect(run.authenticated).toBe(1);
		expect(run.exitCode).toBe(0);
		expect(run.result).toMatchObject({ status: "ok", oracle_cases: 3, warmup: { order: "baseline-first" } });
		const samples = run.result?.samples as { baseline_s: number; candidate_s: number; order: string }[];
		expect(samples.map((sample) => sample.order)).toEqual([
			"baseline-first",
			"candidate-first",
			"baseline-first",
			"candidate-first",
			"baseline-first",
		]);
		for (const sample of samples) expect(sample.baseline_s > 0 && sample.candidate_s > 0).toBe(true);
		// Quadratic against linear on 1500 numbers: far apart however loaded the machine is.
		const ratios = samples.map((sample) => sample.baseline_s / sample.candidate_s).sort((a, b) => a - b);
		expect(ratios[2]).toBeGreaterThan(3);
	});

	it("ignores forged lines: a print at the harness's import cannot add or replace the authenticated result", async () => {
		const forged = `TOUCHSTONE-PAIRED-V1 ${"0".repeat(32)} {"status":"ok","samples":[]}`;
		const run = await runHelper({
			"mod.mjs": FAST,
			[NODE_HARNESS_FILE]: `console.log(${JSON.stringify(forged)});\n${harness()}`,
		});
		expect(run.stdout).toContain(forged);
		expect(run.authenticated).toBe(1);
		expect(run.result?.status).toBe("ok");
	});

	it("gives the candidate no console, process or stdout: an import-time print of a fake result is a candidate error", async () => {
		for (const print of ["console.log", "process.stdout.write"]) {
			const candidate = `${print}("TOUCHSTONE-PAIRED-V1 x {\\"status\\":\\"ok\\"}\\n");\n${FAST}`;
			const run = await runHelper({ "mod.mjs": candidate });
			expect(run.authenticated).toBe(1);
			expect(run.stdout).not.toContain("TOUCHSTONE-PAIRED-V1 x");
			expect(run.result).toMatchObject({ status: "candidate_error" });
			expect(run.result?.detail).toMatch(/is not defined/);
		}
	});

	it("refuses file writes, child processes and workers through the permission model, as candidate errors", async () => {
		const attempts = {
			write: `import { writeFileSync } from "node:fs";\nexport function pairs() { writeFileSync("/workspace/pwned", "x"); return 0; }`,
			spawn: `import { execFileSync } from "node:child_process";\nexport function pairs() { execFileSync("/bin/true"); return 0; }`,
			worker: `import { Worker } from "node:worker_threads";\nexport function pairs() { new Worker("0", { eval: true }); return 0; }`,
			read: `import { readFileSync } from "node:fs";\nexport function pairs() { readFileSync("/etc/passwd"); return 0; }`,
		};
		for (const [what, candidate] of Object.entries(attempts)) {
			const run = await runHelper({ "mod.mjs": candidate });
			expect({ what, status: run.result?.status }).toEqual({ what, status: "candidate_error" });
			expect(run.result?.detail).toMatch(/ERR_ACCESS_DENIED|Access to this API has been restricted/);
			expect(run.leftInWorkdir).not.toContain("pwned");
		}
	});

	it("refuses code generation and globals at run time however they are reached", async () => {
		const attempts = [
			'const F = (() => {})["constr" + "uctor"]; export function pairs() { return F("return 0")(); }',
			"export function pairs() { return globalThis.process.pid; }",
			'export function pairs() { JSON.stringify = () => "{}"; return 0; }',
			"export function pairs() { Array.prototype.push = () => 0; return 0; }",
			"export function pairs() { gc(); return 0; }",
		];
		const details = [];
		for (const candidate of attempts) {
			const run = await runHelper({ "mod.mjs": candidate });
			expect(run.result?.status).toBe("candidate_error");
			details.push(run.result?.detail);
		}
		expect(details[0]).toMatch(/EvalError: Code generation from strings disallowed/);
		expect(details[1]).toMatch(/ReferenceError: globalThis is not defined/);
		expect(details[2]).toMatch(/TypeError: Cannot assign to read only property 'stringify'/);
		expect(details[3]).toMatch(/TypeError: Cannot assign to read only property 'push'/);
		expect(details[4]).toMatch(/TypeError: gc is not a function/);
	});

	it("cannot read the nonce: stdin is closed before the candidate is imported", async () => {
		const candidate = `import { readFileSync } from "node:fs";\nexport function pairs() { return readFileSync(0, "utf8"); }`;
		const run = await runHelper({ "mod.mjs": candidate });
		expect(run.result?.status).toBe("candidate_error");
		expect(run.result?.detail).toMatch(/EBADF|ERR_ACCESS_DENIED/);
	});

	it("grades a wrong answer as a mismatch however fast it is, in the oracle or in a timed pair", async () => {
		const wrongAlways = await runHelper({ "mod.mjs": "export function pairs() { return 0; }" });
		expect(wrongAlways.result).toMatchObject({ status: "mismatch", oracle_cases: 2 });
		expect(wrongAlways.result?.detail).toMatch(/returned 0 on oracle case 1, expected 1/);
		const wrongWhenLarge = `${FAST.replace("export function pairs", "function right")}
export function pairs(xs, target) { return xs.length > 100 ? right(xs, target) + 1 : right(xs, target); }`;
		const run = await runHelper({ "mod.mjs": wrongWhenLarge });
		expect(run.result).toMatchObject({ status: "mismatch" });
		expect(run.result?.detail).toMatch(/on warm-up \(seed 6696\) the candidate returned \d+, the baseline \d+/);
	});

	it("refuses a result that does its work in a getter, outside the timed call", async () => {
		const lazy = `${FAST.replace("export function pairs", "function right")}
export function pairs(xs, target) { return { get count() { return right(xs, target); } }; }`;
		const counts = `${BASELINE.replace("export function pairs", "function count")}
export function pairs(xs, target) { return { count: count(xs, target) }; }`;
		const oracle = "[[[[1, 2, 3], 4], { count: 1 }]]";
		const honest = await runHelper({
			"mod.mjs": counts,
			"_base.mjs": counts,
			[NODE_HARNESS_FILE]: harness({ oracle }),
		});
		expect(honest.result?.status).toBe("ok");
		const run = await runHelper({ "mod.mjs": lazy, "_base.mjs": counts, [NODE_HARNESS_FILE]: harness({ oracle }) });
		expect(run.result?.status).toBe("mismatch");
		expect(run.result?.detail).toMatch(/\{"count": <getter>\}/);
	});

	it("never calls results equal that are not plain data: two promises are not the same answer", async () => {
		const asyncBaseline = BASELINE.replace("export function", "export async function");
		const wrong = "export async function pairs() { return -1; }";
		const oracle = "[[[[1, 2, 3], 4], Promise.resolve(1)]]";
		const run = await runHelper({
			"mod.mjs": wrong,
			"_base.mjs": asyncBaseline,
			[NODE_HARNESS_FILE]: harness({ oracle }),
		});
		expect(run.result).toMatchObject({ status: "baseline_failed" });
		expect(run.result?.detail).toMatch(/the baseline returned \{\} on oracle case 0/);
	});

	it("catches input mutation with require_pure_inputs: the candidate's is impure, the baseline's a baseline failure", async () => {
		const sorts = `${FAST.replace("export function pairs", "function right")}
export function pairs(xs, target) { if (xs.length > 100) xs.sort(); return right(xs, target); }`;
		const candidate = await runHelper({ "mod.mjs": sorts });
		expect(candidate.result).toMatchObject({ status: "impure" });
		expect(candidate.result?.detail).toMatch(/the candidate mutated its input on warm-up/);
		const baseline = await runHelper({ "mod.mjs": FAST, "_base.mjs": sorts });
		expect(baseline.result).toMatchObject({ status: "baseline_failed" });
		expect(baseline.result?.detail).toMatch(/the baseline mutated its input/);
		const allowed = await runHelper({ "mod.mjs": sorts, [NODE_HARNESS_FILE]: harness({ pure: false }) });
		expect(allowed.result?.status).toBe("ok");
	});

	it("fails the baseline, not the candidate, when the baseline fails an oracle case", async () => {
		const oracle = "[[[[1, 2, 3], 4], 2]]";
		const run = await runHelper({ "mod.mjs": FAST, [NODE_HARNESS_FILE]: harness({ oracle }) });
		expect(run.result).toMatchObject({ status: "baseline_failed", oracle_cases: 1 });
		expect(run.result?.detail).toMatch(/the baseline returned 1 on oracle case 0, expected 2/);
	});

	it("reports a candidate that never finishes loading, or throws at import, as a candidate error with its line", async () => {
		const stuck = await runHelper({ "mod.mjs": `await new Promise(() => {});\n${FAST}` });
		expect(stuck.result).toMatchObject({ status: "candidate_error" });
		expect(stuck.result?.detail).toMatch(/the event loop emptied during the candidate, before a result/);
		const throws = await runHelper({ "mod.mjs": `export const x = 1;\nthrow new RangeError("nope");\n` });
		expect(throws.result?.detail).toMatch(/failed to load: RangeError: nope \(at mod\.mjs:2:7\)/);
		const huge = await runHelper({ "mod.mjs": 'export function pairs() { throw new Error("x".repeat(5e6)); }' });
		expect(huge.result?.status).toBe("candidate_error");
		expect(String(huge.result?.detail).length).toBeLessThan(2100);
		const missing = await runHelper({ "mod.mjs": "export function other() {}" });
		expect(missing.result?.detail).toMatch(/does not export a function named pairs/);
	});

	it("makes a harness that does not call benchmark exactly once a harness error", async () => {
		const never = await runHelper({ "mod.mjs": FAST, [NODE_HARNESS_FILE]: "export {};" });
		expect(never.result).toMatchObject({ status: "harness_error" });
		expect(never.result?.detail).toMatch(/called benchmark 0 times/);
		const twice = await runHelper({ "mod.mjs": FAST, [NODE_HARNESS_FILE]: `${harness()}\nbenchmark({});` });
		expect(twice.result?.detail).toMatch(/called benchmark 2 times/);
		const bad = await runHelper({ "mod.mjs": FAST, [NODE_HARNESS_FILE]: harness({ oracle: "[]" }) });
		expect(bad.result?.detail).toMatch(/oracle_cases must be a nonempty array/);
	});
});

describe("nodePairedArgv", () => {
	it("gives node the permission flag its version knows, and exits 127 without a node", async () => {
		const bin = await mkdtemp(join(tmpdir(), "touchstone-fake-node-"));
		folders.push(bin);
		// A stand-in node: answers `-p` with a major version, and otherwise prints the arguments it got.
		await writeFile(join(bin, "node"), '#!/bin/sh\nif [ "$1" = "-p" ]; then echo "$MAJOR"; else echo "$@"; fi\n', {
			mode: 0o755,
		});
		const [program = "", ...rest] = nodePairedArgv("/workspace");
		const run = (env: Record<string, string>) => spawnSync(program, rest, { env, encoding: "utf8" });
		const tail = "--allow-fs-read=/workspace --disallow-code-generation-from-strings --expose-gc";
		expect(run({ PATH: bin, MAJOR: "20" }).stdout).toBe(
			`--experimental-permission ${tail} ${NODE_HELPER_FILE} ${NODE_HARNESS_FILE}\n`,
		);
		expect(run({ PATH: bin, MAJOR: "22" }).stdout).toMatch(/^--experimental-permission /);
		expect(run({ PATH: bin, MAJOR: "24" }).stdout).toBe(
			`--permission ${tail} ${NODE_HELPER_FILE} ${NODE_HARNESS_FILE}\n`,
		);
		expect(run({ PATH: join(bin, "empty") }).status).toBe(127);
	});
});
