import { describe, expect, it } from "vitest";
import type { MatrixRow } from "../../api/types.js";
import { headlineColour } from "./matrix-colour.js";
import { moveByKey } from "./matrix-keys.js";
import { caseStats, cellMark, failsIn, focusedColumns, sortedRows } from "./matrix-model.js";

/** A row whose cells pass (true), fail (false), have no mark (null) or no row at all (undefined). */
function row(caseId: string, marks: (boolean | null | undefined)[]): MatrixRow {
	return {
		case_id: caseId,
		kind: "floor",
		threshold: 0.5,
		cells: marks.map((passed, index) =>
			passed === undefined
				? null
				: {
						model_id: `m${index}`,
						harness: "h",
						headline: passed ? 1 : 0,
						passed,
						samples: 1,
						errors: 0,
						sources: [],
						native_rows: 1,
					},
		),
	};
}

const ROWS = [
	row("d", [true, true, true, true]), // everyone passes
	row("a", [true, false, true, false]), // an even split
	row("c", [false, false, false, undefined]), // everyone with a row fails
	row("b", [true, false, false, false]), // one passes
	row("e", [undefined, undefined, null, undefined]), // no pass mark at all
];

describe("the case matrix's orders", () => {
	const stats = ROWS.map(caseStats);
	const ids = (order: number[]) => order.map((index) => ROWS[index]?.case_id);

	it("sorts by case id", () => {
		expect(ids(sortedRows(ROWS, stats, "case"))).toEqual(["a", "b", "c", "d", "e"]);
	});

	it("puts the cases models disagree on first, and cases without marks last", () => {
		expect(ids(sortedRows(ROWS, stats, "disagreement"))).toEqual(["a", "b", "c", "d", "e"]);
		expect(stats[1]?.disagreement).toBeGreaterThan(stats[3]?.disagreement ?? 1);
		expect(stats[0]?.disagreement).toBeCloseTo(0, 2);
	});

	it("puts the cases fewest models pass first, counting only models with a mark", () => {
		expect(ids(sortedRows(ROWS, stats, "difficulty"))).toEqual(["c", "b", "a", "d", "e"]);
		expect(stats[2]).toMatchObject({ marked: 3, passShare: 0 });
		expect(stats[4]).toMatchObject({ marked: 0, passShare: null, disagreement: null });
	});
});

describe("the case matrix's cells and columns", () => {
	it("marks an empty cell apart from a failed one", () => {
		const [first] = ROWS[2]?.cells ?? [];
		expect(cellMark(first ?? null)).toBe("✗");
		expect(cellMark(null)).toBe("–");
		expect(
			cellMark({
				model_id: "m",
				harness: "h",
				headline: null,
				passed: null,
				samples: 0,
				errors: 2,
				sources: [],
				native_rows: 2,
			}),
		).toBe("!");
	});

	it("finds a focused model's columns under one harness or every one", () => {
		const columns = [
			{ model_id: "x", harness: "one" },
			{ model_id: "y", harness: "one" },
			{ model_id: "x", harness: "two" },
		];
		expect([...focusedColumns(columns, { model: "x", harness: null })]).toEqual([0, 2]);
		expect([...focusedColumns(columns, { model: "x", harness: "two" })]).toEqual([2]);
		expect(focusedColumns(columns, null).size).toBe(0);
		const first = ROWS[1];
		if (first === undefined) throw new Error("no row");
		expect(failsIn(first, new Set([1]))).toBe(true);
		expect(failsIn(first, new Set([0]))).toBe(false);
	});

	it("draws every headline's mark at 4.5:1 or more against its colour", () => {
		const luminance = (css: string) => {
			const [r = 0, g = 0, b = 0] = (css.match(/\d+/g) ?? []).map(Number);
			const linear = (value: number) => {
				const c = value / 255;
				return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
			};
			return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
		};
		for (let level = 0; level <= 100; level++) {
			const colour = headlineColour(level / 100);
			const background = luminance(colour.background);
			const foreground = colour.foreground === "#000000" ? 0 : 1;
			const [light, dark] = background > foreground ? [background, foreground] : [foreground, background];
			expect((light + 0.05) / (dark + 0.05), `level ${level}`).toBeGreaterThanOrEqual(4.5);
		}
	});

	it("moves the active cell by the grid's keys, within its edges", () => {
		const size = { rows: 10, columns: 4, page: 3 };
		expect(moveByKey("ArrowUp", false, { row: 0, column: 0 }, size)).toEqual({ row: 0, column: 0 });
		expect(moveByKey("ArrowRight", false, { row: 2, column: 3 }, size)).toEqual({ row: 2, column: 3 });
		expect(moveByKey("PageDown", false, { row: 8, column: 1 }, size)).toEqual({ row: 9, column: 1 });
		expect(moveByKey("End", true, { row: 2, column: 1 }, size)).toEqual({ row: 9, column: 3 });
		expect(moveByKey("Home", false, { row: 2, column: 3 }, size)).toEqual({ row: 2, column: 0 });
		expect(moveByKey("a", false, { row: 2, column: 3 }, size)).toBeNull();
	});
});
