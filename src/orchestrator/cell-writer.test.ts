import { describe, expect, it } from "vitest";
import { type CellRecord, sampleCell } from "../store/index.js";
import { CellWriter } from "./cell-writer.js";

const cell = (key: string): CellRecord => sampleCell({ cell_key: key });
const keys = (cells: readonly CellRecord[]) => cells.map((item) => item.run.cell_key);

describe("CellWriter", () => {
	it("keeps one batch in an asynchronous sink; cells finishing meanwhile go together in the next", async () => {
		const batches: string[][] = [];
		const release: (() => void)[] = [];
		const writer = new CellWriter(
			(cells) => {
				batches.push(keys(cells));
				return new Promise<string[]>((resolve) => release.push(() => resolve(keys(cells).map((key) => `run-${key}`))));
			},
			{ delayMs: 1 },
		);
		const a = writer.write(cell("a"));
		writer.flush();
		const b = writer.write(cell("b"));
		const c = writer.write(cell("c"));
		writer.flush();
		expect(batches).toEqual([["a"]]);
		release.shift()?.();
		expect(await a).toBe("run-a");
		await new Promise((resolve) => setTimeout(resolve, 5));
		expect(batches).toEqual([["a"], ["b", "c"]]);
		const drained = writer.drain();
		release.shift()?.();
		await drained;
		expect(await Promise.all([b, c])).toEqual(["run-b", "run-c"]);
	});

	it("refuses the cells of a refused batch only, and sends a full batch at once", async () => {
		let calls = 0;
		const writer = new CellWriter(
			(cells) => {
				calls += 1;
				if (calls === 1) throw new Error("disk full");
				return keys(cells);
			},
			{ delayMs: 60_000, maxBatch: 2 },
		);
		const refused = [writer.write(cell("a")), writer.write(cell("b"))];
		await expect(Promise.all(refused)).rejects.toThrow("disk full");
		const kept = [writer.write(cell("c")), writer.write(cell("d"))];
		expect(await Promise.all(kept)).toEqual(["c", "d"]);
		expect(calls).toBe(2);
	});
});
