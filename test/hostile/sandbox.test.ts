/**
 * Hostile inputs against grading and the sandbox (issue 16, items 3, 11 and 12), end to end with
 * real parts: the compiled CLI spawned as a process against a scripted model server on loopback,
 * real bubblewrap, real external agents that leave hostile files in their workdir.
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { FIXTURE_DIR } from "../../src/contract/index.js";
import { loadDefinitions, loadTaskPack } from "../../src/definitions/index.js";
import { createTestsVerifier, VerifierHarnessError } from "../../src/graders/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import { createModelProvider } from "../../src/providers/index.js";
import { createAgentRunner, createExternalRunner } from "../../src/runners/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { treeBytes } from "../../src/sandbox/workdir-watch.js";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { openStore } from "../../src/store/index.js";
import { inspectCase } from "../../src/views/index.js";
import { agentTask, ENV, runInput, scriptedEntry, writeFixture } from "../agent/agent-fixtures.js";
import { writeBenchFixture } from "../support/bench-fixture.js";
import { BIN, tempDir } from "../support/cli.js";
import { CODE_FIX_USE_CASES, GOLD_TEST, SUM_FIXED, sumTask, writeFiles } from "../support/sum-task.js";
import { finishedAttempt, grade, taskOnDisk, testsArgs } from "../verifiers/task-on-disk.js";

/** The output that makes `(a+)+$` backtrack for hours. */
const EVIL_OUTPUT = `${"a".repeat(40)}b`;
let scriptedUrl = "";

describe("an author's regex that backtracks catastrophically (item 3)", () => {
	let server: ScriptedServer;
	beforeAll(async () => {
		const model = { latency_ms: 5, rules: [{ when: { user: "." }, reply: EVIL_OUTPUT }] };
		server = await startScriptedServer({
			script: validateScript({ seed: 1, models: { "m/a": model, "m/b": model } } as never),
		});
		scriptedUrl = server.url;
	});
	afterAll(async () => server.close());

	/** A benchmarks folder whose `count` cases each hold the catastrophic check and a fine one. */
	function fixture(count: number) {
		const bench = writeBenchFixture({ cases: count, samples: 1, models: { "m/a": {}, "m/b": {} } });
		const cases = Array.from({ length: count }, (_, index) => ({
			id: `q${index}`,
			kind: "floor",
			input: { prompt: `answer ${index}` },
			checks: [
				{ metric: "shape", regex: "(a+)+$" },
				{ metric: "ends", contains: ["b"] },
			],
		}));
		writeFileSync(join(bench.dir, "packs", "arith", "cases.yaml"), stringify({ cases }));
		return bench;
	}

	it("finishes in bounded time over two models, writes every cell, and the regex cells carry a grader error with its fix", async () => {
		const bench = fixture(1);
		const started = performance.now();
		const result = await runBounded(["run", "--use-case", "arith", "--depth", "thorough"], bench.root, 12_000);
		expect(performance.now() - started).toBeLessThan(12_000);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("(0 harness errors, 2 grader errors)");
		const store = openStore({
			database: join(bench.root, "data", "benchmarks.db"),
			artifacts: join(bench.root, "data", "artifacts"),
		});
		try {
			const models = inspectCase(store, "arith", "q0").models;
			expect(models.map((model) => model.model_id).sort()).toEqual(["m/a", "m/b"]);
			for (const model of models) {
				const error = model.samples[0]?.grader_error ?? "";
				expect(error, model.model_id).toContain('/(a+)+$/ of check "shape" on case q0 ran longer than');
				expect(error).toContain("fix: simplify the pattern");
			}
		} finally {
			store.close();
		}
	}, 20_000);

	it("still stops on Ctrl-C while slow regexes are being graded", async () => {
		const bench = fixture(30);
		const run = spawnCli(["run", "--use-case", "arith", "--concurrency", "2"], bench.root, 12_000);
		const deadline = Date.now() + 8_000;
		while (!run.stderr().includes("cells planned") && Date.now() < deadline) await sleep(20);
		await sleep(1_500); // grading is under way: 60 cells, one second each
		run.child.kill("SIGINT");
		const { code, stderr } = await run.exited;
		expect(stderr).toContain("stopping: no new cells");
		expect(code).toBe(1);
		expect(stderr).toMatch(/stopped with \d+ cells left/);
	}, 20_000);
});

/** The compiled CLI spawned in `cwd` against the scripted server, killed (SIGKILL) after `killAfterMs`. */
function spawnCli(args: readonly string[], cwd: string, killAfterMs: number) {
	const env = {
		PATH: process.env.PATH ?? "",
		TOUCHSTONE_SCRIPTED_URL: scriptedUrl,
		TOUCHSTONE_DB: join(cwd, "data", "benchmarks.db"),
		TOUCHSTONE_ARTIFACTS: join(cwd, "data", "artifacts"),
	};
	const child = spawn(process.execPath, [BIN, ...args], { cwd, env });
	let stderr = "";
	child.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
	const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
		child.on("exit", (code) => {
			clearTimeout(timer);
			resolve({ code, stderr });
		}),
	);
	return { child, exited, stderr: () => stderr };
}

function runBounded(args: readonly string[], cwd: string, killAfterMs: number) {
	return spawnCli(args, cwd, killAfterMs).exited;
}

const AGENT = fileURLToPath(new URL("./harnesses/special-files-agent.mjs", import.meta.url));
const roots: string[] = [];
afterAll(() => {
	for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/**
 * Runs the sum task once per agent (model id → the agent's arguments) through runUseCase, real
 * bubblewrap and the external-harness contract; `verifier` replaces the task's test command.
 */
async function runAgents(agents: Readonly<Record<string, readonly string[]>>, command?: readonly string[]) {
	const root = tempDir("touchstone-hostile-sandbox-");
	roots.push(root);
	const task = parse(sumTask("fix-sum", { reference: "reference/sum.mjs" }));
	if (command !== undefined) task.verifier.args.command = command;
	const models = Object.entries(agents).map(([id, args]) => ({
		id,
		provider: "command",
		command: ["node", AGENT, ...args],
	}));
	writeFiles(root, {
		"benchmarks/models.yaml": stringify({ models }),
		"benchmarks/use_cases.yaml": CODE_FIX_USE_CASES,
		"benchmarks/packs/code-fix/fix-sum/task.yaml": stringify(task),
		"benchmarks/packs/code-fix/fix-sum/hidden/sum.test.mjs": GOLD_TEST,
		"benchmarks/packs/code-fix/fix-sum/reference/sum.mjs": SUM_FIXED,
	});
	for (const entry of loadTaskPack(join(root, "benchmarks", "packs", "code-fix")).tasks)
		await materializeFixture(entry.dir, entry.task, { repo: null });
	const store = openStore({ database: join(root, "db.sqlite"), artifacts: join(root, "artifacts") });
	const summary = await runUseCase({
		definitions: loadDefinitions(join(root, "benchmarks")),
		store,
		useCaseId: "code-fix",
		depth: "thorough",
		concurrency: 2,
		force: false,
		dryRun: false,
		parts: defaultRunParts({ PATH: process.env.PATH }),
		stop: new StopControl(),
		provenance: {},
	});
	const samples = Object.fromEntries(
		inspectCase(store, "code-fix", "fix-sum").models.map((model) => [model.model_id, model.samples[0]]),
	);
	const provenance = Object.fromEntries(
		(
			store.database.prepare("SELECT model_id, provenance_json FROM runs").all() as {
				model_id: string;
				provenance_json: string;
			}[]
		).map((row) => [row.model_id, row.provenance_json]),
	);
	store.close();
	return { summary, samples, provenance };
}

describe("special files a model leaves in its workdir (item 11)", () => {
	it("are its attempt: left out of the grading copy and the diff, reported, and scored, never a grader error", async () => {
		const { summary, samples, provenance } = await runAgents({ "agent/unfixed": [], "agent/fixed": ["fix"] });
		expect(summary.grader_errors).toBe(0);
		expect(summary.statuses).toEqual({ completed: 2 });
		const tests = (id: string) => samples[id]?.scores.find((score) => score.metric === "tests");
		expect(samples["agent/unfixed"]?.grader_error).toBeNull();
		expect(tests("agent/unfixed")?.value).toBe(0);
		expect(tests("agent/fixed")?.value).toBe(1);
		for (const id of ["agent/unfixed", "agent/fixed"]) {
			const reasoning = tests(id)?.reasoning ?? "";
			expect(reasoning, id).toContain("left out of the grading copy");
			expect(reasoning, id).toContain("fifo src/pipe");
			expect(reasoning, id).toContain("socket agent.sock");
			expect(reasoning, id).toContain("dangling-symlink dangling");
			expect(JSON.stringify(tests(id)?.extras?.special_files), id).toContain('"kind":"fifo"');
			// The diff is made (git cannot diff a FIFO) and the provenance lists what it left out.
			expect(samples[id]?.diff, id).toContain("escape");
			expect(provenance[id], id).toContain('"special_files"');
		}
		expect(samples["agent/fixed"]?.diff).toContain("+\treturn a + b;");
	}, 30_000);

	it("a test script of the workdir the model replaced by a FIFO fails the attempt (0 with the reason), not the grader", async () => {
		const task = await taskOnDisk(
			{
				"package.json": '{ "type": "module" }\n',
				"src/sum.mjs": SUM_FIXED,
				"run-tests.sh": "#!/bin/sh\nexec node --test --test-reporter=tap tests/\n",
			},
			{ "hidden/sum.test.mjs": GOLD_TEST },
		);
		try {
			chmodSync(join(task.dir, FIXTURE_DIR, "run-tests.sh"), 0o755);
			const verifier = (tempRoot?: string) =>
				createTestsVerifier({
					taskDir: task.dir,
					verifier: {
						kind: "tests",
						args: testsArgs({
							command: ["./run-tests.sh"],
							gold_files: [{ source: "hidden/sum.test.mjs", target: "tests/sum.test.mjs" }],
							required_tests: ["adds two numbers"],
						}),
					},
					sandbox: { backend: "bubblewrap", ...(tempRoot === undefined ? {} : { tempRoot }) },
				});
			const intact = await task.workspace();
			expect((await grade(verifier(), finishedAttempt({ workspace: intact }))).tests?.value).toBe(1);

			const broken = await task.workspace({ "run-tests.sh": null });
			execFileSync("mkfifo", [join(broken.path, "run-tests.sh")]);
			const scores = await grade(verifier(), finishedAttempt({ workspace: broken }));
			expect(scores.tests?.value).toBe(0);
			expect(scores.tests?.reasoning).toContain("a file of the workdir, could not start");
			expect(scores.tests?.reasoning).toContain("fifo run-tests.sh");

			// Touchstone's own set-up failing (a temporary folder it cannot write) is a grader error.
			const failed = await grade(verifier("/nonexistent/touchstone-tmp"), finishedAttempt({ workspace: intact })).catch(
				(error: unknown) => error,
			);
			expect(failed).toBeInstanceOf(VerifierHarnessError);
			expect((failed as Error).message).toContain("cannot set up the grading sandbox");
		} finally {
			await task.cleanup();
		}
	}, 30_000);

	it("touchstone's own setup failing is still a grader error: a verifier program that is not installed", async () => {
		const { summary, samples } = await runAgents({ "agent/fixed": ["fix"] }, ["no-such-test-runner", "tests/"]);
		expect(summary.grader_errors).toBe(1);
		expect(samples["agent/fixed"]?.grader_error).toContain("could not start (exit 127: program not found)");
	}, 30_000);
});

describe("an attempt that fills its workdir (item 12)", () => {
	const MIB = 1024 * 1024;
	const BOUND = 20 * MIB;

	it.each([
		["bubblewrap", { backend: "bubblewrap" }],
		["process", { backend: "process", allowUnisolated: true }],
	] as const)(
		"ends as limit under %s, quickly, with the workdir held near the bound",
		async (_name, backend) => {
			const fixture = writeFixture();
			roots.push(fixture);
			const runner = createExternalRunner({
				name: "filler",
				command: [process.execPath, AGENT, "fill", String(1024 * MIB)],
				resolveTask: () => agentTask(fixture),
				sandbox: { ...backend, limits: { workdir_bytes: BOUND } },
			});
			const started = performance.now();
			const attempt = await runner.run(runInput(scriptedEntry("m/filler", "http://127.0.0.1:9")), {
				signal: new AbortController().signal,
			});
			try {
				expect(performance.now() - started).toBeLessThan(8_000);
				expect(attempt.status).toBe("limit");
				expect(attempt.error).toContain(`past its limit of ${BOUND} bytes`);
				// Held near the bound (what it can write between two measurements, 50 ms apart, and more
				// when the machine is loaded and the measurement runs late: up to 195 MiB seen in CI with
				// the whole suite running), far from the 1 GiB it tried.
				expect(await treeBytes(attempt.workspace?.path ?? "")).toBeLessThan(BOUND + 400 * MIB);
				expect(JSON.stringify(attempt.runner_provenance.details)).toContain(`"workdir_bytes":${BOUND}`);
				// The fixture it was copied from is untouched.
				expect(await treeBytes(fixture)).toBeLessThan(MIB);
			} finally {
				await attempt.workspace?.dispose();
			}
		},
		20_000,
	);

	it("ends the agent's attempt as limit when its command fills the workdir, one file or many, and keeps it to grade", async () => {
		const fill = {
			"m/one-file": "head -c 300000000 /dev/zero > big.bin",
			"m/many-files": "i=0; while [ $i -lt 300 ]; do head -c 1048576 /dev/zero > f$i.bin; i=$((i+1)); done",
		};
		const server = await startScriptedServer({
			script: validateScript({
				models: Object.fromEntries(
					Object.entries(fill).map(([id, command]) => [
						id,
						{
							rules: [
								{ when: { turn: 1 }, tool_calls: [{ name: "run_command", arguments: { command } }] },
								{ tool_calls: [{ name: "done", arguments: { summary: "filled" } }] },
							],
						},
					]),
				),
			} as never),
		});
		const fixture = writeFixture();
		roots.push(fixture);
		try {
			for (const id of Object.keys(fill)) {
				const runner = createAgentRunner({
					providerFor: (entry) => createModelProvider(entry, { env: ENV }),
					resolveTask: () => agentTask(fixture, { tools: { shell: true } }),
					sandbox: { backend: "bubblewrap", limits: { workdir_bytes: BOUND } },
				});
				const started = performance.now();
				const attempt = await runner.run(runInput(scriptedEntry(id, server.url)), {
					signal: new AbortController().signal,
				});
				try {
					expect(performance.now() - started, id).toBeLessThan(8_000);
					expect(attempt.status, id).toBe("limit");
					expect(attempt.error, id).toContain(`past its limit of ${BOUND} bytes`);
					expect(attempt.workspace, id).not.toBeNull(); // kept for the verifier: a limit is graded
					expect(await treeBytes(attempt.workspace?.path ?? ""), id).toBeLessThan(BOUND + 160 * MIB);
				} finally {
					await attempt.workspace?.dispose();
				}
			}
		} finally {
			await server.close();
		}
	}, 30_000);
});

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
