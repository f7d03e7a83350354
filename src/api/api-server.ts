import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { closeApi } from "./api-lifecycle.js";

/** A running API server. */
export interface ApiServer {
	/** Base URL, e.g. `http://127.0.0.1:33800`. */
	readonly url: string;
	/** The port actually bound (useful with port 0). */
	readonly port: number;
	/** Stops accepting, closes open connections and the app's calibration thread, and resolves when the server is down. */
	close(): Promise<void>;
}

/** Milliseconds a client has to send a request's headers by default; see startApiServer. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/**
 * Puts the app on a port with Node's HTTP server. Rejects with Node's own error (its `code`
 * says EADDRINUSE, EACCES, …) when the address cannot be bound; the caller words it.
 *
 * A client gets `headersTimeoutMs` (10 s by default) to send its request's headers and three
 * times that for the whole request, checked every second, then its connection is closed: with
 * Node's defaults (60 s, 300 s, checked every 30 s) a client trickling a byte at a time held a
 * connection for minutes, and a few hundred of them would hold the server.
 */
export function startApiServer(
	app: Hono,
	options: { host: string; port: number; headersTimeoutMs?: number },
): Promise<ApiServer> {
	const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
	return new Promise((resolve, reject) => {
		const server = serve({
			fetch: app.fetch,
			hostname: options.host,
			port: options.port,
			serverOptions: {
				headersTimeout,
				requestTimeout: headersTimeout * 3,
				connectionsCheckingInterval: Math.min(1000, headersTimeout),
			},
		});
		server.once("error", reject);
		server.once("listening", () => {
			server.off("error", reject);
			const { port } = server.address() as AddressInfo;
			const host = options.host.includes(":") && !options.host.startsWith("[") ? `[${options.host}]` : options.host;
			resolve({
				url: `http://${host}:${port}`,
				port,
				close: async () => {
					await Promise.all([
						new Promise<void>((done) => {
							server.close(() => done());
							if ("closeAllConnections" in server) server.closeAllConnections();
						}),
						closeApi(app),
					]);
				},
			});
		});
	});
}
