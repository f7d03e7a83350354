import { basename } from "node:path";
import {
	type Attempt,
	type AttemptStatus,
	type JsonObject,
	type RunInput,
	type Runner,
	type Sandbox,
	UNKNOWN_TELEMETRY,
} from "../../contract/index.js";
import { REDACTED } from "../../providers/index.js";
import { createSandbox } from "../../sandbox/index.js";
import { finishWorkspace, type ResolveTask, resolveCheckedTask } from "../agent/index.js";
import { parseExternalOutput } from "./external-output.js";
import { runHarnessProcess } from "./run-harness-process.js";

/** Prefix of an external harness's runner id: `external:<name>`. */
export const EXTERNAL_RUNNER_PREFIX = "external:";
/** Bytes of stdout kept from a harness by default (16 MiB); more is a malformed answer. */
export const DEFAULT_EXTERNAL_OUTPUT_BYTES = 16 * 1024 * 1024;

/** What the external runner needs. */
export interface ExternalRunnerOptions {
	/** Harness name, shown on the leaderboard as `external:<name>`, e.g. `claude-code`. */
	readonly name: string;
	/** Program and arguments (argv, no shell); the program is looked up on PATH. */
	readonly command: readonly string[];
	/** The harness's version; bump it when the harness changes, so cell keys change. Default `1`. */
	readonly version?: string;
	/** The task of a case (prompt, fixture, budget, tools); the plugin's mapping. May throw. */
	readonly resolveTask: ResolveTask;
	/** Variables added to the command's scrubbed environment (`PATH`, `HOME`, `LANG`). */
	readonly env?: Readonly<Record<string, string>>;
	/** Variables the command needs that are secrets (API keys): passed to it, redacted from everything kept. */
	readonly secretEnv?: Readonly<Record<string, string>>;
	/** Milliseconds before the command's process group is killed; default the task's `budget.timeout_s`. */
	readonly timeoutMs?: number;
	/** Bytes of stdout kept (default 16 MiB). */
	readonly outputBytes?: number;
	/** Cap of the stored diff (default the sandbox's, 256 KiB). */
	readonly diffCapBytes?: number;
	/** Where workdirs are made (default the system's temporary folder). */
	readonly tempRoot?: string;
}

/**
 * An external harness: runs a command (a CLI coding agent behind a small adapter) in a fresh copy
 * of the task's fixture. It reads `{prompt, system_prompt, workdir, model, budget, tools}` as JSON
 * on stdin and prints `{final, trace, telemetry}` (optionally `status`, `error`) as JSON on stdout.
 * `model` is `{id, provider, model, base_url}`, never a key: keys go in `secretEnv`.
 *
 * The command runs as a local process, not inside the sandbox: it needs the network to reach its
 * model. Every attempt's provenance says so (`isolated: false`). Outcomes: what the harness
 * reports (default `completed`); `timeout` when it outlived its time and its process group was
 * killed (still verified); `harness_error` when it could not start, exited non-zero, printed
 * something that is not the contract's JSON, or the run was aborted. Nothing is thrown.
 */
export function createExternalRunner(options: ExternalRunnerOptions): Runner {
	const id = `${EXTERNAL_RUNNER_PREFIX}${options.name}`;
	const version = options.version ?? "1";
	return {
		specificationVersion: "v1",
		id,
		version,
		run: (input, { signal }) => runExternal(options, { id, version }, input, signal),
	};
}

async function runExternal(
	options: ExternalRunnerOptions,
	runner: { readonly id: string; readonly version: string },
	input: RunInput,
	signal: AbortSignal,
): Promise<Attempt> {
	const started = performance.now();
	const entry = input.model;
	const secrets = Object.values(options.secretEnv ?? {}).filter((value) => value !== "");
	const redact = (text: string) => redactAll(text, secrets);
	const details: JsonObject = {
		program: basename(options.command[0] ?? ""),
		model: entry.model,
		isolated: false,
		command_runs: "as a local process, outside the sandbox",
	};
	let sandbox: Sandbox | null = null;
	const provenance = () => ({ runner: runner.id, runner_version: runner.version, details });
	const attempt = (status: AttemptStatus, error: string | null, raw: JsonObject | null = null): Attempt => ({
		final: null,
		trace: [],
		telemetry: { ...UNKNOWN_TELEMETRY, latency_ms: performance.now() - started },
		status,
		error,
		runner_provenance: provenance(),
		diff: null,
		raw,
		workspace: null,
	});
	try {
		const task = await resolveCheckedTask(options.resolveTask, input.case);
		if (typeof task === "string") return attempt("harness_error", task);
		// Nothing runs in this sandbox: it is the workspace (a fresh copy, diffed after), so the
		// process backend's lack of isolation costs nothing here, and the command can write the files.
		sandbox = await createSandbox({
			fixture: task.fixtureDir,
			backend: "process",
			allowUnisolated: true,
			...(options.diffCapBytes === undefined ? {} : { diffCapBytes: options.diffCapBytes }),
			...(options.tempRoot === undefined ? {} : { tempRoot: options.tempRoot }),
		});
		details.sandbox = sandbox.provenance;
		const request = {
			prompt: task.prompt,
			system_prompt: task.system_prompt ?? null,
			workdir: sandbox.workdir,
			model: { id: entry.id, provider: entry.provider, model: entry.model, base_url: entry.base_url },
			budget: task.budget,
			tools: task.tools,
		};
		const timeoutMs = options.timeoutMs ?? task.budget.timeout_s * 1000;
		const processStarted = performance.now();
		const result = await runHarnessProcess(
			{
				argv: options.command,
				cwd: sandbox.workdir,
				env: {
					PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
					HOME: process.env.HOME ?? sandbox.workdir,
					LANG: "C.UTF-8",
					...options.env,
					...options.secretEnv,
				},
				stdin: `${JSON.stringify(request)}\n`,
				timeoutMs,
				outputBytes: options.outputBytes ?? DEFAULT_EXTERNAL_OUTPUT_BYTES,
			},
			signal,
		);
		const wallMs = performance.now() - processStarted;
		details.exit_code = result.exit_code;
		details.exit_signal = result.signal;
		const stderr = redact(result.stderr_tail.trim());
		const raw: JsonObject = { stderr_tail: stderr };
		if (result.aborted || signal.aborted) {
			await sandbox.dispose();
			return attempt("harness_error", "aborted: the run was stopped before the harness finished", raw);
		}
		const finished = await finishWorkspace(sandbox, task.fixtureDir);
		Object.assign(details, finished.details);
		const withWorkspace = (base: Attempt): Attempt => ({
			...base,
			telemetry: { ...base.telemetry, latency_ms: wallMs },
			diff: finished.diff,
			workspace: finished.workspace,
		});
		if (result.timed_out)
			return withWorkspace(
				attempt(
					"timeout",
					`${runner.id} did not finish within ${timeoutMs / 1000} s; its process group was killed`,
					raw,
				),
			);
		if (result.exit_code !== 0) {
			const how = result.exit_code === null ? `was killed by ${result.signal}` : `exited with code ${result.exit_code}`;
			const tail = stderr === "" ? "" : `: ${stderr.split("\n").slice(-5).join(" | ")}`;
			return withWorkspace(attempt("harness_error", `${runner.id} ${how}${tail}`, raw));
		}
		if (result.stdout_truncated)
			return withWorkspace(
				attempt(
					"harness_error",
					`${runner.id} printed more than ${options.outputBytes ?? DEFAULT_EXTERNAL_OUTPUT_BYTES} bytes on stdout; expected one JSON object {final, trace, telemetry}`,
					raw,
				),
			);
		const output = parseExternalOutput(redactJsonText(result.stdout, secrets));
		if (typeof output === "string")
			return withWorkspace(attempt("harness_error", `${runner.id} printed a malformed answer: ${output}`, raw));
		return withWorkspace({
			...attempt(output.status, output.status === "completed" ? null : (output.error ?? `reported ${output.status}`)),
			final: output.final,
			trace: output.trace,
			telemetry: { ...output.telemetry, latency_ms: wallMs },
			raw: { ...raw, reported_error: output.error },
		});
	} catch (error) {
		await sandbox?.dispose().catch(() => {});
		return attempt("harness_error", `${runner.id}: ${redact(error instanceof Error ? error.message : String(error))}`);
	}
}

function redactAll(text: string, secrets: readonly string[]): string {
	let result = text;
	for (const secret of secrets) result = result.split(secret).join(REDACTED);
	return result;
}

/** Redacts secrets as they appear inside JSON strings (escaped), so the JSON still parses. */
function redactJsonText(text: string, secrets: readonly string[]): string {
	return redactAll(
		text,
		secrets.map((secret) => JSON.stringify(secret).slice(1, -1)),
	);
}
