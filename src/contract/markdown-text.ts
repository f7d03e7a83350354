/** Characters that mean something anywhere in a (GitHub-flavoured) markdown line, escaped with a backslash. */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]<>|~&$]/g;

/**
 * Text from users or models (a model or case id, a note, a reviewer's rationale) made safe for one
 * markdown line or table cell: every markdown punctuation character backslash-escaped (a pipe
 * cannot end a cell, a backtick open a code span, `<` start HTML such as `<script>`, `$` start
 * math), and line breaks and other control characters turned into spaces, so hostile text can
 * neither break the table it sits in nor inject markup. In the contract because the views' reports
 * and the sprint layers' history and reports, which may not import each other, both write markdown.
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
