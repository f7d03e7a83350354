import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BadInputError, NotFoundError, StoreError, sha256 } from "../contract/index.js";
import { openTemporaryStore, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;

beforeEach(() => {
	// Every artifact as a file here; inline artifacts have their own describe below.
	temporary = openTemporaryStore({ inline_artifact_bytes: 0 });
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

describe("inline artifacts", () => {
	let inline: TemporaryStore;
	beforeEach(() => {
		inline = openTemporaryStore({ inline_artifact_bytes: 16 });
	});
	afterEach(() => inline.remove());

	function files(): string[] {
		return readdirSync(inline.store.paths.artifacts, { recursive: true, encoding: "utf8" });
	}

	it("keeps content up to the limit in the database, and larger content as a file", () => {
		const { store } = inline;
		const small = store.putArtifact("sixteen bytes!!!", "text/plain");
		expect(small.size).toBe(16);
		expect(files()).toEqual([]);
		expect(store.getArtifact(small.sha256)?.path).toBeNull();
		expect(store.readArtifactText(small.sha256)).toBe("sixteen bytes!!!");

		const large = store.putArtifact("seventeen bytes!!", "text/plain");
		expect(store.getArtifact(large.sha256)?.path).toBe(join(large.sha256.slice(0, 2), large.sha256));
		expect(store.readArtifactText(large.sha256)).toBe("seventeen bytes!!");
	});

	it("keeps one row when the same content is put twice", () => {
		const { store } = inline;
		const first = store.putArtifact("twice", "text/plain");
		store.putArtifact("twice", "application/json");
		expect(store.database.prepare("SELECT count(*) AS n FROM artifacts").get()).toEqual({ n: 1 });
		expect(store.getArtifact(first.sha256)?.content_type).toBe("text/plain");
	});

	it("refuses to rewrite or delete inline bytes", () => {
		const { store } = inline;
		const ref = store.putArtifact("kept", "text/plain");
		expect(() =>
			store.database.prepare("UPDATE artifacts SET content = ? WHERE sha256 = ?").run(Buffer.from("evil"), ref.sha256),
		).toThrow("append-only");
		expect(() => store.database.prepare("DELETE FROM artifacts").run()).toThrow("append-only");
		store.database
			.prepare(
				"INSERT OR REPLACE INTO artifacts (sha256, path, size, content_type, content) VALUES (?, '', 4, 'text/plain', ?)",
			)
			.run(ref.sha256, Buffer.from("evil"));
		expect(store.readArtifactText(ref.sha256)).toBe("kept");
	});

	it("detects inline bytes that do not match their address", () => {
		const { store } = inline;
		const sha = "b".repeat(64);
		store.database
			.prepare("INSERT INTO artifacts (sha256, path, size, content_type) VALUES (?, '', 3, 'text/plain')")
			.run(sha);
		expect(() => store.readArtifact(sha)).toThrow(`artifact ${sha} is missing`);
		const other = "c".repeat(64);
		store.database
			.prepare("INSERT INTO artifacts (sha256, path, size, content_type, content) VALUES (?, '', 3, 'text/plain', ?)")
			.run(other, Buffer.from("abc"));
		expect(() => store.readArtifact(other)).toThrow(`artifact ${other} is corrupted`);
	});
});
