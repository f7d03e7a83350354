import { fileURLToPath } from "node:url";
import { z } from "zod";

/** One block of a function in V8's precise coverage: the source range and how often it ran. */
interface CoverageRange {
	readonly startOffset: number;
	readonly endOffset: number;
	readonly count: number;
}

const rangeSchema = z.object({ startOffset: z.number(), endOffset: z.number(), count: z.number() });
const coverageFileSchema = z.object({
	result: z.array(z.object({ url: z.string(), functions: z.array(z.object({ ranges: z.array(rangeSchema) })) })),
});

/** Every script's ranges by repository-relative path, over every coverage file read (one per process). */
export type ScriptRanges = Map<string, CoverageRange[][]>;

/**
 * Reads the files Node writes to `NODE_V8_COVERAGE` (`{result: [{url, functions: [{ranges}]}]}`,
 * one file per process) and keeps the scripts under `workdir` (the workdir as the commands saw
 * it), by repository-relative path. A file that is not such JSON is counted in `unreadable` and
 * skipped: the model's code ran in that folder and could have written anything there.
 */
export function readV8Coverage(
	texts: readonly string[],
	workdir: string,
): { scripts: ScriptRanges; unreadable: number } {
	const scripts: ScriptRanges = new Map();
	let unreadable = 0;
	const prefix = `${workdir.replace(/\/$/, "")}/`;
	for (const text of texts) {
		let parsed: z.infer<typeof coverageFileSchema>;
		try {
			parsed = coverageFileSchema.parse(JSON.parse(text));
		} catch {
			unreadable++;
			continue;
		}
		for (const script of parsed.result) {
			if (!script.url.startsWith("file://")) continue;
			let path: string;
			try {
				path = fileURLToPath(script.url);
			} catch {
				continue;
			}
			if (!path.startsWith(prefix)) continue;
			const relative = path.slice(prefix.length);
			const ranges = script.functions.flatMap((fn) => fn.ranges);
			scripts.set(relative, [...(scripts.get(relative) ?? []), ranges]);
		}
	}
	return { scripts, unreadable };
}

/**
 * How often the code at `offset` ran in one process: the count of the innermost (shortest) range
 * covering it, as V8's block coverage nests a function's blocks inside its whole range. Zero when
 * no range covers it (the script was not loaded there).
 */
export function countAt(ranges: readonly CoverageRange[], offset: number): number {
	let best: CoverageRange | null = null;
	for (const range of ranges)
		if (range.startOffset <= offset && offset < range.endOffset)
			if (best === null || range.endOffset - range.startOffset <= best.endOffset - best.startOffset) best = range;
	return best?.count ?? 0;
}

/** Whether the code at `offset` ran in any process. */
export function coveredAt(processes: readonly (readonly CoverageRange[])[] | undefined, offset: number): boolean {
	return (processes ?? []).some((ranges) => countAt(ranges, offset) > 0);
}
