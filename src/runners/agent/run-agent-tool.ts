import {
	type Sandbox,
	type SandboxEntry,
	type SandboxExecResult,
	SandboxPathError,
	type ToolCall,
	TouchstoneError,
} from "../../contract/index.js";
import { AGENT_TOOL_NAMES, type AgentToolName, describeArgumentIssues, TOOL_ARGUMENTS } from "./agent-tools.js";
import { clipLines, clipMiddle } from "./tool-output.js";

/**
 * Why a tool call failed, as counted in provenance: unusable arguments, a tool that does not
 * exist (or is not offered), a path outside the workdir or missing, a file operation the system
 * refused, or a command that failed (non-zero exit, killed, timed out).
 */
export const TOOL_ERROR_KINDS = ["arguments", "unknown_tool", "path", "file", "command"] as const;
/** One of {@link TOOL_ERROR_KINDS}. */
export type ToolErrorKind = (typeof TOOL_ERROR_KINDS)[number];

/** What one tool call gave back to the model. */
export interface ToolOutcome {
	/** The rendered result, as the model reads it. */
	readonly content: string;
	/** Whether it is an error returned to the model; see `error_kind`. */
	readonly is_error: boolean;
	/** Why it failed, when it did. */
	readonly error_kind: ToolErrorKind | null;
	/** The summary of a valid `done` call, which ends the attempt; null for any other call. */
	readonly done_summary: string | null;
}

/** What a tool call may use. */
export interface ToolContext {
	readonly sandbox: Sandbox;
	/** Whether `run_command` is offered. */
	readonly shell: boolean;
	/** Characters of a result the model gets. */
	readonly outputChars: number;
	/** Milliseconds left of the attempt's wall-time budget; bounds every command. */
	timeLeftMs(): number;
	/** Stops a running command. */
	readonly signal: AbortSignal;
}

const failure = (error_kind: ToolErrorKind, content: string): ToolOutcome => ({
	content,
	is_error: true,
	error_kind,
	done_summary: null,
});
const success = (content: string): ToolOutcome => ({ content, is_error: false, error_kind: null, done_summary: null });

/**
 * Runs one tool call of the model. Everything the model got wrong (arguments, an unknown tool,
 * a path outside the workdir, a failing command) is a tool error returned to it, never a throw.
 * Throws only for what is not the model's doing: an abort, a sandbox that broke or was disposed,
 * or an unexpected failure of the tool itself.
 */
export async function runAgentTool(call: ToolCall, context: ToolContext): Promise<ToolOutcome> {
	if (call.arguments_error !== undefined)
		return failure(
			"arguments",
			`invalid arguments for ${call.name || "the call"}: ${call.arguments_error}; send a JSON object`,
		);
	const name = call.name as AgentToolName;
	if (!AGENT_TOOL_NAMES.includes(name) || (name === "run_command" && !context.shell)) {
		const offered = AGENT_TOOL_NAMES.filter((tool) => tool !== "run_command" || context.shell).join(", ");
		const why =
			name === "run_command" ? "run_command is not available in this task (no shell)" : `unknown tool \`${call.name}\``;
		return failure("unknown_tool", `${why}; the tools are ${offered}`);
	}
	try {
		return await runKnownTool(name, call, context);
	} catch (error) {
		if (error instanceof SandboxPathError) return failure("path", error.message);
		if (isSystemRefusal(error)) return failure("file", `${name} failed: ${error.message}`);
		throw error;
	}
}

/** A command filled the workdir past its size limit: the attempt ends as `limit`, and is still graded. */
export class WorkdirFullError extends TouchstoneError {
	constructor(message: string) {
		super("workdir-full", message);
		this.name = "WorkdirFullError";
	}
}

async function runKnownTool(name: AgentToolName, call: ToolCall, context: ToolContext): Promise<ToolOutcome> {
	const { sandbox, outputChars } = context;
	switch (name) {
		case "list_dir": {
			const parsed = TOOL_ARGUMENTS.list_dir.safeParse(call.arguments);
			if (!parsed.success) return failure("arguments", describeArgumentIssues(name, parsed.error));
			const entries = await sandbox.list(parsed.data.path ?? ".");
			return success(clipMiddle(renderEntries(entries), outputChars));
		}
		case "read_file": {
			const parsed = TOOL_ARGUMENTS.read_file.safeParse(call.arguments);
			if (!parsed.success) return failure("arguments", describeArgumentIssues(name, parsed.error));
			const { path, start_line, end_line } = parsed.data;
			const content = await sandbox.read(path);
			return success(clipLines(content, start_line ?? 1, end_line, outputChars));
		}
		case "write_file": {
			const parsed = TOOL_ARGUMENTS.write_file.safeParse(call.arguments);
			if (!parsed.success) return failure("arguments", describeArgumentIssues(name, parsed.error));
			const { path, content } = parsed.data;
			await sandbox.write(path, content);
			return success(`wrote ${Buffer.byteLength(content).toLocaleString("en-US")} bytes to ${path}`);
		}
		case "run_command": {
			const parsed = TOOL_ARGUMENTS.run_command.safeParse(call.arguments);
			if (!parsed.success) return failure("arguments", describeArgumentIssues(name, parsed.error));
			const timeoutMs = Math.min(sandbox.provenance.timeout_ms, context.timeLeftMs());
			if (timeoutMs <= 0) return failure("command", "not run: the attempt's wall-time budget is used up");
			const result = await sandbox.exec(
				{ command: parsed.data.command, timeout_ms: timeoutMs },
				{ signal: context.signal },
			);
			if (result.workdir_full) throw new WorkdirFullError(result.stderr.trim());
			const failed = result.timed_out || result.exit_code !== 0;
			const content = renderCommand(result, timeoutMs, outputChars);
			return failed ? failure("command", content) : success(content);
		}
		case "done": {
			const parsed = TOOL_ARGUMENTS.done.safeParse(call.arguments);
			if (!parsed.success) return failure("arguments", describeArgumentIssues(name, parsed.error));
			return { content: "done", is_error: false, error_kind: null, done_summary: parsed.data.summary };
		}
	}
}

function renderEntries(entries: readonly SandboxEntry[]): string {
	if (entries.length === 0) return "(empty folder)";
	return entries
		.map((entry) => {
			if (entry.kind === "directory") return `${entry.path}/`;
			if (entry.kind === "file") return `${entry.path} (${entry.size_bytes ?? 0} bytes)`;
			return `${entry.path} (${entry.kind})`;
		})
		.join("\n");
}

/** Exit status first, then each non-empty stream; the model's share of the output split between them. */
function renderCommand(result: SandboxExecResult, timeoutMs: number, outputChars: number): string {
	const status = result.timed_out
		? `timed out after ${Number((timeoutMs / 1000).toFixed(1))} s and was killed`
		: result.exit_code === null
			? `killed by ${result.signal ?? "a signal"}`
			: `exit code ${result.exit_code}`;
	const parts = [status];
	const streams = [
		["stdout", result.stdout],
		["stderr", result.stderr],
	].filter(([, text]) => text !== "");
	const share = Math.floor(outputChars / Math.max(1, streams.length));
	for (const [label, text] of streams) parts.push(`--- ${label} ---\n${clipMiddle(text ?? "", share)}`);
	if (result.truncated) parts.push("[the sandbox kept only the start of the output: the command wrote more]");
	return parts.join("\n");
}

/** A file operation the system refused (permission, a file too large, a folder in the way): the model's to handle. */
function isSystemRefusal(error: unknown): error is NodeJS.ErrnoException {
	const code = (error as NodeJS.ErrnoException | null)?.code;
	return error instanceof Error && typeof code === "string" && /^E[A-Z]+$/.test(code);
}
