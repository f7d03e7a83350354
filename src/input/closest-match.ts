/** How {@link editDistance} and {@link closestMatch} count edits. */
export interface EditOptions {
	/** Count a swap of two neighbouring letters (`modle` for `model`) as one edit; default true. */
	readonly transpositions?: boolean;
}

/** How close a candidate must be for {@link closestMatch} to suggest it. */
export interface MatchOptions extends EditOptions {
	/** At most this many edits; default a third of the longer word's letters (at least 1). */
	readonly maxDistance?: number;
}

/**
 * Edit distance between two strings: insertions, deletions, substitutions and (unless turned off)
 * swaps of two neighbouring letters each count as one.
 */
export function editDistance(a: string, b: string, { transpositions = true }: EditOptions = {}): number {
	const rows: number[][] = [];
	for (let i = 0; i <= a.length; i++) {
		const row = [i];
		for (let j = 1; j <= b.length; j++) {
			if (i === 0) {
				row.push(j);
				continue;
			}
			const above = rows[i - 1] ?? [];
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
			if (transpositions && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
				best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
			row.push(best);
		}
		rows.push(row);
	}
	return rows[a.length]?.[b.length] ?? 0;
}

/**
 * The candidate closest to `word`, or null when none is close enough to be a plausible typo
 * (ignoring case; by default at most a third of the longer word's letters differ). Ties go to the
 * first candidate.
 */
export function closestMatch(word: string, candidates: readonly string[], options: MatchOptions = {}): string | null {
	let best: string | null = null;
	let bestDistance = Number.POSITIVE_INFINITY;
	for (const candidate of candidates) {
		const allowed = options.maxDistance ?? Math.max(1, Math.floor(Math.max(word.length, candidate.length) / 3));
		// The distance is at least the difference in length: skip the quadratic table when that is
		// already too far (a 1 MiB id compared with every reference took 25 s).
		if (Math.abs(word.length - candidate.length) > allowed) continue;
		const distance = editDistance(word.toLowerCase(), candidate.toLowerCase(), options);
		if (distance <= allowed && distance < bestDistance) {
			best = candidate;
			bestDistance = distance;
		}
	}
	return best;
}
