import { connect } from "node:net";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { startApiServer } from "./api-server.js";

/** Milliseconds until the server closes a connection that sent `bytes` and then nothing; null if it did not within `waitMs`. */
function closedAfter(port: number, bytes: string, waitMs: number): Promise<{ ms: number | null; reply: string }> {
	return new Promise((resolve) => {
		const started = Date.now();
		let reply = "";
		const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
		const timer = setTimeout(() => {
			socket.destroy();
			resolve({ ms: null, reply });
		}, waitMs);
		socket.on("data", (chunk) => {
			reply += chunk.toString();
		});
		socket.on("close", () => {
			clearTimeout(timer);
			resolve({ ms: Date.now() - started, reply });
		});
		socket.on("error", () => {});
	});
}

describe("startApiServer", () => {
	it("closes a connection that trickles its headers past the headers timeout, and keeps serving", async () => {
		const app = new Hono().get("/", (context) => context.text("ok"));
		const server = await startApiServer(app, { host: "127.0.0.1", port: 0, headersTimeoutMs: 300 });
		try {
			// Headers never finished: with Node's defaults this connection is held for a minute or more.
			const slow = await closedAfter(server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a", 5_000);
			expect(slow.ms).not.toBeNull();
			expect(slow.ms).toBeLessThan(3_000);
			expect(slow.reply).toMatch(/^HTTP\/1\.1 408/);
			const response = await fetch(`${server.url}/`);
			expect(await response.text()).toBe("ok");
		} finally {
			await server.close();
		}
	});
});
