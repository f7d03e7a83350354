/** One HTTP/1.x request, read whole: its head and its body. */
export interface HttpRequest {
	/** Request method, as sent (`GET`, `POST`). */
	readonly method: string;
	/** Request target, as sent: a path with its query, e.g. `/requests?limit=5`. */
	readonly target: string;
	/** Minor HTTP version: 1 for HTTP/1.1, 0 for HTTP/1.0. */
	readonly minor: 0 | 1;
	/** Headers with lower-case names; a repeated one has its values joined with `, `. */
	readonly headers: Readonly<Record<string, string>>;
	/** The body (chunk framing removed), or null when it is larger than the reader's limit and was not kept. */
	readonly body: Buffer | null;
	/** performance.now() when the head had arrived. */
	readonly receivedAt: number;
}

/** A request the reader refuses: answer with this status, then close the connection. */
export interface RefusedRequest {
	readonly status: 400 | 431 | 501 | 505;
	readonly message: string;
}

/** What {@link RequestReader.next} found in the bytes so far. */
export type ReadResult =
	| { readonly kind: "request"; readonly request: HttpRequest }
	/** Not a whole request yet; `expectsContinue` once its head asked for `100 Continue` and its body is awaited. */
	| { readonly kind: "incomplete"; readonly expectsContinue: boolean }
	| { readonly kind: "refused"; readonly refusal: RefusedRequest };

/** Limits of a {@link RequestReader}. */
export interface ReaderLimits {
	/** Largest header section (request line and headers), in bytes; default 16 KB, as Node's own. */
	readonly maxHeadBytes?: number;
	/** Largest body kept, in bytes; a larger one is read to its end but not kept (`body: null`). */
	readonly maxBodyBytes: number;
}

const HEAD_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");
const DEFAULT_MAX_HEAD_BYTES = 16 * 1024;
/** Largest chunk-size line (hex digits plus extensions) accepted. */
const MAX_CHUNK_LINE_BYTES = 1024;
/** RFC 9110 token characters, for methods and header names. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const EMPTY = Buffer.alloc(0);

/** How the body of the request being read is framed, once its head is parsed. */
type Framing =
	| { readonly kind: "length"; readonly length: number; dropped: number }
	| { readonly kind: "chunked"; readonly chunks: Buffer[]; size: number; trailers: boolean; kept: boolean };

interface Head {
	readonly method: string;
	readonly target: string;
	readonly minor: 0 | 1;
	readonly headers: Record<string, string>;
	readonly framing: Framing;
	readonly receivedAt: number;
}

/**
 * Reads HTTP/1.x requests from the bytes of one connection, as they arrive, strictly: CRLF line
 * ends, token methods and header names, one framing per body (a length or `chunked`, never both),
 * and a limit on the head. The scripted server reads whole requests (its bodies are small JSON
 * documents) and answers one at a time, so pipelined requests simply wait here in order.
 */
export class RequestReader {
	readonly #maxHeadBytes: number;
	readonly #maxBodyBytes: number;
	#pieces: Buffer[] = [];
	#size = 0;
	#head: Head | null = null;

	constructor(limits: ReaderLimits) {
		this.#maxHeadBytes = limits.maxHeadBytes ?? DEFAULT_MAX_HEAD_BYTES;
		this.#maxBodyBytes = limits.maxBodyBytes;
	}

	/** Adds bytes that arrived. They are kept as they are, and joined only once a request needs them whole. */
	push(data: Buffer): void {
		if (data.length === 0) return;
		this.#pieces.push(data);
		this.#size += data.length;
	}

	/** True when bytes of a request that is not complete yet are waiting. */
	get pending(): boolean {
		return this.#size > 0 || this.#head !== null;
	}

	/** The bytes waiting, as one buffer (joined here, once, when they arrived in several pieces). */
	get #input(): Buffer {
		if (this.#pieces.length === 0) return EMPTY;
		if (this.#pieces.length > 1) this.#pieces = [Buffer.concat(this.#pieces, this.#size)];
		return this.#pieces[0] as Buffer;
	}

	/** Drops the first `count` bytes waiting. */
	#consume(count: number): void {
		const rest = this.#input.subarray(count);
		this.#pieces = rest.length === 0 ? [] : [rest];
		this.#size = rest.length;
	}

	/** The next whole request, or why there is none yet, or why the connection must be refused. */
	next(): ReadResult {
		if (this.#head === null) {
			const end = this.#input.indexOf(HEAD_END);
			if (end === -1) {
				if (this.#size > this.#maxHeadBytes) return this.#headTooLarge();
				return { kind: "incomplete", expectsContinue: false };
			}
			if (end > this.#maxHeadBytes) return this.#headTooLarge();
			const head = parseHead(this.#input.toString("latin1", 0, end));
			if ("status" in head) return { kind: "refused", refusal: head };
			this.#head = head;
			this.#consume(end + HEAD_END.length);
		}
		const head = this.#head;
		const body = head.framing.kind === "length" ? this.#lengthBody(head.framing) : this.#chunkedBody(head.framing);
		if (body === undefined)
			return { kind: "incomplete", expectsContinue: head.headers.expect?.toLowerCase() === "100-continue" };
		if (typeof body === "string") return refuse(400, body);
		this.#head = null;
		const { method, target, minor, headers, receivedAt } = head;
		return { kind: "request", request: { method, target, minor, headers, body, receivedAt } };
	}

	#headTooLarge(): ReadResult {
		return refuse(431, `the request head (line and headers) is larger than ${this.#maxHeadBytes} bytes`);
	}

	/**
	 * The body of `framing.length` bytes once it has all arrived, undefined before; null when it is
	 * larger than the limit: its bytes are then dropped as they arrive instead of kept, and the
	 * request comes out once the last has, so the client can read the refusal.
	 */
	#lengthBody(framing: Extract<Framing, { kind: "length" }>): Buffer | null | undefined {
		if (framing.length > this.#maxBodyBytes) {
			const dropped = Math.min(this.#size, framing.length - framing.dropped);
			if (dropped > 0) this.#consume(dropped);
			framing.dropped += dropped;
			return framing.dropped === framing.length ? null : undefined;
		}
		if (this.#size < framing.length) return undefined;
		const body = Buffer.from(this.#input.subarray(0, framing.length));
		this.#consume(framing.length);
		return body;
	}

	/**
	 * The decoded chunked body once its last chunk and trailers have arrived, null (not kept) when
	 * too large, undefined before, or a string saying what is wrong with its framing. Chunks are
	 * consumed as they arrive, so a large body is not scanned again with each new piece.
	 */
	#chunkedBody(framing: Extract<Framing, { kind: "chunked" }>): Buffer | null | undefined | string {
		for (;;) {
			const lineEnd = this.#input.indexOf(CRLF);
			if (lineEnd === -1) return this.#size > MAX_CHUNK_LINE_BYTES ? "a chunk-size line is too long" : undefined;
			const line = this.#input.toString("latin1", 0, lineEnd);
			if (framing.trailers) {
				// Trailers: header lines until an empty one.
				this.#consume(lineEnd + 2);
				if (line === "") return framing.kept ? Buffer.concat(framing.chunks, framing.size) : null;
				continue;
			}
			const digits = line.split(";", 1)[0]?.trim() ?? "";
			if (!/^[0-9A-Fa-f]{1,8}$/.test(digits))
				return `the chunk-size line ${JSON.stringify(line.slice(0, 40))} is not hexadecimal`;
			const size = Number.parseInt(digits, 16);
			if (size === 0) {
				this.#consume(lineEnd + 2);
				framing.trailers = true;
				continue;
			}
			const dataStart = lineEnd + 2;
			if (this.#size < dataStart + size + 2) return undefined;
			if (this.#input[dataStart + size] !== 0x0d || this.#input[dataStart + size + 1] !== 0x0a)
				return "a chunk is not followed by CRLF";
			framing.size += size;
			if (framing.size > this.#maxBodyBytes) {
				framing.kept = false;
				framing.chunks.length = 0;
			}
			if (framing.kept) framing.chunks.push(Buffer.from(this.#input.subarray(dataStart, dataStart + size)));
			this.#consume(dataStart + size + 2);
		}
	}
}

function refuse(status: RefusedRequest["status"], message: string): ReadResult {
	return { kind: "refused", refusal: { status, message } };
}

/** The request line and headers, or why they are refused. */
function parseHead(text: string): Head | RefusedRequest {
	const lines = text.split("\r\n");
	const requestLine = lines[0] ?? "";
	const [method = "", target = "", version = "", ...rest] = requestLine.split(" ");
	if (rest.length > 0 || !TOKEN.test(method) || target === "" || !version.startsWith("HTTP/"))
		return {
			status: 400,
			message: `the request line ${JSON.stringify(requestLine.slice(0, 80))} is not METHOD TARGET HTTP/1.x`,
		};
	if (version !== "HTTP/1.1" && version !== "HTTP/1.0")
		return { status: 505, message: `${version} is not supported; speak HTTP/1.1` };
	const headers: Record<string, string> = {};
	for (let index = 1; index < lines.length; index++) {
		const line = lines[index] as string;
		const colon = line.indexOf(":");
		const name = colon === -1 ? "" : line.slice(0, colon);
		if (!TOKEN.test(name))
			return { status: 400, message: `the header line ${JSON.stringify(line.slice(0, 80))} is not NAME: VALUE` };
		const value = line.slice(colon + 1).trim();
		if (/[\0\r\n]/.test(value)) return { status: 400, message: `the header ${name} holds a control character` };
		const key = name.toLowerCase();
		headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
	}
	const framing = bodyFraming(headers);
	if ("status" in framing) return framing;
	return { method, target, minor: version === "HTTP/1.1" ? 1 : 0, headers, framing, receivedAt: performance.now() };
}

/** How the body is framed: by `content-length`, by `transfer-encoding: chunked`, or empty. */
function bodyFraming(headers: Record<string, string>): Framing | RefusedRequest {
	const encoding = headers["transfer-encoding"];
	const length = headers["content-length"];
	if (encoding !== undefined) {
		if (length !== undefined)
			return { status: 400, message: "the request has both content-length and transfer-encoding; send one" };
		if (encoding.toLowerCase() !== "chunked")
			return {
				status: 501,
				message: `transfer-encoding ${JSON.stringify(encoding)} is not supported; send chunked or a content-length`,
			};
		return { kind: "chunked", chunks: [], size: 0, trailers: false, kept: true };
	}
	if (length === undefined) return { kind: "length", length: 0, dropped: 0 };
	// A repeated header arrives joined: equal values are one length, different ones are refused.
	const values = new Set(length.split(",").map((value) => value.trim()));
	const [only] = values;
	if (values.size !== 1 || only === undefined || !/^\d{1,15}$/.test(only))
		return { status: 400, message: `content-length ${JSON.stringify(length)} is not one whole number` };
	return { kind: "length", length: Number(only), dropped: 0 };
}
