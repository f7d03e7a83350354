import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { stopSignalOf } from "./call-stop.js";
import { classifyError } from "./classify-error.js";
import { createHttpTransport, readBodyText, type Transport } from "./http-transport.js";

// touchstone's HTTP client for http: endpoints (PlainHttpClient, through createHttpTransport)
// against a second, independent server implementation: node:http (the scripted server has its
// own HTTP/1.1 layer, written alongside the client). Each case says what the run
// needs: whole bodies however they are framed, kept-alive connections that survive a server
// closing them, and a cut body that is an error, never a short success.

const servers: Server[] = [];
afterEach(() => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		server.close();
	}
});

/** A node:http server on loopback; counts the connections it accepted. */
async function serve(handle: (response: ServerResponse, socket: Socket, index: number) => void, keepAliveMs = 5000) {
	let connections = 0;
	let requests = 0;
	const server = createServer((request, response) => {
		request.resume();
		request.on("end", () => handle(response, request.socket, requests++));
	});
	server.keepAliveTimeout = keepAliveMs;
	server.on("connection", () => {
		connections += 1;
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	servers.push(server);
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
	return { url, connections: () => connections };
}

const NO_STOP = stopSignalOf(new AbortController().signal);

async function post(transport: Transport, url: string): Promise<string> {
	const response = await transport(url, { headers: { "content-type": "application/json" }, body: "{}", stop: NO_STOP });
	return readBodyText(response);
}

/** What the provider would make of a failure: its ProviderError kind and whether it is retried. */
function classified(error: unknown) {
	const { kind, retryable } = classifyError(error, {
		providerId: "p",
		timedOut: false,
		timeoutMs: 1000,
		aborted: false,
		secrets: [],
	});
	return { kind, retryable };
}

/** Fails the test instead of hanging it: a client must settle within `ms`. */
function within<T>(promise: Promise<T>, ms = 3000): Promise<T> {
	return Promise.race([
		promise,
		new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms)),
	]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the plain HTTP client against node:http", () => {
	it("reads a chunked body written in pieces over time", async () => {
		const server = await serve((response) => {
			response.writeHead(200, { "content-type": "text/event-stream" });
			response.write("data: 1\n\n");
			setTimeout(() => response.write("data: 2\n\n"), 5);
			setTimeout(() => response.end("data: [DONE]\n\n"), 10);
		});
		expect(await within(post(createHttpTransport(), server.url))).toBe("data: 1\n\ndata: 2\n\ndata: [DONE]\n\n");
	});

	it("reads a content-length body, multi-byte characters included, and keeps connections for the next calls", async () => {
		const body = `{"text":"${"é".repeat(20_000)}"}`;
		const server = await serve((response) => {
			response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
			response.end(body);
		});
		const transport = createHttpTransport();
		for (let index = 0; index < 5; index++) expect(await within(post(transport, server.url))).toBe(body);
		expect(server.connections()).toBe(1);
	});

	it("opens a new connection after a response with connection: close", async () => {
		const server = await serve((response, _socket, index) => {
			response.setHeader("connection", "close");
			response.end(`reply ${index}`);
		});
		const transport = createHttpTransport();
		expect(await within(post(transport, server.url))).toBe("reply 0");
		expect(await within(post(transport, server.url))).toBe("reply 1");
		expect(server.connections()).toBe(2);
	});

	it("calls again after the server closed an idle kept-alive connection", async () => {
		const server = await serve((response, _socket, index) => response.end(`reply ${index}`), 50);
		const transport = createHttpTransport();
		expect(await within(post(transport, server.url))).toBe("reply 0");
		await sleep(200);
		expect(await within(post(transport, server.url))).toBe("reply 1");
		expect(server.connections()).toBe(2);
	});

	it("fails as a retryable network error, never hangs, when the server drops a reused connection on the next request", async () => {
		// The race of an idle timeout: the request went out on a socket the server is closing.
		const server = await serve((response, socket, index) => {
			if (index === 1) socket.destroy();
			else response.end(`reply ${index}`);
		});
		const transport = createHttpTransport();
		expect(await within(post(transport, server.url))).toBe("reply 0");
		const error = await within(post(transport, server.url)).catch((thrown: unknown) => thrown);
		expect(error).toBeInstanceOf(Error);
		expect(classified(error)).toEqual({ kind: "network", retryable: true });
		expect(await within(post(transport, server.url))).toBe("reply 2");
	});

	it.each([
		["content-length", { "content-length": "100" }],
		["chunked", {}],
	] as const)("rejects a %s body the server cut off, as a retryable network error", async (_framing, headers) => {
		const server = await serve((response, socket) => {
			response.writeHead(200, { "content-type": "text/event-stream", ...headers });
			response.write("data: half", () => setTimeout(() => socket.destroy(), 5));
		});
		const error = await within(post(createHttpTransport(), server.url)).catch((thrown: unknown) => thrown);
		expect(error).toBeInstanceOf(Error);
		expect(classified(error)).toEqual({ kind: "network", retryable: true });
	});

	it("stops a call when the stop fires, before the head or in the middle of the body", async () => {
		const silent = await serve(() => {});
		const controller = new AbortController();
		const transport = createHttpTransport();
		const pending = transport(silent.url, { headers: {}, body: "{}", stop: stopSignalOf(controller.signal) });
		setTimeout(() => controller.abort(new Error("stopped by the run")), 20);
		await expect(within(pending)).rejects.toThrow("stopped by the run");

		const halfway = await serve((response) => {
			response.writeHead(200, { "content-type": "text/event-stream" });
			response.write("data: 1\n\n");
		});
		const midBody = new AbortController();
		const response = await within(
			transport(halfway.url, { headers: {}, body: "{}", stop: stopSignalOf(midBody.signal) }),
		);
		const pieces: string[] = [];
		const reading = response.consume((chunk) => {
			pieces.push(Buffer.from(chunk).toString());
			midBody.abort(new Error("stopped mid-body"));
		});
		await expect(within(reading)).rejects.toThrow();
		expect(pieces).toEqual(["data: 1\n\n"]);
	});
});
