import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { anthropicWire } from "./anthropic-wire.js";
import { type CompletionContext, handleCompletion } from "./handle-completion.js";
import { sendJson } from "./http-io.js";
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

	const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
		response.setHeader("x-touchstone-scripted", "1");
		const url = request.url ?? "/";
		const queryStart = url.indexOf("?");
		const path = queryStart === -1 ? url : url.slice(0, queryStart);
		const endpoint = `${request.method} ${path}`;
		if (endpoint === "POST /v1/chat/completions") return handleCompletion(openaiWire, path, request, response, context);
		if (endpoint === "POST /v1/messages") return handleCompletion(anthropicWire, path, request, response, context);
		request.resume();
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

	const server = createServer((request, response) => {
		handle(request, response).catch((error: unknown) => {
			if (response.headersSent) response.destroy();
			else sendJson(response, 500, openaiWire.errorBody(500, `scripted-server: ${String(error)}`));
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
			server.off("error", reject);
			resolve();
		});
	});
	const address = server.address() as AddressInfo;
	const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
	let closing: Promise<void> | null = null;
	return {
		url: `http://${host}:${address.port}`,
		stats: () => context.stats.snapshot(),
		requests: (model) => context.log.list(model ?? null),
		resetStats() {
			context.stats.reset();
			context.log.clear();
		},
		close() {
			closing ??= new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
			return closing;
		},
	};
}
