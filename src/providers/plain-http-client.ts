import { connect, type Socket } from "node:net";
import type { StopSignal } from "./call-stop.js";
import { Http1ResponseParser, type ResponseEvents, type ResponseHead } from "./http1-response-parser.js";
import { requestHead } from "./request-head.js";

/** Where a plain-HTTP request goes. */
export interface PlainHttpTarget {
	/** Host name or address to connect to (an IPv6 address without brackets). */
	readonly host: string;
	readonly port: number;
	/** Path and query, e.g. `/v1/chat/completions`. */
	readonly path: string;
	/** Value of the Host header, e.g. `127.0.0.1:8000`. */
	readonly hostHeader: string;
}

/** A response whose head has arrived; its body is read once through `consume`. */
export interface PlainHttpResponse {
	readonly head: ResponseHead;
	/**
	 * Hands each body piece to `onChunk` (a view valid only during the call: copy what you keep)
	 * and resolves at the end of the body. Rejects when the
	 * connection breaks first, or with what `onChunk` threw (the rest is then dropped).
	 */
	consume(onChunk: (chunk: Uint8Array) => void): Promise<void>;
}

/** How long an idle connection is reused when the server does not say (`Keep-Alive: timeout=N`). */
const DEFAULT_IDLE_MS = 4000;
/** What every connection reads into (64 KB, as node:net's own reads); its bytes are parsed before the next read. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

interface Connection {
	readonly socket: Socket;
	readonly key: string;
	exchange: Exchange | null;
	error: Error | null;
	idleSince: number;
	idleLimitMs: number;
}

/**
 * A small HTTP/1.1 client for `http:` endpoints (a model server on this machine or the LAN):
 * one POST per exchange over kept-alive connections, the request written in one piece and the
 * response parsed by {@link Http1ResponseParser}. It does what node:http's ClientRequest,
 * IncomingMessage and Agent do for this one use with about a third less CPU per call and far less
 * garbage, which at hundreds of calls a second is the difference between measuring the model and
 * measuring the harness (bench/overhead). HTTPS stays with node:https.
 */
export class PlainHttpClient {
	readonly #idle = new Map<string, Connection[]>();

	/** Sends `body` with `headers` (lower-case names) and resolves when the response head arrives. */
	request(
		target: PlainHttpTarget,
		headers: Readonly<Record<string, string>>,
		body: string,
		stop: StopSignal,
	): Promise<PlainHttpResponse> {
		if (stop.aborted) return Promise.reject(stop.reason);
		let head: string;
		try {
			head = requestHead(target.path, target.hostHeader, headers, Buffer.byteLength(body));
		} catch (error) {
			return Promise.reject(error);
		}
		const connection = this.#acquire(target);
		const exchange = new Exchange(connection, stop, (done) => this.#release(done));
		connection.exchange = exchange;
		const { socket } = connection;
		socket.cork();
		socket.write(head, "latin1");
		socket.write(body, "utf8");
		socket.uncork();
		return exchange.head;
	}

	/** Closes every idle connection (those in use close when their exchange ends). */
	close(): void {
		for (const connections of this.#idle.values()) for (const connection of connections) connection.socket.destroy();
		this.#idle.clear();
	}

	#acquire(target: PlainHttpTarget): Connection {
		const key = `${target.host}:${target.port}`;
		const idle = this.#idle.get(key);
		const now = performance.now();
		while (idle !== undefined && idle.length > 0) {
			const connection = idle.pop() as Connection;
			if (!connection.socket.destroyed && now - connection.idleSince < connection.idleLimitMs) {
				connection.socket.ref();
				return connection;
			}
			connection.socket.destroy();
		}
		return this.#open(key, target);
	}

	#open(key: string, target: PlainHttpTarget): Connection {
		// Bytes are read into one buffer that every connection shares and handed to the exchange
		// straight from the read: no Buffer, stream push and `data` event per piece, which a streamed
		// reply has one of per token. Nothing keeps a view of it past the call (see Exchange.feed).
		let connection: Connection | null = null;
		const socket = connect({
			host: target.host,
			port: target.port,
			onread: {
				buffer: READ_BUFFER,
				callback: (length) => {
					const exchange = connection?.exchange ?? null;
					if (exchange === null) socket.destroy();
					else exchange.feed(READ_BUFFER.subarray(0, length));
					return true;
				},
			},
		});
		socket.setNoDelay(true);
		connection = {
			socket,
			key,
			exchange: null,
			error: null,
			idleSince: 0,
			idleLimitMs: DEFAULT_IDLE_MS,
		};
		const opened = connection;
		socket.on("error", (error) => {
			opened.error = error;
		});
		socket.on("close", () => {
			this.#forget(opened);
			opened.exchange?.closed(opened.error);
		});
		return opened;
	}

	/** Called once an exchange is over: its connection goes back to the idle pool or is closed. */
	#release(connection: Connection): void {
		const reusable = connection.exchange?.reusable === true && !connection.socket.destroyed;
		const limit = connection.exchange?.idleLimitMs ?? DEFAULT_IDLE_MS;
		connection.exchange = null;
		if (!reusable) {
			connection.socket.destroy();
			return;
		}
		connection.idleSince = performance.now();
		connection.idleLimitMs = limit;
		connection.socket.unref();
		let idle = this.#idle.get(connection.key);
		if (idle === undefined) {
			idle = [];
			this.#idle.set(connection.key, idle);
		}
		idle.push(connection);
	}

	#forget(connection: Connection): void {
		const idle = this.#idle.get(connection.key);
		const index = idle?.indexOf(connection) ?? -1;
		if (index >= 0) idle?.splice(index, 1);
	}
}

/** One request and its response on one connection. */
class Exchange implements ResponseEvents {
	readonly head: Promise<PlainHttpResponse>;
	readonly #connection: Connection;
	readonly #stop: StopSignal;
	readonly #release: (connection: Connection) => void;
	readonly #parser: Http1ResponseParser;
	readonly #stopListening: () => void;
	#resolveHead: (response: PlainHttpResponse) => void = () => {};
	#rejectHead: (error: unknown) => void = () => {};
	/** Body pieces that arrived before `consume` was called. */
	#buffered: Uint8Array[] | null = null;
	#onChunk: ((chunk: Uint8Array) => void) | null = null;
	#consumer: { resolve(): void; reject(error: unknown): void } | null = null;
	#ended = false;
	#failure: unknown = null;
	#settled = false;
	/** How long the server keeps the connection open when idle, from its Keep-Alive header. */
	idleLimitMs = DEFAULT_IDLE_MS;

	constructor(connection: Connection, stop: StopSignal, release: (connection: Connection) => void) {
		this.#connection = connection;
		this.#stop = stop;
		this.#release = release;
		this.#parser = new Http1ResponseParser(this);
		this.head = new Promise<PlainHttpResponse>((resolve, reject) => {
			this.#resolveHead = resolve;
			this.#rejectHead = reject;
		});
		this.#stopListening = stop.onAbort(() => this.#abort());
	}

	/** True when the response ended cleanly on a connection the server lets us reuse. */
	get reusable(): boolean {
		return this.#ended && this.#failure === null && this.#parser.keepAlive;
	}

	/**
	 * Bytes from the connection: a view of the shared read buffer, valid only during the call. The
	 * parser copies an unfinished line it keeps, and `onBody` copies a piece that waits for `consume`.
	 */
	feed(data: Buffer): void {
		if (this.#settled) return;
		try {
			this.#parser.feed(data);
		} catch (error) {
			this.#fail(error);
			return;
		}
		// Bytes after the response: the connection (already back in the pool) cannot be trusted.
		if (this.#parser.trailing) this.#connection.socket.destroy();
	}

	/** The connection closed with `error` (or none). */
	closed(error: Error | null): void {
		if (this.#settled) return;
		if (this.#parser.close()) return;
		const message = this.#parser.started
			? "the connection closed before the response ended"
			: "the connection closed before a response arrived (socket hang up)";
		this.#fail(error ?? Object.assign(new Error(message), { code: "ECONNRESET" }));
	}

	onHead(head: ResponseHead): void {
		const timeout = /(?:^|,)\s*timeout=(\d+)/i.exec(head.headers["keep-alive"] ?? "");
		// A second less than the server says, so a connection is never reused as the server drops it.
		if (timeout?.[1] !== undefined) this.idleLimitMs = Math.max(0, Number(timeout[1]) * 1000 - 1000);
		this.#resolveHead({ head, consume: (onChunk) => this.#consume(onChunk) });
	}

	onBody(chunk: Uint8Array): void {
		if (this.#onChunk !== null) this.#onChunk(chunk);
		else {
			// A copy: the chunk is a view of the connection's read buffer, read into again later.
			const copy = Uint8Array.prototype.slice.call(chunk);
			if (this.#buffered === null) this.#buffered = [copy];
			else this.#buffered.push(copy);
		}
	}

	onEnd(): void {
		this.#ended = true;
		this.#settle();
		this.#consumer?.resolve();
	}

	#consume(onChunk: (chunk: Uint8Array) => void): Promise<void> {
		return new Promise<void>((resolve, reject) => {
			if (this.#onChunk !== null) {
				reject(new Error("the response body was already consumed"));
				return;
			}
			this.#onChunk = onChunk;
			const buffered = this.#buffered;
			this.#buffered = null;
			if (buffered !== null)
				try {
					for (const chunk of buffered) onChunk(chunk);
				} catch (error) {
					this.#fail(error);
				}
			if (this.#failure !== null) reject(this.#failure);
			else if (this.#ended) resolve();
			else this.#consumer = { resolve, reject };
		});
	}

	#abort(): void {
		const reason = this.#stop.reason;
		this.#fail(reason instanceof Error ? reason : new Error("the request was aborted"));
	}

	#fail(error: unknown): void {
		if (this.#failure !== null) return;
		this.#failure = error;
		this.#connection.socket.destroy();
		this.#settle();
		this.#rejectHead(error);
		this.#consumer?.reject(error);
	}

	/** Stops listening for the abort and hands the connection back (once). */
	#settle(): void {
		if (this.#settled) return;
		this.#settled = true;
		this.#stopListening();
		this.#release(this.#connection);
	}
}
