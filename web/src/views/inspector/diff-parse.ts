/** What a line of a unified diff is: added, removed, a hunk header, unchanged context, or file metadata. */
export type DiffLineKind = "add" | "del" | "hunk" | "context" | "meta";

/** One line of a unified diff, without its `+`/`-`/` ` marker. */
export interface DiffLine {
	readonly kind: DiffLineKind;
	/** The marker (`+`, `-`, ` `), or empty for hunk headers and metadata. */
	readonly marker: string;
	readonly text: string;
}

/** One file of a workspace diff, with the language its extension names. */
export interface DiffFile {
	/** The path after the change (`b/…`), or before it for a deleted file. */
	readonly path: string;
	readonly language: Language;
	readonly added: number;
	readonly removed: number;
	readonly lines: readonly DiffLine[];
}

/** The languages the diff view colours tokens of; `text` for the rest. */
export const LANGUAGES = ["javascript", "typescript", "python", "json", "yaml", "shell", "markdown", "text"] as const;
export type Language = (typeof LANGUAGES)[number];

const EXTENSIONS: Readonly<Record<string, Language>> = {
	js: "javascript",
	mjs: "javascript",
	cjs: "javascript",
	jsx: "javascript",
	ts: "typescript",
	mts: "typescript",
	cts: "typescript",
	tsx: "typescript",
	py: "python",
	json: "json",
	yaml: "yaml",
	yml: "yaml",
	sh: "shell",
	bash: "shell",
	md: "markdown",
};

/** The language of a file, from its extension. */
export function languageOf(path: string): Language {
	const extension = path.split("/").pop()?.split(".").pop()?.toLowerCase() ?? "";
	return EXTENSIONS[extension] ?? "text";
}

/** Splits a `git diff` into its files; text before the first `diff --git` becomes a file of its own. */
export function parseDiff(diff: string): DiffFile[] {
	const files: { path: string; lines: DiffLine[] }[] = [];
	let current: { path: string; lines: DiffLine[] } | undefined;
	let inHunk = false;
	for (const line of diff.replace(/\n$/, "").split("\n")) {
		const header = line.match(/^diff --git a\/(.*) b\/(.*)$/);
		if (header !== null || current === undefined) {
			current = { path: header?.[2] ?? "(diff)", lines: [] };
			files.push(current);
			inHunk = false;
			if (header !== null) {
				current.lines.push({ kind: "meta", marker: "", text: line });
				continue;
			}
		}
		if (line.startsWith("@@")) {
			inHunk = true;
			current.lines.push({ kind: "hunk", marker: "", text: line });
		} else if (!inHunk) {
			const target = line.match(/^\+\+\+ b\/(.*)$/) ?? line.match(/^--- a\/(.*)$/);
			if (target?.[1] !== undefined && !line.startsWith("--- ")) current.path = target[1];
			current.lines.push({ kind: "meta", marker: "", text: line });
		} else if (line.startsWith("+")) current.lines.push({ kind: "add", marker: "+", text: line.slice(1) });
		else if (line.startsWith("-")) current.lines.push({ kind: "del", marker: "-", text: line.slice(1) });
		else if (line.startsWith("\\")) current.lines.push({ kind: "meta", marker: "", text: line });
		else current.lines.push({ kind: "context", marker: " ", text: line.slice(1) });
	}
	return files.map((file) => ({
		path: file.path,
		language: languageOf(file.path),
		added: file.lines.filter((line) => line.kind === "add").length,
		removed: file.lines.filter((line) => line.kind === "del").length,
		lines: file.lines,
	}));
}
