import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from "node:fs";

/** What reading a file as a regular file gave: its bytes, or why it was not read. */
export type RegularFileRead =
	| { readonly bytes: Buffer }
	| {
			readonly refused: "missing" | "unreadable" | "not-regular" | "too-large";
			/** What the path is (`a FIFO`, `a symbolic link`), the system's error, or the size found. */
			readonly detail: string;
			/** Bytes the file has (or had read when it grew past the bound), for `too-large`. */
			readonly size?: number;
			/** The system's error code (`ENOENT`, `EACCES`), for `missing` and `unreadable`. */
			readonly code?: string;
	  };

/**
 * Reads `path` only if it is a regular file of at most `maxBytes`: a FIFO, socket or device would
 * block the reading thread or never end. The file is opened non-blocking and checked once open
 * (it could be swapped between a look and the open); with `noFollow`, a symbolic link is refused
 * too (looked at without following it, and opened with O_NOFOLLOW). A file that grows past the
 * bound while being read is refused as well. Shared by user input files and stored artifacts.
 */
export function readRegularFile(path: string, options: { maxBytes: number; noFollow?: boolean }): RegularFileRead {
	let descriptor: number;
	try {
		if (options.noFollow === true) {
			const link = lstatSync(path);
			if (!link.isFile()) return { refused: "not-regular", detail: fileKind(link) };
		}
		descriptor = openSync(
			path,
			constants.O_RDONLY | constants.O_NONBLOCK | (options.noFollow === true ? constants.O_NOFOLLOW : 0),
		);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ELOOP") return { refused: "not-regular", detail: "a symbolic link" };
		return {
			refused: code === "ENOENT" ? "missing" : "unreadable",
			detail: (error as Error).message,
			...(code === undefined ? {} : { code }),
		};
	}
	try {
		const stats = fstatSync(descriptor);
		if (!stats.isFile()) return { refused: "not-regular", detail: fileKind(stats) };
		if (stats.size > options.maxBytes) return { refused: "too-large", detail: `${stats.size} bytes`, size: stats.size };
		const buffer = Buffer.allocUnsafe(stats.size + 1);
		let length = 0;
		for (let read = -1; read !== 0 && length < buffer.length; length += read)
			read = readSync(descriptor, buffer, length, buffer.length - length, null);
		if (length > options.maxBytes) return { refused: "too-large", detail: `${length} bytes`, size: length };
		return { bytes: buffer.subarray(0, length) };
	} catch (error) {
		return { refused: "unreadable", detail: (error as Error).message };
	} finally {
		closeSync(descriptor);
	}
}

/** What a file that is not a regular one is, for messages. */
function fileKind(stats: Stats): string {
	if (stats.isSymbolicLink()) return "a symbolic link";
	if (stats.isFIFO()) return "a FIFO";
	if (stats.isSocket()) return "a socket";
	if (stats.isDirectory()) return "a directory";
	if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
	return "a special file";
}
