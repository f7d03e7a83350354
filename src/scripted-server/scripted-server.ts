import { z } from "zod";
import { anthropicWire } from "./anthropic-wire.js";
import { type CompletionContext, handleCompletion } from "./handle-completion.js";
import { MAX_BODY_BYTES, sendJson } from "./http-io.js";
import { startHttp1Server } from "./http1/http1-server.js";
import type { HttpRequest } from "./http1/request-reader.js";
import type { HttpResponse } from "./http1/response.js";
import { validateScript } from "./load-script.js";
import { openaiWire } from "./openai-wire.js";
import { createRequestLog, REQUEST_LOG_CAPACITY, type RecordedRequest } from "./request-log.js";
import type { Script, ScriptInput } from "./script-schema.js";
import { createScriptedModel, type ScriptedModel } from "./scripted-model.js";
import { createStatsCounter, type ServerStats } from "./server-stats.js";

/** Options of {@link startScriptedServer}. */
export interface ScriptedServerOptions {
	/** The script to answer from; validated again here, so a script written in code may leave out defaults. */
	readonly script: Script | ScriptInput;
	/** Port to listen on; default 0, a free port. */
	readonly port?: number | undefined;
	/** Interface to bind; default `127.0.0.1`. */
	readonly host?: string | undefined;
}

/** A running scripted server. */
export interface ScriptedServer {
	/** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`; the OpenAI base URL is `${url}/v1`. */
	readonly url: string;
	/** Request counts by model and outcome, the same as `GET /stats`. */
	stats(): ServerStats;
	/** The recorded requests (the last 1,000), of one model id when given, oldest first. */
	requests(model?: string): RecordedRequest[];
	/** Sets the counts back to zero and forgets the recorded requests; the random streams go on. */
	resetStats(): void;
	/** Stops listening, ends every open connection (hung ones included) and resolves when the port is free. */
	close(): Promise<void>;
}

/** Value of `owned_by` in `GET /v1/models`, so nobody mistakes the stand-in for a hosted model. */
export const SCRIPTED_OWNER = "touchstone-scripted-stand-in";

const requestsQuerySchema = z.object({
	model: z.string().min(1).optional(),
	limit: z.coerce.number().int().min(1).max(REQUEST_LOG_CAPACITY).optional(),
});

/** Starts an OpenAI- and Anthropic-compatible server on loopback that answers from a script. */
export async function startScriptedServer(options: ScriptedServerOptions): Promise<ScriptedServer> {
	const script = validateScript(options.script, "startScriptedServer({ script })");
	const models = new Map<string, ScriptedModel>();
	for (const [key, model] of Object.entries(script.models))
		models.set(key, createScriptedModel(key, model, script.seed));
	const listed = [...models.keys()].filter((key) => key !== "*");
	let sequence = 0;
	const context: CompletionContext = {
		models,
		stats: createStatsCounter(listed),
		log: createRequestLog(),
		nextSequence: () => ++sequence,
	};
	const started = Math.floor(Date.now() / 1000);
	const modelList = {
		object: "list",
		data: listed.map((id) => ({ id, object: "model", created: started, owned_by: SCRIPTED_OWNER })),
	};

	const handle = async (request: HttpRequest, response: HttpResponse): Promise<void> => {
		const url = request.target;
		const queryStart = url.indexOf("?");
		const path = queryStart === -1 ? url : url.slice(0, queryStart);
		const endpoint = `${request.method} ${path}`;
		if (endpoint === "POST /v1/chat/completions") return handleCompletion(openaiWire, path, request, response, context);
		if (endpoint === "POST /v1/messages") return handleCompletion(anthropicWire, path, request, response, context);
		if (endpoint === "GET /v1/models") return sendJson(response, 200, modelList);
		if (endpoint === "GET /stats") return sendJson(response, 200, context.stats.snapshot());
		if (endpoint === "GET /requests") {
			const query = requestsQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(url.slice(path.length))));
			if (!query.success) {
				const message = "scripted-server: expected ?model=<id>&limit=<1..1000>";
				return sendJson(response, 400, openaiWire.errorBody(400, message));
			}
			const requests = context.log.list(query.data.model ?? null, query.data.limit ?? null);
			return sendJson(response, 200, { requests });
		}
		const message = `scripted-server: no endpoint ${endpoint}; try POST /v1/chat/completions, POST /v1/messages, GET /v1/models, GET /stats or GET /requests`;
		return sendJson(response, 404, { error: { message, type: "not_found_error", param: null, code: null } });
	};

	const server = await startHttp1Server({
		handler: (request, response) => {
			handle(request, response).catch((error: unknown) => {
				if (response.headersSent) response.destroy();
				else sendJson(response, 500, openaiWire.errorBody(500, `scripted-server: ${String(error)}`));
			});
		},
		maxBodyBytes: MAX_BODY_BYTES,
		defaultHeaders: { "x-touchstone-scripted": "1" },
		// The OpenAI error shape, which the Anthropic clients also read well enough for a refusal.
		errorBody: (status, message) => ({
			error: {
				message: `scripted-server: ${message}`,
				type: status >= 500 ? "server_error" : "invalid_request_error",
				param: null,
				code: null,
			},
		}),
		port: options.port ?? 0,
		host: options.host ?? "127.0.0.1",
	});
	const { address } = server;
	const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
	return {
		url: `http://${host}:${address.port}`,
		stats: () => context.stats.snapshot(),
		requests: (model) => context.log.list(model ?? null),
		resetStats() {
			context.stats.reset();
			context.log.clear();
		},
		close: () => server.close(),
	};
}
