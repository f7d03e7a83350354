import type { SprintMilestone } from "../contract/index.js";

/** A milestone heading: `## M01 Title`, `## M1: Title`, `## M01 — Title` (level 2 only). */
const HEADING = /^##\s+M(\d{1,3})\b[\s:.\-–—]*(.*)$/;

/** A problem of a plan file, with the 1-based line it is on (null for the file as a whole). */
export interface PlanProblem {
	readonly line: number | null;
	readonly message: string;
	readonly fix: string;
}

/**
 * The milestones of a markdown plan: each `## Mnn …` heading opens one, and its section runs to
 * the next level-1 or level-2 heading. Ids are written with two digits at least (`M1` → `M01`),
 * must be unique and in increasing order, so `fail@M02` always names one section. Headings inside
 * fenced code blocks are text, not milestones.
 */
export function planMilestones(text: string): { milestones: SprintMilestone[]; problems: PlanProblem[] } {
	const lines = text.split(/\r?\n/);
	const milestones: { id: string; title: string; line: number; body: string[] }[] = [];
	const problems: PlanProblem[] = [];
	let current: (typeof milestones)[number] | null = null;
	let fence: string | null = null;
	lines.forEach((line, index) => {
		const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1];
		if (fenceMark !== undefined) fence = fence === null ? fenceMark : fence === fenceMark ? null : fence;
		const heading = fence === null && fenceMark === undefined ? HEADING.exec(line) : null;
		if (heading !== null) {
			const number = Number(heading[1]);
			current = {
				id: `M${String(number).padStart(2, "0")}`,
				title: (heading[2] ?? "").trim(),
				line: index + 1,
				body: [],
			};
			milestones.push(current);
			return;
		}
		if (fence === null && fenceMark === undefined && /^#{1,2}\s/.test(line)) {
			current = null;
			return;
		}
		current?.body.push(line);
	});
	let previous = 0;
	const seen = new Set<string>();
	for (const milestone of milestones) {
		const number = Number(milestone.id.slice(1));
		if (seen.has(milestone.id))
			problems.push({
				line: milestone.line,
				message: `milestone ${milestone.id} is defined twice`,
				fix: "give each milestone heading its own number",
			});
		else if (number <= previous)
			problems.push({
				line: milestone.line,
				message: `milestone ${milestone.id} comes after M${String(previous).padStart(2, "0")}`,
				fix: "number the milestones in the order they are worked (M01, M02, …)",
			});
		if (milestone.title === "")
			problems.push({
				line: milestone.line,
				message: `milestone ${milestone.id} has no title`,
				fix: "write one after the id, e.g. `## M01 Extract the parser`",
			});
		seen.add(milestone.id);
		previous = Math.max(previous, number);
	}
	if (milestones.length === 0)
		problems.push({
			line: null,
			message: "the plan has no milestone headings",
			fix: "start each milestone with a level-2 heading such as `## M01 Extract the parser`, or list them under `milestones:` in sprint.yaml",
		});
	return {
		milestones: milestones.map(({ id, title, body }) => ({ id, title, body: trimBlankLines(body).join("\n") })),
		problems,
	};
}

function trimBlankLines(lines: readonly string[]): readonly string[] {
	let start = 0;
	let end = lines.length;
	while (start < end && (lines[start] ?? "").trim() === "") start += 1;
	while (end > start && (lines[end - 1] ?? "").trim() === "") end -= 1;
	return lines.slice(start, end);
}
