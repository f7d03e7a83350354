import { open, readFile } from "node:fs/promises";
import { TouchstoneError } from "../../contract/index.js";
import { HISTORY_HEADER, HISTORY_PREAMBLE } from "./history-row.js";

/** `history.md` exists but is not a sprint history this version of touchstone can append to. */
export class SprintHistoryError extends TouchstoneError {
	/** The file refused. */
	readonly file: string;
	constructor(file: string, problem: string) {
		super(
			"sprint-history",
			`${file}: ${problem}. touchstone only ever appends to a history file, so it will not rewrite this one: move it aside (a new one is started) or restore its header:\n${HISTORY_HEADER.join("\n")}`,
		);
		this.name = "SprintHistoryError";
		this.file = file;
	}
}

/**
 * Appends one row (a `historyRow`) to a sprint history file. A missing file is created (`wx`,
 * so two runs finishing at once cannot both create it) with the title and the table header; an
 * existing one is only ever appended to (`a`): earlier rows are never read back into a rewrite.
 * An existing file whose table header is not the expected one (another tool's table, an older
 * column set) is refused with a `SprintHistoryError` rather than rewritten or extended with rows
 * that do not match its columns.
 */
export async function appendHistory(file: string, row: string): Promise<void> {
	if (row.includes("\n") || !row.startsWith("|")) throw new RangeError("a history row is one table line");
	if (await createFileOnce(file, `${HISTORY_PREAMBLE}\n${row}\n`)) return;
	const text = await writtenText(file);
	const problem = headerProblem(text);
	if (problem !== null) throw new SprintHistoryError(file, problem);
	const handle = await open(file, "a");
	try {
		await handle.write(text.endsWith("\n") ? `${row}\n` : `\n${row}\n`);
	} finally {
		await handle.close();
	}
}

/** Creates a file holding `text` (`wx`: never over an existing one); false when it already exists. */
export async function createFileOnce(file: string, text: string): Promise<boolean> {
	try {
		const handle = await open(file, "wx");
		try {
			await handle.write(text);
		} finally {
			await handle.close();
		}
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
		throw error;
	}
}

/** What is wrong with an existing file's table header, or null when it is the expected one. */
function headerProblem(text: string): string | null {
	const lines = text.split("\n").map((line) => line.replace(/\r$/, ""));
	const start = lines.findIndex((line) => line.startsWith("|"));
	if (start === -1) return "it holds no table";
	const [header, rule] = HISTORY_HEADER;
	if (lines[start] !== header) return `its table header is \`${lines[start]}\`, not the expected one`;
	if (lines[start + 1] !== rule) return "its table header is not followed by the expected rule line";
	return null;
}

/**
 * The file's text once its creator has written it: a run that created the file a moment ago (in
 * this process or another, runs side by side) may not have written its header yet, so an empty
 * file is read again for up to a second before it counts as what it is.
 */
async function writtenText(file: string): Promise<string> {
	let text = await readFile(file, "utf8");
	for (let tries = 0; text === "" && tries < 50; tries++) {
		await new Promise((resolve) => setTimeout(resolve, 20));
		text = await readFile(file, "utf8");
	}
	return text;
}
