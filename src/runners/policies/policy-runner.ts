import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Attempt, Case, Runner, Sandbox, SandboxMount, TaskReference, Telemetry } from "../../contract/index.js";
import { createSandbox } from "../../sandbox/index.js";
import { finishWorkspace, type TaskSandboxOptions, taskSandboxParts } from "../agent/index.js";

/** The built-in reference policies: `baseline` changes nothing, `gold` applies the reference solution. */
export const POLICIES = ["baseline", "gold"] as const;
/** One of {@link POLICIES}. */
export type Policy = (typeof POLICIES)[number];

/** Runner id of the reference policies on a leaderboard. */
export const POLICY_RUNNER_ID = "policy";
/** Bumping it changes the cell keys of policy rows. */
export const POLICY_RUNNER_VERSION = "1";

/** A policy calls no model: no cost, no tokens, no turns (measured zeros, not unknowns). */
const POLICY_TELEMETRY: Telemetry = Object.freeze({
	cost_usd: 0,
	latency_ms: null,
	ttft_ms: null,
	input_tokens: 0,
	output_tokens: 0,
	cache_tokens: 0,
	tokens_per_sec: null,
	turns: 0,
});

/** Where a policy finds a case's task: its base, its folder (hidden files), its reference and its runtime. */
export interface PolicyTask {
	/** The folder the workdir is copied from: the fixture after the runtime's setup. */
	readonly fixtureDir: string;
	readonly taskDir: string;
	readonly reference: TaskReference | null;
	readonly mounts?: readonly SandboxMount[];
	readonly env?: Readonly<Record<string, string>>;
}

/** What the policy runner needs. */
export interface PolicyRunnerOptions {
	/** May reject (a runtime whose setup failed): the attempt is then a harness error. */
	readonly resolveTask: (testCase: Case) => PolicyTask | Promise<PolicyTask>;
	readonly sandbox?: TaskSandboxOptions;
}

/**
 * Runs a reference policy in a fresh sandbox copy of the fixture, through the same workspace
 * and verifier path as a model: the floor (`baseline`, which must fail) and the ceiling (`gold`,
 * which must pass) of every task, for `validate-tasks` and for leaderboards. The policy is the
 * model entry's `model` (provider `builtin`). It costs nothing and uses no tokens: those zeros
 * are measured, not guessed.
 */
export function createPolicyRunner(options: PolicyRunnerOptions): Runner {
	return {
		specificationVersion: "v1",
		id: POLICY_RUNNER_ID,
		version: POLICY_RUNNER_VERSION,
		async run({ case: testCase, model }, { signal }): Promise<Attempt> {
			const started = performance.now();
			const policy = model.model as Policy;
			const provenance = { runner: POLICY_RUNNER_ID, runner_version: POLICY_RUNNER_VERSION, details: { policy } };
			if (!(POLICIES as readonly string[]).includes(policy))
				return failure(`unknown built-in policy \`${model.model}\`; use one of ${POLICIES.join(", ")}`, provenance);
			let sandbox: Sandbox | null = null;
			try {
				const task = await options.resolveTask(testCase);
				sandbox = await createSandbox({ ...options.sandbox, ...taskSandboxParts(task) });
				const reference = task.reference;
				let final = "";
				if (policy === "gold") {
					if (reference === null) {
						await sandbox.dispose();
						return failure(
							`task ${testCase.id} has no reference solution, so the gold policy cannot run it; add \`reference:\` to its task.yaml`,
							provenance,
						);
					}
					await applyReference(sandbox, task.taskDir, reference, signal);
					final = reference.response ?? "";
				}
				const finished = await finishWorkspace(sandbox, task.fixtureDir);
				const latency = performance.now() - started;
				return {
					final,
					trace: [],
					telemetry: { ...POLICY_TELEMETRY, latency_ms: latency },
					status: "completed",
					error: null,
					runner_provenance: {
						runner: POLICY_RUNNER_ID,
						runner_version: POLICY_RUNNER_VERSION,
						details: {
							policy,
							sandbox: { backend: sandbox.provenance.backend, isolated: sandbox.provenance.isolated },
							...finished.details,
						},
					},
					diff: finished.diff,
					raw: null,
					workspace: finished.workspace,
				};
			} catch (error) {
				await sandbox?.dispose().catch(() => {});
				return failure(
					`the ${policy} policy could not run: ${error instanceof Error ? error.message : String(error)}`,
					provenance,
				);
			}
		},
	};
}

/** Applies the reference: its patch (with `git apply`, inside the sandbox), then its files. */
async function applyReference(
	sandbox: Sandbox,
	taskDir: string,
	reference: TaskReference,
	signal: AbortSignal,
): Promise<void> {
	if (reference.patch !== null) {
		const patch = await readFile(join(taskDir, reference.patch), "utf8");
		const applied = await sandbox.exec(
			{ argv: ["git", "apply", "--whitespace=nowarn", "-"], stdin: patch, timeout_ms: 30_000 },
			{ signal },
		);
		if (applied.exit_code !== 0)
			throw new Error(
				`git apply of ${reference.patch} failed (exit ${applied.exit_code}): ${applied.stderr.trim().slice(0, 500)}`,
			);
	}
	for (const file of reference.files) await sandbox.write(file.target, await readFile(join(taskDir, file.source)));
}

function failure(error: string, runner_provenance: Attempt["runner_provenance"]): Attempt {
	return {
		final: null,
		trace: [],
		telemetry: POLICY_TELEMETRY,
		status: "harness_error",
		error,
		runner_provenance,
		diff: null,
		raw: null,
	};
}
