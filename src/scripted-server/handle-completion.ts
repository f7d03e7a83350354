import type { JsonValue } from "../contract/index.js";
import { type ResponseClock, responseClock, sendJson } from "./http-io.js";
import type { HttpRequest } from "./http1/request-reader.js";
import type { HttpResponse } from "./http1/response.js";
import type { RequestLog } from "./request-log.js";
import type { RequestDraw, ScriptedModel } from "./scripted-model.js";
import type { StatsCounter } from "./server-stats.js";
import { formatFrame, type ResponseIdentity, type SseFrame, type StreamPlan, type Wire } from "./wire.js";

/** What the completion handler shares with the server: the models, the counters and the log. */
export interface CompletionContext {
	/** Scripted models by script key, `*` included. */
	readonly models: ReadonlyMap<string, ScriptedModel>;
	/** Outcome counters. */
	readonly stats: StatsCounter;
	/** Recorded requests. */
	readonly log: RequestLog;
	/** A new number per request, for response and tool call ids. */
	nextSequence(): number;
}

/**
 * Answers one completion request on `wire`: validates it, picks the model, draws its fault and
 * timing, matches a rule and replies as JSON or as a stream. Faults that refuse (429, 500) and
 * refusals (400, 404, 422) answer at once; answers, cut bodies and malformed bodies take the latency.
 */
export async function handleCompletion(
	wire: Wire,
	path: string,
	request: HttpRequest,
	response: HttpResponse,
	context: CompletionContext,
): Promise<void> {
	if (request.body === null) {
		const message = "scripted-server: request body is larger than 10 MB";
		sendJson(response, 413, wire.errorBody(413, message), { connection: "close" });
		return;
	}
	let body: JsonValue;
	try {
		body = JSON.parse(request.body.toString("utf8")) as JsonValue;
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		sendJson(response, 400, wire.errorBody(400, `scripted-server: request body is not valid JSON: ${reason}`));
		return;
	}
	context.log.record(path, request.headers, request.body);
	const parsed = wire.parseRequest(body);
	if (typeof parsed === "string") {
		sendJson(response, 400, wire.errorBody(400, parsed));
		return;
	}
	const model = context.models.get(parsed.model) ?? context.models.get("*");
	if (model === undefined) {
		const known = [...context.models.keys()].join(", ");
		const message = `scripted-server: the script has no model "${parsed.model}" and no "*" fallback; it has: ${known}`;
		sendJson(response, 404, wire.errorBody(404, message));
		return;
	}
	const draw = model.draw();
	if (draw.fault === "rate_limit") {
		context.stats.count(parsed.model, "rate_limit");
		const seconds = model.script.faults.retry_after_s;
		const message = `scripted-server: rate limit reached for ${parsed.model} (scripted fault); retry after ${seconds}s`;
		sendJson(response, 429, wire.errorBody(429, message), {
			"retry-after": String(Math.ceil(seconds)),
			"retry-after-ms": String(Math.round(seconds * 1000)),
		});
		return;
	}
	if (draw.fault === "server_error") {
		context.stats.count(parsed.model, "server_error");
		sendJson(response, 500, wire.errorBody(500, `scripted-server: internal error of ${parsed.model} (scripted fault)`));
		return;
	}
	if (draw.fault === "hang") {
		// Never answer: the connection stays open until the client gives up or the server closes.
		context.stats.count(parsed.model, "hang");
		return;
	}
	const sequence = context.nextSequence();
	const conversation = parsed.conversation;
	const reply = model.answer(conversation, parsed.model, `${wire.toolCallIdPrefix}${sequence}_`);
	if (reply === null) {
		context.stats.count(parsed.model, "no_rule");
		const last = JSON.stringify(conversation.userText ?? "");
		const message = `scripted-server: no rule of model ${parsed.model} matched the last user message ${last}`;
		sendJson(response, 422, wire.errorBody(422, message));
		return;
	}
	context.stats.count(parsed.model, draw.fault ?? "ok");
	const identity: ResponseIdentity = {
		id: `${wire.responseIdPrefix}${sequence}`,
		model: parsed.model,
		created: Math.floor(Date.now() / 1000),
	};
	const clock = responseClock(response, request.receivedAt);
	const answered = parsed.stream
		? await streamReply(response, wire.streamPlan(reply, identity, parsed.includeUsage), draw, clock)
		: await sendReply(response, wire.responseBody(reply, identity), draw, clock);
	if (answered && draw.fault === null) context.stats.late(clock.overdue());
}

/** Sends a JSON reply at its latency; true when it went out whole (not cut, the connection still open). */
async function sendReply(
	response: HttpResponse,
	body: JsonValue,
	draw: RequestDraw,
	clock: ResponseClock,
): Promise<boolean> {
	if (!(await clock.wait(draw.latencyMs))) return false;
	if (draw.fault === null) {
		sendJson(response, 200, body);
		return true;
	}
	const bytes = Buffer.from(JSON.stringify(body));
	const half = bytes.subarray(0, Math.floor(bytes.length / 2));
	if (draw.fault === "malformed") {
		response.writeHead(200, { "content-type": "application/json", "content-length": half.length });
		response.end(half);
		return true;
	}
	// cut_stream: promise the whole body, send half of it, then drop the connection.
	response.writeHead(200, { "content-type": "application/json", "content-length": bytes.length });
	response.write(half, () => response.destroy());
	return false;
}

/** Streams a reply piece by piece on its timeline; true when it went out whole (not cut, the connection still open). */
async function streamReply(
	response: HttpResponse,
	plan: StreamPlan,
	draw: RequestDraw,
	clock: ResponseClock,
): Promise<boolean> {
	response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
	const render = (frames: readonly SseFrame[]): string => frames.map(formatFrame).join("");
	const pieces = draw.fault === "malformed" ? garbleFirstPiece(plan.pieces) : plan.pieces;
	const cut = draw.fault === "cut_stream";
	const sent = cut ? pieces.slice(0, Math.max(1, Math.floor(pieces.length / 2))) : pieces;
	const dropConnection = (): void => response.destroy();
	if (draw.latencyMs <= 0 && draw.ttftMs <= 0) {
		// Nothing to wait for: one write instead of one per piece.
		const text = render(plan.opening) + sent.map(render).join("");
		if (cut) response.write(text, dropConnection);
		else response.end(text + render(plan.closing));
		return !cut;
	}
	// Headers go out with the first bytes of the body: at once when the wire opens with an event
	// (Anthropic's message_start), else with the first piece, as a server that answers once the
	// model has its first token. One write less per reply: at thousands of replies a second, the
	// stand-in's own CPU comes out of the machine it is measuring on (bench/overhead).
	if (plan.opening.length > 0) response.write(render(plan.opening));
	if (!(await clock.wait(draw.ttftMs))) return false;
	// The first piece goes at the time to first token and the last at the full latency, with the
	// closing frames (finish reason, usage, [DONE]) in the same write, as a server sends them the
	// moment generation ends: one write fewer per reply than sending them a tick later. Each piece
	// is rendered as it is sent: text made ahead would live through the reply's latency and be
	// copied by every young-generation collection meanwhile.
	const interval = pieces.length > 1 ? Math.max(0, draw.latencyMs - draw.ttftMs) / (pieces.length - 1) : 0;
	for (const [index, frames] of sent.entries()) {
		if (index > 0 && !(await clock.wait(interval))) return false;
		if (cut && index === sent.length - 1) {
			response.write(render(frames), dropConnection);
			return false;
		}
		if (index === pieces.length - 1 && pieces.length > 1) {
			response.end(render(frames) + render(plan.closing));
			return true;
		}
		response.write(render(frames));
	}
	// A single piece is the first token: the reply still ends at its full latency.
	if (!(await clock.wait(Math.max(0, draw.latencyMs - draw.ttftMs)))) return false;
	response.end(render(plan.closing));
	return true;
}

/** Replaces the last frame of the first piece with the first half of its JSON: a `data:` line no parser accepts. */
function garbleFirstPiece(pieces: StreamPlan["pieces"]): StreamPlan["pieces"] {
	const [first, ...rest] = pieces;
	if (first === undefined) return pieces;
	const last = first.at(-1);
	if (last === undefined) return pieces;
	const garbled: SseFrame = { event: last.event, data: last.data.slice(0, Math.ceil(last.data.length / 2)) };
	return [[...first.slice(0, -1), garbled], ...rest];
}
