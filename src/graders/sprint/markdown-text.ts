/** Characters that mean something anywhere in a (GitHub-flavoured) markdown line, escaped with a backslash. */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]<>|~&$]/g;

/**
 * User text (a model id, a reviewer's rationale, a layer's reason) made safe for one markdown
 * line or table cell: markdown punctuation backslash-escaped (a pipe cannot end a cell, `<` cannot
 * open HTML such as `<script>`, a backtick cannot open a code span, `$` cannot open math), and
 * line breaks and other control characters turned into spaces, so the text can neither break the
 * table it sits in nor inject markup. The same rule as the views' `markdownText`, which this
 * layer may not import.
 */
export function markdownText(text: string): string {
	return (
		text
			// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
			.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
			.replace(MARKDOWN_PUNCTUATION, "\\$&")
			.trim()
			// What would open a heading, list, quote or numbered item at the start of a line.
			.replace(/^([#+\-=>])/, "\\$1")
			.replace(/^(\d+)([.)])/, "$1\\$2")
	);
}

/** A markdown table row of cells already escaped. */
export function tableLine(cells: readonly string[]): string {
	return `| ${cells.join(" | ")} |`;
}
