import { createReadStream } from "node:fs";

/** Bytes one log line may hold; a longer line is reported, not read. */
export const MAX_LOG_LINE_BYTES = 1024 * 1024;

/** One line of a file: its text, or (`text` null) its size when it was over the bound. */
export interface BoundedLine {
	/** 1-based line number. */
	readonly line: number;
	readonly text: string | null;
	/** The line's size in bytes, without its `\n` (a `\r` before it counts). */
	readonly bytes: number;
}

/**
 * The lines of a file, streamed: at most `maxBytes` of one line are held at a time, so a huge
 * line costs its bound and a huge file its chunk size, never their whole size. A line over the
 * bound comes back with `text` null. Blank lines are skipped (their numbers still count); `\r\n`
 * ends a line as `\n` does; invalid UTF-8 becomes U+FFFD.
 */
export async function* boundedLines(path: string, maxBytes = MAX_LOG_LINE_BYTES): AsyncGenerator<BoundedLine> {
	const decoder = new TextDecoder("utf-8");
	let parts: Buffer[] = [];
	let held = 0;
	let size = 0;
	let over = false;
	let line = 0;
	const finish = (): BoundedLine | null => {
		line += 1;
		let text: string | null = null;
		if (!over) {
			const buffer = Buffer.concat(parts, held);
			const end = buffer.length > 0 && buffer[buffer.length - 1] === 0x0d ? buffer.length - 1 : buffer.length;
			if (end <= maxBytes) text = decoder.decode(buffer.subarray(0, end));
		}
		const bytes = size;
		parts = [];
		held = 0;
		size = 0;
		over = false;
		if (text !== null && text.trim() === "") return null;
		return { line, text, bytes };
	};
	const take = (piece: Buffer) => {
		size += piece.length;
		if (over) return;
		if (held + piece.length > maxBytes + 1) {
			// One byte of slack lets a line of exactly `maxBytes` end in `\r`.
			over = true;
			parts = [];
			held = 0;
			return;
		}
		parts.push(piece);
		held += piece.length;
	};
	for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
		const buffer = chunk as Buffer;
		let start = 0;
		for (let newline = buffer.indexOf(0x0a, start); newline !== -1; newline = buffer.indexOf(0x0a, start)) {
			take(buffer.subarray(start, newline));
			start = newline + 1;
			const done = finish();
			if (done !== null) yield done;
		}
		if (start < buffer.length) take(buffer.subarray(start));
	}
	if (size > 0) {
		const done = finish();
		if (done !== null) yield done;
	}
}
