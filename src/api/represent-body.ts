import type { Context } from "hono";
import type { CachedBody } from "./cached-body.js";

/** A cached body as the client asked for it: gzipped if it accepts that, 304 if its tag matches. */
export function represent(c: Context, body: CachedBody): Response {
	const gzip = body.gzip !== null && acceptsGzip(c.req.header("Accept-Encoding")) ? body.gzip : null;
	const etag = gzip?.etag ?? body.identityTag;
	c.header("Vary", "Accept-Encoding");
	c.header("ETag", etag);
	if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
	if (gzip !== null) c.header("Content-Encoding", "gzip");
	// The JSON of a large body is unzipped only now: a 304 or a gzip client never needs it.
	const bytes = gzip?.bytes ?? body.identity().bytes;
	return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
		"Content-Type": "application/json; charset=utf-8",
	});
}

/** Whether an Accept-Encoding header accepts gzip (and does not refuse it with q=0). */
function acceptsGzip(header: string | undefined): boolean {
	const gzip = /(?:^|,)\s*(?:gzip|\*)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?:,|$)/i.exec(header ?? "");
	return gzip !== null && (gzip[1] === undefined || Number(gzip[1]) > 0);
}
