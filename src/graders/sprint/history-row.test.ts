import { describe, expect, it } from "vitest";
import { foldSprintRow } from "./fold-row.js";
import { HISTORY_COLUMNS, HISTORY_HEADER, historyRow } from "./history-row.js";
import { measured, sprintRow } from "./testing-rows.js";

const WEIGHTS = { corpus: 0.5, mutations: 0.3, process: 0.2 };

/** The cells of a table line, split at the pipes that are not escaped. */
function cells(line: string): string[] {
	return line
		.slice(2, -2)
		.split(/(?<!\\) \| /)
		.map((cell) => cell.trim());
}

function cellsByColumn(line: string): Record<string, string> {
	return Object.fromEntries(cells(line).map((cell, index) => [HISTORY_COLUMNS[index], cell]));
}

describe("historyRow", () => {
	it("shows every figure of a passed run", () => {
		const row = sprintRow();
		const line = historyRow(row, foldSprintRow(row, WEIGHTS), "reports/2025-03-04-example-1.md");
		expect(cellsByColumn(line)).toEqual({
			date: "2025-03-04",
			model: "scripted/strong",
			orch: "direct",
			outcome: "pass",
			code: "89.0",
			gates: "ok",
			corpus: "90.0",
			mutations: "4/5",
			process: "100.0",
			review: "4.38",
			cost: "\\$0.0123",
			tokens: "45.2k in / 3.1k out",
			"wall clock": "12m 03s",
			diff: "+120 −14 in 5 files",
			report: "[report](reports/2025-03-04-example-1.md)",
		});
		expect(cells(HISTORY_HEADER[0])).toEqual([...HISTORY_COLUMNS]);
	});

	it("shows a failed run's footprint and `-` for every score", () => {
		const row = sprintRow({
			outcome: "fail@M02",
			layers: { process: measured("process", 0.7), cost: measured("cost", null) },
			footprint: {
				...sprintRow().footprint,
				cost_usd: null,
				cost_unknown_calls: 2,
				input_tokens: null,
				wall_clock_s: 3725,
			},
		});
		const shown = cellsByColumn(historyRow(row, foldSprintRow(row, WEIGHTS)));
		expect(shown).toMatchObject({
			outcome: "fail@M02",
			code: "-",
			gates: "-",
			corpus: "-",
			mutations: "-",
			process: "-",
			review: "-",
			cost: "-",
			tokens: "- in / 3.1k out",
			"wall clock": "1h 02m 05s",
			diff: "+120 −14 in 5 files",
			report: "-",
		});
		const harness = sprintRow({ outcome: "harness_error" });
		expect(cellsByColumn(historyRow(harness, foldSprintRow(harness, WEIGHTS))).outcome).toBe("harness error");
	});

	it("marks a cost with calls of unknown cost as a lower bound", () => {
		const row = sprintRow({
			footprint: { ...sprintRow().footprint, cost_usd: null, cost_unknown_calls: 3 },
			layers: { ...sprintRow().layers, cost: measured("cost", null, { known_cost_usd: 0.5 }) },
		});
		expect(cellsByColumn(historyRow(row, foldSprintRow(row, WEIGHTS))).cost).toBe("≥ \\$0.5000");
	});

	it("escapes a hostile model id so it neither splits the row nor becomes HTML", () => {
		const row = sprintRow({ model: "evil|model<script>alert(1)</script>\nnext\\line" });
		const line = historyRow(row, foldSprintRow(row, WEIGHTS), "reports/x.md");
		expect(line).not.toContain("\n");
		expect(line).not.toContain("<script>");
		expect(cells(line)).toHaveLength(HISTORY_COLUMNS.length);
		expect(cellsByColumn(line).model).toBe("evil\\|model\\<script\\>alert(1)\\</script\\> next\\\\line");
	});

	it("encodes the report link so its path cannot end the link", () => {
		const row = sprintRow();
		const line = historyRow(row, foldSprintRow(row, WEIGHTS), "reports/a (b).md");
		expect(cellsByColumn(line).report).toBe("[report](reports/a%20%28b%29.md)");
	});
});
