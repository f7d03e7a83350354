import type { z } from "zod";

/**
 * The text of a message content in either wire: a string as is, or the `text` of every text part
 * of a list of parts, joined with newlines. Anything else (images, nulls) has no text.
 */
export function contentText(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	const texts: string[] = [];
	for (const part of content)
		if (typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string")
			texts.push((part as { text: string }).text);
	return texts.join("\n");
}

/** One line naming every problem of a refused request body, for a 400 error message. */
export function requestProblems(error: z.ZodError): string {
	const problems = error.issues.slice(0, 5).map((issue) => {
		const path = issue.path.map(String).join(".");
		return path === "" ? issue.message : `\`${path}\`: ${issue.message}`;
	});
	return `scripted-server: invalid request body: ${problems.join("; ")}`;
}
