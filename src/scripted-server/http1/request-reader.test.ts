import { describe, expect, it } from "vitest";
import { type ReadResult, RequestReader } from "./request-reader.js";

const LIMIT = 1024;

function reader(): RequestReader {
	return new RequestReader({ maxBodyBytes: LIMIT });
}

function feed(target: RequestReader, text: string | Buffer): ReadResult {
	target.push(typeof text === "string" ? Buffer.from(text, "latin1") : text);
	return target.next();
}

function request(result: ReadResult) {
	if (result.kind !== "request") throw new Error(`expected a request, got ${JSON.stringify(result)}`);
	return result.request;
}

function refusal(result: ReadResult) {
	if (result.kind !== "refused") throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
	return result.refusal;
}

describe("RequestReader", () => {
	it("reads a request with a body sent one byte at a time", () => {
		const text = 'POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 13\r\n\r\n{"model":"m"}';
		const target = reader();
		const results = [...text].map((character) => feed(target, character));
		expect(results.slice(0, -1).every((result) => result.kind === "incomplete")).toBe(true);
		const read = request(results.at(-1) as ReadResult);
		expect(read).toMatchObject({ method: "POST", target: "/v1/chat/completions", minor: 1 });
		expect(read.headers).toEqual({ host: "x", "content-length": "13" });
		expect(read.body?.toString()).toBe('{"model":"m"}');
		expect(target.pending).toBe(false);
	});

	it("reads pipelined requests in order, joins repeated headers and keeps the query in the target", () => {
		const target = reader();
		target.push(
			Buffer.from(
				"GET /requests?limit=2 HTTP/1.1\r\nAccept: a\r\naccept: b\r\n\r\nPOST /x HTTP/1.0\r\ncontent-length: 2\r\n\r\nhi",
			),
		);
		const first = request(target.next());
		expect(first).toMatchObject({ method: "GET", target: "/requests?limit=2", headers: { accept: "a, b" } });
		expect(first.body?.length).toBe(0);
		const second = request(target.next());
		expect(second).toMatchObject({ method: "POST", minor: 0 });
		expect(second.body?.toString()).toBe("hi");
		expect(target.next()).toEqual({ kind: "incomplete", expectsContinue: false });
	});

	it("decodes a chunked body with extensions and trailers, sent in pieces", () => {
		const target = reader();
		expect(feed(target, "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhel").kind).toBe("incomplete");
		expect(feed(target, "lo\r\n6\r\n world\r\n0\r\nx-trailer: 1\r\n").kind).toBe("incomplete");
		const read = request(feed(target, "\r\n"));
		expect(read.body?.toString()).toBe("hello world");
	});

	it("says when the head asked for 100 Continue and the body is awaited", () => {
		const target = reader();
		const result = feed(target, "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n");
		expect(result).toEqual({ kind: "incomplete", expectsContinue: true });
		expect(request(feed(target, "abc")).body?.toString()).toBe("abc");
	});

	it("reads a body over the limit to its end without keeping it, by length and chunked", () => {
		const byLength = reader();
		expect(feed(byLength, `POST / HTTP/1.1\r\ncontent-length: ${LIMIT + 10}\r\n\r\n`).kind).toBe("incomplete");
		expect(feed(byLength, "x".repeat(LIMIT)).kind).toBe("incomplete");
		expect(request(feed(byLength, "x".repeat(10))).body).toBeNull();
		const chunked = reader();
		const size = (LIMIT + 1).toString(16);
		const read = feed(
			chunked,
			`POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n${size}\r\n${"y".repeat(LIMIT + 1)}\r\n0\r\n\r\n`,
		);
		expect(request(read).body).toBeNull();
	});

	it.each([
		["a request line that is not METHOD TARGET VERSION", "GET /\r\n\r\n", 400],
		["a method that is not a token", "G(T / HTTP/1.1\r\n\r\n", 400],
		["another protocol version", "GET / HTTP/2.0\r\n\r\n", 505],
		["a header without a colon", "GET / HTTP/1.1\r\nbroken\r\n\r\n", 400],
		["a space before the colon", "GET / HTTP/1.1\r\nhost : x\r\n\r\n", 400],
		["a folded header line", "GET / HTTP/1.1\r\na: 1\r\n b\r\n\r\n", 400],
		[
			"both content-length and transfer-encoding",
			"POST / HTTP/1.1\r\ncontent-length: 1\r\ntransfer-encoding: chunked\r\n\r\n",
			400,
		],
		["two different content-lengths", "POST / HTTP/1.1\r\ncontent-length: 1\r\ncontent-length: 2\r\n\r\n", 400],
		["a negative content-length", "POST / HTTP/1.1\r\ncontent-length: -1\r\n\r\n", 400],
		["an unknown transfer-encoding", "POST / HTTP/1.1\r\ntransfer-encoding: gzip\r\n\r\n", 501],
		["a chunk size that is not hexadecimal", "POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n", 400],
		["a chunk not followed by CRLF", "POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n2\r\nabcd", 400],
	])("refuses %s", (_name, text, status) => {
		expect(refusal(feed(reader(), text)).status).toBe(status);
	});

	it("accepts equal repeated content-lengths", () => {
		const read = feed(reader(), "POST / HTTP/1.1\r\ncontent-length: 2\r\ncontent-length: 2\r\n\r\nok");
		expect(request(read).body?.toString()).toBe("ok");
	});

	it("refuses a head over 16 KB, whether or not it has ended", () => {
		const long = `GET / HTTP/1.1\r\nx-long: ${"a".repeat(17 * 1024)}`;
		expect(refusal(feed(reader(), long)).status).toBe(431);
		expect(refusal(feed(reader(), `${long}\r\n\r\n`)).status).toBe(431);
	});
});
