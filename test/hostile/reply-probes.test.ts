import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	type Attempt,
	type Completion,
	type ModelEntry,
	type Provider,
	ProviderError,
	type ProviderErrorKind,
	TouchstoneError,
} from "../../src/contract/index.js";
import { createJuryGrader, type JurorVote } from "../../src/graders/index.js";
import { createModelProvider } from "../../src/providers/index.js";
import { createSingleShotRunner } from "../../src/runners/index.js";
import { attemptWith, SUMMARY_CASE } from "../jury/scripted-jurors.js";
import { writeBenchFixture } from "../support/bench-fixture.js";
import { runCli } from "../support/cli.js";

// Issue 16, items 8 to 10, as a table: broken model and juror replies, one per probe, served by a
// node:http stand-in of an OpenAI-compatible endpoint (the request's `model` names the probe).
// Each must end in a defined, honest outcome: a completed attempt whose figures are unknown or
// sound and whose warnings say what was wrong, or a ProviderError of a named kind and the attempt
// status the contract gives it; never a throw of anything else, never `[object Object]`, never a
// juror vote counted from a reply that does not say one thing.

type Serve = (response: ServerResponse, request: IncomingMessage) => void;

/** What a probe must end in. */
type Expected =
	| { readonly completed: { readonly text?: string; readonly warning?: RegExp; readonly finish?: string } }
	| { readonly error: ProviderErrorKind; readonly message?: RegExp };

interface Probe {
	readonly name: string;
	readonly serve: Serve;
	readonly expected: Expected;
	/** Entry options beyond `max_retries: 0`. */
	readonly options?: Record<string, unknown>;
}

const probes = new Map<string, Serve>();
const server = createServer((request, response) => {
	const chunks: Buffer[] = [];
	request.on("data", (chunk: Buffer) => chunks.push(chunk));
	request.on("end", () => {
		const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { model: string };
		const serve = probes.get(body.model);
		if (serve === undefined) {
			response.writeHead(404).end(`no probe ${body.model}`);
			return;
		}
		serve(response, request);
	});
});
let baseUrl = "";

beforeAll(async () => {
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
	server.closeAllConnections();
	server.close();
});

// ---- how replies are written ------------------------------------------------------------------

const reply = (content: unknown, extra: Record<string, unknown> = {}) => ({
	choices: [{ message: { content }, finish_reason: "stop" }],
	...extra,
});

function json(body: unknown, headers: Record<string, string> = { "content-type": "application/json" }): Serve {
	return (response) => {
		response.writeHead(200, headers);
		response.end(typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body));
	};
}

const event = (value: unknown) => `data: ${typeof value === "string" ? value : JSON.stringify(value)}\n\n`;
const delta = (content: unknown, finish: string | null = null) => ({
	choices: [{ delta: { content }, finish_reason: finish }],
});
const SSE_HEAD = { "content-type": "text/event-stream" };

/** A stream of these pieces, each its own write, `gapMs` apart so they arrive as separate reads. */
function sse(pieces: readonly (string | Buffer)[], gapMs = 0): Serve {
	return (response) => {
		response.writeHead(200, SSE_HEAD);
		let index = 0;
		const next = () => {
			if (response.destroyed) return;
			const piece = pieces[index++];
			if (piece === undefined) {
				response.end();
				return;
			}
			response.write(piece);
			if (gapMs > 0) setTimeout(next, gapMs);
			else next();
		};
		next();
	};
}

/** Raw bytes on the socket, bypassing node:http's own framing, then the socket is ended. */
function raw(text: string | Buffer, destroy = false): Serve {
	return (_response, request) => {
		request.socket.write(text);
		if (destroy) request.socket.destroy();
		else request.socket.end();
	};
}

function status(code: number, body: string | Buffer, headers: Record<string, string> = {}): Serve {
	return (response) => {
		response.writeHead(code, headers);
		response.end(body);
	};
}

const OK = JSON.stringify(reply("ok"));
const okHead = (length: number) =>
	`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;
const done = (text: string) => ({ completed: { text } });
const malformed = (message?: RegExp): Expected => ({ error: "malformed", ...(message ? { message } : {}) });
const unknownFigure = (field: string) => ({
	completed: { text: "ok", warning: new RegExp(`^usage\\.${field}: reported`) },
});

// ---- the table --------------------------------------------------------------------------------

const jsonProbes: Probe[] = [
	{ name: "json: empty body", serve: json(""), expected: malformed(/empty/) },
	{ name: "json: null", serve: json("null"), expected: malformed() },
	{ name: "json: []", serve: json("[]"), expected: malformed() },
	{ name: "json: a string", serve: json('"hello"'), expected: malformed() },
	{ name: "json: a number", serve: json("42"), expected: malformed() },
	{ name: "json: {} without choices", serve: json({}), expected: malformed(/choices\[0\]\.message/) },
	{ name: "json: empty choices", serve: json({ choices: [] }), expected: malformed(/choices\[0\]\.message/) },
	{ name: "json: choices a string", serve: json({ choices: "ok" }), expected: malformed() },
	{
		name: "json: choices an object",
		serve: json({ choices: { 0: { message: { content: "ok" } } } }),
		expected: malformed(),
	},
	{ name: "json: choices [null]", serve: json({ choices: [null] }), expected: malformed() },
	{ name: "json: message missing", serve: json({ choices: [{ finish_reason: "stop" }] }), expected: malformed() },
	{ name: "json: message a string", serve: json({ choices: [{ message: "ok" }] }), expected: malformed() },
	{ name: "json: content an object", serve: json(reply({ text: "ok" })), expected: malformed(/not text/) },
	{ name: "json: content a number", serve: json(reply(7)), expected: malformed(/not text/) },
	{ name: "json: content true", serve: json(reply(true)), expected: malformed(/not text/) },
	{ name: "json: content [null]", serve: json(reply([null])), expected: malformed(/not text/) },
	{ name: "json: content [[text]]", serve: json(reply([["ok"]])), expected: malformed(/not text/) },
	{ name: "json: content [{text: 5}]", serve: json(reply([{ text: 5 }])), expected: malformed(/not text/) },
	{
		name: "json: content only an image part",
		serve: json(reply([{ type: "image_url" }])),
		expected: malformed(/not text/),
	},
	{ name: "json: content null", serve: json(reply(null)), expected: done("") },
	{
		name: "json: tool_calls a string",
		serve: json({ choices: [{ message: { content: "ok", tool_calls: "call it" }, finish_reason: "stop" }] }),
		expected: malformed(/not a list/),
	},
	{
		name: "json: a tool call that is null",
		serve: json({ choices: [{ message: { content: "ok", tool_calls: [null] }, finish_reason: "tool_calls" }] }),
		expected: malformed(/not an object/),
	},
	{
		name: "json: a tool call with a numeric id",
		serve: json({
			choices: [{ message: { content: "ok", tool_calls: [{ id: 5, function: { name: "read" } }] } }],
		}),
		expected: malformed(/not of its type/),
	},
	{
		name: "json: a tool call whose function is text",
		serve: json({ choices: [{ message: { content: "ok", tool_calls: [{ id: "a", function: "read" }] } }] }),
		expected: malformed(/not of its type/),
	},
	{
		name: "json: a tool call with a numeric name",
		serve: json({ choices: [{ message: { content: "ok", tool_calls: [{ id: "a", function: { name: 5 } }] } }] }),
		expected: malformed(/not of its type/),
	},
	{
		name: "json: tool calls whose arguments are not an object",
		serve: json({
			choices: [
				{
					message: {
						content: "ok",
						tool_calls: [
							{ id: "a", function: { name: "read", arguments: 6 } },
							{ id: "b", function: { name: "read", arguments: "{not json" } },
							{ id: "c", function: { name: "read", arguments: "[1,2]" } },
						],
					},
					finish_reason: "tool_calls",
				},
			],
		}),
		expected: { completed: { text: "ok", finish: "tool-calls" } },
	},
	{
		name: "json: finish_reason unknown",
		serve: json({ choices: [{ message: { content: "ok" }, finish_reason: "banana" }] }),
		expected: { completed: { text: "ok", finish: "other" } },
	},
	{
		name: "json: finish_reason a number",
		serve: json({ choices: [{ message: { content: "ok" }, finish_reason: 5 }] }),
		expected: { completed: { text: "ok", finish: "other" } },
	},
	{
		name: "json: usage negative",
		serve: json(reply("ok", { usage: { prompt_tokens: -3 } })),
		expected: unknownFigure("prompt_tokens"),
	},
	{
		name: "json: usage NaN as text",
		serve: json(reply("ok", { usage: { completion_tokens: "NaN" } })),
		expected: unknownFigure("completion_tokens"),
	},
	{
		name: "json: usage past safe integers",
		serve: json(reply("ok", { usage: { prompt_tokens: 1e20 } })),
		expected: unknownFigure("prompt_tokens"),
	},
	{
		name: "json: usage fractional",
		serve: json(reply("ok", { usage: { completion_tokens: 2.5 } })),
		expected: unknownFigure("completion_tokens"),
	},
	{
		name: "json: usage 1e999",
		serve: json(`{"choices":[{"message":{"content":"ok"}}],"usage":{"prompt_tokens":1e999}}`),
		expected: unknownFigure("prompt_tokens"),
	},
	{
		name: "json: usage an object",
		serve: json(reply("ok", { usage: { prompt_tokens: { n: 3 } } })),
		expected: unknownFigure("prompt_tokens"),
	},
	{
		name: "json: cached tokens negative",
		serve: json(reply("ok", { usage: { prompt_tokens_details: { cached_tokens: -1 } } })),
		expected: unknownFigure("prompt_tokens_details.cached_tokens"),
	},
	{
		name: "json: cost negative",
		serve: json(reply("ok", { usage: { cost: -1000 } })),
		expected: unknownFigure("cost"),
	},
	{
		name: "json: cost as text",
		serve: json(reply("ok", { usage: { cost: "0.01" } })),
		expected: unknownFigure("cost"),
	},
	{
		name: "json: cost 1e999",
		serve: json(`{"choices":[{"message":{"content":"ok"}}],"usage":{"cost":-1e999}}`),
		expected: unknownFigure("cost"),
	},
	{ name: "json: cost a list", serve: json(reply("ok", { usage: { cost: [0.01] } })), expected: unknownFigure("cost") },
	{
		name: "json: 3 MB of white space around",
		serve: json(`${" \n\t".repeat(1_000_000)}${OK}${" ".repeat(1_000_000)}`),
		expected: done("ok"),
	},
	{
		name: "json: duplicate keys",
		serve: json(`{"choices":[{"message":{"content":"ok"},"finish_reason":"stop"}],"usage":{"cost":0.5,"cost":-9}}`),
		expected: unknownFigure("cost"),
	},
	{
		name: "json: invalid UTF-8",
		serve: json(
			Buffer.concat([
				Buffer.from('{"choices":[{"message":{"content":"o'),
				Buffer.from([0xff, 0xc3]),
				Buffer.from('k"}}]}'),
			]),
		),
		expected: { completed: { warning: /not valid UTF-8: 2 invalid byte sequences/ } },
	},
	{ name: "json: a byte-order mark", serve: json(`\uFEFF${OK}`), expected: done("ok") },
	{
		name: "json: an HTML error page with 200",
		serve: json("<html><body>502 Bad Gateway</body></html>", { "content-type": "text/html" }),
		expected: malformed(),
	},
	{ name: "json: gzip without its header", serve: json(gzipSync(OK)), expected: malformed() },
	{ name: "json: served as text/plain", serve: json(OK, { "content-type": "text/plain" }), expected: done("ok") },
	{ name: "json: truncated", serve: json(OK.slice(0, OK.length - 5)), expected: malformed(/not JSON/) },
	{
		name: "json: 200 with an error object",
		serve: json({ error: { message: "overloaded", type: "server_error" } }),
		expected: { error: "server", message: /overloaded/ },
	},
	{
		name: "json: 200 with an auth error",
		serve: json({ error: { message: "bad key", code: 401 } }),
		expected: { error: "auth" },
	},
];

const CHARACTERS = ["€", "😀"] as const;
const splitProbes: Probe[] = CHARACTERS.flatMap((character) => {
	const body = Buffer.from(event(delta(`a${character}b`, "stop")) + event("[DONE]"));
	const at = body.indexOf(Buffer.from(character));
	return Array.from({ length: Buffer.byteLength(character) - 1 }, (_, index) => ({
		name: `sse: ${character} split after its byte ${index + 1}`,
		serve: sse([body.subarray(0, at + index + 1), body.subarray(at + index + 1)], 20),
		expected: { completed: { text: `a${character}b` } },
	}));
});

const FINISH = event(delta("", "stop"));
const sseProbes: Probe[] = [
	...splitProbes,
	{
		name: "sse: every byte its own write",
		serve: sse(
			[...Buffer.from(event(delta("héllo 😀")) + FINISH + event("[DONE]"))].map((byte) => Buffer.from([byte])),
		),
		expected: done("héllo 😀"),
	},
	{ name: "sse: no data: prefix", serve: sse([`${JSON.stringify(delta("ok", "stop"))}\n\n`]), expected: malformed() },
	{ name: "sse: [DONE] missing after a finish", serve: sse([event(delta("ok", "stop"))]), expected: done("ok") },
	{ name: "sse: [DONE] missing, no finish", serve: sse([event(delta("ok"))]), expected: malformed(/ended before/) },
	{ name: "sse: [DONE] first and only", serve: sse([event("[DONE]")]), expected: done("") },
	{
		name: "sse: a 10 MB single line",
		serve: sse([event(delta("x".repeat(10 * 1024 * 1024), "stop"))]),
		expected: { completed: { warning: /output cut at/, finish: "length" } },
	},
	{
		name: "sse: comments only",
		serve: sse([": keep-alive\n\n", ": still here\n\n"]),
		expected: malformed(/ended before/),
	},
	{
		name: "sse: CRLF line ends",
		serve: sse([event(delta("ok")).replaceAll("\n", "\r\n"), FINISH.replaceAll("\n", "\r\n")]),
		expected: done("ok"),
	},
	{
		name: "sse: an event of invalid JSON mid-stream",
		serve: sse([event(delta("o")), 'data: {"choices": [\n\n', FINISH]),
		expected: malformed(/not JSON/),
	},
	{ name: "sse: an event that is null", serve: sse([event(delta("o")), event("null"), FINISH]), expected: malformed() },
	{
		name: "sse: a delta with object content",
		serve: sse([event(delta({ text: "o" })), FINISH]),
		expected: malformed(/not text/),
	},
	{ name: "sse: a delta with number content", serve: sse([event(delta(5)), FINISH]), expected: malformed(/not text/) },
	{
		name: "sse: a tool call that is null",
		serve: sse([event({ choices: [{ delta: { tool_calls: [null] } }] }), FINISH]),
		expected: malformed(),
	},
	{
		name: "sse: a tool call with a numeric name",
		serve: sse([event({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 5 } }] } }] }), FINISH]),
		expected: malformed(/not text/),
	},
	{
		name: "sse: a usage chunk forged",
		serve: sse([
			event(delta("ok", "stop")),
			event({ choices: [], usage: { prompt_tokens: "lots", cost: -1 } }),
			event("[DONE]"),
		]),
		expected: { completed: { text: "ok", warning: /^usage\.prompt_tokens: reported "lots"/ } },
	},
	{
		name: "sse: choices null",
		serve: sse([event({ choices: null }), event(delta("ok", "stop"))]),
		expected: done("ok"),
	},
	{
		name: "sse: an error event mid-stream",
		serve: sse([event(delta("o")), event({ error: { message: "overloaded", code: 503 } })]),
		expected: { error: "server" },
	},
	{
		name: "sse: the connection reset mid-stream",
		serve: (response, request) => {
			response.writeHead(200, SSE_HEAD);
			response.write(event(delta("par")), () => setTimeout(() => request.socket.resetAndDestroy(), 20));
		},
		expected: { error: "network" },
	},
	{
		name: "sse: a stall past the timeout",
		serve: (response) => {
			response.writeHead(200, SSE_HEAD);
			response.write(event(delta("slow")));
		},
		options: { timeout_s: 0.4 },
		expected: { error: "timeout", message: /within 0\.4 s/ },
	},
];

const httpProbes: Probe[] = [
	{
		name: "http: Content-Length past the body",
		serve: raw(`${okHead(OK.length + 50)}${OK}`),
		expected: { error: "network" },
	},
	{
		name: "http: Content-Length short of the body",
		serve: raw(`${okHead(OK.length - 4)}${OK}`),
		expected: malformed(/not JSON/),
	},
	{
		name: "http: a chunk size that is no number",
		serve: raw(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n${OK}\r\n0\r\n\r\n`),
		expected: malformed(),
	},
	{
		name: "http: a chunk cut short",
		serve: raw(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n400\r\n${OK}`),
		expected: { error: "network" },
	},
	{ name: "http: a status line of garbage", serve: raw("HTTQ/9 two hundred\r\n\r\n"), expected: malformed() },
	{ name: "http: headers then a reset", serve: raw(okHead(100), true), expected: { error: "network" } },
	{ name: "http: nothing, then closed", serve: raw(""), expected: { error: "network" } },
	{
		name: "http: 100 Continue before the reply",
		serve: raw(`HTTP/1.1 100 Continue\r\n\r\n${okHead(OK.length)}${OK}`),
		expected: done("ok"),
	},
	{
		name: "http: 103 Early Hints before the reply",
		serve: raw(`HTTP/1.1 103 Early Hints\r\nlink: </x>\r\n\r\n${okHead(OK.length)}${OK}`),
		expected: done("ok"),
	},
	{
		name: "http: 302 to elsewhere",
		serve: status(302, "moved", { location: "http://127.0.0.1:9/" }),
		expected: { error: "bad-request", message: /HTTP 302/ },
	},
	{ name: "http: 304 without a body", serve: status(304, ""), expected: { error: "bad-request" } },
	{
		name: "http: 400 with binary garbage",
		serve: status(400, Buffer.from([0, 0xff, 0xfe, 7])),
		expected: { error: "bad-request", message: /HTTP 400/ },
	},
	{
		name: "http: 404 as an HTML page",
		serve: status(404, "<html><h1>Not Found</h1></html>"),
		expected: { error: "bad-request", message: /Not Found/ },
	},
	{
		name: "http: 418 with a JSON list",
		serve: status(418, "[1,2,3]"),
		expected: { error: "bad-request", message: /HTTP 418/ },
	},
	{
		name: "http: 422 with a FastAPI detail list",
		serve: status(422, JSON.stringify({ detail: [{ loc: ["body", "model"], msg: "bad" }] })),
		expected: { error: "bad-request" },
	},
	{
		name: "http: 500 with a 1 MB body",
		serve: status(500, "e".repeat(1024 * 1024)),
		expected: { error: "server", message: /HTTP 500/ },
	},
	{
		name: "http: 502 with an HTML page",
		serve: status(502, "<html>Bad Gateway</html>"),
		expected: { error: "server" },
	},
	{
		name: "http: 503 with an error object",
		serve: status(503, JSON.stringify({ error: { message: "down for maintenance" } })),
		expected: { error: "server", message: /maintenance/ },
	},
	...["999999999", "-5", "soon", new Date(Date.now() + 86_400_000).toUTCString(), new Date(0).toUTCString()].map(
		(value): Probe => ({
			name: `http: 429 with Retry-After ${value}`,
			serve: status(429, "slow down", { "retry-after": value }),
			options: { max_retries: 1 },
			expected: { error: "rate-limit" },
		}),
	),
];

// ---- running a probe --------------------------------------------------------------------------

function entry(model: string, options: Record<string, unknown> = {}): ModelEntry {
	return {
		id: "probe",
		provider: "openai-compatible",
		model,
		display_name: "probe",
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: { input: 1, output: 2, cache_read: null },
		base_url: `${baseUrl}/v1`,
		api_key_env: null,
		command: null,
		options: { max_retries: 0, ...options },
	};
}

/** Every figure of the attempt's telemetry is unknown or a finite number from 0. */
function soundTelemetry(attempt: Attempt): boolean {
	return Object.values(attempt.telemetry).every(
		(value) => value === null || (typeof value === "number" && Number.isFinite(value) && value >= 0),
	);
}

/** The reasons a probe's outcome is not the defined, honest one it expects; empty when it held. */
async function runProbe(probe: Probe): Promise<string[]> {
	probes.set(probe.name, probe.serve);
	let outcome: { completion: Completion } | { thrown: unknown } | null = null;
	const provider = createModelProvider(entry(probe.name, probe.options), {
		env: {},
		retry: { baseDelayMs: 1, maxDelayMs: 2 },
	});
	const recording: Provider = {
		...provider,
		complete: (request, options) =>
			provider.complete(request, options).then(
				(completion) => {
					outcome = { completion };
					return completion;
				},
				(thrown: unknown) => {
					outcome = { thrown };
					throw thrown;
				},
			),
	};
	const runner = createSingleShotRunner({ providerFor: () => recording });
	const started = performance.now();
	const attempt = await runner.run(
		{
			model: entry(probe.name, probe.options),
			case: { ...SUMMARY_CASE, input: { prompt: "hello" } },
			sample_index: 0,
		} as never,
		{ signal: new AbortController().signal },
	);
	const elapsed = performance.now() - started;
	const problems: string[] = [];
	const seen = outcome as { completion: Completion } | { thrown: unknown } | null;
	const text = JSON.stringify(attempt);
	if (text.includes("[object Object]")) problems.push("`[object Object]` in the attempt");
	if (!soundTelemetry(attempt)) problems.push(`telemetry not sound: ${JSON.stringify(attempt.telemetry)}`);
	if (elapsed > 3000) problems.push(`took ${Math.round(elapsed)} ms`);
	if (seen === null) problems.push("the provider was never called");
	else if ("thrown" in seen) {
		const error = seen.thrown;
		if (!(error instanceof ProviderError)) problems.push(`threw a non-ProviderError: ${String(error)}`);
		else {
			const wanted = error.kind === "timeout" ? "timeout" : "harness_error";
			if (attempt.status !== wanted) problems.push(`status ${attempt.status} for a ${error.kind} error, not ${wanted}`);
			if (!attempt.error?.startsWith(`${error.kind} after`))
				problems.push(`attempt error does not name the kind: ${attempt.error}`);
			if (!("error" in probe.expected)) problems.push(`expected a completion, got ${error.kind}: ${error.message}`);
			else {
				if (error.kind !== probe.expected.error)
					problems.push(`kind ${error.kind}, not ${probe.expected.error}: ${error.message}`);
				if (probe.expected.message && !probe.expected.message.test(error.message))
					problems.push(`message ${JSON.stringify(error.message)} does not match ${probe.expected.message}`);
			}
		}
	} else {
		const { completion } = seen;
		if (attempt.status !== "completed") problems.push(`status ${attempt.status} for a completion`);
		if (typeof completion.text !== "string") problems.push("completion text is not a string");
		for (const call of completion.tool_calls)
			if (typeof call.id !== "string" || typeof call.name !== "string" || typeof call.arguments !== "object")
				problems.push(`a tool call of wrong types: ${JSON.stringify(call)}`);
		if (!("completed" in probe.expected))
			problems.push(
				`expected ${probe.expected.error}, got a completion ${JSON.stringify(completion.text.slice(0, 80))}`,
			);
		else {
			const { text: wantedText, warning, finish } = probe.expected.completed;
			if (wantedText !== undefined && completion.text !== wantedText)
				problems.push(`text ${JSON.stringify(completion.text.slice(0, 80))}, not ${JSON.stringify(wantedText)}`);
			if (wantedText !== undefined && attempt.final !== (wantedText === "" ? null : wantedText))
				problems.push("final differs from the text");
			if (warning && !(attempt.warnings ?? []).some((line) => warning.test(line)))
				problems.push(`no warning matching ${warning}: ${JSON.stringify(attempt.warnings)}`);
			if (!warning && (attempt.warnings ?? []).length > 0)
				problems.push(`unexpected warnings ${JSON.stringify(attempt.warnings)}`);
			if (finish !== undefined && completion.finish_reason !== finish)
				problems.push(`finish ${completion.finish_reason}, not ${finish}`);
		}
	}
	return problems;
}

const tally = { tried: 0, held: 0, byCategory: new Map<string, [number, number]>() };
function count(category: string, held: boolean): void {
	tally.tried += 1;
	if (held) tally.held += 1;
	const [tried, kept] = tally.byCategory.get(category) ?? [0, 0];
	tally.byCategory.set(category, [tried + 1, kept + (held ? 1 : 0)]);
}

for (const [category, table] of [
	["json", jsonProbes],
	["sse", sseProbes],
	["http", httpProbes],
] as const)
	describe(`broken model replies: ${category}`, () => {
		for (const probe of table)
			it(probe.name, async () => {
				const problems = await runProbe(probe);
				count(category, problems.length === 0);
				expect(problems).toEqual([]);
			});
	});

// ---- juror replies, through the jury grader ---------------------------------------------------

const RUBRIC = {
	numeric: { fact_recall: { weight: 1, description: "Share of the key facts stated." } },
	gates: { hallucination: { description: "True when anything is invented." } },
	critical_failure: { gate: "hallucination", cap: 0.25 },
};
const GOOD = JSON.stringify({ fact_recall: 0.5, hallucination: false, rationale: "Half the facts." });
const PASS = { fact_recall: 1, hallucination: false, rationale: "All there." };

interface JurorProbe {
	readonly name: string;
	readonly reply: string;
	/** The fields the vote must carry when it counts; absent: the vote must fail. */
	readonly counted?: Record<string, number | boolean>;
}

const jurorProbes: JurorProbe[] = [
	{ name: "juror: a field missing", reply: JSON.stringify({ fact_recall: 1, rationale: "x" }) },
	{ name: "juror: no rationale", reply: JSON.stringify({ fact_recall: 1, hallucination: false }) },
	{ name: "juror: a score as text", reply: JSON.stringify({ ...PASS, fact_recall: "1" }) },
	{ name: "juror: a gate as text", reply: JSON.stringify({ ...PASS, hallucination: "false" }) },
	{ name: "juror: a score of 7", reply: JSON.stringify({ ...PASS, fact_recall: 7 }) },
	{ name: "juror: a score of -0.1", reply: JSON.stringify({ ...PASS, fact_recall: -0.1 }) },
	{ name: "juror: a score of 1e999", reply: `{"fact_recall": 1e999, "hallucination": false, "rationale": "x"}` },
	{ name: "juror: a list, not an object", reply: JSON.stringify([PASS]) },
	{ name: "juror: null", reply: "null" },
	{ name: "juror: an empty reply", reply: "" },
	{
		name: "juror: a duplicate gate",
		reply: `{"fact_recall": 1, "hallucination": true, "rationale": "x", "hallucination": false}`,
	},
	{ name: "juror: the candidate's prompt answered instead", reply: "The weekly meeting now happens on Tuesday." },
	{ name: "juror: truncated JSON", reply: JSON.stringify(PASS).slice(0, 30) },
	{
		name: "juror: prose around the JSON",
		reply: `Sure! Here is my verdict: ${JSON.stringify(PASS)} Hope that helps.`,
		counted: { fact_recall: 1, hallucination: false },
	},
	{
		name: "juror: two verdicts that disagree",
		reply: `${JSON.stringify(PASS)}\n${JSON.stringify({ ...PASS, fact_recall: 0, hallucination: true })}`,
	},
];

async function runJurorProbe(probe: JurorProbe): Promise<string[]> {
	probes.set(probe.name, json(reply(probe.reply)));
	probes.set("juror: good", json(reply(GOOD)));
	const juror = (model: string) => {
		const modelEntry = { ...entry(model), id: model };
		return { model: modelEntry, provider: createModelProvider(modelEntry, { env: {} }) };
	};
	const grader = createJuryGrader({
		rubric: RUBRIC as never,
		panel: { id: "probe-panel", version: "probe-1", quorum: 1, jurors: [juror(probe.name), juror("juror: good")] },
		instructions: "The assistant summarized a source text.",
	});
	const problems: string[] = [];
	const scores = await grader
		.grade(
			{ case: SUMMARY_CASE, attempt: attemptWith("The meeting moved to Tuesday.") },
			{ signal: new AbortController().signal },
		)
		.catch((error: unknown) => {
			problems.push(`grading threw ${error instanceof TouchstoneError ? error.code : String(error)}`);
			return [];
		});
	const composite = scores.find((score) => score.metric === "composite");
	const votes = (composite?.jury_votes ?? []) as JurorVote[];
	const vote = votes.find((each) => each.juror === probe.name);
	if (vote === undefined) return [...problems, "no vote of the probed juror"];
	if (probe.counted === undefined) {
		if (vote.error === null || vote.fields !== null) problems.push(`a vote counted: ${JSON.stringify(vote.fields)}`);
		// Only the good juror's 0.5 makes the score.
		if (composite?.value !== 0.5) problems.push(`composite ${composite?.value}, not the good juror's 0.5`);
	} else if (JSON.stringify(vote.fields) !== JSON.stringify(probe.counted))
		problems.push(`vote ${JSON.stringify(vote.fields)} (${vote.error}), not ${JSON.stringify(probe.counted)}`);
	if (JSON.stringify(scores).includes("[object Object]")) problems.push("`[object Object]` in the scores");
	return problems;
}

describe("broken juror replies", () => {
	for (const probe of jurorProbes)
		it(probe.name, async () => {
			const problems = await runJurorProbe(probe);
			count("juror", problems.length === 0);
			expect(problems).toEqual([]);
		});
});

// ---- a sample end to end: the CLI, its real SQLite store ----------------------------------------

const E2E: readonly (readonly [id: string, probe: Probe, status: string])[] = [
	["e2e-cost", jsonProbes.find((probe) => probe.name === "json: cost negative"), "completed"],
	["e2e-object", jsonProbes.find((probe) => probe.name === "json: content an object"), "harness_error"],
	["e2e-utf8", jsonProbes.find((probe) => probe.name === "json: invalid UTF-8"), "completed"],
	["e2e-usage", sseProbes.find((probe) => probe.name === "sse: a usage chunk forged"), "completed"],
	["e2e-stall", sseProbes.find((probe) => probe.name === "sse: a stall past the timeout"), "timeout"],
].map(([id, probe, status]) => [id as string, probe as Probe, status as string]);

describe("broken replies end to end", () => {
	it("stores each sampled probe's attempt with sound figures, its warning or its named error", async () => {
		for (const [id, probe] of E2E) probes.set(id, probe.serve);
		const models = Object.fromEntries(
			E2E.map(([id, probe]) => [id, { price: { input: 1, output: 2 }, options: { max_retries: 0, ...probe.options } }]),
		);
		const fixture = writeBenchFixture({ cases: 1, samples: 1, models });
		const run = await runCli(["run", "--use-case", "arith"], {
			cwd: fixture.root,
			env: { TOUCHSTONE_SCRIPTED_URL: baseUrl },
		});
		expect(run.stderr).not.toMatch(/\n\s+at /);
		expect(run.code).not.toBe(2);
		const db = new Database(join(fixture.root, "data", "benchmarks.db"), { readonly: true });
		const rows = db.prepare("SELECT * FROM runs").all() as Record<string, unknown>[];
		db.close();
		for (const [id, probe, status] of E2E) {
			const row = rows.find((each) => each.model_id === id);
			const problems: string[] = [];
			if (row === undefined) problems.push("no run row");
			else {
				if (row.status !== status) problems.push(`status ${String(row.status)}, not ${status}: ${String(row.error)}`);
				for (const column of [
					"cost_usd",
					"latency_ms",
					"ttft_ms",
					"input_tokens",
					"output_tokens",
					"cache_tokens",
					"tokens_per_sec",
				]) {
					const value = row[column];
					if (!(value === null || (typeof value === "number" && Number.isFinite(value) && value >= 0)))
						problems.push(`${column} stored as ${String(value)}`);
				}
				if ("error" in probe.expected && !String(row.error).startsWith(`${probe.expected.error} after`))
					problems.push(`error ${String(row.error)} does not name ${probe.expected.error}`);
				const warning = "completed" in probe.expected ? probe.expected.completed.warning : undefined;
				const warnings = JSON.parse(String(row.warnings_json ?? "[]")) as string[];
				if (warning && !warnings.some((line) => warning.test(line)))
					problems.push(`stored warnings ${row.warnings_json}`);
				if (JSON.stringify(row).includes("[object Object]")) problems.push("`[object Object]` stored");
			}
			count("end to end", problems.length === 0);
			expect(problems, id).toEqual([]);
		}
	}, 20_000);
});

it("held every broken reply tried", () => {
	const categories = [...tally.byCategory].map(([name, [tried, held]]) => `${name} ${held}/${tried}`).join(", ");
	console.log(`broken replies: ${tally.tried} tried, ${tally.held} held (${categories})`);
	expect(tally.tried).toBeGreaterThanOrEqual(60);
	expect(tally.held).toBe(tally.tried);
});
