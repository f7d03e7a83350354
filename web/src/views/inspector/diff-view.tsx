import "./trace-diff.css";
import { parseDiff } from "./diff-parse.js";
import { highlightLine } from "./highlight-tokens.js";

/** Diff lines shown open per file; a longer file's diff starts folded. */
const OPEN_LINES = 80;

/**
 * A task attempt's workspace diff, one foldable block per file: added and removed lines coloured
 * (and marked `+`/`-`, so the colour is not the only sign), hunk headers set apart, and the code
 * of each line coloured by the language its file's extension names.
 */
export function DiffView({ diff }: { diff: string }) {
	if (diff === "") return <p class="muted">No change to the workspace.</p>;
	const files = parseDiff(diff);
	return (
		<div class="diff">
			{files.map((file, index) => (
				<details key={`${file.path}:${index}`} class="diff-file" open={file.lines.length <= OPEN_LINES}>
					<summary>
						<code>{file.path}</code> <span class="badge">{file.language}</span>{" "}
						<span class="diff-count add">+{file.added}</span> <span class="diff-count del">−{file.removed}</span>
					</summary>
					{/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long line scrolls sideways inside the block, and a keyboard reader must be able to scroll it too (axe: scrollable-region-focusable) */}
					<pre class="diff-lines" data-language={file.language} tabIndex={0}>
						{file.lines.map((line, lineIndex) => (
							<span key={lineIndex} class={`diff-line ${line.kind}`} data-kind={line.kind}>
								<span class="diff-marker" aria-hidden={line.marker === " " ? "true" : undefined}>
									{line.marker}
								</span>
								{line.kind === "add" || line.kind === "del" || line.kind === "context"
									? highlightLine(line.text, file.language).map((token, tokenIndex) =>
											token.kind === "plain" ? (
												token.text
											) : (
												<span key={tokenIndex} class={`tok-${token.kind}`}>
													{token.text}
												</span>
											),
										)
									: line.text}
								{"\n"}
							</span>
						))}
					</pre>
				</details>
			))}
		</div>
	);
}
