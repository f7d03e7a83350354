import type { ChatMessage } from "../../contract/index.js";

/** Bytes of the branch's diff a reviewer is shown (200 KB); a longer diff is cut at a line end, with a note. */
export const MAX_REVIEW_DIFF_BYTES = 200 * 1024;

/** Heading of the prompt's last section; the diff follows it verbatim. */
export const REVIEW_DIFF_HEADING = "## The change to review (a unified diff against the baseline)";

/**
 * The shared 1–5 rubric every reviewer grades by (seed 002's review layer). Whole grades only, so
 * two reviewers' grades mean the same thing and a mean of them is comparable across rows.
 */
export const REVIEW_RUBRIC = [
	"5: the change does what the plan asks, completely and correctly; clean, idiomatic, well tested; you would merge it as it is.",
	"4: correct and complete; a few small issues (naming, a missing edge-case test) you would note but not block on.",
	"3: mostly does what the plan asks, but with gaps or quality problems that need another pass before merging.",
	"2: significant defects: parts of the plan missing or wrong, weak or misleading tests, risky changes.",
	"1: broken, wrong, or unrelated to the plan.",
] as const;

/** A diff cut to what a reviewer is shown, and how much was left out. */
export interface ReviewDiff {
	/** The text the prompt carries. */
	readonly text: string;
	/** The whole diff's size in UTF-8 bytes. */
	readonly bytes: number;
	/** Whether the prompt carries less than the whole diff. */
	readonly truncated: boolean;
}

/**
 * Cuts a diff to `limit` UTF-8 bytes at the last line end inside the limit (or at the limit when
 * the first line alone is longer), so the reviewer never sees half a character or half a line.
 */
export function cutDiff(diff: string, limit: number = MAX_REVIEW_DIFF_BYTES): ReviewDiff {
	const bytes = Buffer.byteLength(diff, "utf8");
	if (bytes <= limit) return { text: diff, bytes, truncated: false };
	const head = Buffer.from(diff, "utf8")
		.subarray(0, limit)
		.toString("utf8")
		.replace(/\uFFFD$/, "");
	const lineEnd = head.lastIndexOf("\n");
	return { text: lineEnd > 0 ? head.slice(0, lineEnd + 1) : head, bytes, truncated: true };
}

/**
 * The blinded review prompt: the sprint's title and plan (what the change was meant to do) and the
 * branch's diff, and nothing else. The model under test, its provider, harness, cost and timing
 * are never in it, so a reviewer judges the change alone and cannot favour (or punish) a name.
 */
export function reviewMessages(options: {
	readonly sprintTitle: string;
	readonly plan: string;
	readonly diff: ReviewDiff;
}): ChatMessage[] {
	const { diff } = options;
	const note = diff.truncated
		? [
				`(The diff is ${diff.bytes.toLocaleString("en-US")} bytes; only its first ${Buffer.byteLength(diff.text, "utf8").toLocaleString("en-US")} bytes are shown, cut at a line end. Grade what you see, and do not count the missing rest as missing work.)`,
				"",
			]
		: [];
	return [
		{ role: "system", content: systemPrompt() },
		{
			role: "user",
			content: [
				`## Sprint: ${options.sprintTitle}`,
				"",
				"## The plan the change implements",
				options.plan.trim(),
				"",
				REVIEW_DIFF_HEADING,
				...note,
				diff.text,
			].join("\n"),
		},
	];
}

function systemPrompt(): string {
	return [
		"You are one of several independent code reviewers. You are shown a development plan and the diff of a branch that implements it, written by an AI coding agent. You are not told which agent wrote it: judge the change alone.",
		"",
		"Grade the whole change on this rubric, one whole number from 1 to 5:",
		...REVIEW_RUBRIC.map((level) => `- ${level}`),
		"",
		'Reply with only a JSON object with exactly the keys "grade" (a whole number from 1 to 5, unquoted) and "rationale" (two or three sentences: what decided the grade), no other text.',
	].join("\n");
}
