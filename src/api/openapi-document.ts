import { z } from "zod";
import type { ErrorStatus } from "./http-error.js";
import { rateBody } from "./request-schemas.js";
import { errorResponseSchema, ratingResponse } from "./response-schemas.js";
import type { ReadRoute } from "./route.js";

/** Where the API is mounted. */
export const API_BASE_PATH = "/api/v1/benchmarks";
/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = "/api/v1/openapi.json";
/** Path of the one write endpoint, under the base path. */
export const RATE_PATH = "/rate";

type JsonSchema = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
	400: "Bad request: a parameter or body field is missing, unknown or of the wrong type (each one is listed in `issues`).",
	401: "The rate token is missing or wrong (`Authorization: Bearer <TOUCHSTONE_RATE_TOKEN>`).",
	403: "The rating was refused: a browser sent it for another site (`Origin` not this server's own, or `Sec-Fetch-Site: cross-site` or `same-site`; code `cross-site`), or it came from another machine while the server has no rate token (code `remote-without-token`).",
	404: "No such use case, benchmark version, case, run or route.",
	413: "The body is larger than the server accepts.",
	415: "The body is not sent as `application/json`.",
	421: "The `Host` header names a host this server does not answer (code `misdirected-host`): it answers only its loopback names (`localhost`, `127.0.0.1`, `[::1]`), the address it is bound to and the names given with `serve --allow-host`, on any port. This keeps web pages out through DNS rebinding.",
	422: "Well-formed, but not a valid rating (out of range, unknown label, none given, or label and rating disagree).",
	500: "The server could not answer; its log has the details.",
};

/**
 * The OpenAPI 3.1 document of the API, generated from the same zod schemas that validate each
 * request (JSON Schema 2020-12 is OpenAPI 3.1's own dialect, so `z.toJSONSchema` output is used
 * as is). Responses are described field by field, with additional properties refused.
 */
export function openApiDocument(readRoutes: readonly ReadRoute[]): JsonSchema {
	const paths: Record<string, JsonSchema> = {};
	for (const route of readRoutes) {
		paths[`${API_BASE_PATH}${route.path}`] = {
			get: {
				operationId: operationId("get", route.path),
				summary: route.summary,
				description: route.description,
				parameters: [...parametersOf(route.params, "path"), ...parametersOf(route.query, "query")],
				responses: {
					200: jsonResponse("The answer.", schemaOf(route.response, "output")),
					...errorResponses([...route.errors, 421, 500]),
				},
			},
		};
	}
	paths[`${API_BASE_PATH}${RATE_PATH}`] = {
		post: {
			operationId: "postRate",
			summary: "Record an owner rating of one run",
			description:
				"The ground truth the jury is calibrated against. Give a rating (0..1), a label (ship = 1.0, edit = 0.6, reject = 0.2) or both in agreement. Append-only: the latest rating of a run counts. Requires the bearer token when the server has one; without one, only clients on this machine may rate. Refuses requests a browser sends for another site.",
			security: [{}, { rateToken: [] }],
			requestBody: { required: true, content: { "application/json": { schema: schemaOf(rateBody, "input") } } },
			responses: {
				201: jsonResponse("The stored rating.", schemaOf(ratingResponse, "output")),
				...errorResponses([400, 401, 403, 404, 413, 415, 421, 422, 500]),
			},
		},
	};
	return {
		openapi: "3.1.0",
		info: {
			title: "touchstone benchmarks API",
			version: "1",
			description:
				"Read-only answers from the touchstone store (leaderboards with decisions, case matrix, inspector, calibration, roster, frozen specs), plus `POST rate` for owner ratings. Errors are `{error: {code, message, issues}}`. Every request must name an allowed `Host` (421 otherwise).",
		},
		paths,
		components: {
			schemas: { Error: schemaOf(errorResponseSchema, "output") },
			securitySchemes: {
				rateToken: {
					type: "http",
					scheme: "bearer",
					description: "TOUCHSTONE_RATE_TOKEN; required by `POST rate` when the server was started with one.",
				},
			},
		},
	};
}

function parametersOf(schema: z.ZodObject | null, location: "query" | "path"): JsonSchema[] {
	if (schema === null) return [];
	const json = schemaOf(schema, "input");
	const required = new Set((json.required as string[] | undefined) ?? []);
	const properties = (json.properties as Record<string, JsonSchema> | undefined) ?? {};
	return Object.entries(properties).map(([name, { description, ...property }]) => ({
		name,
		in: location,
		required: location === "path" || required.has(name),
		...(description === undefined ? {} : { description }),
		schema: property,
	}));
}

function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
	const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
	return json;
}

function jsonResponse(description: string, schema: JsonSchema): JsonSchema {
	return { description, content: { "application/json": { schema } } };
}

function errorResponses(statuses: readonly ErrorStatus[]): Record<string, JsonSchema> {
	return Object.fromEntries(
		statuses.map((status) => [
			String(status),
			jsonResponse(ERROR_DESCRIPTIONS[status], { $ref: "#/components/schemas/Error" }),
		]),
	);
}

function operationId(method: string, path: string): string {
	const words = path
		.split(/[/-]/)
		.filter((word) => word !== "" && !word.startsWith("{"))
		.map((word) => `${word[0]?.toUpperCase() ?? ""}${word.slice(1)}`);
	return `${method}${words.join("")}`;
}
