import {
	type ChatMessage,
	type Completion,
	type CompletionRequest,
	type JsonObject,
	type Provider,
	ProviderError,
	type SandboxExecResult,
} from "../contract/index.js";
import { DEFAULT_MAX_OUTPUT_BYTES, outputCapWarning } from "./entry-settings.js";
import { redact } from "./secrets.js";

/** One run of a `command` model's program. */
export interface CommandLaunch {
	/** The rendered prompt, written to the program's stdin. */
	readonly stdin: string;
	/** Milliseconds before its whole process tree is killed. */
	readonly timeoutMs: number;
	/** Bytes of stdout kept. */
	readonly outputBytes: number;
	/** Called with each chunk of stdout as it arrives (the first one times the first token). */
	readonly onStdout: (chunk: Uint8Array) => void;
}

/** How the program ended, and where it ran. */
export interface CommandLaunchResult extends SandboxExecResult {
	/** Whether stdout went past `outputBytes`. */
	readonly stdout_truncated: boolean;
	/** The program, when it was not found where it was to run. */
	readonly missing_program: string | null;
	/** What the program could reach (backend, isolation, network, mounts, variable names), for the record. */
	readonly reach: JsonObject;
	/**
	 * When the program was started (`performance.now()`), its sandbox made: latency and time to
	 * first token count from here, so making the sandbox is not charged to the model.
	 */
	readonly started_at: number;
}

/**
 * Runs a `command` model's program, isolated: the orchestrator's sandbox (bubblewrap, an empty
 * private workdir, the entry's variables and network only). Injected, because providers know no
 * sandbox. Rejects for a sandbox that cannot be made (with how to fix it) or an abort.
 */
export interface CommandLauncher {
	/** The program and its arguments, as the entry names them. */
	readonly argv: readonly string[];
	/** Values the program gets that are secrets (its key): redacted from every error message. */
	readonly secrets: readonly string[];
	/** Runs it once. */
	launch(launch: CommandLaunch, options: { readonly signal: AbortSignal }): Promise<CommandLaunchResult>;
}

/** How to run a program as a model. */
export interface CommandProviderConfig {
	/** See Provider.id. */
	readonly id: string;
	/** Milliseconds before the program is killed and the call fails as a timeout. */
	readonly timeoutMs: number;
	/** Runs the program; see {@link CommandLauncher}. */
	readonly launcher: CommandLauncher;
	/** Values redacted from every error message besides the launcher's own (header values). */
	readonly secrets: readonly string[];
	/** Bytes of a reply kept (the entry's `options.max_output_bytes`, default 4 MiB); a longer one is cut and marked `length`. */
	readonly outputBytes?: number;
}

/** Bytes of a program's reply kept by default: the default output cap of every provider. */
export const DEFAULT_COMMAND_OUTPUT_BYTES = DEFAULT_MAX_OUTPUT_BYTES;
const STDERR_LIMIT = 4096;

/**
 * A Provider that runs a program per call through its launcher (in the sandbox): the rendered
 * prompt on its stdin, its stdout is the reply (one trailing newline dropped; cut at the output
 * limit, with `finish_reason: length`). Latency counts from the program's start, its sandbox
 * made; time to first token is the first byte on stdout. It
 * reports no usage, so its cost is known only from a price of zero (see `costOf`). A non-zero
 * exit fails the call without a retry (a crashing program rarely heals); a timeout or an abort
 * kills the program's whole process tree. The reply's `raw` says what the program could reach.
 * Its secrets are masked in the errors it throws; a reply (stdout, stderr) is returned as printed,
 * for the run to redact what it stores, counted.
 */
export function createCommandProvider(config: CommandProviderConfig): Provider {
	return {
		specificationVersion: "v1",
		id: config.id,
		endpoint: null,
		complete: (request, options) => run(config, request, options.signal),
	};
}

/** The text a command provider writes to the program's stdin: system text, then the conversation. */
export function renderPrompt(messages: readonly ChatMessage[]): string {
	const onlySystemAndOneUser =
		messages.filter((message) => message.role === "user").length === 1 &&
		messages.every((message) => message.role === "system" || message.role === "user");
	if (onlySystemAndOneUser) return messages.map((message) => message.content).join("\n\n");
	return messages
		.map((message) => {
			const calls =
				message.role === "assistant" && message.tool_calls !== undefined && message.tool_calls.length > 0
					? `\n${message.tool_calls.map((call) => `[tool call ${call.name} ${JSON.stringify(call.arguments)}]`).join("\n")}`
					: "";
			return `${message.role.toUpperCase()}:\n${message.content}${calls}`;
		})
		.join("\n\n");
}

async function run(
	config: CommandProviderConfig,
	request: CompletionRequest,
	signal: AbortSignal,
): Promise<Completion> {
	const secrets = [...config.secrets, ...config.launcher.secrets];
	const program = config.launcher.argv[0] ?? "";
	const fail = (message: string, details: ConstructorParameters<typeof ProviderError>[1]) =>
		new ProviderError(`${config.id}: ${redact(message, secrets)}`, details);
	if (request.tools !== undefined && request.tools.length > 0)
		throw fail("the command provider cannot offer tools to a program", { kind: "bad-request" });
	if (signal.aborted) throw fail("the call was cancelled", { kind: "aborted" });
	if (program === "") throw fail("the entry's command is empty", { kind: "bad-request" });

	let firstOutput: number | null = null;
	let result: CommandLaunchResult;
	try {
		result = await config.launcher.launch(
			{
				stdin: renderPrompt(request.messages),
				timeoutMs: config.timeoutMs,
				outputBytes: config.outputBytes ?? DEFAULT_COMMAND_OUTPUT_BYTES,
				onStdout: () => {
					firstOutput ??= performance.now();
				},
			},
			{ signal },
		);
	} catch (error) {
		if (signal.aborted) throw fail("the call was cancelled", { kind: "aborted" });
		throw fail(`could not run \`${program}\`: ${error instanceof Error ? error.message : String(error)}`, {
			kind: "bad-request",
		});
	}
	const end = performance.now();
	const start = Math.min(result.started_at, firstOutput ?? end);
	const tail = result.stderr.slice(-STDERR_LIMIT).trim();
	if (result.timed_out)
		throw fail(`\`${program}\` gave no complete reply within ${config.timeoutMs / 1000} s and was killed`, {
			kind: "timeout",
			retryable: true,
		});
	if (result.missing_program !== null)
		throw fail(
			`could not start \`${result.missing_program}\`: it is not found inside the sandbox, or not executable there; install it under /usr, give its absolute path, or show its folder with the entry's \`mounts:\``,
			{ kind: "bad-request" },
		);
	if (result.exit_code !== 0)
		throw fail(
			`\`${program}\` ${result.exit_code === null ? `was killed by ${result.signal}` : `exited with code ${result.exit_code}`}${tail === "" ? "" : `: ${tail.split("\n").slice(-5).join(" | ")}`}`,
			{ kind: "server", retryable: false },
		);
	const outputBytes = config.outputBytes ?? DEFAULT_COMMAND_OUTPUT_BYTES;
	const reply = result.stdout_truncated ? result.stdout : result.stdout.replace(/\r?\n$/, "");
	return {
		// As the program printed it, its key too: the run redacts what it stores, and counts it.
		text: reply,
		tool_calls: [],
		finish_reason: result.stdout_truncated ? "length" : "stop",
		usage: { input_tokens: null, output_tokens: null, cache_tokens: null },
		billed_cost_usd: null,
		timing: {
			latency_ms: end - start,
			ttft_ms: firstOutput === null ? null : firstOutput - start,
			generation_ms: firstOutput === null ? null : end - firstOutput,
		},
		retries: 0,
		raw: {
			provider: config.id,
			exit_code: 0,
			stderr: tail,
			truncated: result.stdout_truncated,
			sandbox: result.reach,
		},
		...(result.stdout_truncated ? { warnings: [outputCapWarning(outputBytes)] } : {}),
	};
}
