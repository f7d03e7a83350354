import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import {
	SPRINT_LOG_TEXT_CHARS,
	SPRINT_LOG_VERSION,
	type SprintLogEntry,
	type SprintLogSource,
} from "../../contract/index.js";

/**
 * What a caller hands to {@link SprintLog.append}: an entry without the fields the log fills
 * itself (`v`, and `ts` and `source` unless given).
 */
export type SprintLogInput = Omit<SprintLogEntry, "v" | "ts" | "source"> & {
	/** When it happened; now (UTC ISO-8601) when absent. */
	readonly ts?: string;
	/** Who wrote the events; `touchstone` when absent. */
	readonly source?: SprintLogSource;
};

/**
 * A sprint run's ndjson log (docs/sprint-log.md), opened for appending. Every entry is written
 * with one synchronous append, so a killed run loses at most the line being written, and a
 * resumed run appends to the same file. Text fields are cut to {@link SPRINT_LOG_TEXT_CHARS}.
 */
export class SprintLog {
	/** The log file. */
	readonly path: string;

	/** Opens (creating its folder, not the file) the log at `path`. */
	constructor(path: string) {
		mkdirSync(dirname(path), { recursive: true });
		this.path = path;
	}

	/** Appends one entry as one line and returns it as written. */
	append(input: SprintLogInput): SprintLogEntry {
		const entry = boundedEntry(input);
		appendFileSync(this.path, `${JSON.stringify(entry)}\n`);
		return entry;
	}
}

/** Opens the sprint log at `path` for appending; see {@link SprintLog}. */
export function openSprintLog(path: string): SprintLog {
	return new SprintLog(path);
}

/** The entry as the log writes it: its fields in the documented order, its texts cut. */
export function boundedEntry(input: SprintLogInput): SprintLogEntry {
	const { ts, source, kind, segment, attempt, role, call, result, usage, text, ok, data } = input;
	return {
		v: SPRINT_LOG_VERSION,
		ts: ts ?? new Date().toISOString(),
		kind,
		segment,
		attempt,
		role,
		source: source ?? "touchstone",
		...(call === undefined
			? {}
			: { call: { ...call, ...(call.raw === undefined ? {} : { raw: truncateLogText(call.raw) }) } }),
		...(result === undefined ? {} : { result: { ...result, content: truncateLogText(result.content) } }),
		...(usage === undefined ? {} : { usage }),
		...(text === undefined ? {} : { text: truncateLogText(text) }),
		...(ok === undefined ? {} : { ok }),
		...(data === undefined ? {} : { data }),
	};
}

/**
 * `text` cut to at most `max` characters (UTF-16 units, as JavaScript counts them), the cut
 * marked with `…`; never splits a surrogate pair.
 */
export function truncateLogText(text: string, max = SPRINT_LOG_TEXT_CHARS): string {
	if (text.length <= max) return text;
	let end = max - 1;
	const last = text.charCodeAt(end - 1);
	if (last >= 0xd800 && last <= 0xdbff) end -= 1;
	return `${text.slice(0, end)}…`;
}
