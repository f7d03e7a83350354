import {
	type JsonObject,
	type JsonValue,
	SPRINT_LOG_TEXT_CHARS,
	SPRINT_LOG_VERSION,
	type SprintLogEntry,
	type SprintLogRole,
	type SprintLogSource,
	type SprintUsage,
} from "../../../contract/index.js";

/**
 * What a reader of another harness's log needs from its caller: the log has no milestones, so
 * the driver (which knows which milestone and attempt an external session was) says which, and
 * who the session was. `priced` prices a call whose log states no cost (null when the model has
 * no price).
 */
export interface ExternalLogOptions {
	/** The milestone every entry belongs to; null by default. */
	readonly segment?: string | null;
	/** The attempt every entry belongs to; null by default. */
	readonly attempt?: number | null;
	/** Who the session was; `worker` by default. */
	readonly role?: SprintLogRole;
	readonly priced?: (usage: SprintUsage) => number | null;
}

/** The time of an entry whose line carries none, before any line of its log did. */
export const NO_TIME = new Date(0).toISOString();

/** Turns one harness's parsed log lines into sprint log entries, line by line. */
export interface LogNormaliser {
	/** The entries one parsed line gives (often none), or what is wrong with it. */
	line(value: unknown): { readonly entries: readonly SprintLogEntry[]; readonly problem?: string };
	/** The entries held back until the end of the file (a reply's usage waiting for its last streamed line). */
	end(): readonly SprintLogEntry[];
}

/** The entry fields a normaliser chooses; the rest come from the options. */
export type EntryFields = Omit<SprintLogEntry, "v" | "ts" | "segment" | "attempt" | "role" | "source">;

/** A maker of one source's entries: fills the version, the caller's segment, attempt and role, and cuts texts. */
export function entryMaker(
	source: SprintLogSource,
	options: ExternalLogOptions,
): (ts: string, fields: EntryFields) => SprintLogEntry {
	const segment = options.segment ?? null;
	const attempt = options.attempt ?? null;
	const role = options.role ?? "worker";
	return (ts, fields) => {
		const { call, result, text } = fields;
		return {
			v: SPRINT_LOG_VERSION,
			ts,
			kind: fields.kind,
			segment,
			attempt,
			role,
			source,
			...(call === undefined
				? {}
				: { call: { ...call, ...(call.raw === undefined ? {} : { raw: logText(call.raw) }) } }),
			...(result === undefined ? {} : { result: { ...result, content: logText(result.content) } }),
			...(fields.usage === undefined ? {} : { usage: fields.usage }),
			...(text === undefined ? {} : { text: logText(text) }),
			...(fields.ok === undefined ? {} : { ok: fields.ok }),
			...(fields.data === undefined ? {} : { data: fields.data }),
		};
	};
}

/** `text` cut to the log's bound, the cut marked with `…`, never inside a surrogate pair. */
export function logText(text: string): string {
	if (text.length <= SPRINT_LOG_TEXT_CHARS) return text;
	let end = SPRINT_LOG_TEXT_CHARS - 1;
	const last = text.charCodeAt(end - 1);
	if (last >= 0xd800 && last <= 0xdbff) end -= 1;
	return `${text.slice(0, end)}…`;
}

/**
 * Whether an error text is a model's context-length refusal. The patterns are the providers'
 * own wordings (Anthropic's "prompt is too long", OpenAI's "exceeds the context window" and
 * "maximum context length", Gemini's "input token count … exceeds the maximum", and the generic
 * ones pi's overflow check also uses).
 */
export function isContextOverflow(text: string): boolean {
	return CONTEXT_OVERFLOW.some((pattern) => pattern.test(text));
}

const CONTEXT_OVERFLOW = [
	/prompt is too long/i,
	/input is too long for requested model/i,
	/exceeds the context window/i,
	/input token count.*exceeds the maximum/i,
	/maximum prompt length is \d+/i,
	/reduce the length of the messages/i,
	/maximum context length/i,
	/exceeds the available context size/i,
	/greater than the context length/i,
	/context window exceeds limit/i,
	/context[_ ]length[_ ]exceeded/i,
	/too many tokens/i,
	/token limit exceeded/i,
];

/** Prompt tokens with the cached ones included, as touchstone counts them; null when the uncached part is unknown. */
export function promptTokens(uncached: number | null, ...cached: (number | null)[]): number | null {
	if (uncached === null) return null;
	return cached.reduce<number>((sum, value) => sum + (value ?? 0), uncached);
}

/** An ISO-8601 time string, or a Unix time in milliseconds, as UTC ISO-8601; null when it is neither. */
export function isoTime(value: unknown): string | null {
	const time = typeof value === "string" ? Date.parse(value) : typeof value === "number" ? value : Number.NaN;
	return Number.isFinite(time) && time > 0 ? new Date(time).toISOString() : null;
}

/** A plain JSON object, or null. */
export function asObject(value: unknown): Record<string, unknown> | null {
	return typeof value === "object" && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: null;
}

/** A non-negative finite number, or null. */
export function asCount(value: unknown): number | null {
	return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

/** A tool's arguments as a log keeps them: the object, or null with the raw text when it is not one. */
export function toolArguments(value: unknown): {
	arguments: JsonObject | null;
	malformed: boolean;
	raw?: string;
} {
	const object = asObject(value);
	if (object !== null) return { arguments: object as JsonObject, malformed: false };
	const raw = typeof value === "string" ? value : JSON.stringify((value ?? null) as JsonValue);
	return { arguments: null, malformed: true, raw };
}

/** The text of a content field: a string, or the `text` of each text item of an array, joined by newlines. */
export function contentText(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((item) => asObject(item))
		.filter((item) => item !== null && item.type === "text" && typeof item.text === "string")
		.map((item) => item?.text as string)
		.join("\n");
}
