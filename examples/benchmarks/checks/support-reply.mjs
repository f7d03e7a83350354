// A check of the support-form use case (use_cases.yaml), written by the team in its own
// repository: touchstone runs `check` in a worker thread with a time bound and stores what it
// returns as the score of the `form` metric. The module's hash is in the cell key, so editing it
// re-runs the cells it grades.

/** The most sentences the prompt template allows. */
const MAX_SENTENCES = 4;

/**
 * Half for greeting the customer by the name in the case's vars, half for keeping to the
 * sentences the prompt allows.
 */
export function check({ output, vars }) {
	const name = String(vars.customer ?? "");
	const greeting = output.trim().match(/^(?:hi|hello|dear)\s+([^\s,.!]+)/i);
	const greets = greeting !== null && greeting[1].toLowerCase() === name.toLowerCase();
	const sentences = output.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.trim() !== "").length;
	const brief = sentences <= MAX_SENTENCES;
	return {
		value: (Number(greets) + Number(brief)) / 2,
		reasoning: `${greets ? "greets" : "does not greet"} ${name} by name; ${sentences} sentence${sentences === 1 ? "" : "s"}, ${brief ? "within" : "over"} the ${MAX_SENTENCES} allowed`,
	};
}
