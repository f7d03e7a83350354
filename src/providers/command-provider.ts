import { spawn } from "node:child_process";
import {
	type ChatMessage,
	type Completion,
	type CompletionRequest,
	type Provider,
	ProviderError,
} from "../contract/index.js";
import { redact } from "./secrets.js";

/** How to run a local program as a model. */
export interface CommandProviderConfig {
	/** See Provider.id. */
	readonly id: string;
	/** Program and arguments; the program is looked up on PATH. */
	readonly command: readonly string[];
	/** Milliseconds before the program is killed and the call fails as a timeout. */
	readonly timeoutMs: number;
	/** The program's environment. */
	readonly env: Readonly<Record<string, string | undefined>>;
	/** Values redacted from every message and raw reply. */
	readonly secrets: readonly string[];
}

const STDERR_LIMIT = 4096;

/**
 * A Provider that runs a program per call: the rendered prompt on its stdin, its stdout is the
 * reply (one trailing newline dropped). Time to first token is the first byte on stdout. It
 * reports no usage, so its cost is known only from a price of zero (see `costOf`). A non-zero
 * exit fails the call without a retry (a crashing program rarely heals); a timeout or an abort
 * kills the program's whole process group.
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

function run(config: CommandProviderConfig, request: CompletionRequest, signal: AbortSignal): Promise<Completion> {
	const fail = (message: string, details: ConstructorParameters<typeof ProviderError>[1]) =>
		new ProviderError(`${config.id}: ${redact(message, config.secrets)}`, details);
	if (request.tools !== undefined && request.tools.length > 0)
		return Promise.reject(fail("the command provider cannot offer tools to a program", { kind: "bad-request" }));
	if (signal.aborted) return Promise.reject(fail("the call was cancelled", { kind: "aborted" }));
	const [program, ...args] = config.command;
	if (program === undefined) return Promise.reject(fail("the entry's command is empty", { kind: "bad-request" }));

	return new Promise<Completion>((resolve, reject) => {
		const start = performance.now();
		let firstOutput: number | null = null;
		let stopped: "timeout" | "aborted" | null = null;
		const stdout: Buffer[] = [];
		let stderr = "";
		// Its own process group, so a timeout or abort kills the program and everything it started.
		const child = spawn(program, args, { stdio: ["pipe", "pipe", "pipe"], detached: true, env: config.env });
		const killTree = () => {
			try {
				if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
			} catch {
				// Already gone.
			}
		};
		const stop = (reason: "timeout" | "aborted") => {
			stopped ??= reason;
			killTree();
		};
		const timer = setTimeout(() => stop("timeout"), config.timeoutMs);
		const onAbort = () => stop("aborted");
		signal.addEventListener("abort", onAbort, { once: true });
		const settle = () => {
			clearTimeout(timer);
			signal.removeEventListener("abort", onAbort);
		};

		child.stdout.on("data", (chunk: Buffer) => {
			firstOutput ??= performance.now();
			stdout.push(chunk);
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_LIMIT);
		});
		// A program that exits without reading its stdin makes writes fail with EPIPE; its exit says more.
		child.stdin.on("error", () => {});
		child.stdin.end(renderPrompt(request.messages));

		child.on("error", (error) => {
			settle();
			killTree();
			reject(fail(`could not start \`${program}\`: ${error.message}`, { kind: "bad-request" }));
		});
		child.on("close", (code, signalName) => {
			settle();
			const end = performance.now();
			if (stopped === "timeout")
				return reject(
					fail(`\`${program}\` gave no complete reply within ${config.timeoutMs / 1000} s and was killed`, {
						kind: "timeout",
						retryable: true,
					}),
				);
			if (stopped === "aborted") return reject(fail("the call was cancelled", { kind: "aborted" }));
			const tail = stderr.trim();
			if (code !== 0)
				return reject(
					fail(
						`\`${program}\` ${code === null ? `was killed by ${signalName}` : `exited with code ${code}`}${tail === "" ? "" : `: ${tail.split("\n").slice(-5).join(" | ")}`}`,
						{ kind: "server", retryable: false },
					),
				);
			const text = redact(
				Buffer.concat(stdout)
					.toString("utf8")
					.replace(/\r?\n$/, ""),
				config.secrets,
			);
			resolve({
				text,
				tool_calls: [],
				finish_reason: "stop",
				usage: { input_tokens: null, output_tokens: null, cache_tokens: null },
				billed_cost_usd: null,
				timing: {
					latency_ms: end - start,
					ttft_ms: firstOutput === null ? null : firstOutput - start,
					generation_ms: firstOutput === null ? null : end - firstOutput,
				},
				retries: 0,
				raw: { provider: config.id, exit_code: 0, stderr: redact(tail, config.secrets) },
			});
		});
	});
}
