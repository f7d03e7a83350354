import { basename } from "node:path";
import {
	type Attempt,
	type AttemptStatus,
	type JsonObject,
	type RunInput,
	type Runner,
	UNKNOWN_TELEMETRY,
} from "../../contract/index.js";
import { costOf } from "../../providers/index.js";
import type { CreateSandboxOptions } from "../../sandbox/index.js";
import { finishWorkspace, type ResolveTask, resolveCheckedTask } from "../agent/index.js";
import { type CommandAccess, type CommandSandbox, openCommandSandbox } from "./command-sandbox.js";
import { type ExternalOutput, parseExternalOutput } from "./external-output.js";

/** Prefix of an external harness's runner id: `external:<name>`. */
export const EXTERNAL_RUNNER_PREFIX = "external:";
/** Bytes of stdout kept from a harness by default (16 MiB); more is a malformed answer. */
export const DEFAULT_EXTERNAL_OUTPUT_BYTES = 16 * 1024 * 1024;
/** A command that gets no variables, secrets, network or mounts. */
const NO_ACCESS: CommandAccess = { env: {}, secrets: [], network: false, mounts: [] };
/** Characters of a harness's stderr kept with its attempt (the end, where the failure is). */
const STDERR_TAIL_CHARS = 4096;

/** What the external runner needs. */
export interface ExternalRunnerOptions {
	/** Harness name, shown on the leaderboard as `external:<name>`, e.g. `claude-code`. */
	readonly name: string;
	/**
	 * Program and arguments (argv, no shell): a program on the sandbox's PATH (the system's, under
	 * /usr) or an absolute path; files named by absolute path are shown read-only inside.
	 */
	readonly command: readonly string[];
	/** The harness's version; bump it when the harness changes, so cell keys change. Default `1`. */
	readonly version?: string;
	/** The task of a case (prompt, fixture, budget, tools); the plugin's mapping. May throw. */
	readonly resolveTask: ResolveTask;
	/**
	 * What the command may reach: its variables (besides PATH, LANG, TMPDIR and a private HOME),
	 * the secrets among them (redacted by the run from everything kept), the network, mounts. Default none.
	 */
	readonly access?: CommandAccess;
	/** The sandbox backend: bubblewrap by default, refused where it cannot run (see createSandbox). */
	readonly sandbox?: Pick<CreateSandboxOptions, "backend" | "allowUnisolated" | "limits">;
	/** Milliseconds before the command's process tree is killed; default the task's `budget.timeout_s`. */
	readonly timeoutMs?: number;
	/** Bytes of stdout kept (default 16 MiB). */
	readonly outputBytes?: number;
	/** Cap of the stored diff (default the sandbox's, 256 KiB). */
	readonly diffCapBytes?: number;
	/** Where workdirs are made (default the system's temporary folder). */
	readonly tempRoot?: string;
}

/**
 * An external harness: runs a command (a CLI coding agent behind a small adapter) in the sandbox,
 * on a fresh copy of the task's fixture, like every other model command: the workdir writable,
 * the system read-only, the task pack, the store and the user's HOME invisible, the environment
 * only what the entry names, the network only with `network`. It reads `{prompt, system_prompt,
 * workdir, model, budget, tools}` as JSON on stdin (`workdir` as the command sees it,
 * `/workspace` under bubblewrap) and prints `{final, trace, telemetry}` (optionally `status`,
 * `error`) as JSON on stdout. `model` is `{id, provider, model, base_url}`, never a key: keys go
 * in its environment (`access`). Each attempt's provenance says what the command could reach.
 *
 * Cost: what the harness reports; when it reports tokens but no cost, the entry's price table
 * applied to them; else unknown (null). Outcomes: what the harness reports (default `completed`);
 * `timeout` when it outlived its time and its process tree was killed (still verified);
 * `harness_error` when it could not start, exited non-zero, printed something that is not the
 * contract's JSON, the sandbox could not be made, or the run was aborted. Nothing is thrown.
 *
 * What it returns (answer, trace, diff, stderr, errors) is as the command left it, secrets
 * included: the run redacts every secret it knows from what it stores, and counts each one.
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
	const access = options.access ?? NO_ACCESS;
	const details: JsonObject = { program: basename(options.command[0] ?? ""), model: entry.model, isolated: false };
	let box: CommandSandbox | null = null;
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
		if (options.command.length === 0 || options.command[0] === "")
			return attempt("harness_error", `${runner.id}: the entry's command is empty`);
		const task = await resolveCheckedTask(options.resolveTask, input.case);
		if (typeof task === "string") return attempt("harness_error", task);
		box = await openCommandSandbox({
			argv: options.command,
			access,
			fixture: task.fixtureDir,
			runtime: { mounts: task.mounts ?? [], env: task.env ?? {} },
			sandbox: {
				...options.sandbox,
				...(options.diffCapBytes === undefined ? {} : { diffCapBytes: options.diffCapBytes }),
				...(options.tempRoot === undefined ? {} : { tempRoot: options.tempRoot }),
			},
		});
		const { sandbox } = box;
		Object.assign(details, box.reach, { sandbox: sandbox.provenance });
		const request = {
			prompt: task.prompt,
			system_prompt: task.system_prompt ?? null,
			workdir: sandbox.commandWorkdir,
			model: { id: entry.id, provider: entry.provider, model: entry.model, base_url: entry.base_url },
			budget: task.budget,
			tools: task.tools,
		};
		const timeoutMs = options.timeoutMs ?? task.budget.timeout_s * 1000;
		const outputBytes = options.outputBytes ?? DEFAULT_EXTERNAL_OUTPUT_BYTES;
		const processStarted = performance.now();
		const result = await box.run({ stdin: `${JSON.stringify(request)}\n`, timeoutMs, outputBytes }, { signal });
		const wallMs = performance.now() - processStarted;
		details.exit_code = result.exit_code;
		details.exit_signal = result.signal;
		const stderr = result.stderr.slice(-STDERR_TAIL_CHARS).trim();
		const raw: JsonObject = { stderr_tail: stderr };
		if (result.missing_program !== null) {
			await sandbox.dispose();
			return attempt(
				"harness_error",
				`${runner.id}: could not start \`${result.missing_program}\`: it is not found inside the sandbox (${sandbox.provenance.backend}), or not executable there; fix: install it under /usr, give its absolute path, or show its folder with the entry's \`mounts:\``,
				raw,
			);
		}
		const finished = await finishWorkspace(sandbox, task.fixtureDir);
		Object.assign(details, finished.details);
		const withWorkspace = (base: Attempt): Attempt => ({
			...base,
			telemetry: { ...base.telemetry, latency_ms: wallMs },
			diff: finished.diff,
			workspace: finished.workspace,
		});
		if (result.workdir_full)
			return withWorkspace(
				attempt("limit", `${runner.id}: ${result.stderr.trim().replace(/^touchstone sandbox: /, "")}`, raw),
			);
		if (result.timed_out)
			return withWorkspace(
				attempt(
					"timeout",
					`${runner.id} did not finish within ${timeoutMs / 1000} s; its process tree was killed`,
					raw,
				),
			);
		if (result.exit_code !== 0) {
			const tail = stderr === "" ? "" : `: ${stderr.split("\n").slice(-5).join(" | ")}`;
			const killedBy = killedFromInside(result);
			// Touchstone sends no signal but on a timeout, an abort or a full workdir (all handled
			// above); a signal that ends the harness came from inside its sandbox, where the model's
			// commands run. Their attempt, graded on what they left, not an excluded harness error.
			if (killedBy !== null)
				return withWorkspace(
					attempt(
						"failed",
						`${runner.id} was killed by ${killedBy} from inside its sandbox, where the model's commands run; graded on the workspace it left${tail}`,
						raw,
					),
				);
			const how = result.exit_code === null ? `was killed by ${result.signal}` : `exited with code ${result.exit_code}`;
			return withWorkspace(attempt("harness_error", `${runner.id} ${how}${tail}`, raw));
		}
		if (result.stdout_truncated)
			return withWorkspace(
				attempt(
					"harness_error",
					`${runner.id} printed more than ${outputBytes} bytes on stdout; expected one JSON object {final, trace, telemetry}`,
					raw,
				),
			);
		const output = parseExternalOutput(result.stdout);
		if (typeof output === "string")
			return withWorkspace(attempt("harness_error", `${runner.id} printed a malformed answer: ${output}`, raw));
		return withWorkspace({
			...attempt(output.status, output.status === "completed" ? null : (output.error ?? `reported ${output.status}`)),
			final: output.final,
			trace: output.trace,
			telemetry: { ...output.telemetry, cost_usd: reportedCost(output, entry.price), latency_ms: wallMs },
			raw: { ...raw, reported_error: output.error },
			...(output.warnings.length === 0 ? {} : { warnings: output.warnings }),
		});
	} catch (error) {
		await box?.sandbox.dispose().catch(() => {});
		if (signal.aborted) return attempt("harness_error", "aborted: the run was stopped before the harness finished");
		return attempt("harness_error", `${runner.id}: ${error instanceof Error ? error.message : String(error)}`);
	}
}

/**
 * The cost of what a harness did: what it reported; else the entry's price table applied to the
 * tokens it reported (the same arithmetic as for any provider); else null, unknown.
 */
function reportedCost(output: ExternalOutput, price: RunInput["model"]["price"]): number | null {
	const { cost_usd, input_tokens, output_tokens, cache_tokens } = output.telemetry;
	return costOf({ usage: { input_tokens, output_tokens, cache_tokens }, billed_cost_usd: cost_usd }, price);
}

/** Signals one process sends another (not those a process's own fault raises, such as SIGSEGV or SIGABRT). */
const SENT_SIGNALS: Readonly<Record<number, string>> = {
	1: "SIGHUP",
	2: "SIGINT",
	3: "SIGQUIT",
	9: "SIGKILL",
	10: "SIGUSR1",
	12: "SIGUSR2",
	15: "SIGTERM",
};

/**
 * The sent signal that ended the harness, or null. Under bubblewrap the harness is not the
 * sandbox's direct child, so its signal shows as exit code 128 + n, as in a shell.
 */
function killedFromInside(result: {
	readonly exit_code: number | null;
	readonly signal: string | null;
}): string | null {
	if (result.exit_code === null)
		return result.signal !== null && Object.values(SENT_SIGNALS).includes(result.signal) ? result.signal : null;
	return SENT_SIGNALS[result.exit_code - 128] ?? null;
}
