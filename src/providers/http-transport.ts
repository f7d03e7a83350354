import type { IncomingMessage, RequestOptions } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { Readable } from "node:stream";
import type { StopSignal } from "./call-stop.js";
import { PlainHttpClient, type PlainHttpTarget } from "./plain-http-client.js";

/** A response as the wire providers read it: status, headers, and a body pushed chunk by chunk. */
export interface WireResponse {
	/** HTTP status code. */
	readonly status: number;
	/** Reason phrase, for messages. */
	readonly statusText: string;
	/** Response headers, lower-case names. */
	readonly headers: Readonly<Record<string, string>>;
	/**
	 * Hands each body chunk to `onChunk` as it arrives (a view valid only during the call: copy what
	 * you keep) and resolves when the body ends. Rejects when the connection breaks before the end,
	 * or with what `onChunk` threw (the rest of the body is then dropped). Call it once.
	 */
	consume(onChunk: (chunk: Uint8Array) => void): Promise<void>;
}

/** Sends one POST and resolves when the response headers arrive. */
export type Transport = (
	url: string,
	init: { readonly headers: Readonly<Record<string, string>>; readonly body: string; readonly stop: StopSignal },
) => Promise<WireResponse>;

/**
 * A transport over HTTP/1.1 with kept-alive connections of its own: {@link PlainHttpClient} for
 * `http:` (a model server on this machine or the LAN, where the harness's own cost per call
 * shows), node:https for `https:`. Both cost a few times less CPU and garbage per call than
 * fetch, which matters at hundreds of calls a second. node:https's body is read through `data`
 * events rather than an async iterator, and an abort destroys the request from one listener
 * rather than through the stream machinery a `signal` option would attach (bench/overhead).
 */
export function createHttpTransport(): Transport {
	const plain = new PlainHttpClient();
	const agent = new HttpsAgent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
	// A provider posts to one URL: parse it once.
	const targets = new Map<string, Target>();
	const targetOf = (url: string): Target => {
		let target = targets.get(url);
		if (target === undefined) {
			target = parseTarget(url, agent);
			targets.set(url, target);
		}
		return target;
	};
	return async (url, init) => {
		const target = targetOf(url);
		if (target.plain === null) return sendHttps(target.options, init);
		// Credentials in the URL become Basic auth unless the request carries its own (as node:http does).
		const headers =
			target.authorization === null || Object.keys(init.headers).some((name) => name.toLowerCase() === "authorization")
				? init.headers
				: { authorization: target.authorization, ...init.headers };
		const { head, consume } = await plain.request(target.plain, headers, init.body, init.stop);
		return { status: head.status, statusText: head.statusText, headers: head.headers, consume };
	};
}

/** A parsed URL: a plain-HTTP target, or request options for node:https. */
type Target =
	| { readonly plain: PlainHttpTarget; readonly authorization: string | null; readonly options?: undefined }
	| { readonly plain: null; readonly options: RequestOptions };

function parseTarget(url: string, agent: HttpsAgent): Target {
	const parsed = new URL(url);
	const hostname = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
	const path = `${parsed.pathname}${parsed.search}`;
	const credentials =
		parsed.username === "" ? null : `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
	if (parsed.protocol === "http:")
		return {
			plain: { host: hostname, port: parsed.port === "" ? 80 : Number(parsed.port), path, hostHeader: parsed.host },
			authorization: credentials === null ? null : `Basic ${Buffer.from(credentials).toString("base64")}`,
		};
	if (parsed.protocol !== "https:")
		throw new TypeError(`${url}: only http: and https: URLs can be called (got ${parsed.protocol})`);
	return {
		plain: null,
		options: {
			protocol: parsed.protocol,
			hostname,
			port: parsed.port === "" ? undefined : Number(parsed.port),
			path,
			method: "POST",
			agent,
			...(credentials === null ? {} : { auth: credentials }),
		},
	};
}

function sendHttps(options: RequestOptions, init: Parameters<Transport>[1]): Promise<WireResponse> {
	return new Promise<WireResponse>((resolve, reject) => {
		const { stop } = init;
		if (stop.aborted) {
			reject(stop.reason);
			return;
		}
		const outgoing = httpsRequest({
			...options,
			headers: { ...init.headers, "content-length": Buffer.byteLength(init.body) },
		});
		const settled = stop.onAbort(() => {
			outgoing.destroy(stop.reason instanceof Error ? stop.reason : new Error("the request was aborted"));
		});
		outgoing.on("error", (error) => {
			settled();
			reject(error);
		});
		outgoing.on("response", (response: IncomingMessage) => {
			const headers: Record<string, string> = {};
			for (const [name, value] of Object.entries(response.headers))
				if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
			resolve({
				status: response.statusCode ?? 0,
				statusText: response.statusMessage ?? "",
				headers,
				consume: (onChunk) => consumeReadable(response, onChunk).finally(settled),
			});
		});
		outgoing.end(init.body);
	});
}

/**
 * Reads a body stream (node:https's IncomingMessage, undici's body in bench/overhead) into
 * `onChunk` through `data` events, as WireResponse.consume promises: rejects when the stream
 * closes before its end, or with what `onChunk` threw (the stream is then destroyed).
 */
export function consumeReadable(response: Readable, onChunk: (chunk: Uint8Array) => void): Promise<void> {
	return new Promise<void>((resolve, reject) => {
		let ended = false;
		response.on("data", (chunk: Buffer) => {
			if (ended) return;
			try {
				onChunk(chunk);
			} catch (error) {
				ended = true;
				response.destroy();
				reject(error);
			}
		});
		response.on("end", () => {
			ended = true;
			resolve();
		});
		response.on("error", (error) => {
			ended = true;
			reject(error);
		});
		response.on("close", () => {
			if (ended) return;
			ended = true;
			reject(Object.assign(new Error("the connection closed before the response ended"), { code: "ECONNRESET" }));
		});
	});
}

/** A transport over a fetch function (tests inject fakes through it). */
export function createFetchTransport(fetchImpl: typeof fetch): Transport {
	return async (url, init) => {
		const response = await fetchImpl(url, {
			method: "POST",
			headers: init.headers,
			body: init.body,
			signal: init.stop.signal,
		});
		const headers: Record<string, string> = {};
		response.headers.forEach((value, key) => {
			headers[key] = value;
		});
		return {
			status: response.status,
			statusText: response.statusText,
			headers,
			consume: async (onChunk) => {
				const reader = response.body?.getReader();
				if (reader === undefined) return;
				try {
					for (;;) {
						const { done, value } = await reader.read();
						if (done) return;
						onChunk(value);
					}
				} catch (error) {
					await reader.cancel().catch(() => {});
					throw error;
				}
			},
		};
	};
}

/** Reads a whole body as text, for error messages; stops keeping text past `limit` characters. */
export async function readBodyText(response: WireResponse, limit = 64 * 1024): Promise<string> {
	const decoder = new TextDecoder();
	let text = "";
	await response.consume((chunk) => {
		if (text.length <= limit) text += decoder.decode(chunk, { stream: true });
	});
	return text;
}
