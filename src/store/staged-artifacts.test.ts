import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sha256 } from "../contract/index.js";
import { openTemporaryStore, sampleRun, sampleScore, sampleSpec, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;

beforeEach(() => {
	// Large-artifact behaviour (files) unless a test says otherwise.
	temporary = openTemporaryStore({ inline_artifact_bytes: 0 });
	temporary.store.freezeSpec(sampleSpec());
});
afterEach(() => temporary.remove());

function artifactRows(): number {
	return (temporary.store.database.prepare("SELECT count(*) AS n FROM artifacts").get() as { n: number }).n;
}

describe("staged artifacts", () => {
	it("writes the file at once and the row only with the cell that refers to it", () => {
		const { store } = temporary;
		const staged = store.stageArtifact("a model's answer", "text/plain");
		expect(existsSync(join(store.paths.artifacts, staged.path ?? "missing"))).toBe(true);
		expect(artifactRows()).toBe(0);
		expect(store.getArtifact(staged.sha256)).toBeNull();

		store.recordCells([
			{ run: sampleRun({ output_sha: staged.sha256 }), scores: [sampleScore()], artifacts: [staged] },
		]);
		expect(store.getArtifact(staged.sha256)).toMatchObject({ size: 16, content_type: "text/plain" });
		expect(store.readArtifactText(staged.sha256)).toBe("a model's answer");
	});

	it("leaves no row when the cell's transaction fails, and no temporary file behind", () => {
		const { store } = temporary;
		const staged = store.stageArtifact("orphan", "text/plain");
		const broken = sampleScore({ score_type: "nonsense" as never });
		expect(() => store.recordCells([{ run: sampleRun(), scores: [broken], artifacts: [staged] }])).toThrow();
		expect(artifactRows()).toBe(0);
		const names = readdirSync(join(store.paths.artifacts, (staged.path ?? "").slice(0, 2)));
		expect(names.filter((name) => name.endsWith(".tmp"))).toEqual([]);
	});

	it("stages the same content twice as one file and one row", () => {
		const { store } = temporary;
		const first = store.stageArtifact("same", "text/plain");
		const second = store.stageArtifact("same", "text/plain");
		expect(first.sha256).toBe(second.sha256);
		store.recordCells([
			{ run: sampleRun({ cell_key: "a" }), scores: [], artifacts: [first] },
			{ run: sampleRun({ cell_key: "b" }), scores: [], artifacts: [second] },
		]);
		expect(artifactRows()).toBe(1);
		expect(readdirSync(join(store.paths.artifacts, (first.path ?? "").slice(0, 2))).length).toBe(1);
	});

	it("keeps small text as text until its row is written, with the size and hash of its UTF-8 bytes", () => {
		const small = openTemporaryStore();
		try {
			const { store } = small;
			store.freezeSpec(sampleSpec());
			const text = "café ✓, 答え";
			const staged = store.stageArtifact(text, "text/plain; charset=utf-8");
			expect(staged.content).toBe(text);
			expect(staged.size).toBe(Buffer.byteLength(text, "utf8"));
			expect(staged.sha256).toBe(sha256(Buffer.from(text, "utf8")));
			store.recordCells([
				{ run: sampleRun({ output_sha: staged.sha256 }), scores: [sampleScore()], artifacts: [staged] },
			]);
			expect(store.readArtifact(staged.sha256).equals(Buffer.from(text, "utf8"))).toBe(true);
		} finally {
			small.remove();
		}
	});

	it("writes no file for small content: its bytes ride in the cell's transaction", () => {
		const small = openTemporaryStore();
		try {
			const { store } = small;
			store.freezeSpec(sampleSpec());
			const staged = store.stageArtifact("a short answer", "text/plain");
			expect(staged.path).toBeNull();
			expect(readdirSync(store.paths.artifacts)).toEqual([]);
			expect(store.getArtifact(staged.sha256)).toBeNull();
			store.recordCells([
				{ run: sampleRun({ output_sha: staged.sha256 }), scores: [sampleScore()], artifacts: [staged] },
			]);
			expect(store.readArtifactText(staged.sha256)).toBe("a short answer");
			expect(readdirSync(store.paths.artifacts)).toEqual([]);
		} finally {
			small.remove();
		}
	});
});
