import type { ChatMessage } from "../../contract/index.js";
import { fenceFor } from "./file-fences.js";
import type { TaskFile } from "./task-files.js";

/** The reply format of a single-shot task, in full: the system message, after the task's own instructions if it has any. */
export const SINGLE_SHOT_TASK_SYSTEM_PROMPT = [
	"You are changing files of a software repository in one reply. You cannot run commands or read other files.",
	"Reply with the whole new content of every file you change, each in its own fenced block whose opening line ends with `path=` and the file's path, for example:",
	"",
	"```js path=src/a.mjs",
	"export const a = 1;",
	"```",
	"",
	"The language tag (`js`) is optional. The block holds the file's complete content, not a diff; it ends at a line holding only the closing fence.",
	"If the file itself contains a line of three backticks, open and close its block with more backticks (````).",
	"Give only the files listed in the request, each at most once; a listed file you leave out stays as it is.",
	"Text outside the blocks is read as your explanation and never written to a file.",
].join("\n");

/**
 * The one request of a single-shot task: the reply format as the system message (after the task's
 * own instructions, which cannot drop it), and the task's prompt followed by each target file, shown in the same fenced format the
 * reply uses (a file that does not exist yet is named as one to create).
 */
export function singleShotTaskMessages(
	prompt: string,
	files: readonly TaskFile[],
	systemPrompt: string | undefined,
): ChatMessage[] {
	const shown = files.map((file) => {
		if (file.content === null) return `${file.path} does not exist yet; create it if the task needs it.`;
		const fence = fenceFor(file.content);
		const body = file.content === "" || file.content.endsWith("\n") ? file.content : `${file.content}\n`;
		return `${fence} path=${file.path}\n${body}${fence}`;
	});
	return [
		{
			role: "system",
			content:
				systemPrompt === undefined
					? SINGLE_SHOT_TASK_SYSTEM_PROMPT
					: `${systemPrompt}\n\n${SINGLE_SHOT_TASK_SYSTEM_PROMPT}`,
		},
		{
			role: "user",
			content: `${prompt}\n\nThe files you may change, with their current content:\n\n${shown.join("\n\n")}\n`,
		},
	];
}
