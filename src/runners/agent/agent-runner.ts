import type { Attempt, ModelEntry, Provider, RunInput, Runner } from "../../contract/index.js";
import { entrySettings } from "../../providers/index.js";
import { runAgentLoop } from "./agent-loop.js";
import type { ResolveTask } from "./agent-task.js";
import { runTaskAttempt, type TaskSandboxOptions } from "./task-attempt.js";
import { DEFAULT_TOOL_OUTPUT_CHARS } from "./tool-output.js";
import type { TurnTiming } from "./turn-timing.js";

/** Id of the agent harness, shown on the leaderboard. */
export const AGENT_RUNNER_ID = "agent";
/** Its version; bump it when the tools, the default prompt, the budgets' meaning or the attempt change. */
export const AGENT_RUNNER_VERSION = "2";

/** What the agent runner needs. */
export interface AgentRunnerOptions {
	/** The provider for an entry, usually `createModelProvider` with the run's limiter. May throw. */
	providerFor(model: ModelEntry): Provider;
	/** The task of a case (prompt, fixture, budget, tools); the plugin's mapping. May throw. */
	readonly resolveTask: ResolveTask;
	/** How sandboxes are made; default bubblewrap, refused where it cannot run (see createSandbox). */
	readonly sandbox?: TaskSandboxOptions;
	/** Characters of one tool result the model gets (default 20,000); the cut is said to the model. */
	readonly toolOutputChars?: number;
	/** Called at the end of every turn with where its time went (model, tools, the loop itself). */
	readonly onTurnEnd?: (timing: TurnTiming) => void;
}

/**
 * The agent harness: a tool loop over native tool calling in a fresh sandbox copy of the task's
 * fixture, with `list_dir`, `read_file`, `write_file`, `run_command` (when the task allows a
 * shell) and `done`. The model's mistakes go back to it as tool errors and are counted.
 *
 * Outcomes: `completed` when the model calls `done` (its summary is the final) or stops calling
 * tools (its last text is); `limit` when a budget (turns, tokens, wall time, cost) runs out;
 * `timeout` when a model call timed out after its retries; `failed` when the provider's content
 * filter stopped the model; `tool_error` when a tool itself broke; `harness_error` for an endpoint
 * that failed after retries, a task or sandbox that could not be set up, or an abort. The
 * wall-time budget and the latency count from the sandbox being ready, so a slow copy of a large
 * fixture is not charged to the model. Every
 * attempt that got a sandbox returns its diff and its workspace (so a `limit` is still verified),
 * except an aborted one, whose sandbox is disposed at once. Nothing is thrown.
 */
export function createAgentRunner(options: AgentRunnerOptions): Runner {
	return {
		specificationVersion: "v1",
		id: AGENT_RUNNER_ID,
		version: AGENT_RUNNER_VERSION,
		run: (input, { signal }) => runAgent(options, input, signal),
	};
}

async function runAgent(options: AgentRunnerOptions, input: RunInput, signal: AbortSignal): Promise<Attempt> {
	const shell = { ...options, id: AGENT_RUNNER_ID, version: AGENT_RUNNER_VERSION };
	return runTaskAttempt(shell, input, signal, async ({ provider, sandbox, task, entry }) => {
		const loop = await runAgentLoop({
			provider,
			sandbox,
			task,
			price: entry.price,
			signal,
			toolOutputChars: options.toolOutputChars ?? DEFAULT_TOOL_OUTPUT_CHARS,
			maxOutputBytes: entrySettings(entry).maxOutputBytes,
			onTurnEnd: options.onTurnEnd,
		});
		return { ...loop, details: { shell: task.tools.shell, ...loop.details } };
	});
}
