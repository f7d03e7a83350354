import type { Case, ChatMessage, JsonValue } from "../../contract/index.js";
import type { JuryRubric } from "./rubric.js";

/** Heading of the last section of a juror prompt; the candidate's output follows it verbatim. */
export const OUTPUT_HEADING = "## Output to grade";

/**
 * The blinded grading prompt for one attempt: the task the candidate was given, the case's
 * reference (which the candidate never saw) and the candidate's output, and nothing else. The
 * candidate's model, provider, harness, cost and timing are never in it, so a juror cannot favour
 * its own family; the output itself is passed on untouched.
 */
export function jurorMessages(options: {
	readonly rubric: JuryRubric;
	readonly instructions: string;
	readonly testCase: Case;
	readonly output: string;
}): ChatMessage[] {
	const { rubric, testCase } = options;
	return [
		{ role: "system", content: systemPrompt(rubric, options.instructions) },
		{
			role: "user",
			content: [
				"## Task given to the assistant",
				renderTask(testCase.input),
				"",
				"## Reference (not shown to the assistant)",
				renderReference(testCase.reference),
				"",
				OUTPUT_HEADING,
				options.output,
			].join("\n"),
		},
	];
}

/** The follow-up after an unusable reply: the reply, what was wrong with it, and the format again. */
export function retryMessages(first: readonly ChatMessage[], reply: string, error: string, rubric: JuryRubric) {
	return [
		...first,
		{ role: "assistant", content: reply },
		{
			role: "user",
			content: `Your reply could not be used: ${error}. Reply again with only the JSON object, with exactly the keys ${fieldList(rubric)}.`,
		},
	] satisfies ChatMessage[];
}

function systemPrompt(rubric: JuryRubric, instructions: string): string {
	const lines = [
		"You are one juror of a panel that grades the output of an AI assistant. You see the task the assistant was given, a reference the assistant did not see, and the assistant's output. You are not told which assistant wrote it: judge the output alone, on the rubric below.",
		"",
		instructions.trim(),
		"",
		"Rubric:",
		...Object.entries(rubric.numeric).map(
			([name, field]) => `- ${name}: a number from 0 (worst) to 1 (best). ${field.description}`,
		),
		...Object.entries(rubric.gates).map(
			([name, field]) => `- ${name}: true or false; true means the failure happened. ${field.description}`,
		),
		"- rationale: one sentence explaining your verdict.",
		"",
		`Reply with only a JSON object with exactly the keys ${fieldList(rubric)}: numbers as JSON numbers, true or false unquoted, no other text.`,
	];
	return lines.join("\n");
}

function fieldList(rubric: JuryRubric): string {
	return [...Object.keys(rubric.numeric), ...Object.keys(rubric.gates), "rationale"]
		.map((name) => `"${name}"`)
		.join(", ");
}

/** Input keys the runner reads; every other key is case material the jurors may need. */
const RUNNER_KEYS = new Set(["prompt", "system_prompt", "max_tokens", "temperature", "vars"]);

/**
 * The task as the candidate saw it: its system prompt and prompt, then any other input value the
 * prompt does not already contain (a source text sent some other way), or the whole input when it
 * has no prompt.
 */
function renderTask(input: Case["input"]): string {
	const { prompt, system_prompt } = input;
	if (typeof prompt !== "string") return renderValue(input);
	const parts =
		typeof system_prompt === "string" && system_prompt.trim() !== "" ? [`System prompt: ${system_prompt}`] : [];
	parts.push(prompt);
	for (const [key, value] of Object.entries(input))
		if (!RUNNER_KEYS.has(key) && !prompt.includes(renderValue(value).trim()))
			parts.push(`${key.replaceAll("_", " ")}:${renderBlock(value)}`);
	return parts.join("\n\n");
}

function renderReference(reference: Case["reference"]): string {
	if (reference === null || Object.keys(reference).length === 0) return "(none)";
	return Object.entries(reference)
		.map(([key, value]) => `${key.replaceAll("_", " ")}:${renderBlock(value)}`)
		.join("\n");
}

/** A reference value: a list of strings as bullet points, a string inline, anything else as JSON. */
function renderBlock(value: JsonValue): string {
	if (Array.isArray(value) && value.every((item) => typeof item === "string"))
		return value.map((item) => `\n- ${item}`).join("");
	return ` ${renderValue(value)}`;
}

function renderValue(value: JsonValue): string {
	return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}
