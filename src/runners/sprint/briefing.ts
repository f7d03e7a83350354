import type { SprintDefinition, SprintMilestone } from "../../contract/index.js";

/** What every briefing of a milestone is made of. */
export interface BriefingParts {
	readonly sprint: SprintDefinition;
	readonly milestone: SprintMilestone;
	/** The runbook's text (guide.md). */
	readonly guide: string;
	readonly attempt: number;
	/** Why the previous attempt of this milestone failed; null on a first attempt. */
	readonly previousFailure: string | null;
}

/**
 * The system message of every worker: the rules that make runs comparable. The runner never
 * writes code; the worker does, with its own tools, and is never asked a question back.
 */
export const SPRINT_SYSTEM_PROMPT = [
	"You are the worker of a development sprint, in a copy of the repository: the working directory.",
	"Use the tools to read files, change them and run commands (there is no network).",
	"Nobody will answer questions: the guide below pre-answers them; decide and carry on.",
	"When the work asked of you is complete and the tests pass, call `done` with a short summary.",
].join(" ");

/**
 * The milestone's briefing: the plan section, the guide and the scope. Its first line is stable
 * (`Sprint <id> · milestone <Mnn>: <title> · attempt <k> of <n>`), so a scripted worker can match it.
 */
export function milestoneBriefing(parts: BriefingParts): string {
	const { sprint, milestone, attempt } = parts;
	const lines = [
		`Sprint ${sprint.id} · milestone ${milestone.id}: ${milestone.title} · attempt ${attempt} of ${sprint.attempts}`,
		"",
		"## The milestone",
		"",
		milestone.body.trim(),
		"",
		"## The guide",
		"",
		parts.guide.trim(),
		"",
		"## Scope",
		"",
		`Change only files matching: ${sprint.scope.join(", ")}. A change anywhere else fails the milestone.`,
		`After you are done, CI runs: ${sprint.commands.ci.join(" ")}. It must pass.`,
	];
	if (parts.previousFailure !== null)
		lines.push(
			"",
			"## Your previous attempt failed",
			"",
			parts.previousFailure.trim(),
			"",
			"It was discarded: start again from the files as they are now.",
		);
	return lines.join("\n");
}

/** `loop` mode, first call: the worker writes the milestone's task list. */
export function taskListRequest(briefing: string): string {
	return [
		briefing,
		"",
		"## First: the task list",
		"",
		"Do not change anything yet. Reply with the task list for this milestone only: one task per line, each line starting with `- [ ] `, at most 8 tasks.",
	].join("\n");
}

/** `loop` mode: the next task of the list, in the same warm context. */
export function loopTaskPrompt(task: string, index: number, total: number, handOff: string | null): string {
	const lines = [`Task ${index} of ${total}: ${task}`];
	if (handOff !== null) lines.push("", `Hand-off from the previous task: ${handOff}`);
	lines.push("", "Work this task only. Call `done` with a hand-off note: what the next task needs to know.");
	return lines.join("\n");
}

/** `loop` mode: a fresh context after the previous one died of its budget. */
export function loopResumePrompt(briefing: string, notes: readonly string[]): string {
	return [
		briefing,
		"",
		"## Where the work stands",
		"",
		"A previous worker context ran out of room. Its hand-off notes so far:",
		...notes.map((note) => `- ${note}`),
	].join("\n");
}

/** `orchestrate` mode, first call: the milestone cut into chunks. */
export function chunkRequest(briefing: string): string {
	return [
		briefing,
		"",
		"## First: the chunks",
		"",
		"Do not change anything yet. Cut this milestone into at most 5 chunks a fresh worker can each do alone. Reply with one chunk per line, each line starting with `- [ ] `.",
	].join("\n");
}

/** `orchestrate` mode: one chunk, for a fresh worker. */
export function chunkPrompt(
	briefing: string,
	chunk: string,
	index: number,
	total: number,
	notes: string | null,
): string {
	const lines = [
		briefing,
		"",
		`## Your chunk: ${index} of ${total}`,
		"",
		chunk,
		"",
		"Do this chunk only, then call `done`.",
	];
	if (notes !== null) lines.push("", "## The validator rejected your first try", "", notes);
	return lines.join("\n");
}

/** `orchestrate` mode: the validator's question about one chunk. */
export function validatorPrompt(chunk: string, index: number, total: number, summary: string | null): string {
	return [
		`Validate chunk ${index} of ${total}: ${chunk}`,
		"",
		`The worker says: ${summary ?? "(no summary)"}`,
		"",
		'Read the files (and run the tests) as you need, then reply with JSON only: {"verdict": "pass" | "fail", "notes": "what is wrong, if anything"}.',
	].join("\n");
}

/** The items of a `- [ ] …` list reply (also `- …`, `* …` and `1. …`), at most `max`. */
export function listItems(text: string, max: number): string[] {
	const items: string[] = [];
	for (const line of text.split("\n")) {
		const match = /^\s*(?:[-*]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)(.+)$/.exec(line);
		const item = match?.[1]?.trim();
		if (item !== undefined && item !== "") items.push(item);
		if (items.length === max) break;
	}
	return items;
}
