import { z } from "zod";
import { type InputIssue, parseVolumePeriod } from "../contract/index.js";
import { closestMatch, formatPath, readInputFile, zodProblems } from "../input/index.js";
import type { VolumeSnapshotInput } from "../store/index.js";

/** The bounds of a usage file: its size is INPUT_BOUNDS.fileBytes; one line, one rollup, is small. */
export const USAGE_BOUNDS = {
	/** Longest line, in characters: a rollup is about a hundred. */
	lineChars: 64 * 1024,
	/** Problems listed before the rest are summed up in one. */
	issues: 100,
} as const;

const figure = (what: string) =>
	z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe(`${what}: a whole number ≥ 0`);

/** One line of a usage file: a use case's production traffic over one period. */
const usageLine = z.strictObject({
	use_case: z.string().min(1),
	period: z.string().min(1),
	calls: figure("model calls in the period"),
	input_tokens: figure("prompt tokens in the period"),
	output_tokens: figure("completion tokens in the period"),
	cost_usd: z.number().min(0).max(1e15).optional(),
});

const EXAMPLE =
	'{"use_case": "summarization", "period": "2026-11", "calls": 120000, "input_tokens": 310000000, "output_tokens": 42000000}';

/**
 * Reads a usage file (JSONL: one rollup per line, see the README) into one volume snapshot per
 * use case and period, the lines of the same use case and period summed. Every problem of every
 * line is an issue naming the file, the line, the field and the fix; the file is read within
 * INPUT_BOUNDS and each line within {@link USAGE_BOUNDS}, so nothing unbounded is parsed.
 * Returns the snapshots, or the issues (then nothing is to be written).
 */
export function readUsageFile(
	path: string,
	useCaseIds: readonly string[],
): { snapshots: VolumeSnapshotInput[]; lines: number; issues: InputIssue[] } {
	const read = readInputFile(path, "the usage file");
	if (read.text === null) return { snapshots: [], lines: 0, issues: [read.issue] };
	const issues: InputIssue[] = [];
	const known = new Set(useCaseIds);
	const rollups = new Map<string, { snapshot: MutableSnapshot; line: number }>();
	let lines = 0;
	const text = read.text.replace(/^\uFEFF/, "");
	let start = 0;
	for (let number = 1; start <= text.length; number++) {
		const newline = text.indexOf("\n", start);
		const end = newline === -1 ? text.length : newline;
		const line = text.slice(start, end).replace(/\r$/, "");
		start = end + 1;
		if (line.trim() === "") continue;
		lines += 1;
		const at = (field: string, message: string, fix: string): InputIssue => ({
			source: path,
			line: number,
			column: null,
			path: field,
			message,
			fix,
		});
		if (line.length > USAGE_BOUNDS.lineChars) {
			issues.push(
				at(
					"",
					`this line is ${line.length.toLocaleString("en-US")} characters long, past the bound of ${USAGE_BOUNDS.lineChars.toLocaleString("en-US")} for one rollup`,
					`write one short JSON object per line, e.g. ${EXAMPLE}`,
				),
			);
			continue;
		}
		let data: unknown;
		try {
			data = JSON.parse(line);
		} catch (error) {
			issues.push(
				at("", `this line is not JSON: ${(error as Error).message}`, `write one JSON object per line, e.g. ${EXAMPLE}`),
			);
			continue;
		}
		const parsed = usageLine.safeParse(data);
		if (!parsed.success) {
			for (const problem of zodProblems(usageLine, data, parsed.error.issues, { listTopLevelKeys: true }))
				issues.push(at(formatPath(problem.path), problem.message, jsonFix(problem.fix)));
			continue;
		}
		const entry = parsed.data;
		const period = parseVolumePeriod(entry.period);
		if (period === null)
			issues.push(
				at(
					"period",
					`\`${entry.period}\` is not a period`,
					"write a calendar month `2026-11`, or a range of days `2026-11-01/2026-11-14` (both days included)",
				),
			);
		if (!known.has(entry.use_case)) {
			const suggestion = closestMatch(entry.use_case, useCaseIds);
			issues.push(
				at(
					"use_case",
					`unknown use case \`${entry.use_case}\``,
					suggestion === null
						? `name a use case of use_cases.yaml (${useCaseIds.join(", ") || "there are none"})`
						: `did you mean \`${suggestion}\`?`,
				),
			);
		}
		if (period === null || !known.has(entry.use_case)) continue;
		const key = `${entry.use_case}\u0000${period.start}\u0000${period.end}`;
		const previous = rollups.get(key);
		if (previous === undefined) {
			rollups.set(key, {
				line: number,
				snapshot: {
					use_case_id: entry.use_case,
					period_start: period.start,
					period_end: period.end,
					calls: entry.calls,
					input_tokens: entry.input_tokens,
					output_tokens: entry.output_tokens,
					cost_usd: entry.cost_usd ?? null,
					source_file: path,
				},
			});
			continue;
		}
		// Lines of the same use case and period add up: a rollup may come in parts.
		const sum = previous.snapshot;
		sum.calls += entry.calls;
		sum.input_tokens += entry.input_tokens;
		sum.output_tokens += entry.output_tokens;
		sum.cost_usd = sum.cost_usd === null || entry.cost_usd === undefined ? null : sum.cost_usd + entry.cost_usd;
		for (const field of ["calls", "input_tokens", "output_tokens"] as const)
			if (!Number.isSafeInteger(sum[field]))
				issues.push(
					at(
						field,
						`the ${field} of ${entry.use_case} over ${entry.period} add up past ${Number.MAX_SAFE_INTEGER}`,
						"check the figures: these are not real traffic",
					),
				);
	}
	if (lines === 0 && issues.length === 0)
		issues.push({
			source: path,
			line: null,
			column: null,
			path: "",
			message: "the usage file has no lines",
			fix: `write one JSON object per line, e.g. ${EXAMPLE}`,
		});
	return { snapshots: [...rollups.values()].map((item) => item.snapshot), lines, issues: bounded(path, issues) };
}

/** The definitions' fix for a missing key (`add \`calls:\` here`) said the JSON way; every other fix as it is. */
function jsonFix(fix: string | null): string {
	if (fix === null) return `write e.g. ${EXAMPLE}`;
	const missing = /^add `(\w+):` here$/.exec(fix);
	if (missing === null) return fix;
	const key = missing[1] as string;
	return `add "${key}": ${key === "use_case" || key === "period" ? '"…"' : "a whole number ≥ 0"} to the line`;
}

type MutableSnapshot = { -readonly [K in keyof VolumeSnapshotInput]: VolumeSnapshotInput[K] } & {
	calls: number;
	input_tokens: number;
	output_tokens: number;
};

/** The first {@link USAGE_BOUNDS}.issues issues, and one saying how many more lines were refused. */
function bounded(path: string, issues: InputIssue[]): InputIssue[] {
	if (issues.length <= USAGE_BOUNDS.issues) return issues;
	const shown = issues.slice(0, USAGE_BOUNDS.issues);
	const last = shown.at(-1)?.line ?? 0;
	return [
		...shown,
		{
			source: path,
			line: null,
			column: null,
			path: "",
			message: `${issues.length - USAGE_BOUNDS.issues} more problems after line ${last} are not listed`,
			fix: "fix the problems listed and import again",
		},
	];
}
