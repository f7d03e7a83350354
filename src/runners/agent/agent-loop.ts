import {
	type AttemptStatus,
	type ChatMessage,
	type Completion,
	type JsonValue,
	type ModelPrice,
	type Provider,
	ProviderError,
	type Sandbox,
	SandboxUnavailableError,
	type Step,
	TouchstoneError,
} from "../../contract/index.js";
import type { AgentTask } from "./agent-task.js";
import { agentToolDefinitions } from "./agent-tools.js";
import { startAttemptDeadline } from "./attempt-deadline.js";
import { type BudgetExhausted, BudgetMeter } from "./budget-meter.js";
import { runAgentTool, WorkdirFullError } from "./run-agent-tool.js";
import { replyAccount, type TaskDrive } from "./task-attempt.js";
import { ToolTally } from "./tool-tally.js";
import { TraceRecorder } from "./trace-recorder.js";
import { type TurnTiming, timingSummary } from "./turn-timing.js";

/** The system message when the task gives none. */
export const DEFAULT_AGENT_SYSTEM_PROMPT = [
	"You are working in a copy of a software repository: the working directory.",
	"Use the tools to look around, read files and change them; paths are relative to the working directory.",
	"When your change is complete, call `done` with a short summary of what you did.",
].join(" ");

/** What one run of the loop needs. */
export interface AgentLoopInput {
	readonly provider: Provider;
	readonly sandbox: Sandbox;
	readonly task: AgentTask;
	/** The model's price, for the cost budget when the provider bills nothing. */
	readonly price: ModelPrice | null;
	/** The run's stop; ends the loop promptly. */
	readonly signal: AbortSignal;
	/** Characters of one tool result the model gets. */
	readonly toolOutputChars: number;
	/** UTF-8 bytes of output (reply texts and tool-call arguments) the whole attempt may hold; see BudgetMeter. */
	readonly maxOutputBytes?: number | undefined;
	/**
	 * Called at the end of every turn with where its time went, and everything the attempt recorded
	 * so far (its steps and replies, growing), for a caller that logs each turn as it ends (a
	 * sprint's run log, so a killed run still has the calls it paid for).
	 */
	readonly onTurnEnd?: ((timing: TurnTiming, progress: AgentLoopProgress) => void) | undefined;
	/**
	 * A warm context to go on in (a sprint's `loop` mode): the conversation so far, which the loop
	 * extends in place with the task's prompt and every message after it. Its system message is the
	 * caller's; an empty one gets the task's. Absent: a fresh conversation per run of the loop.
	 */
	readonly conversation?: ChatMessage[] | undefined;
}

/** What the loop has recorded so far, at the end of a turn: the steps and the replies, in order. */
export interface AgentLoopProgress {
	readonly steps: readonly Step[];
	readonly replies: AgentLoopResult["replies"];
}

/** How the loop ended, and everything it recorded on the way: a task runner's drive. */
export type AgentLoopResult = TaskDrive;

/**
 * The agent's tool loop: sends the conversation with the tools, runs the tool calls of each reply
 * in order in the sandbox, and feeds their results back, until the model calls `done`, stops
 * calling tools, or a budget runs out. Never throws for the model's mistakes (they go back to it
 * as tool errors) nor for a provider failure (a status); throws only for a broken harness.
 */
export async function runAgentLoop(input: AgentLoopInput): Promise<AgentLoopResult> {
	const { provider, sandbox, task, signal } = input;
	const started = performance.now();
	const elapsed = () => performance.now() - started;
	const meter = new BudgetMeter(task.budget, input.price, input.maxOutputBytes ?? null);
	const trace = new TraceRecorder(started);
	const tally = new ToolTally();
	const replies: Pick<Completion, "usage" | "billed_cost_usd" | "timing" | "warnings">[] = [];
	const raw: JsonValue[] = [];
	const timings: TurnTiming[] = [];
	const tools = agentToolDefinitions(task.tools);
	const messages: ChatMessage[] = input.conversation ?? [];
	if (messages.length === 0)
		messages.push({ role: "system", content: task.system_prompt ?? DEFAULT_AGENT_SYSTEM_PROMPT });
	messages.push({ role: "user", content: task.prompt });
	let lastText: string | null = null;
	let retries = 0;

	// One stop for every model call and command of the attempt: the run's or the wall-time budget's.
	const deadline = startAttemptDeadline(signal, meter.timeLeftMs(0));
	const toolContext = {
		sandbox,
		shell: task.tools.shell,
		outputChars: input.toolOutputChars,
		timeLeftMs: () => meter.timeLeftMs(elapsed()),
		signal: deadline.signal,
	};

	const end = (
		status: AttemptStatus,
		error: string | null,
		final: string | null = lastText,
		stopped = false,
	): AgentLoopResult => ({
		status,
		error,
		aborted: stopped,
		final,
		trace: trace.steps,
		replies,
		raw,
		wall_ms: elapsed(),
		details: {
			...tally.toJson(),
			retries,
			budget_used: { turns: meter.turns, tokens: meter.tokens, wall_ms: Math.round(elapsed()) },
			timing: timingSummary(timings),
		},
	});
	const aborted = () =>
		end("harness_error", "aborted: the run was stopped before the attempt finished", lastText, true);
	const exhausted = (reason: BudgetExhausted, notRun = 0) =>
		end("limit", notRun === 0 ? reason.message : `${reason.message}; ${notRun} tool call(s) of the last reply not run`);

	try {
		for (let turn = 1; ; turn++) {
			const turnStarted = performance.now();
			let modelMs = 0;
			let toolMs = 0;
			const closeTurn = () => {
				const timing: TurnTiming = {
					turn,
					started_ms: turnStarted - started,
					turn_ms: performance.now() - turnStarted,
					model_ms: modelMs,
					tool_ms: toolMs,
				};
				timings.push(timing);
				input.onTurnEnd?.(timing, { steps: trace.steps, replies });
			};
			if (signal.aborted) return aborted();
			const refused = meter.beforeCall(elapsed());
			if (refused !== null) return exhausted(refused);

			let completion: Completion;
			const callStarted = performance.now();
			try {
				completion = await provider.complete({ messages, tools }, { signal: deadline.signal });
			} catch (error) {
				modelMs = performance.now() - callStarted;
				closeTurn();
				if (signal.aborted) return aborted();
				if (!(error instanceof ProviderError))
					return end("harness_error", `model call failed unexpectedly: ${describe(error)}`);
				retries += error.retries;
				if (deadline.passed()) return exhausted(meter.wallTimeExhausted());
				return providerFailure(error, end);
			}
			modelMs = performance.now() - callStarted;
			retries += completion.retries;
			replies.push(replyAccount(completion));
			raw.push(completion.raw);
			const calls = completion.tool_calls;
			trace.reply(completion.text, completion.usage.output_tokens, calls.length > 0);
			if (completion.text !== "") lastText = completion.text;

			const overspent = meter.afterReply(completion);
			if (overspent !== null) {
				for (const call of calls) trace.call(call);
				closeTurn();
				return exhausted(overspent, calls.length);
			}
			if (calls.length === 0) {
				closeTurn();
				if (completion.finish_reason === "content-filter")
					return end("failed", "the provider's content filter stopped the model's reply");
				return end("completed", null);
			}

			messages.push({ role: "assistant", content: completion.text, tool_calls: calls });
			for (const [index, call] of calls.entries()) {
				if (signal.aborted || deadline.passed()) {
					for (const rest of calls.slice(index)) trace.call(rest);
					closeTurn();
					return signal.aborted ? aborted() : exhausted(meter.wallTimeExhausted(), calls.length - index);
				}
				trace.call(call);
				tally.call(call.name);
				const toolStarted = performance.now();
				const outcome = await runAgentTool(call, toolContext);
				toolMs += performance.now() - toolStarted;
				if (outcome.done_summary !== null) {
					// `done` ends the attempt: its call is the last step that counts.
					for (const rest of calls.slice(index + 1)) trace.call(rest);
					closeTurn();
					return end("completed", null, outcome.done_summary);
				}
				trace.result(call, outcome);
				if (outcome.error_kind !== null) tally.error(outcome.error_kind);
				messages.push({ role: "tool", tool_call_id: call.id, content: outcome.content });
			}
			closeTurn();
		}
	} catch (error) {
		if (signal.aborted) return aborted();
		if (deadline.passed()) return exhausted(meter.wallTimeExhausted());
		if (error instanceof WorkdirFullError) return end("limit", error.message);
		if (
			error instanceof SandboxUnavailableError ||
			(error instanceof TouchstoneError && error.code.startsWith("sandbox"))
		)
			return end("harness_error", `the sandbox failed: ${error.message}`);
		return end("tool_error", `a tool broke: ${describe(error)}`);
	} finally {
		deadline.clear();
	}
}

/**
 * A failed model call as an outcome. A call that timed out after its retries is `timeout`, a
 * graded failure of the model (as for single-shot); every other failure (rate limits, outages,
 * garbled replies, a rejected key or request) is the endpoint's or the configuration's, never the
 * model's: `harness_error`.
 */
function providerFailure(
	error: ProviderError,
	end: (status: AttemptStatus, error: string) => AgentLoopResult,
): AgentLoopResult {
	const outcome = providerFailureOutcome(error);
	return end(outcome.status, outcome.error);
}

/** The status and message of a model call that failed after its retries; see {@link providerFailure}. */
export function providerFailureOutcome(error: ProviderError): { status: AttemptStatus; error: string } {
	const retries = error.retries === 1 ? "1 retry" : `${error.retries} retries`;
	const message = `model call failed (${error.kind} after ${retries}): ${error.message}`;
	return { status: error.kind === "timeout" ? "timeout" : "harness_error", error: message };
}

function describe(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
