import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import type { Context, Hono } from "hono";
import { ERROR_STATUSES, errorBody } from "./http-error.js";

/** One built file of the dashboard, held in memory with its gzip form. */
interface Asset {
	readonly body: Uint8Array;
	readonly gzipped: Uint8Array | null;
	readonly type: string;
	/** Content-hashed by Vite (under assets/): cached for a year; index.html is revalidated. */
	readonly immutable: boolean;
}

/** The built dashboard (dist/web/), read once: request paths are looked up, never joined to a folder. */
export interface DashboardAssets {
	/** The folder it was read from, for messages. */
	readonly dir: string;
	/** URL path below the server's root (`index.html`, `assets/index-1a2b.js`) → the file. */
	readonly files: ReadonlyMap<string, Asset>;
}

const TYPES: Readonly<Record<string, string>> = {
	".html": "text/html; charset=utf-8",
	".js": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8",
	".svg": "image/svg+xml",
	".png": "image/png",
	".ico": "image/x-icon",
	".json": "application/json; charset=utf-8",
	".woff2": "font/woff2",
	".txt": "text/plain; charset=utf-8",
};

/**
 * What the page may do: load only its own files, call only this server, be framed by nobody.
 * Inline style attributes are allowed (the charts set them); inline scripts are not.
 */
export const DASHBOARD_CSP = [
	"default-src 'self'",
	"script-src 'self'",
	"style-src 'self' 'unsafe-inline'",
	"img-src 'self' data:",
	"connect-src 'self'",
	"frame-ancestors 'none'",
	"base-uri 'self'",
	"form-action 'none'",
].join("; ");

/**
 * Reads the built dashboard from `dir` (what `vite build` wrote), or null when it has no
 * index.html (a checkout that was not built). Every file is read now, so a request can only
 * ever name one of these files: `..`, encoded slashes or symlinks lead nowhere.
 */
export function loadDashboardAssets(dir: string): DashboardAssets | null {
	if (!existsSync(join(dir, "index.html"))) return null;
	const files = new Map<string, Asset>();
	for (const path of filesUnder(dir)) {
		const type = TYPES[extname(path).toLowerCase()];
		if (type === undefined) continue;
		const body = readFileSync(path);
		const name = relative(dir, path).split(sep).join("/");
		// Compressing below ~1 KiB gains nothing; text compresses, images are already compressed.
		const gzipped = body.length > 1024 && !type.startsWith("image/png") ? gzipSync(body, { level: 9 }) : null;
		files.set(name, { body, gzipped, type, immutable: name.startsWith("assets/") });
	}
	return { dir, files };
}

/**
 * Serves the dashboard at `/` (index.html) and its files by their exact names (`/assets/…`,
 * `/favicon.svg`); any other path falls through to the API's JSON 404. Without built assets, `/`
 * answers a 404 that says how to build them.
 */
export function mountDashboard(app: Hono, assets: DashboardAssets | null): void {
	app.get("/*", (c) => {
		const path = new URL(c.req.url).pathname;
		const name = path === "/" ? "index.html" : path.slice(1);
		if (assets === null && path === "/")
			return c.json(
				errorBody(
					"dashboard-not-built",
					"the dashboard is not built in this checkout: run `npm run build` (the API answers at /api/v1/benchmarks meanwhile)",
				),
				ERROR_STATUSES.notFound,
			);
		const asset = assets?.files.get(name);
		return asset === undefined ? c.notFound() : serveAsset(c, asset);
	});
}

function serveAsset(c: Context, asset: Asset): Response {
	const headers: Record<string, string> = {
		"Content-Type": asset.type,
		"Cache-Control": asset.immutable ? "public, max-age=31536000, immutable" : "no-cache",
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy": "no-referrer",
		"Content-Security-Policy": DASHBOARD_CSP,
		Vary: "Accept-Encoding",
	};
	const gzip = asset.gzipped !== null && /\bgzip\b/i.test(c.req.header("Accept-Encoding") ?? "");
	if (gzip) headers["Content-Encoding"] = "gzip";
	const body = gzip ? asset.gzipped : asset.body;
	return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
}

function filesUnder(dir: string): string[] {
	const out: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		// Symlinks are skipped: the dashboard is what the build wrote, nothing it points to.
		if (entry.isDirectory()) out.push(...filesUnder(path));
		else if (entry.isFile()) out.push(path);
	}
	return out;
}
