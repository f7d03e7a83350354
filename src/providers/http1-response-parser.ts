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
const CRLF = Buffer.from("\r\n");
const HEAD_END = Buffer.from("\r\n\r\n");

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

	/** Parses the next bytes of the connection; throws a MalformedHttpError on a broken response. */
	feed(data: Buffer): void {
		let input = this.#pending === null ? data : Buffer.concat([this.#pending, data]);
		this.#pending = null;
		while (input.length > 0) {
			if (this.#state === "done") {
				// Bytes after the end: this connection is out of step and must not carry another request.
				this.#trailing = true;
				return;
			}
			const used = this.#step(input);
			if (used < 0) {
				this.#pending = input;
				this.#checkPendingSize();
				return;
			}
			input = input.subarray(used);
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

	/** Consumes from `input`; returns the bytes used, or -1 when it needs more to go on. */
	#step(input: Buffer): number {
		switch (this.#state) {
			case "head":
				return this.#readHead(input);
			case "length":
			case "chunk-data":
			case "until-close":
				return this.#readBody(input);
			case "chunk-size":
				return this.#readChunkSize(input);
			case "chunk-end": {
				if (input.length < 2) return -1;
				if (input[0] !== 0x0d || input[1] !== 0x0a) throw new MalformedHttpError("a chunk is not followed by CRLF");
				this.#state = "chunk-size";
				return 2;
			}
			case "trailers":
				return this.#readTrailer(input);
			case "done":
				return input.length;
		}
	}

	#readHead(input: Buffer): number {
		const end = input.indexOf(HEAD_END);
		if (end < 0) return -1;
		const lines = input.toString("latin1", 0, end).split("\r\n");
		const statusLine = lines[0] ?? "";
		const match = /^HTTP\/1\.([01]) (\d{3})(?: (.*))?$/.exec(statusLine);
		if (match === null)
			throw new MalformedHttpError(`the status line ${JSON.stringify(statusLine.slice(0, 80))} is not HTTP/1.x`);
		const status = Number(match[2]);
		const headers: Record<string, string> = {};
		for (let index = 1; index < lines.length; index++) {
			const line = lines[index] as string;
			const colon = line.indexOf(":");
			if (colon <= 0) throw new MalformedHttpError(`the header line ${JSON.stringify(line.slice(0, 80))} has no name`);
			const name = line.slice(0, colon).trim().toLowerCase();
			const value = line.slice(colon + 1).trim();
			headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
		}
		const used = end + HEAD_END.length;
		// 1xx answers (100 Continue, 103 Early Hints) come before the real one; 101 would switch protocols.
		if (status >= 100 && status < 200 && status !== 101) return used;
		const connection = (headers.connection ?? "").toLowerCase();
		this.#keepAlive = match[1] === "1" ? !connection.includes("close") : connection.includes("keep-alive");
		this.#events.onHead({ status, statusText: match[3] ?? "", headers });
		this.#startBody(status, headers);
		return used;
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

	#readBody(input: Buffer): number {
		if (this.#state === "until-close") {
			this.#events.onBody(input);
			return input.length;
		}
		const size = Math.min(this.#remaining, input.length);
		this.#remaining -= size;
		const ended = this.#remaining === 0;
		// The state moves on before the consumer sees the piece, in case it throws.
		if (ended) this.#state = this.#state === "length" ? "done" : "chunk-end";
		this.#events.onBody(input.subarray(0, size));
		if (ended && this.#state === "done") this.#events.onEnd();
		return size;
	}

	#readChunkSize(input: Buffer): number {
		const end = input.indexOf(CRLF);
		if (end < 0) return -1;
		const line = input.toString("latin1", 0, end);
		const digits = line.split(";", 1)[0]?.trim() ?? "";
		if (!/^[0-9a-fA-F]{1,12}$/.test(digits))
			throw new MalformedHttpError(`the chunk size ${JSON.stringify(line.slice(0, 40))} is not hexadecimal`);
		const size = Number.parseInt(digits, 16);
		if (size === 0) this.#state = "trailers";
		else {
			this.#remaining = size;
			this.#state = "chunk-data";
		}
		return end + CRLF.length;
	}

	#readTrailer(input: Buffer): number {
		const end = input.indexOf(CRLF);
		if (end < 0) return -1;
		if (end === 0) this.#finish();
		return end + CRLF.length;
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
