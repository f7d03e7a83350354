import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StoreError, sha256 } from "../contract/index.js";
import { openStore, openTemporaryStore, sampleCell, sampleSpec, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;
beforeEach(() => {
	temporary = openTemporaryStore();
	temporary.store.freezeSpec(sampleSpec());
});
afterEach(() => {
	temporary.remove();
});

const count = (table: string) =>
	(temporary.store.database.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe("BackgroundCellWriter", () => {
	it("records batches through its own connection; the store's connection reads them once committed", async () => {
		const writer = temporary.store.startBackgroundWriter();
		const bytes = Buffer.from("answer: 4.");
		const artifact = {
			sha256: sha256(bytes),
			size: bytes.byteLength,
			path: null,
			content_type: "text/plain; charset=utf-8",
			content: bytes,
		};
		const first = await writer.record([
			{ ...sampleCell({ cell_key: "k1", output_sha: artifact.sha256 }), artifacts: [artifact] },
			sampleCell({ cell_key: "k2" }, ["a", "b"]),
		]);
		const second = await writer.record([sampleCell({ cell_key: "k3" })]);
		await writer.close();
		expect(first).toHaveLength(2);
		expect(second).toHaveLength(1);
		expect(new Set([...first, ...second]).size).toBe(3);
		expect(count("runs")).toBe(3);
		expect(count("scores")).toBe(4);
		expect(temporary.store.getRun(first[0] as string)?.output_sha).toBe(artifact.sha256);
		// The inline bytes crossed the thread intact.
		expect(temporary.store.readArtifactText(artifact.sha256)).toBe("answer: 4.");
	});

	it("refuses a bad batch whole with a StoreError, and keeps recording the next ones", async () => {
		const writer = temporary.store.startBackgroundWriter();
		try {
			const refused = writer.record([
				sampleCell({ cell_key: "ok" }),
				sampleCell({ benchmark_version: "never-frozen" }),
			]);
			await expect(refused).rejects.toBeInstanceOf(StoreError);
			await expect(refused).rejects.toThrow(/never-frozen|FOREIGN KEY/);
			expect(count("runs")).toBe(0);
			expect(await writer.record([sampleCell({ cell_key: "after" })])).toHaveLength(1);
		} finally {
			await writer.close();
		}
		expect(count("runs")).toBe(1);
		await expect(writer.record([sampleCell()])).rejects.toThrow(/closed/);
	});

	it("is refused on a store opened read-only", () => {
		const readonly = openStore({ ...temporary.store.paths, readonly: true });
		try {
			expect(() => readonly.startBackgroundWriter()).toThrow(/read-only/);
		} finally {
			readonly.close();
		}
	});
});
