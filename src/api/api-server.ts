import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";

/** A running API server. */
export interface ApiServer {
	/** Base URL, e.g. `http://127.0.0.1:33800`. */
	readonly url: string;
	/** The port actually bound (useful with port 0). */
	readonly port: number;
	/** Stops accepting, closes open connections and resolves when the server is down. */
	close(): Promise<void>;
}

/**
 * Puts the app on a port with Node's HTTP server. Rejects with Node's own error (its `code`
 * says EADDRINUSE, EACCES, …) when the address cannot be bound; the caller words it.
 */
export function startApiServer(app: Hono, options: { host: string; port: number }): Promise<ApiServer> {
	return new Promise((resolve, reject) => {
		const server = serve({ fetch: app.fetch, hostname: options.host, port: options.port });
		server.once("error", reject);
		server.once("listening", () => {
			server.off("error", reject);
			const { port } = server.address() as AddressInfo;
			const host = options.host.includes(":") && !options.host.startsWith("[") ? `[${options.host}]` : options.host;
			resolve({
				url: `http://${host}:${port}`,
				port,
				close: () =>
					new Promise<void>((done) => {
						server.close(() => done());
						if ("closeAllConnections" in server) server.closeAllConnections();
					}),
			});
		});
	});
}
