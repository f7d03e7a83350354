import type { Readable } from "node:stream";
import * as zlib from "node:zlib";
import type { Entry, ZipFile } from "yauzl";

/** The bounds of an inspect_ai `.eval` log (a zip of JSON members). */
export const EVAL_ZIP_BOUNDS = {
	/** Largest member, decompressed (128 MiB): a sample with a long transcript is a few MiB. */
	memberBytes: 128 * 1024 * 1024,
	/** All the members read, decompressed (1 GiB): a zip bomb stops here, not in the heap. */
	totalBytes: 1024 * 1024 * 1024,
	/** Most members in one log (one per sample and epoch, and a few more). */
	entries: 200_000,
} as const;

/** inspect's zip compression methods: stored, deflate, and Zstandard (method 93). */
const STORED = 0;
const DEFLATE = 8;
const ZSTD = 93;

/** A member the zip reader could not give whole; `member` is null for the zip itself. */
export class ZipProblem extends Error {
	readonly member: string | null;

	constructor(member: string | null, message: string) {
		super(message);
		this.name = "ZipProblem";
		this.member = member;
	}
}

/** An open `.eval` zip: its member names (the central directory's, the last of a repeated name) and their bytes. */
export interface EvalZip {
	readonly names: readonly string[];
	/** The member decompressed and checked against its CRC-32; throws a ZipProblem. */
	read(name: string): Promise<Buffer>;
	close(): void;
}

/**
 * Opens the zip in `bytes` and lists its members, reading nothing yet. A file that is not a
 * complete zip (truncated, damaged directory, another kind of file) throws a ZipProblem for the
 * zip itself. A name the central directory repeats (inspect re-logs a requeued sample) is the
 * last of its entries, as Python's zipfile reads it.
 */
export async function openEvalZip(bytes: Buffer): Promise<EvalZip> {
	// Loaded on first use: a command that reads no .eval log does not carry them.
	const yauzl = (await import("yauzl")).default;
	let zip: ZipFile;
	try {
		zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
	} catch (error) {
		throw new ZipProblem(null, (error as Error).message);
	}
	const entries = new Map<string, Entry>();
	try {
		if (zip.entryCount > EVAL_ZIP_BOUNDS.entries)
			throw new ZipProblem(null, `the zip has ${zip.entryCount} members, past the bound of ${EVAL_ZIP_BOUNDS.entries}`);
		for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
	} catch (error) {
		zip.close();
		if (error instanceof ZipProblem) throw error;
		throw new ZipProblem(null, (error as Error).message);
	}
	let total = 0;
	return {
		names: [...entries.keys()],
		async read(name) {
			const entry = entries.get(name);
			if (entry === undefined) throw new ZipProblem(name, "the zip has no such member");
			if (entry.uncompressedSize > EVAL_ZIP_BOUNDS.memberBytes)
				throw new ZipProblem(
					name,
					`the member is ${entry.uncompressedSize} bytes decompressed, past the bound of ${EVAL_ZIP_BOUNDS.memberBytes}`,
				);
			if (total + entry.uncompressedSize > EVAL_ZIP_BOUNDS.totalBytes)
				throw new ZipProblem(name, `the log's members pass ${EVAL_ZIP_BOUNDS.totalBytes} bytes decompressed`);
			const data = await readMember(zip, entry);
			total += data.length;
			return data;
		},
		close: () => zip.close(),
	};
}

async function readMember(zip: ZipFile, entry: Entry): Promise<Buffer> {
	const name = entry.fileName;
	if (entry.isEncrypted()) throw new ZipProblem(name, "the member is encrypted");
	const method = entry.compressionMethod;
	if (method !== STORED && method !== DEFLATE && method !== ZSTD)
		throw new ZipProblem(name, `the member uses zip compression method ${method}; inspect writes deflate or zstd (93)`);
	let data: Buffer;
	try {
		// yauzl inflates deflate itself (and checks the size it declares); zstd comes raw and is decompressed here.
		const stream = await zip.openReadStreamPromise(entry, method === ZSTD ? { decodeFileData: false } : {});
		data =
			method === ZSTD ? await unzstd(stream, entry.uncompressedSize) : await collect(stream, entry.uncompressedSize);
	} catch (error) {
		if (error instanceof ZipProblem) throw error;
		throw new ZipProblem(name, `the member cannot be read: ${(error as Error).message}`);
	}
	if (data.length !== entry.uncompressedSize)
		throw new ZipProblem(name, `the member has ${data.length} bytes, and the zip says ${entry.uncompressedSize}`);
	if (crc32(data) !== entry.crc32)
		throw new ZipProblem(name, "the member's bytes do not match its CRC-32: it is damaged");
	return data;
}

async function collect(stream: Readable, bound: number): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of stream) {
		length += (chunk as Buffer).length;
		if (length > bound) {
			stream.destroy();
			throw new Error(`more bytes than the ${bound} the zip says`);
		}
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks, length);
}

/** Decompresses a zstd member (one frame or several, as inspect's multi-frame writer emits), never past `bound` bytes. */
async function unzstd(stream: Readable, bound: number): Promise<Buffer> {
	const { Decompress } = await import("fzstd");
	const chunks: Uint8Array[] = [];
	let length = 0;
	const decompressor = new Decompress((chunk) => {
		length += chunk.length;
		if (length > bound) throw new Error(`it decompresses past the ${bound} bytes the zip says`);
		chunks.push(chunk);
	});
	try {
		for await (const chunk of stream) decompressor.push(chunk as Buffer);
		decompressor.push(new Uint8Array(0), true);
	} catch (error) {
		stream.destroy();
		throw new Error(`zstd: ${(error as Error).message}`);
	}
	return Buffer.concat(chunks, length);
}

/** zlib's CRC-32 (Node 20.15 and later), else a table of its own for older Node 20s. */
const crc32: (data: Buffer) => number =
	typeof (zlib as { crc32?: unknown }).crc32 === "function" ? (data) => zlib.crc32(data) : tableCrc32;

let table: Uint32Array | undefined;

function tableCrc32(data: Buffer): number {
	if (table === undefined) {
		table = new Uint32Array(256);
		for (let n = 0; n < 256; n++) {
			let c = n;
			for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
			table[n] = c >>> 0;
		}
	}
	let crc = 0xffffffff;
	for (const byte of data) crc = (table[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}
