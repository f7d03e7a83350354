import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopSignalOf } from "./call-stop.js";
import { createHttpTransport, readBodyText } from "./http-transport.js";

const seen: IncomingHttpHeaders[] = [];
const server = createServer((request, response) => {
	seen.push(request.headers);
	request.resume();
	request.on("end", () => response.end(`${request.method} ${request.url}`));
});
let port = 0;

beforeAll(async () => {
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	port = (server.address() as AddressInfo).port;
});
afterAll(() => {
	server.closeAllConnections();
	server.close();
});

const stop = stopSignalOf(new AbortController().signal);

describe("createHttpTransport over plain HTTP", () => {
	it("posts to the URL's path and query, with the URL's credentials as Basic auth", async () => {
		const transport = createHttpTransport();
		const response = await transport(`http://user:p%40ss@127.0.0.1:${port}/v1/chat/completions?x=1`, {
			headers: { "content-type": "application/json" },
			body: "{}",
			stop,
		});
		expect(response.status).toBe(200);
		expect(await readBodyText(response)).toBe("POST /v1/chat/completions?x=1");
		expect(seen.at(-1)?.authorization).toBe(`Basic ${Buffer.from("user:p@ss").toString("base64")}`);
	});

	it("keeps a request's own Authorization header, whatever its case, over the URL's credentials", async () => {
		const transport = createHttpTransport();
		const response = await transport(`http://user:secret@127.0.0.1:${port}/v1`, {
			headers: { Authorization: "Bearer key" },
			body: "{}",
			stop,
		});
		await readBodyText(response);
		expect(seen.at(-1)?.authorization).toBe("Bearer key");
	});

	it("refuses a URL that is neither http nor https", async () => {
		await expect(createHttpTransport()("ftp://127.0.0.1/v1", { headers: {}, body: "{}", stop })).rejects.toThrow(
			/only http: and https:/,
		);
	});
});
