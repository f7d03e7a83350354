/**
 * The HTTP API: a Hono app over the read layer, mounted at `/api/v1/benchmarks`, read-only
 * apart from `POST rate`, with an OpenAPI document generated from the zod schemas that validate
 * its requests. The only layer that maps errors to HTTP statuses.
 */
export { allowedHostNames, bareHostName, LOOPBACK_HOST_NAMES } from "./allowed-hosts.js";
export { closeApi } from "./api-lifecycle.js";
export { type ApiServer, startApiServer } from "./api-server.js";
export { type ClientAbort, describeClientAbort } from "./client-abort.js";
export { type ApiOptions, createApi, DEFAULT_MAX_BODY_BYTES } from "./create-api.js";
export { DASHBOARD_CSP, type DashboardAssets, loadDashboardAssets } from "./dashboard-assets.js";
export { type ErrorBody, INTERNAL_ERROR_MESSAGE } from "./http-error.js";
export type { PrefetchEnd, PrefetchReport } from "./inspection-prefetch.js";
export { isLoopbackHost } from "./loopback-host.js";
export { API_BASE_PATH, OPENAPI_PATH, openApiDocument, RATE_PATH } from "./openapi-document.js";
export { READ_ROUTES } from "./read-routes.js";
export { DEFAULT_CACHE_BYTES } from "./response-cache.js";
export { prefetchCaseInspections, type WarmReport, warmLeaderboards } from "./warm-api.js";
