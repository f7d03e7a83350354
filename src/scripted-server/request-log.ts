import type { JsonValue } from "../contract/index.js";

/** Headers whose values are secrets: the log keeps only that they were sent. */
const SECRET_HEADERS = new Set(["authorization", "x-api-key", "proxy-authorization", "api-key"]);

/** One completion request as the server received it. */
export interface RecordedRequest {
	/** Request path, e.g. `/v1/chat/completions`. */
	readonly path: string;
	/** The `model` of the body, or null when it had none. */
	readonly model: string | null;
	/** Request headers; secret ones (`authorization`, `x-api-key`) read `<present>`. */
	readonly headers: Readonly<Record<string, string>>;
	/** The parsed JSON body. */
	readonly body: JsonValue;
	/** When it arrived, ISO 8601 UTC. */
	readonly received_at: string;
}

/** The last requests received, newest last, capped so a long benchmark does not grow memory. */
export interface RequestLog {
	/** Keeps one request (its body as the JSON text it came as), dropping the oldest beyond the cap. */
	record(path: string, headers: Readonly<Record<string, string>>, body: Buffer): void;
	/** The last `limit` requests (all kept by default), of one model id when given, oldest first. */
	list(model?: string | null, limit?: number | null): RecordedRequest[];
	/** Forgets every request. */
	clear(): void;
}

/** Most requests kept in memory. */
export const REQUEST_LOG_CAPACITY = 1000;

interface Entry {
	readonly path: string;
	readonly headers: Readonly<Record<string, string>>;
	/** The body as received: one buffer, parsed again on the way out. A kept tree of parsed JSON
	 * outlived a thousand requests and cost the stand-in's collector more than the parse does. */
	readonly body: Buffer;
	readonly at: number;
}

/** Creates a ring buffer of the last {@link REQUEST_LOG_CAPACITY} requests; parsing and redaction happen on the way out, to keep recording cheap. */
export function createRequestLog(capacity = REQUEST_LOG_CAPACITY): RequestLog {
	let entries: Entry[] = [];
	let next = 0;
	return {
		record(path, headers, body) {
			const entry: Entry = { path, headers, body, at: Date.now() };
			if (entries.length < capacity) entries.push(entry);
			else entries[next] = entry;
			next = (next + 1) % capacity;
		},
		list(model, limit) {
			const ordered = entries.length < capacity ? entries : [...entries.slice(next), ...entries.slice(0, next)];
			const recorded = ordered.map(toRecorded);
			const chosen =
				model === undefined || model === null ? recorded : recorded.filter((entry) => entry.model === model);
			return limit === undefined || limit === null ? chosen : chosen.slice(Math.max(0, chosen.length - limit));
		},
		clear() {
			entries = [];
			next = 0;
		},
	};
}

function toRecorded(entry: Entry): RecordedRequest {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(entry.headers))
		headers[name] = SECRET_HEADERS.has(name) ? "<present>" : value;
	const body = JSON.parse(entry.body.toString("utf8")) as JsonValue;
	const model = typeof body === "object" && body !== null && !Array.isArray(body) ? body.model : undefined;
	return {
		path: entry.path,
		model: typeof model === "string" ? model : null,
		headers,
		body,
		received_at: new Date(entry.at).toISOString(),
	};
}
