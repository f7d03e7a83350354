/** Characters of one tool result the model gets by default; the rest is cut, and the cut is said. */
export const DEFAULT_TOOL_OUTPUT_CHARS = 20_000;

const count = (value: number) => value.toLocaleString("en-US");

/**
 * Text cut to `max` characters, keeping its start and its end (a test run's summary and first
 * failure are at the ends), with a line in the middle saying how much was cut.
 */
export function clipMiddle(text: string, max: number): string {
	if (text.length <= max) return text;
	const head = Math.floor(max / 4);
	const tail = max - head;
	const cut = text.length - head - tail;
	return `${text.slice(0, head)}\n[… ${count(cut)} characters cut: ${count(text.length)} in all …]\n${text.slice(text.length - tail)}`;
}

/**
 * Lines `start`..`end` (1-based, inclusive) of a file, cut at a line boundary to fit `max`
 * characters, with a closing line saying what was left out and how to read on.
 */
export function clipLines(content: string, start: number, end: number | undefined, max: number): string {
	const lines = content.split("\n");
	// A final newline ends the last line; it does not start another.
	if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
	const total = lines.length;
	if (start > total) return `[the file has ${count(total)} lines; start_line ${count(start)} is past its end]`;
	const last = Math.min(end ?? total, total);
	let used = 0;
	let shown = start - 1;
	while (shown < last) {
		const next = (lines[shown] ?? "").length + 1;
		if (used + next > max && shown > start - 1) break;
		used += next;
		shown += 1;
	}
	const body = lines.slice(start - 1, shown).join("\n");
	const readOn = (next: number) => (next <= last ? `; call read_file with start_line ${next} to read on` : "");
	if (body.length > max)
		return `${body.slice(0, max)}\n[truncated: line ${count(start)} alone has ${count(body.length)} characters; showing the first ${count(max)}${readOn(start + 1)}]`;
	if (shown < last)
		return `${body}\n[truncated: showing lines ${count(start)}–${count(shown)} of ${count(total)}${readOn(shown + 1)}]`;
	if (start > 1 || last < total) return `${body}\n[lines ${count(start)}–${count(last)} of ${count(total)}]`;
	return content;
}
