import type { StoredComparison } from "../store/index.js";
import type { JudgedPair } from "./judge-pairs.js";

/** A pair's counted verdict: `x` or `y` better (agreeing across both orders), or a tie (agreed, or a flip). */
export interface PairVerdict {
	readonly winner: "x" | "y" | "tie";
	/** Whether the two orders disagreed, so the verdict is a tie by the flip rule. */
	readonly flip: boolean;
	readonly judge: string;
}

/** The stored verdicts of one rubric version, looked up by the order shown and the judge. */
export class VerdictIndex {
	readonly #rows = new Map<string, Map<string, StoredComparison>>();

	/** Indexes the rows with a verdict (errors never count) of `rubricVersion`; a later row of the same key wins. */
	constructor(rows: readonly StoredComparison[], rubricVersion: string | null) {
		for (const row of rows) {
			if (row.verdict === null || row.rubric_version !== rubricVersion || row.rubric_version === null) continue;
			if (row.diff_a_sha === null || row.diff_b_sha === null) continue;
			const key = `${row.diff_a_sha}\n${row.diff_b_sha}`;
			const judges = this.#rows.get(key) ?? new Map<string, StoredComparison>();
			judges.set(row.judge, row);
			this.#rows.set(key, judges);
		}
	}

	/**
	 * The pair's verdict: both orders answered by the same judge (the most recent such judge),
	 * a win when they agree and a tie when they flip; null while an order has no verdict.
	 */
	verdict(pair: JudgedPair): PairVerdict | null {
		const forward = this.#rows.get(`${pair.x.diff_sha}\n${pair.y.diff_sha}`);
		const backward = this.#rows.get(`${pair.y.diff_sha}\n${pair.x.diff_sha}`);
		if (forward === undefined || backward === undefined) return null;
		let best: { judge: string; latest: number; first: StoredComparison; second: StoredComparison } | null = null;
		for (const [judge, first] of forward) {
			const second = backward.get(judge);
			if (second === undefined) continue;
			const latest = Math.max(first.comparison_id, second.comparison_id);
			if (best === null || latest > best.latest) best = { judge, latest, first, second };
		}
		if (best === null) return null;
		// Shown x first, `a` is x; shown y first, `a` is y.
		const one = best.first.verdict === "a" ? "x" : best.first.verdict === "b" ? "y" : "tie";
		const two = best.second.verdict === "a" ? "y" : best.second.verdict === "b" ? "x" : "tie";
		return one === two
			? { winner: one, flip: false, judge: best.judge }
			: { winner: "tie", flip: true, judge: best.judge };
	}
}

/** The rubric version of the most recent stored verdict, which the ratings read by default; null when none has one. */
export function latestRubricVersion(rows: readonly StoredComparison[]): string | null {
	for (let index = rows.length - 1; index >= 0; index--) {
		const version = rows[index]?.rubric_version;
		if (version !== null && version !== undefined) return version;
	}
	return null;
}
