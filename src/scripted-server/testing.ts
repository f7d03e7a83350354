/** One parsed server-sent event. */
export interface ParsedEvent {
	/** The `event:` name, or null when the event had none. */
	readonly event: string | null;
	/** The `data:` text. */
	readonly data: string;
}

/** A stream read to its end, or to the point where the connection broke. */
export interface ReadStream {
	/** Every complete event received. */
	readonly events: ParsedEvent[];
	/** Why reading stopped early (a cut connection), or null when the stream ended cleanly. */
	readonly error: unknown;
	/** Milliseconds from `started` (the start of reading by default) to the first event carrying content, or null. */
	readonly firstContentMs: number | null;
}

/** Reads an SSE response body by hand, the way a client would, keeping what arrived before a cut. */
export async function readEvents(
	response: Response,
	isContent: (event: ParsedEvent) => boolean,
	started: number = performance.now(),
): Promise<ReadStream> {
	const events: ParsedEvent[] = [];
	let firstContentMs: number | null = null;
	let buffer = "";
	let error: unknown = null;
	const reader = response.body?.getReader();
	const decoder = new TextDecoder();
	try {
		for (;;) {
			const chunk = await reader?.read();
			if (chunk === undefined || chunk.done) break;
			buffer += decoder.decode(chunk.value, { stream: true });
			let end = buffer.indexOf("\n\n");
			while (end !== -1) {
				const event = parseEvent(buffer.slice(0, end));
				events.push(event);
				if (firstContentMs === null && isContent(event)) firstContentMs = performance.now() - started;
				buffer = buffer.slice(end + 2);
				end = buffer.indexOf("\n\n");
			}
		}
	} catch (caught) {
		error = caught;
	}
	return { events, error, firstContentMs };
}

function parseEvent(text: string): ParsedEvent {
	let event: string | null = null;
	const data: string[] = [];
	for (const line of text.split("\n")) {
		if (line.startsWith("event: ")) event = line.slice("event: ".length);
		else if (line.startsWith("data: ")) data.push(line.slice("data: ".length));
	}
	return { event, data: data.join("\n") };
}

/** POSTs a JSON body and returns the raw response. */
export function postJson(url: string, body: unknown, init: RequestInit = {}): Promise<Response> {
	return fetch(url, {
		...init,
		method: "POST",
		headers: { "content-type": "application/json", ...(init.headers as Record<string, string> | undefined) },
		body: JSON.stringify(body),
	});
}

/** A non-streaming OpenAI chat completion, as the tests read it. */
export interface ChatCompletion {
	id: string;
	object: string;
	model: string;
	choices: {
		message: {
			role: string;
			content: string | null;
			tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
		};
		finish_reason: string;
	}[];
	usage: Record<string, unknown> & { cost?: number };
}

/** An Anthropic message, as the tests read it. */
export interface AnthropicMessage {
	id: string;
	type: string;
	stop_reason: string;
	content: { type: string; id?: string; text?: string; name?: string; input?: unknown }[];
	usage: Record<string, number>;
}

/** An error body of either wire: OpenAI's `{ error }` or Anthropic's `{ type: "error", error }`. */
export interface ErrorBody {
	type?: string;
	error: { message: string; type: string; code?: string | null };
}

/** Reads a JSON response body as the shape a test expects (the assertions check it). */
export async function readJson<T>(response: Response): Promise<T> {
	return (await response.json()) as T;
}
