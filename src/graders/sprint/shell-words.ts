/** One simple command of a shell line: its words (quotes removed) and the files its output goes to. */
export interface ShellCommand {
	readonly words: readonly string[];
	/** Targets of `>`, `>>`, `>|` (and `2>`, `&>`); `>&2`-style duplications are not files. */
	readonly redirects: readonly string[];
}

/**
 * Splits a `/bin/sh` command line into its simple commands, as far as a reader without a shell
 * can: `;`, `&`, `&&`, `|`, `||`, newlines and parentheses separate commands; single and double
 * quotes and backslashes are honoured; `#` starts a comment; a heredoc's body (`<<EOF` … `EOF`)
 * is skipped, so a file written with `cat > f <<EOF` is not read as commands. Expansions
 * (`$x`, `$(…)`, globs) are kept as written: a caller that needs a concrete path skips them.
 */
export function shellCommands(line: string): ShellCommand[] {
	const commands: ShellCommand[] = [];
	let words: string[] = [];
	let redirects: string[] = [];
	let word: string | null = null;
	let target: "file" | "skip" | null = null;
	const heredocs: string[] = [];
	let heredocNext = false;

	const endWord = () => {
		if (word === null) return;
		if (heredocNext) {
			heredocs.push(word);
			heredocNext = false;
		} else if (target === "file") redirects.push(word);
		else if (target === null) words.push(word);
		target = null;
		word = null;
	};
	const endCommand = () => {
		endWord();
		if (words.length > 0 || redirects.length > 0) commands.push({ words, redirects });
		words = [];
		redirects = [];
	};

	for (let i = 0; i < line.length; i++) {
		const char = line.charAt(i);
		if (char === "\n") {
			endCommand();
			for (const delimiter of heredocs.splice(0)) {
				// Skip the body: every line up to one that is the delimiter alone (leading tabs allowed, for <<-).
				while (i < line.length) {
					const next = line.indexOf("\n", i + 1);
					const end = next === -1 ? line.length : next;
					const body = line.slice(i + 1, end);
					i = end;
					if (body.replace(/^\t+/, "") === delimiter) break;
				}
			}
		} else if (char === " " || char === "\t") endWord();
		else if (char === ";" || char === "&" || char === "|" || char === "(" || char === ")") {
			if (char === "&" && line.charAt(i + 1) === ">") {
				endWord();
				continue;
			}
			endCommand();
			if ((char === "&" || char === "|") && line.charAt(i + 1) === char) i++;
		} else if (char === ">") {
			// `2>`: the digits before are a descriptor, not a word.
			if (word !== null && /^\d+$/.test(word)) word = null;
			endWord();
			if (line.charAt(i + 1) === ">" || line.charAt(i + 1) === "|") i++;
			target = line.charAt(i + 1) === "&" ? "skip" : "file";
			if (target === "skip") i++;
		} else if (char === "<") {
			endWord();
			if (line.charAt(i + 1) === "<") {
				i++;
				if (line.charAt(i + 1) === "-") i++;
				heredocNext = true;
			} else target = "skip";
		} else if (char === "#" && word === null) {
			const end = line.indexOf("\n", i);
			i = (end === -1 ? line.length : end) - 1;
		} else if (char === "'") {
			const end = line.indexOf("'", i + 1);
			const stop = end === -1 ? line.length : end;
			word = (word ?? "") + line.slice(i + 1, stop);
			i = stop;
		} else if (char === '"') {
			let text = "";
			let j = i + 1;
			for (; j < line.length && line.charAt(j) !== '"'; j++) {
				if (line.charAt(j) === "\\" && '"\\$`'.includes(line.charAt(j + 1))) j++;
				text += line.charAt(j);
			}
			word = (word ?? "") + text;
			i = j;
		} else if (char === "\\") {
			if (line.charAt(i + 1) !== "\n") word = (word ?? "") + line.charAt(i + 1);
			i++;
		} else word = (word ?? "") + char;
	}
	endCommand();
	return commands;
}
