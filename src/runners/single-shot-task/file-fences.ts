import { posix } from "node:path";

/** One file of a reply: its path (normalized, relative to the workdir) and its whole new content. */
export interface ReplyFile {
	readonly path: string;
	readonly content: string;
}

/** What a reply came to: the files it gives, or why it cannot be used (a graded failure of the model). */
export type FileFences =
	| { readonly files: readonly ReplyFile[]; readonly problem: null }
	| { readonly files: readonly []; readonly problem: string };

/** `  ```js path=src/a.mjs`: up to three spaces, three or more backticks or tildes, the info string. */
const OPENING = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** The info string's file: `path=` and everything after it to the end of the line. */
const PATH_IN_INFO = /(?:^|\s)path=(.*)$/;

/**
 * Reads the files of a single-shot reply. A file is a fenced block whose opening line's info
 * string ends with `path=FILE` (a language tag may come first: ```` ```js path=src/a.mjs ````);
 * its content is every line up to the closing fence, which is the same character repeated at
 * least as often, alone on its line, so a file holding ```` ``` ```` is fenced with ```` ```` ````.
 * Line endings inside a file are kept as written (a CRLF line stays CRLF); a trailing `\r` on a
 * fence line is ignored. Fences without `path=` and text between fences are ignored.
 *
 * Refused, with the reason: an empty reply or one without a file fence, a fence never closed (a
 * cut reply), a path that is empty, absolute, holds a NUL or `\`, climbs out with `..`, lies in
 * `.git` or is not one of `targets`, and two fences for one path. All or nothing: a refused reply
 * gives no file.
 */
export function parseFileFences(reply: string, targets: readonly string[]): FileFences {
	const refuse = (problem: string): FileFences => ({ files: [], problem });
	if (reply.trim() === "")
		return refuse("the reply is empty: expected the whole new content of files, each in a ```path=FILE fenced block");
	const lines = reply.match(/[^\n]*\n|[^\n]+$/g) ?? [];
	const allowed = new Set(targets.map((target) => posix.normalize(target)));
	const files: ReplyFile[] = [];
	const openedAt = new Map<string, number>();
	for (let index = 0; index < lines.length; index++) {
		const opening = OPENING.exec(bare(lines[index] ?? ""));
		if (opening === null) continue;
		const fence = opening[1] ?? "```";
		const info = (opening[2] ?? "").trim();
		const close = closingLine(lines, index + 1, fence);
		const named = PATH_IN_INFO.exec(info);
		const path = named === null ? null : unquote((named[1] ?? "").trim());
		const line = index + 1;
		if (close === -1)
			return refuse(
				`the fence opened on line ${line}${path === null ? "" : ` for ${JSON.stringify(path)}`} is never closed: the reply was cut off, or its closing ${fence} is missing`,
			);
		if (path !== null) {
			const checked = checkPath(path, allowed);
			if (checked.refused !== null)
				return refuse(`the fence on line ${line} names ${JSON.stringify(path)}, which ${checked.refused}`);
			const earlier = openedAt.get(checked.path);
			if (earlier !== undefined)
				return refuse(
					`the reply gives ${checked.path} twice (fences on lines ${earlier} and ${line}); give each file once`,
				);
			openedAt.set(checked.path, line);
			files.push({ path: checked.path, content: lines.slice(index + 1, close).join("") });
		}
		index = close;
	}
	if (files.length === 0)
		return refuse(
			"the reply has no file fence: expected the whole new content of each changed file in a block opened by ```path=FILE",
		);
	return { files, problem: null };
}

/** The fence that can hold `content` unambiguously: one backtick more than its longest run, at least three. */
export function fenceFor(content: string): string {
	const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((run) => run[0].length));
	return "`".repeat(Math.max(3, longest + 1));
}

/** The index of the line closing a block opened by `fence`, or -1 when none does. */
function closingLine(lines: readonly string[], from: number, fence: string): number {
	const closing = new RegExp(`^ {0,3}${fence[0] === "`" ? "`" : "~"}{${fence.length},}[ \\t]*$`);
	for (let index = from; index < lines.length; index++) if (closing.test(bare(lines[index] ?? ""))) return index;
	return -1;
}

/** A line without its terminator (`\n` or `\r\n`). */
function bare(line: string): string {
	return line.replace(/\r?\n$/, "");
}

function unquote(path: string): string {
	const quoted = /^(["'])(.*)\1$/.exec(path);
	return quoted === null ? path : (quoted[2] ?? "");
}

/** The normalized path, or why it is refused. */
function checkPath(path: string, allowed: ReadonlySet<string>): { path: string; refused: string | null } {
	const refused = (why: string) => ({ path, refused: why });
	if (path === "") return refused("is empty");
	if (path.includes("\0")) return refused("holds a NUL byte");
	if (path.includes("\\")) return refused("holds a `\\`; paths use `/`");
	if (path.startsWith("/") || /^[A-Za-z]:/.test(path))
		return refused("is an absolute path; paths are relative to the working directory");
	const normal = posix.normalize(path);
	if (normal === ".." || normal.startsWith("../")) return refused("climbs out of the working directory");
	if (normal.split("/").includes(".git")) return refused("lies in .git, which no reply may write");
	if (!allowed.has(normal))
		return refused(`is not one of the task's target files (${[...allowed].join(", ")}); only those may be written`);
	return { path: normal, refused: null };
}
