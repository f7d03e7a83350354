import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";

/** Header values a response is given: names as written, values a string or a number. */
export type ResponseHeaders = Readonly<Record<string, string | number>>;

/** The answer to one request, written straight to its connection. */
export interface HttpResponse {
	/** True once the head has gone out (with the first bytes of the body, or at the end). */
	readonly headersSent: boolean;
	/**
	 * Sets the status and headers (again, until they are sent); they go out with the first write.
	 * Without a `content-length` the body is sent chunked (or, to an HTTP/1.0 client, delimited by
	 * closing the connection). A `connection: close` header closes the connection after this response.
	 */
	writeHead(status: number, headers?: ResponseHeaders): void;
	/** Sends a piece of the body (text as UTF-8) now, in one write; `flushed` runs once the kernel has it. Dropped once the connection has closed. */
	write(body: string | Buffer, flushed?: () => void): void;
	/** Sends the last piece of the body (if any) and ends the response. */
	end(body?: string | Buffer): void;
	/** Drops the connection at once, whatever was promised (a scripted fault). */
	destroy(): void;
	/** Runs `listener` once, when the connection closes (at once when it already has). */
	onClose(listener: () => void): void;
}

/** How a response is framed and what happens to its connection, decided from the request. */
export interface ResponseTerms {
	/** The request was HEAD: the head is sent, the body is not. */
	readonly head: boolean;
	/** The client speaks HTTP/1.1 (chunked bodies allowed). */
	readonly http11: boolean;
	/** The client asked to keep the connection open after this response. */
	readonly keepAlive: boolean;
	/** Headers every response carries. */
	readonly defaultHeaders: string;
	/** Seconds an idle connection is kept open, announced in `keep-alive: timeout=N`. */
	readonly keepAliveSeconds: number;
}

let dateSecond = -1;
let dateHeader = "";

/** `date: <IMF-fixdate>\r\n`, made again only when the second changes (as Node's server does). */
function date(): string {
	const now = Date.now();
	const second = Math.floor(now / 1000);
	if (second !== dateSecond) {
		dateSecond = second;
		dateHeader = `date: ${new Date(now).toUTCString()}\r\n`;
	}
	return dateHeader;
}

/** Refuses a header that would break the response's framing. */
function headerLine(name: string, value: string | number): string {
	const text = String(value);
	if (/[\r\n\0]/.test(name) || /[\r\n\0]/.test(text))
		throw new Error(`invalid response header ${JSON.stringify(name)}`);
	return `${name}: ${text}\r\n`;
}

/**
 * A response on one connection. Each write is one write to the socket, the head and chunk framing
 * included: node:http's ServerResponse spends four socket writes and its stream machinery on each
 * chunk, and the scripted server streams thousands of chunks a second in bench/overhead, on the
 * machine whose overhead it measures.
 */
export class Http1Response implements HttpResponse {
	readonly #socket: Socket;
	readonly #terms: ResponseTerms;
	readonly #finished: (closeConnection: boolean) => void;
	#head: string | null = null;
	#headersSent = false;
	#chunked = false;
	#closeAfter = false;
	#ended = false;
	#closed = false;
	#closeListeners: (() => void)[] = [];

	/** `finished` runs once the response has ended, saying whether the connection must now close. */
	constructor(socket: Socket, terms: ResponseTerms, finished: (closeConnection: boolean) => void) {
		this.#socket = socket;
		this.#terms = terms;
		this.#finished = finished;
	}

	get headersSent(): boolean {
		return this.#headersSent;
	}

	writeHead(status: number, headers: ResponseHeaders = {}): void {
		// A head not sent yet may still be replaced: a handler that fails after setting it can
		// answer 500 instead.
		if (this.#headersSent) throw new Error("the response head was already sent");
		let lines = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Unknown"}\r\n${this.#terms.defaultHeaders}`;
		let length = false;
		let close = !this.#terms.keepAlive;
		for (const [name, value] of Object.entries(headers)) {
			const lower = name.toLowerCase();
			if (lower === "connection") {
				close ||= String(value).toLowerCase() === "close";
				continue;
			}
			if (lower === "content-length") length = true;
			lines += headerLine(name, value);
		}
		// A body without a length is chunked to an HTTP/1.1 client; to an HTTP/1.0 one it ends when
		// the connection does.
		this.#chunked = !length && this.#terms.http11;
		if (!length && !this.#terms.http11) close = true;
		this.#closeAfter = close;
		lines += date();
		lines += close
			? "connection: close\r\n"
			: `connection: keep-alive\r\nkeep-alive: timeout=${this.#terms.keepAliveSeconds}\r\n`;
		if (this.#chunked) lines += "transfer-encoding: chunked\r\n";
		this.#head = `${lines}\r\n`;
	}

	write(body: string | Buffer, flushed?: () => void): void {
		if (this.#ended) throw new Error("write after the response ended");
		if (this.#closed) return;
		this.#send(this.#takeHead(), body, "", flushed);
	}

	end(body: string | Buffer = ""): void {
		if (this.#ended) return;
		if (this.#head === null) this.writeHead(200, { "content-length": Buffer.byteLength(body) });
		this.#ended = true;
		if (this.#closed) return;
		this.#send(this.#takeHead(), body, this.#chunked && !this.#terms.head ? "0\r\n\r\n" : "");
		this.#finished(this.#closeAfter);
	}

	destroy(): void {
		this.#socket.destroy();
	}

	onClose(listener: () => void): void {
		if (this.#closed) listener();
		else this.#closeListeners.push(listener);
	}

	/** Called by the server when the connection has closed. */
	connectionClosed(): void {
		if (this.#closed) return;
		this.#closed = true;
		const listeners = this.#closeListeners;
		this.#closeListeners = [];
		for (const listener of listeners) listener();
	}

	/** The head, the first time something is written; empty after. */
	#takeHead(): string {
		if (this.#headersSent) return "";
		if (this.#head === null) this.writeHead(200);
		this.#headersSent = true;
		return this.#head as string;
	}

	/**
	 * Writes `before`, the body piece (chunk-framed when chunked, left out for HEAD) and `after` in
	 * one socket write: one string when the piece is text, the usual case.
	 */
	#send(before: string, body: string | Buffer, after: string, flushed?: () => void): void {
		const size = this.#terms.head ? 0 : Buffer.byteLength(body);
		const open = size > 0 && this.#chunked ? `${size.toString(16)}\r\n` : "";
		const close = size > 0 && this.#chunked ? "\r\n" : "";
		const done = flushed === undefined ? undefined : () => flushed();
		if (size === 0) {
			const data = before + after;
			if (data === "") flushed?.();
			else this.#socket.write(data, "utf8", done);
		} else if (typeof body === "string") this.#socket.write(before + open + body + close + after, "utf8", done);
		else this.#socket.write(Buffer.concat([Buffer.from(before + open), body, Buffer.from(close + after)]), done);
	}
}
