import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type Http1Server, type RequestHandler, startHttp1Server } from "./http1-server.js";

let server: Http1Server | null = null;

afterEach(async () => {
	await server?.close();
	server = null;
});

async function start(handler: RequestHandler, keepAliveMs?: number): Promise<number> {
	server = await startHttp1Server({
		handler,
		maxBodyBytes: 1024,
		defaultHeaders: { "x-test": "1" },
		errorBody: (status, message) => ({ error: { status, message } }),
		keepAliveMs,
		port: 0,
		host: "127.0.0.1",
	});
	return server.address.port;
}

/** A raw connection that collects what the server sends. */
async function open(port: number): Promise<{ socket: Socket; text: () => string; ended: Promise<void> }> {
	const socket = connect(port, "127.0.0.1");
	await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
	let received = "";
	socket.on("data", (data: Buffer) => {
		received += data.toString("latin1");
	});
	const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
	return { socket, text: () => received, ended };
}

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
	const deadline = performance.now() + timeoutMs;
	while (!condition()) {
		if (performance.now() > deadline) throw new Error("timed out waiting");
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

const echo: RequestHandler = (request, response) => {
	const body = `${request.method} ${request.target} ${request.body?.toString() ?? "<too large>"}`;
	response.writeHead(200, { "content-type": "text/plain", "content-length": Buffer.byteLength(body) });
	response.end(body);
};

describe("startHttp1Server", () => {
	it("answers requests on one kept-alive connection, and pipelined ones in order even when the first is slower", async () => {
		let first = true;
		const port = await start((request, response) => {
			const delay = first ? 50 : 0;
			first = false;
			setTimeout(() => echo(request, response), delay);
		});
		const client = await open(port);
		client.socket.write("GET /a HTTP/1.1\r\nhost: x\r\n\r\nPOST /b HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\n\r\nhi");
		await until(() => client.text().includes("POST /b hi"));
		const text = client.text();
		expect(text.indexOf("GET /a")).toBeLessThan(text.indexOf("POST /b hi"));
		expect(text).toMatch(
			/^HTTP\/1\.1 200 OK\r\nx-test: 1\r\ncontent-type: text\/plain\r\ncontent-length: 7\r\ndate: .+ GMT\r\n/,
		);
		expect(text).toContain("connection: keep-alive\r\nkeep-alive: timeout=5\r\n");
		client.socket.write("GET /c HTTP/1.1\r\nhost: x\r\n\r\n");
		await until(() => client.text().includes("GET /c"));
		client.socket.destroy();
	});

	it("sends a body without a length chunked, one socket write per piece, and ends it with the last chunk", async () => {
		const port = await start((_request, response) => {
			response.writeHead(200, { "content-type": "text/event-stream" });
			response.write("data: é\n\n");
			setTimeout(() => response.end("data: [DONE]\n\n"), 20);
		});
		const client = await open(port);
		const pieces: string[] = [];
		client.socket.on("data", (data: Buffer) => pieces.push(data.toString("utf8")));
		client.socket.write("GET / HTTP/1.1\r\nhost: x\r\n\r\n");
		await until(() => client.text().endsWith("0\r\n\r\n"));
		expect(pieces[0]).toMatch(/transfer-encoding: chunked\r\n\r\na\r\ndata: é\n\n\r\n$/);
		expect(pieces.at(-1)).toBe("e\r\ndata: [DONE]\n\n\r\n0\r\n\r\n");
		client.socket.destroy();
	});

	it("is read by node:http and fetch alike, a streamed body included", async () => {
		const port = await start((request, response) => {
			if (request.target === "/stream") {
				response.writeHead(200, { "content-type": "text/plain" });
				response.write("one ");
				setTimeout(() => response.end("two"), 10);
			} else echo(request, response);
		});
		const fetched = await fetch(`http://127.0.0.1:${port}/stream`);
		expect(await fetched.text()).toBe("one two");
		const posted = await fetch(`http://127.0.0.1:${port}/p`, { method: "POST", body: "data" });
		expect(await posted.text()).toBe("POST /p data");
		// node:http with Expect: 100-continue sends its body only once told to go on.
		const continued = await new Promise<string>((resolve, reject) => {
			const outgoing = httpRequest(
				{
					port,
					host: "127.0.0.1",
					method: "POST",
					path: "/c",
					headers: { expect: "100-continue", "content-length": 3 },
				},
				(response) => {
					let text = "";
					response.on("data", (data: Buffer) => {
						text += data.toString();
					});
					response.on("end", () => resolve(text));
				},
			);
			outgoing.on("continue", () => outgoing.end("abc"));
			outgoing.on("error", reject);
		});
		expect(continued).toBe("POST /c abc");
	});

	it("closes the connection after the response when the client asks, and for HTTP/1.0 ends a streamed body by closing", async () => {
		const port = await start((request, response) => {
			if (request.target === "/stream") {
				response.write("a");
				response.end("b");
			} else echo(request, response);
		});
		const closing = await open(port);
		closing.socket.write("GET / HTTP/1.1\r\nconnection: close\r\n\r\n");
		await closing.ended;
		expect(closing.text()).toContain("connection: close\r\n");
		const old = await open(port);
		old.socket.write("GET /stream HTTP/1.0\r\n\r\n");
		await old.ended;
		expect(old.text()).toMatch(/connection: close\r\n\r\nab$/);
		expect(old.text()).not.toContain("transfer-encoding");
	});

	it("sends the head of a HEAD response and no body", async () => {
		const port = await start(echo);
		const client = await open(port);
		client.socket.write("HEAD / HTTP/1.1\r\nhost: x\r\n\r\nGET /next HTTP/1.1\r\nhost: x\r\n\r\n");
		await until(() => client.text().includes("GET /next"));
		const [head, second] = client.text().split("HTTP/1.1 200 OK").slice(1);
		expect(head).toContain("content-length: 7\r\n");
		expect(head?.endsWith("\r\n\r\n")).toBe(true);
		expect(second).toContain("GET /next");
		client.socket.destroy();
	});

	it("refuses a malformed request with a JSON error and closes; a handler that throws before sending gets a 500", async () => {
		const port = await start((request, response) => {
			if (request.target === "/throw") {
				response.writeHead(200, { "content-type": "text/plain" });
				throw new Error("boom");
			}
			echo(request, response);
		});
		const malformed = await open(port);
		malformed.socket.write("NOT HTTP\r\n\r\n");
		await malformed.ended;
		expect(malformed.text()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
		expect(malformed.text()).toContain("connection: close\r\n");
		expect(malformed.text()).toContain('"status":400');
		const thrown = await fetch(`http://127.0.0.1:${port}/throw`);
		expect(thrown.status).toBe(500);
		expect(await thrown.json()).toEqual({ error: { status: 500, message: "boom" } });
	});

	it("hands a body over the limit as null after reading it, then closes the connection", async () => {
		const port = await start(echo);
		const response = await fetch(`http://127.0.0.1:${port}/big`, { method: "POST", body: "x".repeat(5000) });
		expect(await response.text()).toBe("POST /big <too large>");
		expect(response.headers.get("connection")).toBe("close");
	});

	it("tells the response when the client goes away mid-answer, and drops later writes", async () => {
		let closed = false;
		let wrote = false;
		const port = await start((_request, response) => {
			response.write("first");
			response.onClose(() => {
				closed = true;
				response.write("after");
				wrote = true;
			});
		});
		const client = await open(port);
		client.socket.write("GET / HTTP/1.1\r\n\r\n");
		await until(() => client.text().includes("first"));
		client.socket.destroy();
		await until(() => closed);
		expect(wrote).toBe(true);
	});

	it("closes a connection idle for the keep-alive time, but not one waiting for its answer", async () => {
		const port = await start((request, response) => {
			if (request.target === "/slow") setTimeout(() => echo(request, response), 400);
			else echo(request, response);
		}, 150);
		const idle = await open(port);
		idle.socket.write("GET / HTTP/1.1\r\n\r\n");
		const waiting = await open(port);
		waiting.socket.write("GET /slow HTTP/1.1\r\n\r\n");
		await idle.ended;
		expect(idle.text()).toContain("keep-alive: timeout=1\r\n");
		await until(() => waiting.text().includes("GET /slow"));
		waiting.socket.destroy();
	});

	it("drops connections mid-answer when closed, and frees its port", async () => {
		const port = await start(() => {});
		const hung = await open(port);
		hung.socket.write("GET / HTTP/1.1\r\n\r\n");
		await new Promise((resolve) => setTimeout(resolve, 20));
		await server?.close();
		await hung.ended;
		server = null;
		await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
	});
});
