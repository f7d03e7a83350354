import { stat } from "node:fs/promises";
import {
	SPRINT_LOG_KINDS,
	type SprintLogEntry,
	type SprintLogSource,
	TouchstoneError,
} from "../../../contract/index.js";
import { boundedLines, MAX_LOG_LINE_BYTES } from "./bounded-lines.js";
import { claudeCodeNormaliser } from "./claude-code-log.js";
import { asObject, type ExternalLogOptions, type LogNormaliser } from "./log-normaliser.js";
import { piNormaliser } from "./pi-log.js";
import { parseTouchstoneLine } from "./touchstone-line.js";

/** Formats a sprint log reader understands: touchstone's own, Claude Code's and pi's session JSONL. */
export const SPRINT_LOG_FORMATS = ["touchstone", "claude-code", "pi"] as const satisfies readonly SprintLogSource[];
export type SprintLogFormat = (typeof SPRINT_LOG_FORMATS)[number];

/** A line of a log that could not be read, and why. */
export interface SprintLogProblem {
	/** 1-based line number. */
	readonly line: number;
	readonly message: string;
}

/** What reading a log gave: its entries in order, the lines it could not read, and the format it read. */
export interface SprintLogRead {
	readonly entries: readonly SprintLogEntry[];
	readonly problems: readonly SprintLogProblem[];
	readonly format: SprintLogFormat;
}

/** Lines the format is told from before a log that matches none is read as touchstone's. */
const DETECT_LINES = 50;
/** Problems kept; past these, one more says how many were left out. */
const MAX_PROBLEMS = 200;

/**
 * Reads a sprint log into entries, streaming it line by line (each line bounded at 1 MiB). Bad
 * content never throws: a line over the bound, a line that is not JSON and a line the format
 * rejects are problems with their line numbers, and the rest is read. `auto` tells the format from
 * the first line that names one (see {@link detectLogFormat}); a log none of whose first lines
 * does is read as touchstone's, with a problem saying so. `options` gives an external log's
 * milestone, attempt and role (touchstone lines carry their own). Throws only when the file
 * cannot be opened.
 */
export async function readSprintLog(
	path: string,
	format: "auto" | SprintLogFormat = "auto",
	options: ExternalLogOptions = {},
): Promise<SprintLogRead> {
	await checkReadable(path);
	const entries: SprintLogEntry[] = [];
	const problems: SprintLogProblem[] = [];
	let dropped = 0;
	let lastLine = 0;
	const problem = (line: number, message: string) => {
		if (problems.length < MAX_PROBLEMS) problems.push({ line, message });
		else dropped += 1;
	};
	let resolved: SprintLogFormat | null = format === "auto" ? null : format;
	let normaliser: LogNormaliser | null = resolved === null ? null : normaliserFor(resolved, options);
	const waiting: { line: number; value: unknown }[] = [];
	const feed = (line: number, value: unknown) => {
		if (normaliser === null) return;
		try {
			const out = normaliser.line(value);
			entries.push(...out.entries);
			if (out.problem !== undefined) problem(line, out.problem);
		} catch (error) {
			problem(line, `could not be read: ${error instanceof Error ? error.message : String(error)}`);
		}
	};
	const settle = (chosen: SprintLogFormat) => {
		resolved = chosen;
		normaliser = normaliserFor(chosen, options);
		for (const { line, value } of waiting.splice(0)) feed(line, value);
	};

	for await (const { line, text, bytes } of boundedLines(path)) {
		lastLine = line;
		if (text === null) {
			problem(line, `the line is ${bytes} bytes, over the ${MAX_LOG_LINE_BYTES}-byte bound; it was skipped`);
			continue;
		}
		let value: unknown;
		try {
			value = JSON.parse(text);
		} catch (error) {
			problem(line, `not JSON: ${error instanceof Error ? error.message : String(error)}`);
			continue;
		}
		if (resolved !== null) {
			feed(line, value);
			continue;
		}
		waiting.push({ line, value });
		const detected = detectLogFormat(value);
		if (detected !== null) settle(detected);
		else if (waiting.length >= DETECT_LINES) settleUnknown();
	}
	if (resolved === null) settleUnknown();
	if (normaliser !== null) entries.push(...(normaliser as LogNormaliser).end());
	if (dropped > 0) problems.push({ line: lastLine, message: `and ${dropped} more problems` });
	return { entries, problems, format: resolved ?? "touchstone" };

	function settleUnknown() {
		const first = waiting[0];
		if (first !== undefined)
			problem(
				first.line,
				`no line among the first ${waiting.length} names a format (touchstone, Claude Code or pi); read as touchstone's`,
			);
		settle("touchstone");
	}
}

/**
 * The format one parsed line names, or null when it names none: a touchstone line has `v` and
 * a sprint log `kind`; a pi line is its `session` header, a `message` entry or another of pi's
 * entry types; a Claude Code line is a `user`, `assistant`, `system`, `summary` or
 * bookkeeping line.
 */
export function detectLogFormat(value: unknown): SprintLogFormat | null {
	const row = asObject(value);
	if (row === null) return null;
	if (typeof row.v === "number" && (SPRINT_LOG_KINDS as readonly unknown[]).includes(row.kind)) return "touchstone";
	if (typeof row.type !== "string") return null;
	if (PI_TYPES.has(row.type)) return "pi";
	if (CLAUDE_CODE_TYPES.has(row.type)) return "claude-code";
	return null;
}

const PI_TYPES = new Set([
	"session",
	"message",
	"compaction",
	"model_change",
	"thinking_level_change",
	"branch_summary",
	"custom",
	"custom_message",
	"label",
	"session_info",
]);
const CLAUDE_CODE_TYPES = new Set([
	"user",
	"assistant",
	"system",
	"summary",
	"file-history-snapshot",
	"queue-operation",
]);

function normaliserFor(format: SprintLogFormat, options: ExternalLogOptions): LogNormaliser {
	if (format === "claude-code") return claudeCodeNormaliser(options);
	if (format === "pi") return piNormaliser(options);
	return {
		line(value) {
			const parsed = parseTouchstoneLine(value);
			return "entry" in parsed ? { entries: [parsed.entry] } : { entries: [], problem: parsed.problem };
		},
		end: () => [],
	};
}

async function checkReadable(path: string): Promise<void> {
	let isFile: boolean;
	try {
		isFile = (await stat(path)).isFile();
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT")
			throw new TouchstoneError(
				"sprint-log-missing",
				`the sprint log ${path} does not exist; pass the path of a sprint run's ndjson log, or of a Claude Code or pi session JSONL file`,
			);
		throw new TouchstoneError("sprint-log-unreadable", `cannot read the sprint log ${path}: ${String(error)}`, {
			cause: error,
		});
	}
	if (!isFile)
		throw new TouchstoneError(
			"sprint-log-unreadable",
			`the sprint log ${path} is not a file; pass the log file itself, not its folder`,
		);
}
