import { randomUUID } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { BadInputError, NotFoundError, StoreError, sha256 } from "../contract/index.js";
import { type StoreContext, utcNow } from "./context.js";

/** What putting an artifact returns: its address and its size in bytes. */
export interface ArtifactRef {
	/** Hex sha256 of the content: the artifact's address. */
	readonly sha256: string;
	/** Size of the content in bytes. */
	readonly size: number;
}

/** An artifact's row: where its file is and what it holds. */
export interface StoredArtifact extends ArtifactRef {
	/** Path of the file relative to the artifacts folder, `<sha[:2]>/<sha>`. */
	readonly path: string;
	/** MIME type given by the first writer, e.g. `text/plain`, `application/json`. */
	readonly content_type: string;
	/** When the first writer recorded it. */
	readonly created_at: string;
}

const SHA256 = /^[0-9a-f]{64}$/;
/** How many staged digests a store remembers before it starts over (bounded memory). */
const STAGED_MEMORY = 100_000;

/**
 * Stores `content` as `artifacts/<sha[:2]>/<sha>` if that file is absent (written to a temporary
 * file in the same folder, then renamed, so no partial file is ever visible) and records its
 * row. The file is not fsynced: a run writes thousands per minute and an fsync each cost more
 * than the model calls; a file torn by a power cut is caught by the hash check on every read,
 * as the database (WAL, synchronous=NORMAL) may lose its last transactions the same way. Idempotent: the same content gives the same file and one row; the first content type
 * wins.
 */
export function putArtifact(context: StoreContext, content: string | Uint8Array, contentType: string): ArtifactRef {
	if (context.database.readonly)
		throw new StoreError(`the store at ${context.database.name} is open read-only; it cannot take artifacts`);
	const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
	const digest = sha256(bytes);
	const path = relativePath(digest);
	const absolute = join(context.artifacts, path);
	// A present file of the right size is kept; a truncated leftover is rewritten.
	if (statSync(absolute, { throwIfNoEntry: false })?.size !== bytes.byteLength) writeAtomically(absolute, bytes);
	context.statements
		.get("INSERT INTO artifacts (sha256, path, size, content_type, created_at) VALUES (?, ?, ?, ?, ?)")
		.run(digest, path, bytes.byteLength, contentType, utcNow());
	return { sha256: digest, size: bytes.byteLength };
}

/** An artifact whose file is written but whose row is not yet: it rides in a cell's transaction. */
export interface StagedArtifact extends ArtifactRef {
	/** Path of the file relative to the artifacts folder. */
	readonly path: string;
	/** MIME type of the content. */
	readonly content_type: string;
}

/**
 * Writes the file of an artifact (same atomic temp-and-rename as putArtifact) and returns what
 * its row needs; the row is written with the cell that refers to it (CellRecord.artifacts), so
 * it costs no transaction of its own. Content this store staged already costs nothing; anything
 * else is written (a file left by an earlier process is replaced by identical bytes, cheaper
 * than asking whether it is there). Synchronous on purpose: measured at 256 cells in flight,
 * fs.promises spent more of the event loop dispatching four round trips per file than the
 * system calls themselves take.
 */
export function stageArtifact(
	artifactsDir: string,
	written: Set<string>,
	content: string | Uint8Array,
	contentType: string,
): StagedArtifact {
	const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
	const digest = sha256(bytes);
	const path = relativePath(digest);
	if (!written.has(digest)) {
		writeAtomically(join(artifactsDir, path), bytes);
		if (written.size >= STAGED_MEMORY) written.clear();
		written.add(digest);
	}
	return { sha256: digest, size: bytes.byteLength, path, content_type: contentType };
}

/** Inserts the rows of staged artifacts (present ones are kept: first write wins). */
export function insertArtifactRows(
	context: StoreContext,
	artifacts: readonly StagedArtifact[],
	createdAt: string,
): void {
	const insert = context.statements.get(
		"INSERT INTO artifacts (sha256, path, size, content_type, created_at) VALUES (?, ?, ?, ?, ?)",
	);
	for (const artifact of artifacts)
		insert.run(artifact.sha256, artifact.path, artifact.size, artifact.content_type, createdAt);
}

/** The row of artifact `sha`, or null when the store has none. */
export function getArtifact(context: StoreContext, sha: string): StoredArtifact | null {
	checkSha(sha);
	const row = context.statements
		.get("SELECT sha256, path, size, content_type, created_at FROM artifacts WHERE sha256 = ?")
		.get(sha);
	return (row as StoredArtifact | undefined) ?? null;
}

/**
 * The bytes of artifact `sha`, verified against their hash: a missing or corrupted file throws a
 * StoreError naming the sha and the path; an unknown sha throws NotFoundError.
 */
export function readArtifact(context: StoreContext, sha: string): Buffer {
	const row = getArtifact(context, sha);
	if (row === null) throw new NotFoundError(`no artifact ${sha} in the store`);
	const absolute = join(context.artifacts, row.path);
	let bytes: Buffer;
	try {
		bytes = readFileSync(absolute);
	} catch (error) {
		throw new StoreError(
			`artifact ${sha} is missing: ${absolute} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); restore the artifacts folder or point TOUCHSTONE_ARTIFACTS at the right one`,
			{ cause: error },
		);
	}
	const actual = sha256(bytes);
	if (actual !== sha)
		throw new StoreError(
			`artifact ${sha} is corrupted: ${absolute} hashes to ${actual} (${bytes.byteLength} bytes, ${row.size} recorded); restore it from a copy of the artifacts folder`,
		);
	return bytes;
}

/** Where an artifact lives, relative to the artifacts folder. */
export function relativePath(sha: string): string {
	return `${sha.slice(0, 2)}/${sha}`;
}

function writeAtomically(absolute: string, bytes: Uint8Array): void {
	const folder = dirname(absolute);
	const temporary = join(folder, `.${randomUUID()}.tmp`);
	try {
		const descriptor = openCreatingFolder(temporary, folder);
		try {
			let written = 0;
			while (written < bytes.byteLength) written += writeSync(descriptor, bytes, written);
		} finally {
			closeSync(descriptor);
		}
		renameSync(temporary, absolute);
	} catch (error) {
		rmSync(temporary, { force: true });
		throw new StoreError(`could not write artifact ${absolute}: ${(error as Error).message}`, { cause: error });
	}
}

/** Opens a new file, creating its folder only when it is missing (256 folders, thousands of files). */
function openCreatingFolder(path: string, folder: string): number {
	try {
		return openSync(path, "wx");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
		mkdirSync(folder, { recursive: true });
		return openSync(path, "wx");
	}
}

function checkSha(sha: string): void {
	if (!SHA256.test(sha))
		throw new BadInputError("Not an artifact address.", [
			{
				source: "artifact",
				line: null,
				column: null,
				path: "sha256",
				message: `"${sha}" is not a sha256 (64 lowercase hex digits)`,
				fix: "pass the sha stored in a row, e.g. runs.output_sha",
			},
		]);
}
