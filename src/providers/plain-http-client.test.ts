import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Socket, type Server as TcpServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { stopSignalOf } from "./call-stop.js";
import { PlainHttpClient, type PlainHttpResponse, type PlainHttpTarget } from "./plain-http-client.js";

const open: { close(): void }[] = [];
afterEach(() => {
	for (const closable of open.splice(0)) closable.close();
});

interface Seen {
	readonly method: string | undefined;
	readonly url: string | undefined;
	readonly headers: IncomingMessage["headers"];
	readonly body: string;
}

/** A node:http server on loopback answering with `answer`; counts connections and records requests. */
async function httpServer(answer: (response: ServerResponse, seen: Seen) => void) {
	const seen: Seen[] = [];
	let connections = 0;
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on("data", (chunk: Buffer) => chunks.push(chunk));
		request.on("end", () => {
			const entry = {
				method: request.method,
				url: request.url,
				headers: request.headers,
				body: Buffer.concat(chunks).toString("utf8"),
			};
			seen.push(entry);
			answer(response, entry);
		});
	});
	server.on("connection", () => {
		connections += 1;
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	open.push({ close: () => server.close() });
	open.push({ close: () => server.closeAllConnections() });
	return { target: targetOf(server), seen, connections: () => connections };
}

/** A raw TCP server on loopback that writes `reply` to each connection as it receives a request. */
async function tcpServer(reply: (socket: Socket) => void) {
	const server: TcpServer = createTcpServer((socket) => {
		socket.once("data", () => reply(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	open.push({ close: () => server.close() });
	return targetOf(server);
}

function targetOf(server: Server | TcpServer): PlainHttpTarget {
	const { port } = server.address() as AddressInfo;
	return { host: "127.0.0.1", port, path: "/v1/chat/completions?x=1", hostHeader: `127.0.0.1:${port}` };
}

function newClient(): PlainHttpClient {
	const client = new PlainHttpClient();
	open.push(client);
	return client;
}

async function bodyOf(response: PlainHttpResponse): Promise<string> {
	const chunks: Buffer[] = [];
	await response.consume((chunk) => chunks.push(Buffer.from(chunk)));
	return Buffer.concat(chunks).toString("utf8");
}

const NO_SIGNAL = stopSignalOf(new AbortController().signal);

describe("PlainHttpClient", () => {
	it("posts the body and headers, and reads a streamed answer", async () => {
		const server = await httpServer((response) => {
			response.writeHead(200, { "content-type": "text/event-stream" });
			response.write("data: one\n\n");
			setTimeout(() => response.end("data: two\n\n"), 10);
		});
		const client = newClient();
		const response = await client.request(
			server.target,
			{ "content-type": "application/json", authorization: "Bearer k" },
			'{"prompt":"héllo"}',
			NO_SIGNAL,
		);
		expect(response.head.status).toBe(200);
		expect(response.head.headers["content-type"]).toBe("text/event-stream");
		expect(await bodyOf(response)).toBe("data: one\n\ndata: two\n\n");
		expect(server.seen[0]).toMatchObject({
			method: "POST",
			url: "/v1/chat/completions?x=1",
			body: '{"prompt":"héllo"}',
			headers: {
				host: server.target.hostHeader,
				"content-length": String(Buffer.byteLength('{"prompt":"héllo"}')),
				"content-type": "application/json",
				authorization: "Bearer k",
			},
		});
	});

	it("reuses a kept-alive connection, and opens a new one when the server closes it or says it soon will", async () => {
		const kept = await httpServer((response) => response.end("ok"));
		const client = newClient();
		for (let index = 0; index < 3; index++)
			expect(await bodyOf(await client.request(kept.target, {}, "x", NO_SIGNAL))).toBe("ok");
		expect(kept.connections()).toBe(1);

		const closing = await httpServer((response) => {
			response.setHeader("connection", "close");
			response.end("ok");
		});
		for (let index = 0; index < 2; index++) await bodyOf(await client.request(closing.target, {}, "x", NO_SIGNAL));
		expect(closing.connections()).toBe(2);

		// Keep-Alive: timeout=1 leaves no safe time to reuse the connection.
		const brief = await httpServer((response) => {
			response.setHeader("keep-alive", "timeout=1");
			response.end("ok");
		});
		for (let index = 0; index < 2; index++) await bodyOf(await client.request(brief.target, {}, "x", NO_SIGNAL));
		expect(brief.connections()).toBe(2);
	});

	it("drops an idle connection the server has closed instead of sending on it", async () => {
		let connections = 0;
		const target = await tcpServer((socket) => {
			connections += 1;
			socket.write("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok");
			setTimeout(() => socket.end(), 10);
		});
		const client = newClient();
		expect(await bodyOf(await client.request(target, {}, "x", NO_SIGNAL))).toBe("ok");
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(await bodyOf(await client.request(target, {}, "x", NO_SIGNAL))).toBe("ok");
		expect(connections).toBe(2);
	});

	it("keeps body pieces that arrive before the body is read", async () => {
		const server = await httpServer((response) => response.end("early body"));
		const response = await newClient().request(server.target, {}, "x", NO_SIGNAL);
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(await bodyOf(response)).toBe("early body");
	});

	it("keeps what arrived on one connection intact while others read into the same buffer", async () => {
		const server = await httpServer((response, seen) => response.end(seen.body.repeat(100)));
		const client = newClient();
		const first = await client.request(server.target, {}, "A", NO_SIGNAL);
		const second = await client.request(server.target, {}, "B", NO_SIGNAL);
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(await bodyOf(first)).toBe("A".repeat(100));
		expect(await bodyOf(second)).toBe("B".repeat(100));
	});

	it("rejects with what the reader threw, and does not reuse that connection", async () => {
		const server = await httpServer((response) => {
			response.write("a");
			setTimeout(() => response.end("b"), 10);
		});
		const client = newClient();
		const response = await client.request(server.target, {}, "x", NO_SIGNAL);
		await expect(
			response.consume(() => {
				throw new Error("reader failed");
			}),
		).rejects.toThrow("reader failed");
		await bodyOf(await client.request(server.target, {}, "x", NO_SIGNAL));
		expect(server.connections()).toBe(2);
	});

	it("reports a connection cut mid-body or before any answer as a reset", async () => {
		const cut = await httpServer((response) => {
			response.writeHead(200, { "content-type": "text/event-stream" });
			response.write("data: half", () => response.socket?.destroy());
		});
		const client = newClient();
		const response = await client.request(cut.target, {}, "x", NO_SIGNAL);
		await expect(bodyOf(response)).rejects.toMatchObject({ code: "ECONNRESET", message: /before the response ended/ });

		const silent = await tcpServer((socket) => socket.destroy());
		await expect(client.request(silent, {}, "x", NO_SIGNAL)).rejects.toMatchObject({
			code: "ECONNRESET",
			message: /before a response arrived/,
		});
	});

	it("stops waiting when the signal aborts", async () => {
		const hang = await tcpServer(() => {});
		const controller = new AbortController();
		const pending = newClient().request(hang, {}, "x", stopSignalOf(controller.signal));
		controller.abort(new Error("stopped by the run"));
		await expect(pending).rejects.toThrow("stopped by the run");
	});

	it("passes on the connection error of a port nobody listens on", async () => {
		const server = await tcpServer(() => {});
		const target = { ...server };
		open.pop()?.close();
		await new Promise((resolve) => setTimeout(resolve, 20));
		await expect(newClient().request(target, {}, "x", NO_SIGNAL)).rejects.toMatchObject({ code: "ECONNREFUSED" });
	});

	it("refuses a header that would break the request, without quoting its value", async () => {
		const server = await httpServer((response) => response.end("ok"));
		const client = newClient();
		const sent = client.request(server.target, { authorization: "Bearer sk-secret\r\nx-injected: 1" }, "x", NO_SIGNAL);
		await expect(sent).rejects.toThrow('the value of HTTP header "authorization" contains a line break or NUL');
		await expect(sent).rejects.not.toThrow(/sk-secret/);
		await expect(client.request(server.target, { "bad name": "v" }, "x", NO_SIGNAL)).rejects.toThrow(/header name/);
		expect(server.seen).toHaveLength(0);
	});

	it("rejects a reply that is not HTTP with a stable code", async () => {
		const target = await tcpServer((socket) => socket.end("this is not http\r\n\r\n"));
		await expect(newClient().request(target, {}, "x", NO_SIGNAL)).rejects.toMatchObject({
			code: "ERR_MALFORMED_HTTP_RESPONSE",
		});
	});
});
