/** Lines of a long text shown before the rest is folded away. */
const PREVIEW_LINES = 8;
/** Characters shown before folding a text that has few but long lines. */
const PREVIEW_CHARS = 700;

/**
 * A model's output, a tool result or a log tail as preformatted text. A long one shows its first
 * lines and folds the rest into a `<details>` that opens on click (or Enter); when it is open,
 * the whole text replaces the preview.
 */
export function FoldedText({ text, label, class: className = "" }: { text: string; label: string; class?: string }) {
	const lines = text.split("\n");
	const long = lines.length > PREVIEW_LINES + 2 || text.length > PREVIEW_CHARS + 200;
	if (!long)
		return (
			<pre class={`text ${className}`} data-label={label}>
				{text === "" ? <span class="muted">(empty)</span> : text}
			</pre>
		);
	let preview = lines.slice(0, PREVIEW_LINES).join("\n");
	if (preview.length > PREVIEW_CHARS) preview = preview.slice(0, PREVIEW_CHARS);
	const rest =
		lines.length > PREVIEW_LINES ? `${lines.length} lines` : `${text.length.toLocaleString("en")} characters`;
	return (
		<div class="folded">
			<pre class={`text preview ${className}`} data-label={`${label} (start)`}>
				{preview}…
			</pre>
			<details>
				<summary>
					Show all of {label} ({rest})
				</summary>
				<pre class={`text ${className}`} data-label={label}>
					{text}
				</pre>
			</details>
		</div>
	);
}
