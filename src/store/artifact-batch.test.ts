import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BadInputError, NotFoundError } from "../contract/index.js";
import { openTemporaryStore, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;

beforeEach(() => {
	// Up to 16 bytes inside the database, larger content as files: the batch reads both.
	temporary = openTemporaryStore({ inline_artifact_bytes: 16 });
});

afterEach(() => temporary.remove());

/** What readArtifact gives for `sha`: its text, or the message it throws. */
function oneByOne(sha: string): { text: string } | { error: string } {
	try {
		return { text: temporary.store.readArtifactText(sha) };
	} catch (error) {
		return { error: (error as Error).message };
	}
}

describe("readArtifacts", () => {
	it("reads inline and file artifacts in one batch, and fails each broken one as readArtifact does", () => {
		const { store } = temporary;
		const inline = store.putArtifact("small", "text/plain").sha256;
		const file = store.putArtifact("larger than sixteen bytes", "text/plain").sha256;
		const corrupted = store.putArtifact("a file soon corrupted", "text/plain").sha256;
		writeFileSync(join(store.paths.artifacts, corrupted.slice(0, 2), corrupted), "A FILE SOON CORRUPTED");
		const missing = store.putArtifact("a file soon removed!", "text/plain").sha256;
		rmSync(join(store.paths.artifacts, missing.slice(0, 2), missing));
		const badInline = "c".repeat(64);
		store.database
			.prepare("INSERT INTO artifacts (sha256, path, size, content_type, content) VALUES (?, '', 3, 'text/plain', ?)")
			.run(badInline, Buffer.from("abc"));
		const unknown = "a".repeat(64);
		const malformed = "../../etc/passwd";

		const shas = [inline, file, corrupted, missing, badInline, unknown, malformed, inline];
		const reads = store.readArtifacts(shas);
		expect([...reads.keys()].sort()).toEqual([...new Set(shas)].sort());
		for (const sha of shas) {
			const read = reads.get(sha);
			expect(read && ("bytes" in read ? { text: read.bytes.toString("utf8") } : { error: read.error.message })).toEqual(
				oneByOne(sha),
			);
		}
		expect(reads.get(inline)).toEqual({ bytes: Buffer.from("small") });
		expect(reads.get(file)).toEqual({ bytes: Buffer.from("larger than sixteen bytes") });
		const errorOf = (sha: string) => {
			const read = reads.get(sha);
			return read !== undefined && "error" in read ? read.error : null;
		};
		expect(errorOf(corrupted)?.message).toMatch(/is corrupted/);
		expect(errorOf(missing)?.message).toMatch(/is missing/);
		expect(errorOf(badInline)?.message).toMatch(/is corrupted: its bytes in the database/);
		expect(errorOf(unknown)).toBeInstanceOf(NotFoundError);
		expect(errorOf(malformed)).toBeInstanceOf(BadInputError);
	});

	it("reads nothing for no sha", () => {
		expect(temporary.store.readArtifacts([]).size).toBe(0);
	});
});
