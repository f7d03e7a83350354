/** Lines the largest exact line diff below is computed for; past it, lines are matched as a multiset. */
const MAX_DIFF_CELLS = 4_000_000;

/** What changed between two texts, line by line. */
export interface LineChange {
	/** Lines of `after` that are not in the longest common subsequence with `before`, in order. */
	readonly added: readonly string[];
	/** How many lines of `before` were removed (or replaced). */
	readonly removed: number;
}

/** Splits a text into lines; a final newline does not make an empty last line. */
export function splitLines(text: string): string[] {
	if (text === "") return [];
	const lines = text.split(/\r?\n/);
	if (lines.at(-1) === "") lines.pop();
	return lines;
}

/**
 * The lines added and removed from `before` to `after`, as a line diff counts them (a longest
 * common subsequence after trimming the common head and tail). Very large middles fall back to
 * matching lines as a multiset, which never counts a moved line, so it may only undercount.
 */
export function diffLines(before: string, after: string): LineChange {
	const a = splitLines(before);
	const b = splitLines(after);
	let start = 0;
	while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
	let endA = a.length;
	let endB = b.length;
	while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
		endA -= 1;
		endB -= 1;
	}
	const middleA = a.slice(start, endA);
	const middleB = b.slice(start, endB);
	if (middleA.length === 0 || middleB.length === 0) return { added: middleB, removed: middleA.length };
	if (middleA.length * middleB.length > MAX_DIFF_CELLS) return multisetDiff(middleA, middleB);
	return lcsDiff(middleA, middleB);
}

function lcsDiff(a: readonly string[], b: readonly string[]): LineChange {
	const width = b.length + 1;
	const table = new Uint32Array((a.length + 1) * width);
	for (let i = a.length - 1; i >= 0; i--)
		for (let j = b.length - 1; j >= 0; j--)
			table[i * width + j] =
				a[i] === b[j]
					? (table[(i + 1) * width + j + 1] as number) + 1
					: Math.max(table[(i + 1) * width + j] as number, table[i * width + j + 1] as number);
	const added: string[] = [];
	let removed = 0;
	let i = 0;
	let j = 0;
	while (i < a.length && j < b.length) {
		if (a[i] === b[j]) {
			i += 1;
			j += 1;
		} else if ((table[(i + 1) * width + j] as number) >= (table[i * width + j + 1] as number)) {
			removed += 1;
			i += 1;
		} else {
			added.push(b[j] as string);
			j += 1;
		}
	}
	removed += a.length - i;
	added.push(...b.slice(j));
	return { added, removed };
}

function multisetDiff(a: readonly string[], b: readonly string[]): LineChange {
	const counts = new Map<string, number>();
	for (const line of a) counts.set(line, (counts.get(line) ?? 0) + 1);
	const added: string[] = [];
	for (const line of b) {
		const left = counts.get(line) ?? 0;
		if (left > 0) counts.set(line, left - 1);
		else added.push(line);
	}
	let removed = 0;
	for (const left of counts.values()) removed += left;
	return { added, removed };
}
