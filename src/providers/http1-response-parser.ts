/** The status line and headers of an HTTP/1.x response. */
export interface ResponseHead {
	/** HTTP status code. */
	readonly status: number;
	/** Reason phrase, possibly empty. */
	readonly statusText: string;
	/** Headers with lower-case names; a repeated one has its values joined with `, `. */
	readonly headers: Readonly<Record<string, string>>;
}

/** What a parser reports, in order: one head, body chunks, then the end. */
export interface ResponseEvents {
	/** The final (non-1xx) head arrived. */
	onHead(head: ResponseHead): void;
	/** A piece of the decoded body (chunk framing removed); a view valid only during the call. */
	onBody(chunk: Uint8Array): void;
	/** The body is complete. */
	onEnd(): void;
}

/** An HTTP response that does not follow HTTP/1.1 framing. */
export class MalformedHttpError extends Error {
	/** Stable code, so the caller can classify it without reading the message. */
	readonly code = "ERR_MALFORMED_HTTP_RESPONSE";
	constructor(message: string) {
		super(`malformed HTTP response: ${message}`);
		this.name = "MalformedHttpError";
	}
}

/** Largest header section accepted (Node's own default limit is 16 KB). */
const MAX_HEAD_BYTES = 64 * 1024;
/** Largest chunk-size line (hex digits plus extensions) accepted. */
const MAX_CHUNK_LINE_BYTES = 1024;
const HEAD_END = Buffer.from("\r\n\r\n");
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;
const SEMICOLON = 0x3b;

/** Where the CRLF that ends the line starting at `offset` begins, or -1 when it has not arrived. */
function lineEnd(input: Buffer, offset: number): number {
	let index = input.indexOf(CR, offset);
	while (index >= 0 && index + 1 < input.length && input[index + 1] !== LF) index = input.indexOf(CR, index + 1);
	return index >= 0 && index + 1 < input.length ? index : -1;
}

/** `HTTP/1.<minor> <status>[ <reason>]`, read without a regular expression (one per response). */
function parseStatusLine(line: string): { status: number; statusText: string; minor: number } {
	const minor = line.charCodeAt(7) - 0x30;
	const status = Number(line.slice(9, 12));
	const valid =
		line.startsWith("HTTP/1.") &&
		(minor === 0 || minor === 1) &&
		line.charCodeAt(8) === SPACE &&
		/^\d{3}$/.test(line.slice(9, 12)) &&
		(line.length === 12 || line.charCodeAt(12) === SPACE);
	if (!valid) throw new MalformedHttpError(`the status line ${JSON.stringify(line.slice(0, 80))} is not HTTP/1.x`);
	return { status, statusText: line.slice(13), minor };
}

/** The value of a hexadecimal digit's byte, or -1. */
function hexValue(byte: number): number {
	if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
	if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
	if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
	return -1;
}

type State = "head" | "length" | "chunk-size" | "chunk-data" | "chunk-end" | "trailers" | "until-close" | "done";

/**
 * Parses one HTTP/1.x response from the bytes of a connection, fed as they arrive in pieces of
 * any size: the head (skipping 1xx interim responses), then a body framed by
 * `transfer-encoding: chunked`, by `content-length`, or by the connection's close. It keeps only
 * an unfinished line between pieces and hands body bytes on as views, so a streamed reply costs
 * no copies. After the end, `keepAlive` says whether the connection may carry another request.
 */
export class Http1ResponseParser {
	readonly #events: ResponseEvents;
	#state: State = "head";
	/** Bytes of an unfinished head or framing line. */
	#pending: Buffer | null = null;
	/** Body bytes (or chunk bytes) still expected. */
	#remaining = 0;
	#keepAlive = true;
	/** Set when bytes arrived after the response ended: the connection is out of step. */
	#trailing = false;

	constructor(events: ResponseEvents) {
		this.#events = events;
	}

	/** True once the whole response has been read. */
	get done(): boolean {
		return this.#state === "done";
	}

	/** True when the response ended cleanly and the server allows the connection to be reused. */
	get keepAlive(): boolean {
		return this.#state === "done" && this.#keepAlive && !this.#trailing;
	}

	/** True when bytes arrived after the end of the response. */
	get trailing(): boolean {
		return this.#trailing;
	}

	/** True once the head has been read (so a failure is mid-body rather than before any reply). */
	get started(): boolean {
		return this.#state !== "head";
	}

	/**
	 * Parses the next bytes of the connection; throws a MalformedHttpError on a broken response.
	 * `data` need only stay valid during the call: what the parser keeps, it copies.
	 */
	feed(data: Buffer): void {
		// Positions move through the bytes as numbers: a view per step would be garbage per byte range.
		const input = this.#pending === null ? data : Buffer.concat([this.#pending, data]);
		this.#pending = null;
		let offset = 0;
		while (offset < input.length) {
			const next = this.#step(input, offset);
			if (next < 0) {
				// A copy: `data` may be a buffer the connection reads into again.
				this.#pending = Buffer.from(input.subarray(offset));
				this.#checkPendingSize();
				return;
			}
			offset = next;
		}
	}

	/**
	 * The connection closed. Ends a body that runs until the close and returns true; returns false
	 * when the response was not complete (the caller reports a cut connection).
	 */
	close(): boolean {
		if (this.#state === "until-close") {
			this.#state = "done";
			this.#keepAlive = false;
			this.#events.onEnd();
			return true;
		}
		return this.#state === "done";
	}

	/** Consumes from `input` at `offset`; returns where the next step starts, or -1 when it needs more bytes. */
	#step(input: Buffer, offset: number): number {
		switch (this.#state) {
			case "head":
				return this.#readHead(input, offset);
			case "length":
			case "chunk-data":
			case "until-close":
				return this.#readBody(input, offset);
			case "chunk-size":
				return this.#readChunkSize(input, offset);
			case "chunk-end": {
				if (input.length - offset < 2) return -1;
				if (input[offset] !== CR || input[offset + 1] !== LF)
					throw new MalformedHttpError("a chunk is not followed by CRLF");
				this.#state = "chunk-size";
				return offset + 2;
			}
			case "trailers":
				return this.#readTrailer(input, offset);
			case "done":
				// Bytes after the end: this connection is out of step and must not carry another request.
				this.#trailing = true;
				return input.length;
		}
	}

	#readHead(input: Buffer, offset: number): number {
		const end = input.indexOf(HEAD_END, offset);
		if (end < 0) return -1;
		const text = input.toString("latin1", offset, end);
		let lineEnd = text.indexOf("\r\n");
		if (lineEnd < 0) lineEnd = text.length;
		const { status, statusText, minor } = parseStatusLine(text.slice(0, lineEnd));
		const headers: Record<string, string> = {};
		while (lineEnd < text.length) {
			const lineStart = lineEnd + 2;
			lineEnd = text.indexOf("\r\n", lineStart);
			if (lineEnd < 0) lineEnd = text.length;
			const colon = text.indexOf(":", lineStart);
			if (colon <= lineStart || colon >= lineEnd)
				throw new MalformedHttpError(
					`the header line ${JSON.stringify(text.slice(lineStart, Math.min(lineEnd, lineStart + 80)))} has no name`,
				);
			const name = text.slice(lineStart, colon).trim().toLowerCase();
			const value = text.slice(colon + 1, lineEnd).trim();
			const previous = headers[name];
			headers[name] = previous === undefined ? value : `${previous}, ${value}`;
		}
		const next = end + HEAD_END.length;
		// 1xx answers (100 Continue, 103 Early Hints) come before the real one; 101 would switch protocols.
		if (status >= 100 && status < 200 && status !== 101) return next;
		const connection = (headers.connection ?? "").toLowerCase();
		this.#keepAlive = minor === 1 ? !connection.includes("close") : connection.includes("keep-alive");
		this.#events.onHead({ status, statusText, headers });
		this.#startBody(status, headers);
		return next;
	}

	#startBody(status: number, headers: Record<string, string>): void {
		const encoding = headers["transfer-encoding"];
		const length = headers["content-length"];
		if (status === 204 || status === 304) this.#finish();
		else if (encoding !== undefined && /(?:^|,)\s*chunked\s*$/i.test(encoding)) this.#state = "chunk-size";
		else if (length !== undefined) {
			if (!/^\d+$/.test(length))
				throw new MalformedHttpError(`content-length ${JSON.stringify(length)} is not a number`);
			this.#remaining = Number(length);
			if (this.#remaining === 0) this.#finish();
			else this.#state = "length";
		} else {
			this.#keepAlive = false;
			this.#state = "until-close";
		}
	}

	#readBody(input: Buffer, offset: number): number {
		if (this.#state === "until-close") {
			this.#events.onBody(input.subarray(offset));
			return input.length;
		}
		const size = Math.min(this.#remaining, input.length - offset);
		this.#remaining -= size;
		const ended = this.#remaining === 0;
		// The state moves on before the consumer sees the piece, in case it throws.
		if (ended) this.#state = this.#state === "length" ? "done" : "chunk-end";
		this.#events.onBody(input.subarray(offset, offset + size));
		if (ended && this.#state === "done") this.#events.onEnd();
		return offset + size;
	}

	/** Reads `<hex size>[;extensions]CRLF` straight from the bytes. */
	#readChunkSize(input: Buffer, offset: number): number {
		const end = lineEnd(input, offset);
		if (end < 0) return -1;
		let size = 0;
		let digits = 0;
		let index = offset;
		for (; index < end; index++) {
			const digit = hexValue(input[index] as number);
			if (digit < 0) break;
			size = size * 16 + digit;
			digits += 1;
		}
		while (index < end && (input[index] === SPACE || input[index] === TAB)) index++;
		if (digits === 0 || digits > 12 || (index < end && input[index] !== SEMICOLON))
			throw new MalformedHttpError(
				`the chunk size ${JSON.stringify(input.toString("latin1", offset, Math.min(end, offset + 40)))} is not hexadecimal`,
			);
		if (size === 0) this.#state = "trailers";
		else {
			this.#remaining = size;
			this.#state = "chunk-data";
		}
		return end + 2;
	}

	#readTrailer(input: Buffer, offset: number): number {
		const end = lineEnd(input, offset);
		if (end < 0) return -1;
		if (end === offset) this.#finish();
		return end + 2;
	}

	#finish(): void {
		this.#state = "done";
		this.#events.onEnd();
	}

	#checkPendingSize(): void {
		const size = this.#pending?.length ?? 0;
		if (this.#state === "head" && size > MAX_HEAD_BYTES)
			throw new MalformedHttpError(`the header section is larger than ${MAX_HEAD_BYTES} bytes`);
		if (this.#state !== "head" && size > MAX_CHUNK_LINE_BYTES)
			throw new MalformedHttpError(`a chunk-size or trailer line is longer than ${MAX_CHUNK_LINE_BYTES} bytes`);
	}
}
