import { randomBytes } from "node:crypto";
import type { CompletionUsage, SprintLogEntry, SprintLogRole, Step } from "../../contract/index.js";
import type { SprintLog } from "./sprint-log.js";

/** Where in the run a trace belongs: its milestone, attempt and who produced it. */
export interface AgentTraceContext {
	readonly segment: string | null;
	readonly attempt: number | null;
	readonly role: SprintLogRole;
}

/** What the log keeps of one model reply (our agent loop's `replies`, see `replyAccount`). */
export interface AgentTraceReply {
	readonly usage: CompletionUsage;
	readonly billed_cost_usd: number | null;
}

/**
 * Appends one finished agent-loop drive to the sprint log: each step in order (a `thought` or
 * `message` as a `message` entry, a thought marked `data.thought`; a `tool_call` with its parsed
 * arguments, or `malformed` with `raw` the reason when the step's arguments are null; a
 * `tool_result` paired with the earliest unanswered call of the same tool), then one `usage`
 * entry per reply, in order, since a trace does not mark where one reply's steps end. `priced`
 * gives a reply's price-table cost (null when the model has no price). Call ids are unique to
 * this call (a random token and a counter), as the trace keeps none. Returns the entries written.
 */
export function logAgentTrace(
	log: SprintLog,
	context: AgentTraceContext,
	steps: readonly Step[],
	replies: readonly AgentTraceReply[],
	priced: (usage: CompletionUsage) => number | null,
): readonly SprintLogEntry[] {
	const { segment, attempt, role } = context;
	const token = randomBytes(4).toString("hex");
	const pending: { id: string; name: string }[] = [];
	const written: SprintLogEntry[] = [];
	let calls = 0;
	for (const step of steps) {
		if (step.kind === "thought" || step.kind === "message") {
			if (step.content === "") continue;
			written.push(
				log.append({
					kind: "message",
					segment,
					attempt,
					role,
					text: step.content,
					...(step.kind === "thought" ? { data: { thought: true } } : {}),
				}),
			);
		} else if (step.kind === "tool_call") {
			calls += 1;
			const id = `${token}-${calls}`;
			const name = step.tool ?? "";
			pending.push({ id, name });
			const malformed = step.arguments === null;
			written.push(
				log.append({
					kind: "tool_call",
					segment,
					attempt,
					role,
					call: { id, name, arguments: step.arguments, malformed, ...(malformed ? { raw: step.content } : {}) },
				}),
			);
		} else {
			const name = step.tool ?? "";
			const index = pending.findIndex((call) => call.name === name);
			const answered = index === -1 ? undefined : pending.splice(index, 1)[0];
			written.push(
				log.append({
					kind: "tool_result",
					segment,
					attempt,
					role,
					result: { call_id: answered?.id ?? "", name, is_error: step.is_error, content: step.content },
				}),
			);
		}
	}
	for (const reply of replies) {
		const { input_tokens, output_tokens, cache_tokens } = reply.usage;
		written.push(
			log.append({
				kind: "usage",
				segment,
				attempt,
				role,
				usage: {
					input_tokens,
					output_tokens,
					cached_tokens: cache_tokens,
					billed_cost_usd: reply.billed_cost_usd,
					priced_cost_usd: priced(reply.usage),
				},
			}),
		);
	}
	return written;
}
