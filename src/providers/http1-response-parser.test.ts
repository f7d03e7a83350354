import { describe, expect, it } from "vitest";
import { Http1ResponseParser, MalformedHttpError, type ResponseHead } from "./http1-response-parser.js";

interface Parsed {
	readonly heads: ResponseHead[];
	readonly body: string;
	readonly ended: boolean;
	readonly parser: Http1ResponseParser;
}

/** Feeds `pieces` to a fresh parser and collects what it reported. */
function parse(pieces: readonly (string | Buffer)[]): Parsed {
	const heads: ResponseHead[] = [];
	const chunks: Buffer[] = [];
	let ended = false;
	const parser = new Http1ResponseParser({
		onHead: (head) => heads.push(head),
		onBody: (chunk) => chunks.push(Buffer.from(chunk)),
		onEnd: () => {
			ended = true;
		},
	});
	for (const piece of pieces) parser.feed(typeof piece === "string" ? Buffer.from(piece, "utf8") : piece);
	return {
		heads,
		get body() {
			return Buffer.concat(chunks).toString("utf8");
		},
		get ended() {
			return ended;
		},
		parser,
	};
}

/** The bytes of `text` one at a time: every split a connection could make. */
function byteByByte(text: string): Buffer[] {
	const bytes = Buffer.from(text, "utf8");
	return [...bytes].map((byte) => Buffer.from([byte]));
}

/** A chunk of chunked transfer coding, its size counted in bytes. */
function chunk(text: string, extension = ""): string {
	return `${Buffer.byteLength(text).toString(16)}${extension}\r\n${text}\r\n`;
}

const SSE = `HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n${chunk('data: {"a":1}\n\n')}${chunk('data: {"b":"é"}\n\n', ";ext=1")}0\r\nx-trailer: yes\r\n\r\n`;

describe("Http1ResponseParser", () => {
	it("reads a chunked stream the same whether it arrives whole or a byte at a time", () => {
		for (const pieces of [[SSE], byteByByte(SSE)]) {
			const parsed = parse(pieces);
			expect(parsed.heads).toEqual([
				{
					status: 200,
					statusText: "OK",
					headers: { "content-type": "text/event-stream", "transfer-encoding": "chunked" },
				},
			]);
			expect(parsed.body).toBe('data: {"a":1}\n\ndata: {"b":"é"}\n\n');
			expect(parsed.ended).toBe(true);
			expect(parsed.parser.keepAlive).toBe(true);
		}
	});

	it("keeps an unfinished line even when the caller reuses the buffer it read into", () => {
		const text = Buffer.from("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
		const reused = Buffer.alloc(text.length);
		const chunks: string[] = [];
		const parser = new Http1ResponseParser({
			onHead: () => {},
			onBody: (chunk) => chunks.push(Buffer.from(chunk).toString()),
			onEnd: () => {},
		});
		for (const [start, end] of [
			[0, 20],
			[20, 50],
			[50, text.length],
		] as const) {
			reused.fill(0x58);
			text.copy(reused, 0, start, end);
			parser.feed(reused.subarray(0, end - start));
		}
		expect(chunks.join("")).toBe("hello");
		expect(parser.done).toBe(true);
	});

	it("reads a content-length body and stops at its length", () => {
		const parsed = parse(
			byteByByte('HTTP/1.1 429 Too Many Requests\r\nContent-Length: 11\r\nRetry-After: 2\r\n\r\n{"error":1}'),
		);
		expect(parsed.heads[0]).toMatchObject({ status: 429, headers: { "content-length": "11", "retry-after": "2" } });
		expect(parsed.body).toBe('{"error":1}');
		expect(parsed.ended).toBe(true);
		expect(parsed.parser.keepAlive).toBe(true);
	});

	it("skips interim 1xx responses and joins repeated headers", () => {
		const parsed = parse([
			"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nVia: a\r\nvia: b\r\ncontent-length: 2\r\n\r\nok",
		]);
		expect(parsed.heads).toHaveLength(1);
		expect(parsed.heads[0]?.headers.via).toBe("a, b");
		expect(parsed.body).toBe("ok");
	});

	it("ends a body without length or chunking only when the connection closes, and never reuses it", () => {
		const parsed = parse(["HTTP/1.1 200 OK\r\n\r\npart one, ", "part two"]);
		expect(parsed.ended).toBe(false);
		expect(parsed.parser.close()).toBe(true);
		expect(parsed.body).toBe("part one, part two");
		expect(parsed.ended).toBe(true);
		expect(parsed.parser.keepAlive).toBe(false);
	});

	it("says a response cut short is incomplete", () => {
		const parsed = parse(["HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhel"]);
		expect(parsed.parser.started).toBe(true);
		expect(parsed.parser.close()).toBe(false);
		expect(parsed.ended).toBe(false);
		expect(parse(["HTTP/1.1 20"]).parser.started).toBe(false);
	});

	it("does not keep a connection the server closes, or an HTTP/1.0 one without keep-alive", () => {
		expect(parse(["HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 0\r\n\r\n"]).parser.keepAlive).toBe(false);
		expect(parse(["HTTP/1.0 200 OK\r\ncontent-length: 0\r\n\r\n"]).parser.keepAlive).toBe(false);
		expect(parse(["HTTP/1.0 200 OK\r\nconnection: keep-alive\r\ncontent-length: 0\r\n\r\n"]).parser.keepAlive).toBe(
			true,
		);
	});

	it("reads no body for 204", () => {
		const parsed = parse(["HTTP/1.1 204 No Content\r\n\r\n"]);
		expect(parsed.ended).toBe(true);
		expect(parsed.body).toBe("");
	});

	it("marks bytes after the end so the connection is not reused", () => {
		const parsed = parse(["HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nokEXTRA"]);
		expect(parsed.body).toBe("ok");
		expect(parsed.parser.trailing).toBe(true);
		expect(parsed.parser.keepAlive).toBe(false);
	});

	it("refuses responses that break HTTP/1.1 framing", () => {
		expect(() => parse(["SSH-2.0-OpenSSH\r\n\r\n"])).toThrow(MalformedHttpError);
		expect(() => parse(["HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n"])).toThrow(/not hexadecimal/);
		expect(() => parse(["HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nokXX"])).toThrow(/CRLF/);
		expect(() => parse(["HTTP/1.1 200 OK\r\ncontent-length: ten\r\n\r\n"])).toThrow(/not a number/);
		expect(() => parse(["HTTP/1.1 200 OK\r\nno colon here\r\n\r\n"])).toThrow(/no name/);
		expect(() => parse([`HTTP/1.1 200 OK\r\nx: ${"a".repeat(70_000)}`])).toThrow(/larger than/);
		try {
			parse(["garbage\r\n\r\n"]);
		} catch (error) {
			expect((error as MalformedHttpError).code).toBe("ERR_MALFORMED_HTTP_RESPONSE");
		}
	});
});
