import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { hostNameOf } from "./allowed-hosts.js";
import { ERROR_STATUSES, HttpRefusal } from "./http-error.js";
import { isLoopbackHost } from "./loopback-host.js";

/**
 * Refuses (421) a request whose `Host` header, or whose request target's host, is not one of
 * `allowed` (names without port, as {@link hostNameOf} writes them). This is what stops DNS
 * rebinding: a page on `evil.example` that points its name at 127.0.0.1 can reach the server,
 * but its requests say `Host: evil.example`. In-process requests without a Host header are
 * judged by their URL alone.
 */
export function refuseForeignHost(c: Context, allowed: ReadonlySet<string>): void {
	const header = c.req.header("Host");
	for (const given of header === undefined ? [new URL(c.req.url).host] : [header, new URL(c.req.url).host]) {
		const name = hostNameOf(given);
		if (name !== null && allowed.has(name)) continue;
		throw new HttpRefusal(
			ERROR_STATUSES.misdirected,
			"misdirected-host",
			`this server answers only to the host names ${[...allowed].join(", ")} (any port), not "${given}"; if you reach it by that name on purpose, start it with --allow-host ${name ?? "NAME"}`,
		);
	}
}

/**
 * Refuses (403) a write that a browser sends on behalf of another site: an `Origin` that is not
 * this server's own (scheme aside, host and port as the `Host` header says; `null` included), or
 * `Sec-Fetch-Site: cross-site` or `same-site`. Clients that are not browsers send neither header.
 */
export function refuseCrossSite(c: Context): void {
	const site = c.req.header("Sec-Fetch-Site")?.trim().toLowerCase();
	const origin = c.req.header("Origin");
	const own = new URL(c.req.url).host;
	let why: string | null = null;
	if (site === "cross-site" || site === "same-site") why = `the browser marked it Sec-Fetch-Site: ${site}`;
	else if (origin !== undefined && originHost(origin) !== own)
		why = `it comes from the page at Origin ${origin}, not ${own}`;
	if (why !== null)
		throw new HttpRefusal(
			ERROR_STATUSES.forbidden,
			"cross-site",
			`refusing a cross-site rating: ${why}. Rate from a page this server serves, with touchstone rate, or with a client such as curl`,
		);
}

/**
 * Refuses (403) a tokenless rating from another machine: without TOUCHSTONE_RATE_TOKEN only a
 * client on loopback may rate. In-process requests (no socket) count as local.
 */
export function refuseRemoteWithoutToken(c: Context): void {
	const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
	const remote = incoming?.socket?.remoteAddress;
	if (remote === undefined || isLoopbackHost(remote)) return;
	throw new HttpRefusal(
		ERROR_STATUSES.forbidden,
		"remote-without-token",
		`rating without a token is allowed only from this machine, not from ${remote}; start the server with TOUCHSTONE_RATE_TOKEN set and send Authorization: Bearer <token>`,
	);
}

/** The host (and port unless default) of an Origin header; null for `null` or anything malformed. */
function originHost(origin: string): string | null {
	try {
		const url = new URL(origin);
		return url.protocol === "http:" || url.protocol === "https:" ? url.host : null;
	} catch {
		return null;
	}
}
