import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BadInputError } from "../contract/index.js";
import type { Definitions } from "../definitions/index.js";
import { openTemporaryStore, type TemporaryStore } from "../store/index.js";
import { importVolume, readUsage } from "./import-volume.js";
import { USAGE_BOUNDS } from "./usage-file.js";

let folder: string;
let temporary: TemporaryStore;
beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), "touchstone-usage-"));
	temporary = openTemporaryStore();
});
afterEach(() => {
	temporary.remove();
	rmSync(folder, { recursive: true, force: true });
});

// Only the use cases' ids matter to a usage file.
const definitions = { useCases: [{ id: "summarization" }, { id: "code-fix" }] } as unknown as Definitions;

function usageFile(lines: readonly (string | object)[], name = "usage.jsonl"): string {
	const path = join(folder, name);
	writeFileSync(path, lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n"));
	return path;
}

const line = (overrides: object = {}) => ({
	use_case: "summarization",
	period: "2026-11",
	calls: 1000,
	input_tokens: 50_000,
	output_tokens: 8_000,
	...overrides,
});

function refusal(path: string): BadInputError {
	try {
		readUsage(definitions, path);
	} catch (error) {
		if (error instanceof BadInputError) return error;
		throw error;
	}
	throw new Error("the usage file was accepted");
}

describe("reading a usage file", () => {
	it("reads one rollup per use case and period: months and inclusive day ranges, lines of one period added up", () => {
		const path = usageFile([
			line(),
			"",
			line({ calls: 500, input_tokens: 1, output_tokens: 2, cost_usd: 3 }),
			line({ use_case: "code-fix", period: "2026-11-01/2026-11-14", calls: 7, cost_usd: 0.5 }),
		]);
		const usage = readUsage(definitions, path);
		expect(usage.lines).toBe(3);
		expect(usage.snapshots).toEqual([
			{
				use_case_id: "summarization",
				period_start: "2026-11-01T00:00:00.000Z",
				period_end: "2026-12-01T00:00:00.000Z",
				calls: 1500,
				input_tokens: 50_001,
				output_tokens: 8_002,
				// One of the two lines gave no cost: the sum is unknown, not 3.
				cost_usd: null,
				source_file: path,
			},
			{
				use_case_id: "code-fix",
				period_start: "2026-11-01T00:00:00.000Z",
				period_end: "2026-11-15T00:00:00.000Z",
				calls: 7,
				input_tokens: 50_000,
				output_tokens: 8_000,
				cost_usd: 0.5,
				source_file: path,
			},
		]);
	});

	it("names the file, line, field and fix of every bad line", () => {
		const path = usageFile([
			line(),
			'{"use_case": "summarization", "period": "2026-11", "calls": 1', // cut short
			line({ calls: -5 }),
			{ use_case: "summarization", period: "2026-11", calls: 3, output_tokens: 1 },
			line({ use_case: "sumarization" }),
			`{"use_case": "summarization", "pad": "${"x".repeat(10 * 1024 * 1024)}"}`,
			line({ period: "2026-13" }),
			line({ calls: 2.5, extra: true }),
			"[1, 2]",
		]);
		const { issues } = refusal(path);
		const at = (lineNumber: number) => issues.filter((issue) => issue.line === lineNumber);
		expect(issues.every((issue) => issue.source === path && issue.fix !== null && issue.fix !== "")).toBe(true);
		expect(at(1)).toEqual([]);
		expect(at(2)[0]?.message).toMatch(/not JSON/);
		expect(at(3).map((issue) => issue.path)).toEqual(["calls"]);
		expect(at(4).map((issue) => [issue.path, issue.fix])).toEqual([
			["input_tokens", 'add "input_tokens": a whole number ≥ 0 to the line'],
		]);
		expect(at(5).map((issue) => [issue.path, issue.fix])).toEqual([["use_case", "did you mean `summarization`?"]]);
		expect(at(6)[0]?.message).toMatch(/past the bound of 65,536/);
		expect(at(7).map((issue) => issue.path)).toEqual(["period"]);
		expect(
			at(8)
				.map((issue) => issue.path)
				.sort(),
		).toEqual(["calls", "extra"]);
		expect(at(9)).toHaveLength(1);
		expect(USAGE_BOUNDS.lineChars).toBe(65_536);
	});

	it("refuses an empty file, a missing one and one past the size bound, each with a fix", () => {
		expect(refusal(usageFile(["", "  "])).issues[0]?.message).toMatch(/no lines/);
		expect(refusal(join(folder, "absent.jsonl")).issues[0]?.fix).toMatch(/exists/);
		const huge = join(folder, "huge.jsonl");
		writeFileSync(huge, `${JSON.stringify(line())}\n`.repeat(300_000));
		expect(refusal(huge).issues[0]?.message).toMatch(/past the bound/);
	});

	it("lists at most the bound of problems, then says how many more", () => {
		const { issues } = refusal(usageFile(Array.from({ length: 250 }, () => "not json")));
		expect(issues).toHaveLength(USAGE_BOUNDS.issues + 1);
		expect(issues.filter((issue) => /^150 more problems after line 100 /.test(issue.message))).toHaveLength(1);
	});
});

describe("importing a usage file", () => {
	it("never doubles the volume: an unchanged rollup is skipped, a changed one is appended and counts", () => {
		const { store } = temporary;
		const first = usageFile([line(), line({ use_case: "code-fix", calls: 4 })]);
		expect(importVolume(store, readUsage(definitions, first)).appended).toHaveLength(2);
		const again = importVolume(store, readUsage(definitions, first));
		expect([again.appended.length, again.unchanged.length]).toEqual([0, 2]);
		expect(store.listVolumeSnapshots("summarization")).toHaveLength(1);

		const corrected = usageFile([line({ calls: 1200 }), line({ use_case: "code-fix", calls: 4 })], "corrected.jsonl");
		const fixed = importVolume(store, readUsage(definitions, corrected));
		expect(fixed.appended.map((row) => [row.use_case_id, row.calls])).toEqual([["summarization", 1200]]);
		expect(store.listVolumeSnapshots("summarization").map((row) => row.calls)).toEqual([1000, 1200]);
		// Back to the first figures: different from the latest stored, so appended again, and they count.
		expect(importVolume(store, readUsage(definitions, first)).appended).toHaveLength(1);
	});
});
