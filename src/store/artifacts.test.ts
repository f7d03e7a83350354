import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BadInputError, NotFoundError, StoreError, sha256 } from "../contract/index.js";
import { openTemporaryStore, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;

beforeEach(() => {
	temporary = openTemporaryStore();
});

afterEach(() => temporary.remove());

function artifactFiles(): string[] {
	const root = temporary.store.paths.artifacts;
	return readdirSync(root, { recursive: true, encoding: "utf8" }).filter((entry) => entry.length > 2);
}

describe("artifacts", () => {
	it("stores content at <sha[:2]>/<sha> and reads it back", () => {
		const { store } = temporary;
		const ref = store.putArtifact("héllo", "text/plain");
		expect(ref).toEqual({ sha256: sha256("héllo"), size: Buffer.byteLength("héllo") });
		const path = join(store.paths.artifacts, ref.sha256.slice(0, 2), ref.sha256);
		expect(readFileSync(path, "utf8")).toBe("héllo");
		expect(store.readArtifactText(ref.sha256)).toBe("héllo");
		expect(store.getArtifact(ref.sha256)?.content_type).toBe("text/plain");
	});

	it("keeps one file and one row when the same content is put twice", () => {
		const { store } = temporary;
		const first = store.putArtifact(new TextEncoder().encode("same"), "text/plain");
		const second = store.putArtifact("same", "application/octet-stream");
		expect(second).toEqual(first);
		expect(artifactFiles()).toEqual([join(first.sha256.slice(0, 2), first.sha256)]);
		const count = store.database.prepare("SELECT count(*) AS n FROM artifacts").get() as { n: number };
		expect(count.n).toBe(1);
		expect(store.getArtifact(first.sha256)?.content_type).toBe("text/plain");
	});

	it("detects a file corrupted on disk", () => {
		const { store } = temporary;
		const ref = store.putArtifact("original content", "text/plain");
		const path = join(store.paths.artifacts, ref.sha256.slice(0, 2), ref.sha256);
		writeFileSync(path, "ORIGINAL content");
		const read = () => store.readArtifact(ref.sha256);
		expect(read).toThrow(StoreError);
		expect(read).toThrow(`artifact ${ref.sha256} is corrupted: ${path}`);
	});

	it("detects a missing file", () => {
		const { store } = temporary;
		const ref = store.putArtifact("soon gone", "text/plain");
		const path = join(store.paths.artifacts, ref.sha256.slice(0, 2), ref.sha256);
		rmSync(path);
		expect(() => store.readArtifact(ref.sha256)).toThrow(`artifact ${ref.sha256} is missing: ${path}`);
	});

	it("rewrites a missing file when the same content is put again", () => {
		const { store } = temporary;
		const ref = store.putArtifact("restorable", "text/plain");
		rmSync(join(store.paths.artifacts, ref.sha256.slice(0, 2), ref.sha256));
		store.putArtifact("restorable", "text/plain");
		expect(store.readArtifactText(ref.sha256)).toBe("restorable");
	});

	it("answers NotFoundError for an unknown sha and BadInputError for a malformed one", () => {
		expect(() => temporary.store.readArtifact("a".repeat(64))).toThrow(NotFoundError);
		expect(() => temporary.store.readArtifact("../../etc/passwd")).toThrow(BadInputError);
	});
});
