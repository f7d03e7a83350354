import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { BadInputError } from "../contract/index.js";
import type { Store } from "../store/index.js";
import type { RosterInput } from "../views/index.js";
import { DEFAULT_BOOTSTRAP } from "../views/index.js";
import { LOOPBACK_HOST_NAMES } from "./allowed-hosts.js";
import { onApiClose, onApiPrefetch } from "./api-lifecycle.js";
import { bearerMatches } from "./bearer-token.js";
import { CalibrationAnswers } from "./calibration-answers.js";
import type { CalibrationJob } from "./calibration-protocol.js";
import { type ClientAbort, clientAbortOf, describeClientAbort } from "./client-abort.js";
import { type DashboardAssets, mountDashboard } from "./dashboard-assets.js";
import { ERROR_STATUSES, type ErrorBody, errorBody, errorResponse, HttpRefusal } from "./http-error.js";
import { prefetchInspections } from "./inspection-prefetch.js";
import { API_BASE_PATH, OPENAPI_PATH, openApiDocument, RATE_PATH } from "./openapi-document.js";
import { recordRating } from "./rate-route.js";
import { READ_ROUTES } from "./read-routes.js";
import { represent } from "./represent-body.js";
import { refuseCrossSite, refuseForeignHost, refuseRemoteWithoutToken } from "./request-guards.js";
import { cacheKeyOf, DEFAULT_CACHE_BYTES, ResponseCache } from "./response-cache.js";
import type { ReadContext, ReadRoute } from "./route.js";

/** Largest `POST /rate` body accepted: a rating with a long note fits many times over. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/** What the API serves and how. */
export interface ApiOptions {
	/** The store to answer from; `POST /rate` writes owner ratings to it. */
	readonly store: Store;
	/** Today's use-case definitions, for the roster (ideas exist only there). */
	readonly useCases: readonly RosterInput[];
	/** When set, `POST /rate` requires `Authorization: Bearer <rateToken>`; null leaves it open to clients on loopback only. */
	readonly rateToken: string | null;
	/**
	 * Host names (no port; see allowedHostNames) the API answers; a request whose `Host` is not
	 * one of them gets 421, so a page cannot reach it through DNS rebinding. Default: the loopback names.
	 */
	readonly allowedHosts?: readonly string[];
	/** Receives every unexpected error (answered as a bare 500); default: its stack to stderr. */
	readonly logError?: (error: unknown) => void;
	/** Called when a client hangs up mid-request (not an error of the server); default: one line to stderr. */
	readonly onClientAbort?: (abort: ClientAbort) => void;
	/** Largest request body accepted (default {@link DEFAULT_MAX_BODY_BYTES}). */
	readonly maxBodyBytes?: number;
	/** Bytes of GET answers kept while the store is unchanged (default 64 MiB; 0 turns the cache off). */
	readonly cacheBytes?: number;
	/** Resamples and seed of the calibration's bootstrap intervals (default DEFAULT_BOOTSTRAP, 2,000 resamples, seed 1). */
	readonly calibrationBootstrap?: CalibrationJob["bootstrap"];
	/** The built dashboard served at `/` (see loadDashboardAssets); absent or null: `/` says how to build it. */
	readonly dashboard?: DashboardAssets | null;
}

/**
 * The HTTP API as a Hono app, `(Request) => Response`: tests call `app.request()` without a port,
 * `touchstone serve` puts it on one. Mounted under {@link API_BASE_PATH}, read-only apart from
 * `POST rate`; the OpenAPI document is at {@link OPENAPI_PATH}; the dashboard, when given, at `/`. Every error is
 * `{error: {code, message, issues}}` and never carries a stack trace. GET answers are cached
 * until the store changes (see ResponseCache), so repeated reads of a large store are cheap.
 * Every request must name an allowed host (421 otherwise); `POST rate` also refuses cross-site
 * browser requests (403). Calibrations, which take seconds on a large store, are computed on a
 * thread of their own (started on the first one; {@link closeApi} or ApiServer.close ends it), so
 * they never hold the other requests.
 */
export function createApi(options: ApiOptions): Hono {
	const logError = options.logError ?? ((error: unknown) => process.stderr.write(`${describeError(error)}\n`));
	const onClientAbort =
		options.onClientAbort ??
		((abort: ClientAbort) => process.stderr.write(`touchstone api: ${describeClientAbort(abort)}\n`));
	const context: ReadContext = {
		store: options.store,
		useCases: options.useCases,
		calibrationBootstrap: options.calibrationBootstrap ?? DEFAULT_BOOTSTRAP,
	};
	const cache = new ResponseCache(options.store, options.cacheBytes ?? DEFAULT_CACHE_BYTES);
	const calibrations = new CalibrationAnswers(options.store, cache);
	const document = JSON.stringify(openApiDocument(READ_ROUTES));
	const fail = (c: Context, error: unknown) => {
		const { status, body } = errorResponse(error, logError);
		if (status === ERROR_STATUSES.unauthorized) c.header("WWW-Authenticate", 'Bearer realm="touchstone"');
		return c.json(body, status);
	};

	const allowedHosts = new Set(options.allowedHosts ?? LOOPBACK_HOST_NAMES);

	const app = new Hono();
	onApiClose(app, () => calibrations.close());
	const inspector = READ_ROUTES.find((route) => route.path === "/inspector");
	onApiPrefetch(app, (useCaseIds, prefetchOptions) =>
		prefetchInspections(
			{
				paths: options.store.paths,
				cache,
				ratings: (useCaseId, caseId) => inspector?.ratings({ use_case: useCaseId, case_id: caseId }) ?? null,
			},
			useCaseIds,
			{ budgetBytes: (options.cacheBytes ?? DEFAULT_CACHE_BYTES) / 2, ...prefetchOptions },
		),
	);
	app.onError((error, c) => {
		const abort = clientAbortOf(c, error);
		if (abort === null) return fail(c, error);
		onClientAbort(abort);
		// Nobody is left to read it.
		return c.body(null, ERROR_STATUSES.badRequest);
	});
	app.use((c, next) => {
		refuseForeignHost(c, allowedHosts);
		return next();
	});
	app.notFound((c) =>
		c.json(
			errorBody(
				"not-found",
				`no route ${c.req.method} ${new URL(c.req.url).pathname}; the routes are listed at ${OPENAPI_PATH}`,
			) satisfies ErrorBody,
			ERROR_STATUSES.notFound,
		),
	);
	app.get(OPENAPI_PATH, (c) => c.body(document, 200, { "Content-Type": "application/json; charset=utf-8" }));

	const benchmarks = new Hono();
	for (const route of READ_ROUTES)
		benchmarks.get(honoPath(route.path), (c) => answerRead(c, route, context, cache, calibrations));
	benchmarks.post(
		RATE_PATH,
		(c, next) => {
			refuseCrossSite(c);
			if (options.rateToken === null) refuseRemoteWithoutToken(c);
			else if (!bearerMatches(c.req.header("Authorization"), options.rateToken))
				throw new HttpRefusal(
					ERROR_STATUSES.unauthorized,
					"unauthorized",
					"rating needs the server's token: send Authorization: Bearer <TOUCHSTONE_RATE_TOKEN>",
				);
			const type = c.req.header("Content-Type") ?? "";
			// Requiring JSON also keeps browsers from posting ratings cross-site without a CORS preflight.
			if (!/^application\/json\s*(;|$)/i.test(type))
				throw new HttpRefusal(
					ERROR_STATUSES.unsupportedMediaType,
					"unsupported-media-type",
					`send the rating as JSON with Content-Type: application/json (got ${type === "" ? "none" : type})`,
				);
			return next();
		},
		bodyLimit({
			maxSize: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
			onError: (c) =>
				fail(
					c,
					new HttpRefusal(
						ERROR_STATUSES.payloadTooLarge,
						"body-too-large",
						`the body is larger than ${options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES} bytes; a rating needs far less (shorten the note)`,
					),
				),
		}),
		async (c) => {
			const rating = recordRating(options.store, await readJson(c));
			// Our own write does not move PRAGMA data_version on this connection: tell the cache.
			// addOwnerRating 404s an unknown run, so the run is there.
			const run = options.store.getRun(rating.run_id);
			if (run !== null) cache.noteRating(rating, run);
			return c.json(rating, 201);
		},
	);
	app.route(API_BASE_PATH, benchmarks);
	mountDashboard(app, options.dashboard ?? null);
	return app;
}

/**
 * Answers a GET from the cache, or computes, caches and answers it (304 when the client's tag
 * still matches); a route computed off the server's thread answers when its computation ends.
 */
function answerRead(
	c: Context,
	route: ReadRoute,
	context: ReadContext,
	cache: ResponseCache,
	calibrations: CalibrationAnswers,
): Response | Promise<Response> {
	const key = cacheKeyOf(new URL(c.req.url));
	let body = cache.get(key);
	c.header("X-Cache", body === undefined ? "miss" : "hit");
	if (body === undefined && route.offThread !== null) {
		const job = route.offThread(c.req.query(), context);
		return calibrations.answer(key, job, route.ratings(c.req.query())).then((answer) => {
			c.header("X-Cache", answer.cache);
			return represent(c, answer.body);
		});
	}
	if (body === undefined) {
		const generation = cache.generation();
		const answer = route.answer(c.req.query(), c.req.param() as Record<string, string>, context);
		body = cache.set(key, generation, JSON.stringify(answer), route.ratings(c.req.query()));
	}
	return represent(c, body);
}

async function readJson(c: Context): Promise<unknown> {
	const text = await c.req.text();
	try {
		return JSON.parse(text) as unknown;
	} catch (error) {
		throw new BadInputError("The body is not JSON.", [
			{
				source: "body",
				line: null,
				column: null,
				path: "",
				message: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
				fix: 'send an object such as {"run_id": "…", "label": "ship"}',
			},
		]);
	}
}

/** `/spec/{benchmark_version}` → `/spec/:benchmark_version`. */
function honoPath(path: string): string {
	return path.replace(/\{(\w+)\}/g, ":$1");
}

function describeError(error: unknown): string {
	return `touchstone api: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
