import { posix } from "node:path";
import type { JsonObject } from "../../contract/index.js";
import { shellCommands } from "./shell-words.js";

/** One text replacement of an edit call. */
export interface TextEdit {
	readonly old: string;
	readonly new: string;
	/** Every occurrence (Claude Code's `replace_all`), else the first. */
	readonly all: boolean;
}

/** What a tool call does to files, whichever harness made it. */
export type ToolAction =
	| { readonly kind: "write"; readonly path: string; readonly content: string }
	| { readonly kind: "edit"; readonly path: string; readonly edits: readonly TextEdit[] }
	| { readonly kind: "shell"; readonly command: string }
	| { readonly kind: "other" };

const WRITE_TOOLS = new Set(["write_file", "write", "create_file"]);
const EDIT_TOOLS = new Set(["edit", "edit_file", "multiedit", "str_replace"]);
const SHELL_TOOLS = new Set(["run_command", "bash", "shell", "exec", "execute_command"]);

/**
 * A tool call read as a file action, across harnesses: touchstone's `write_file` and
 * `run_command`, Claude Code's `Write`, `Edit`, `MultiEdit` and `Bash`, pi's `write`, `edit` and
 * `bash` (tool names compared without case). The path is `path`, `file_path` or `filePath`,
 * made repository-relative by {@link repoPath}; an edit is `old_string`/`new_string`
 * (`replace_all`), `oldText`/`newText`, or an `edits` list of either. Arguments that are not
 * what the tool takes (a malformed call) are `other`.
 */
export function toolAction(name: string, args: JsonObject | null, workdir?: string): ToolAction {
	if (args === null) return { kind: "other" };
	const tool = name.toLowerCase();
	if (SHELL_TOOLS.has(tool))
		return typeof args.command === "string" ? { kind: "shell", command: args.command } : { kind: "other" };
	const raw = args.path ?? args.file_path ?? args.filePath;
	if (typeof raw !== "string" || raw === "") return { kind: "other" };
	const path = repoPath(raw, workdir);
	if (WRITE_TOOLS.has(tool))
		return typeof args.content === "string" ? { kind: "write", path, content: args.content } : { kind: "other" };
	if (!EDIT_TOOLS.has(tool)) return { kind: "other" };
	const list = Array.isArray(args.edits) ? args.edits : [args];
	const edits: TextEdit[] = [];
	for (const item of list) {
		if (typeof item !== "object" || item === null || Array.isArray(item)) return { kind: "other" };
		const old = item.old_string ?? item.oldText;
		const replacement = item.new_string ?? item.newText;
		if (typeof old !== "string" || typeof replacement !== "string") return { kind: "other" };
		edits.push({ old, new: replacement, all: item.replace_all === true });
	}
	return edits.length === 0 ? { kind: "other" } : { kind: "edit", path, edits };
}

/**
 * A path as the repository names it: `/` separators, no `./`, normalised; an absolute path
 * inside `workdir` (an external agent's working directory) made relative to it. A path outside
 * the repository stays absolute or starts with `../`, so it matches no repository file.
 */
export function repoPath(path: string, workdir?: string): string {
	let normal = posix.normalize(path.replace(/\\/g, "/"));
	if (workdir !== undefined && normal.startsWith("/")) {
		const root = posix.normalize(`${workdir.replace(/\\/g, "/")}/`);
		if (normal.startsWith(root)) normal = normal.slice(root.length);
	}
	return normal.replace(/^(\.\/)+/, "");
}

/** Files a shell command line rewrites in place or deletes, by name. */
export interface ShellTouches {
	readonly rewritten: readonly string[];
	readonly deleted: readonly string[];
}

/**
 * The files a command line deletes (`rm`, `unlink`, `git rm`, the sources of `mv` and `git mv`)
 * or rewrites (`sed -i`, `perl -i`, `truncate`, `tee`, the destination of `cp` and `mv`, and the
 * target of an output redirection). Words with expansions or globs (`$`, `*`, `?`, `[`, a
 * backquote) name no file it can know and are left out; so is anything a program does that its
 * words do not say (a script, `find -delete`).
 */
export function shellTouches(command: string, workdir?: string): ShellTouches {
	const rewritten: string[] = [];
	const deleted: string[] = [];
	for (const { words: all, redirects } of shellCommands(command)) {
		rewritten.push(...redirects);
		const words = withoutPrefixes(all);
		const program = posix.basename(words[0] ?? "");
		let args = words.slice(1);
		let name = program;
		if (program === "git" && (args[0] === "rm" || args[0] === "mv")) {
			name = args[0] === "rm" ? "rm" : "mv";
			args = args.slice(1);
		}
		if (name === "rm" || name === "unlink") deleted.push(...operands(args));
		else if (name === "mv" || name === "cp") {
			const files = operands(args);
			if (files.length >= 2) {
				rewritten.push(files[files.length - 1] as string);
				if (name === "mv") deleted.push(...files.slice(0, -1));
			}
		} else if (name === "tee") rewritten.push(...operands(args));
		else if (name === "truncate") rewritten.push(...operands(args, ["-s", "-r", "--size", "--reference"]));
		else if (name === "sed" && args.some((arg) => /^-[a-zA-Z]*i/.test(arg) || arg.startsWith("--in-place")))
			rewritten.push(...scriptOperands(args, ["-e", "--expression", "-f", "--file"], ["-l", "--line-length"]));
		else if (name === "perl" && args.some((arg) => /^-[a-zA-Z]*i/.test(arg)))
			rewritten.push(...scriptOperands(args, ["-e", "-E"], []));
	}
	const known = (path: string) => !/[$*?[`]/.test(path) && path !== "" && path !== "-" && path !== "/dev/null";
	return {
		rewritten: [...new Set(rewritten.filter(known).map((path) => repoPath(path, workdir)))],
		deleted: [...new Set(deleted.filter(known).map((path) => repoPath(path, workdir)))],
	};
}

/** The words after leading variable assignments and `sudo`, `env`, `command`, `exec` or `time`. */
function withoutPrefixes(words: readonly string[]): readonly string[] {
	let start = 0;
	while (start < words.length) {
		const word = words[start] as string;
		if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word) || ["sudo", "env", "command", "exec", "time"].includes(word)) start++;
		else break;
	}
	return words.slice(start);
}

/** Arguments that are not options (everything after `--`); `valued` options take the next word. */
function operands(args: readonly string[], valued: readonly string[] = []): string[] {
	const out: string[] = [];
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] as string;
		if (arg === "--") return [...out, ...args.slice(i + 1)];
		if (valued.includes(arg)) i++;
		else if (!arg.startsWith("-") || arg === "-") out.push(arg);
	}
	return out;
}

/**
 * The file operands of a program whose first operand is its script unless a script option
 * gave one (`sed 's/a/b/' f`, `sed -e 's/a/b/' f`, `perl -pi -e '…' f`). An option cluster
 * ending in a script option's letter (`-pie`) takes the next word as the script too.
 */
function scriptOperands(args: readonly string[], script: readonly string[], valued: readonly string[]): string[] {
	const letters = script.filter((option) => /^-[a-zA-Z]$/.test(option)).map((option) => option.charAt(1));
	const out: string[] = [];
	let scripted = false;
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] as string;
		if (arg === "--") {
			out.push(...args.slice(i + 1));
			break;
		}
		if (script.includes(arg) || (/^-[a-zA-Z]+$/.test(arg) && letters.includes(arg.charAt(arg.length - 1)))) {
			scripted = true;
			i++;
		} else if (valued.includes(arg)) i++;
		else if (!arg.startsWith("-")) out.push(arg);
	}
	return scripted ? out : out.slice(1);
}
