import { randomUUID } from "node:crypto";
import { closeSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { BadInputError, NotFoundError, StoreError, sha256 } from "../contract/index.js";
import { readRegularFile } from "../input/index.js";
import { type StoreContext, utcNow } from "./context.js";

/** What putting an artifact returns: its address and its size in bytes. */
export interface ArtifactRef {
	/** Hex sha256 of the content: the artifact's address. */
	readonly sha256: string;
	/** Size of the content in bytes. */
	readonly size: number;
}

/** An artifact's row: where its bytes are and what they hold. */
export interface StoredArtifact extends ArtifactRef {
	/**
	 * Path of the file relative to the artifacts folder, `<sha[:2]>/<sha>`; null when the artifact
	 * is small enough to be kept inside the database (see {@link DEFAULT_INLINE_ARTIFACT_BYTES}).
	 */
	readonly path: string | null;
	/** MIME type given by the first writer, e.g. `text/plain`, `application/json`. */
	readonly content_type: string;
	/** When the first writer recorded it. */
	readonly created_at: string;
}

const SHA256 = /^[0-9a-f]{64}$/;
/**
 * Artifacts up to this many bytes are kept inside the database rather than as files: a row costs
 * microseconds where a file costs a create, a write and a rename (see schema-v2.ts). Most model
 * replies, inputs and judge reasons are this small; traces and diffs usually are not.
 */
export const DEFAULT_INLINE_ARTIFACT_BYTES = 4096;
/**
 * The largest artifact file read back, in bytes (64 MiB): a reader holds the whole artifact, and a
 * file grown past any output, trace or diff a run writes is not read into memory to find that out.
 */
export const MAX_ARTIFACT_READ_BYTES = 64 * 1024 * 1024;
/** How many staged digests a store remembers before it starts over (bounded memory). */
const STAGED_MEMORY = 100_000;

/**
 * Stores `content` inside the database when it is small (at most `context.inlineBytes`), else as
 * `artifacts/<sha[:2]>/<sha>` if that file is absent (written to a temporary
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
	const inline = bytes.byteLength <= context.inlineBytes;
	const path = inline ? null : relativePath(digest);
	if (path !== null) {
		const absolute = join(context.artifacts, path);
		// A present file of the right size is kept; a truncated leftover is rewritten.
		if (statSync(absolute, { throwIfNoEntry: false })?.size !== bytes.byteLength) writeAtomically(absolute, bytes);
	}
	context.database.transaction(() =>
		insertArtifactRows(
			context,
			[{ sha256: digest, size: bytes.byteLength, path, content_type: contentType, content: inline ? bytes : null }],
			utcNow(),
		),
	)();
	return { sha256: digest, size: bytes.byteLength };
}

/**
 * An artifact whose row is not written yet: it rides in a cell's transaction. A large one's file
 * is already written; a small one carries its bytes for the row.
 */
export interface StagedArtifact extends ArtifactRef {
	/** Path of the written file relative to the artifacts folder; null for an inline artifact. */
	readonly path: string | null;
	/** MIME type of the content. */
	readonly content_type: string;
	/**
	 * What an inline artifact holds, written with its row: its bytes, or its text (stored as UTF-8;
	 * kept as text so that a run's thread makes no buffer per artifact). Null when it is in a file.
	 */
	readonly content: Uint8Array | string | null;
}

/**
 * Returns what an artifact's row needs, writing the file first when the content is too large to
 * be inline (same atomic temp-and-rename as putArtifact); the row is written with the cell that
 * refers to it (CellRecord.artifacts), so it costs no transaction of its own. A file this store
 * staged already costs nothing; anything else is written (a file left by an earlier process is
 * replaced by identical bytes, cheaper than asking whether it is there). Synchronous on purpose:
 * measured at 256 cells in flight, fs.promises spent more of the event loop dispatching four
 * round trips per file than the system calls themselves take.
 */
export function stageArtifact(
	context: StoreContext,
	written: Set<string>,
	content: string | Uint8Array,
	contentType: string,
): StagedArtifact {
	if (typeof content === "string") {
		const size = Buffer.byteLength(content, "utf8");
		if (size <= context.inlineBytes)
			return { sha256: sha256(content), size, path: null, content_type: contentType, content };
	}
	const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
	const digest = sha256(bytes);
	if (bytes.byteLength <= context.inlineBytes)
		return { sha256: digest, size: bytes.byteLength, path: null, content_type: contentType, content: bytes };
	const path = relativePath(digest);
	if (!written.has(digest)) {
		writeAtomically(join(context.artifacts, path), bytes);
		if (written.size >= STAGED_MEMORY) written.clear();
		written.add(digest);
	}
	return { sha256: digest, size: bytes.byteLength, path, content_type: contentType, content: null };
}

/**
 * Inserts the rows of staged artifacts, and the bytes of inline ones (present ones are kept:
 * first write wins). Must run inside a transaction. An inline row has an empty path and its
 * bytes in `content`.
 */
export function insertArtifactRows(
	context: StoreContext,
	artifacts: readonly StagedArtifact[],
	createdAt: string,
): void {
	const insert = context.statements.get(
		"INSERT INTO artifacts (sha256, path, size, content_type, created_at, content) VALUES (?, ?, ?, ?, ?, ?)",
	);
	for (const artifact of artifacts)
		insert.run(
			artifact.sha256,
			artifact.path ?? "",
			artifact.size,
			artifact.content_type,
			createdAt,
			rowBytes(artifact.content),
		);
}

/**
 * The content column of an inline artifact as a Buffer, which SQLite binds as a blob: text as
 * UTF-8, and plain bytes (as they arrive from another thread) wrapped without a copy.
 */
function rowBytes(content: Uint8Array | string | null): Buffer | null {
	if (content === null || Buffer.isBuffer(content)) return content;
	if (typeof content === "string") return Buffer.from(content, "utf8");
	return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

/** The row of artifact `sha`, or null when the store has none. */
export function getArtifact(context: StoreContext, sha: string): StoredArtifact | null {
	checkSha(sha);
	const row = context.statements
		.get("SELECT sha256, NULLIF(path, '') AS path, size, content_type, created_at FROM artifacts WHERE sha256 = ?")
		.get(sha);
	return (row as StoredArtifact | undefined) ?? null;
}

/**
 * The bytes of artifact `sha`, verified against their hash: a missing, corrupted or special file
 * (see readArtifactFile) throws a StoreError naming the sha and the path; an unknown sha throws
 * NotFoundError.
 */
export function readArtifact(context: StoreContext, sha: string): Buffer {
	const row = getArtifact(context, sha);
	if (row === null) throw new NotFoundError(`no artifact ${sha} in the store`);
	if (row.path === null) return readInline(context, row);
	return verifiedFile(context, row);
}

/** The bytes of the file of artifact `row` (path not null), verified like {@link readArtifact}. */
export function verifiedFile(context: StoreContext, row: Pick<StoredArtifact, "sha256" | "path" | "size">): Buffer {
	const absolute = join(context.artifacts, row.path ?? "");
	const bytes = readArtifactFile(absolute, row);
	const actual = sha256(bytes);
	if (actual !== row.sha256)
		throw new StoreError(
			`artifact ${row.sha256} is corrupted: ${absolute} hashes to ${actual} (${bytes.byteLength} bytes, ${row.size} recorded); restore it from a copy of the artifacts folder`,
		);
	return bytes;
}

/**
 * Reads an artifact's file as a regular file only (see readRegularFile): a FIFO, socket or device
 * at its path would block the reading thread (the whole API server) or never end, and a symbolic
 * link could point anywhere. A file over the read bound is not read, nor one whose size is not
 * the recorded one.
 */
function readArtifactFile(absolute: string, row: Pick<StoredArtifact, "sha256" | "size">): Buffer {
	const refuse = (why: string) =>
		new StoreError(
			`artifact ${row.sha256} ${why}; restore it from a copy of the artifacts folder or point TOUCHSTONE_ARTIFACTS at the right one`,
		);
	const read = readRegularFile(absolute, { maxBytes: Math.min(row.size, MAX_ARTIFACT_READ_BYTES), noFollow: true });
	if ("bytes" in read) {
		if (read.bytes.byteLength !== row.size)
			throw refuse(`is corrupted: ${absolute} has ${read.bytes.byteLength} bytes, ${row.size} recorded`);
		return read.bytes;
	}
	switch (read.refused) {
		case "not-regular":
			throw refuse(`is not a regular file: ${absolute} is ${read.detail}`);
		case "too-large":
			throw (read.size ?? 0) > MAX_ARTIFACT_READ_BYTES
				? refuse(
						`is too large to read: ${absolute} has ${read.size} bytes, over the bound of ${MAX_ARTIFACT_READ_BYTES}`,
					)
				: refuse(`is corrupted: ${absolute} has ${read.size} bytes, ${row.size} recorded`);
		default:
			throw refuse(`is missing: ${absolute} cannot be read (${read.code ?? read.detail})`);
	}
}

function readInline(context: StoreContext, row: StoredArtifact): Buffer {
	const found = context.statements.get("SELECT content FROM artifacts WHERE sha256 = ?").get(row.sha256) as
		| { content: Buffer }
		| undefined;
	return verifiedInline(row.sha256, found?.content);
}

/** The bytes of an artifact kept in the database (its `content` column), verified against `sha`. */
export function verifiedInline(sha: string, content: unknown): Buffer {
	if (!(content instanceof Buffer))
		throw new StoreError(
			`artifact ${sha} is missing: its row says it is kept in the database, but its content is empty; restore the database from a copy`,
		);
	const actual = sha256(content);
	if (actual !== sha)
		throw new StoreError(
			`artifact ${sha} is corrupted: its bytes in the database hash to ${actual}; restore the database from a copy`,
		);
	return content;
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

export function checkSha(sha: string): void {
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
