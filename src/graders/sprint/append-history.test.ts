import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendHistory, SprintHistoryError } from "./append-history.js";
import { foldSprintRow } from "./fold-row.js";
import { HISTORY_HEADER, HISTORY_PREAMBLE, historyRow } from "./history-row.js";
import { sprintRow } from "./testing-rows.js";

const WEIGHTS = { corpus: 0.5, mutations: 0.3, process: 0.2 };

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "touchstone-history-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const rowOf = (model: string) => {
	const row = sprintRow({ model });
	return historyRow(row, foldSprintRow(row, WEIGHTS), `reports/${model}.md`);
};

describe("appendHistory", () => {
	it("creates the file with its title and header, then only ever appends", async () => {
		const file = join(dir, "history.md");
		await appendHistory(file, rowOf("first"));
		const before = await readFile(file);
		expect(before.toString()).toBe(`${HISTORY_PREAMBLE}\n${rowOf("first")}\n`);
		await appendHistory(file, rowOf("second"));
		await appendHistory(file, rowOf("third"));
		const after = await readFile(file);
		// The bytes of the earlier rows are exactly as they were: nothing was rewritten.
		expect(after.subarray(0, before.length).equals(before)).toBe(true);
		expect(after.subarray(before.length).toString()).toBe(`${rowOf("second")}\n${rowOf("third")}\n`);
	});

	it("keeps a file a human edited above the table, and ends a last line without a line end first", async () => {
		const file = join(dir, "history.md");
		const edited = `# Our scorecard\n\nNotes.\n\n${HISTORY_HEADER.join("\n")}\n${rowOf("old")}`;
		await writeFile(file, edited);
		await appendHistory(file, rowOf("new"));
		expect(await readFile(file, "utf8")).toBe(`${edited}\n${rowOf("new")}\n`);
	});

	it("refuses a file whose header is not the expected one, and leaves it untouched", async () => {
		const file = join(dir, "history.md");
		const other = "# History\n\n| date | model | score |\n|---|---|---|\n| 2024-01-01 | m | 1 |\n";
		await writeFile(file, other);
		await expect(appendHistory(file, rowOf("new"))).rejects.toThrow(SprintHistoryError);
		await expect(appendHistory(file, rowOf("new"))).rejects.toThrow(
			/its table header is `\| date \| model \| score \|`/,
		);
		expect(await readFile(file, "utf8")).toBe(other);
		await writeFile(file, "just notes\n");
		await expect(appendHistory(file, rowOf("new"))).rejects.toThrow(/holds no table/);
	});

	it("refuses a row that is not one table line", async () => {
		await expect(appendHistory(join(dir, "history.md"), `${rowOf("a")}\n${rowOf("b")}`)).rejects.toThrow(RangeError);
	});
});
