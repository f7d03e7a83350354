import type {
	ChatMessage,
	JsonObject,
	ModelPrice,
	OrchestrationMode,
	Provider,
	Sandbox,
	SprintLogRole,
} from "../../contract/index.js";
import { type AgentLoopProgress, type AgentLoopResult, runAgentLoop } from "../agent/index.js";
import {
	chunkPrompt,
	chunkRequest,
	listItems,
	loopResumePrompt,
	loopTaskPrompt,
	SPRINT_SYSTEM_PROMPT,
	taskListRequest,
	validatorPrompt,
} from "./briefing.js";

/** Where the calls of one milestone attempt are recorded (the run's ndjson log). */
export interface DriveLog {
	/** One finished turn of an agent-loop run: the steps and replies it added, logged as the turn ends. */
	turn(
		role: SprintLogRole,
		steps: AgentLoopResult["trace"],
		replies: readonly Pick<AgentLoopResult["replies"][number], "usage" | "billed_cost_usd">[],
	): void;
	/**
	 * One agent-loop run of the attempt ended, as its role saw it: its status, and the steps and
	 * replies no `turn` logged yet (all of them for a worker that reports only at its end).
	 */
	worker(
		role: SprintLogRole,
		result: {
			readonly status: AgentLoopResult["status"];
			readonly trace: AgentLoopResult["trace"];
			readonly replies: readonly Pick<AgentLoopResult["replies"][number], "usage" | "billed_cost_usd">[];
		},
	): void;
	/** A worker context that ended because its context budget ran out. */
	contextDeath(role: SprintLogRole, text: string): void;
	/** Something that went wrong outside a call (a validator reply that is not the JSON asked for). */
	error(role: SprintLogRole, text: string, data?: JsonObject): void;
}

/** What one milestone attempt is driven with. */
export interface DriveRequest {
	readonly mode: OrchestrationMode;
	readonly provider: Provider;
	readonly price: ModelPrice | null;
	readonly sandbox: Sandbox;
	readonly briefing: string;
	/** Turns each agent-loop run may take. */
	readonly turns: number;
	/** Wall-clock seconds the whole attempt may take. */
	readonly timeoutS: number;
	/** Prompt tokens past which a `loop` context is dead and a fresh one takes over. */
	readonly contextTokens: number;
	readonly log: DriveLog;
	readonly signal: AbortSignal;
}

/** How the attempt's driving ended: the worst status of its runs, and every run. */
export interface DriveOutcome {
	/** `harness_error` when any run was the harness's failure (the attempt is then not the model's), else the last run's. */
	readonly status: AgentLoopResult["status"];
	readonly error: string | null;
	readonly aborted: boolean;
	readonly runs: readonly AgentLoopResult[];
	/** The worker's last summary. */
	readonly final: string | null;
}

/**
 * Drives one milestone attempt in `sandbox` on the agent harness, in the orchestration mode asked:
 * `direct` hands the briefing to one worker as a plain prompt; `loop` has the worker write a task
 * list, then works it in one warm context, each task's `done` note handed to the next, a fresh
 * context taking over (with the notes) when the last prompt passed the context budget; `orchestrate`
 * has the worker cut the milestone into chunks, briefs a fresh worker per chunk and asks a fresh
 * validator about each, re-briefing a rejected chunk once with the validator's notes. Every call
 * is the pinned model's: the runner never writes code.
 */
export async function driveMilestone(request: DriveRequest): Promise<DriveOutcome> {
	const started = performance.now();
	const runs: AgentLoopResult[] = [];
	const secondsLeft = () => Math.max(1, request.timeoutS - (performance.now() - started) / 1000);
	const call = async (role: SprintLogRole, prompt: string, conversation?: ChatMessage[]) => {
		// Each turn is logged as it ends, so a run killed mid-attempt keeps the calls it paid for.
		let steps = 0;
		let replies = 0;
		const unlogged = (progress: AgentLoopProgress) => {
			const fresh = { trace: progress.steps.slice(steps), replies: progress.replies.slice(replies) };
			steps = progress.steps.length;
			replies = progress.replies.length;
			return fresh;
		};
		const result = await runAgentLoop({
			onTurnEnd: (_timing, progress) => {
				const fresh = unlogged(progress);
				if (fresh.trace.length > 0 || fresh.replies.length > 0) request.log.turn(role, fresh.trace, fresh.replies);
			},
			provider: request.provider,
			sandbox: request.sandbox,
			price: request.price,
			signal: request.signal,
			toolOutputChars: 8000,
			conversation,
			task: {
				prompt,
				fixtureDir: request.sandbox.workdir,
				budget: { turns: request.turns, tokens: null, timeout_s: secondsLeft(), cost_usd: null },
				tools: { shell: true },
				system_prompt: SPRINT_SYSTEM_PROMPT,
			},
		});
		runs.push(result);
		request.log.worker(role, { status: result.status, ...unlogged({ steps: result.trace, replies: result.replies }) });
		return result;
	};
	const stop = (last: AgentLoopResult | undefined) =>
		last !== undefined && (last.aborted || last.status === "harness_error");
	const outcome = (final: string | null): DriveOutcome => {
		const broken = runs.find((run) => run.aborted || run.status === "harness_error");
		const last = broken ?? runs.at(-1);
		return {
			status: last?.status ?? "completed",
			error: last?.error ?? null,
			aborted: runs.some((run) => run.aborted),
			runs,
			final,
		};
	};

	if (request.mode === "direct") {
		const result = await call("worker", request.briefing);
		return outcome(result.final);
	}

	if (request.mode === "loop") {
		const listed = await call("planner", taskListRequest(request.briefing));
		if (stop(listed)) return outcome(null);
		const tasks = listItems(listed.final ?? "", 8);
		if (tasks.length === 0) tasks.push("the whole milestone, as briefed");
		const notes: string[] = [];
		let conversation: ChatMessage[] = [];
		for (const [index, task] of tasks.entries()) {
			const fresh = conversation.length === 0;
			const handOff = notes.at(-1) ?? null;
			const asked = loopTaskPrompt(task, index + 1, tasks.length, fresh ? null : handOff);
			const prompt = fresh
				? `${notes.length === 0 ? request.briefing : loopResumePrompt(request.briefing, notes)}\n\n${asked}`
				: asked;
			const result = await call("worker", prompt, conversation);
			if (stop(result)) return outcome(null);
			notes.push(result.final ?? `task ${index + 1} ended without a note (${result.status})`);
			const lastPrompt = result.replies.at(-1)?.usage.input_tokens ?? null;
			if (result.status === "limit" || (lastPrompt !== null && lastPrompt > request.contextTokens)) {
				request.log.contextDeath(
					"worker",
					result.status === "limit"
						? `the context ended at its budget: ${result.error ?? ""}`
						: `the context held ${lastPrompt} prompt tokens, over the budget of ${request.contextTokens}`,
				);
				conversation = [];
			}
			if (secondsLeft() <= 1) break;
		}
		return outcome(notes.at(-1) ?? null);
	}

	const cut = await call("planner", chunkRequest(request.briefing));
	if (stop(cut)) return outcome(null);
	const chunks = listItems(cut.final ?? "", 5);
	if (chunks.length === 0) chunks.push("the whole milestone, as briefed");
	let final: string | null = null;
	for (const [index, chunk] of chunks.entries()) {
		let notes: string | null = null;
		for (let round = 0; round < 2; round++) {
			const worked = await call("worker", chunkPrompt(request.briefing, chunk, index + 1, chunks.length, notes));
			if (stop(worked)) return outcome(null);
			final = worked.final;
			const checked = await call("validator", validatorPrompt(chunk, index + 1, chunks.length, worked.final));
			if (stop(checked)) return outcome(null);
			const verdict = readVerdict(checked.final);
			if (verdict === null) {
				request.log.error(
					"validator",
					"the validator's reply is not the JSON asked for; the chunk counts as not validated",
					{
						reply: (checked.final ?? "").slice(0, 500),
					},
				);
				notes = "The validator could not give a verdict; check your chunk against the briefing again.";
				continue;
			}
			if (verdict.verdict === "pass") break;
			notes = verdict.notes;
		}
	}
	return outcome(final);
}

/** `{"verdict": "pass"|"fail", "notes": "..."}` from a validator's reply (a fenced block allowed), or null. */
export function readVerdict(text: string | null): { verdict: "pass" | "fail"; notes: string } | null {
	if (text === null) return null;
	const body = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1] ?? text;
	try {
		const parsed = JSON.parse(body.trim()) as { verdict?: unknown; notes?: unknown };
		if (parsed.verdict !== "pass" && parsed.verdict !== "fail") return null;
		return { verdict: parsed.verdict, notes: typeof parsed.notes === "string" ? parsed.notes : "" };
	} catch {
		return null;
	}
}
