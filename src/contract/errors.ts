import type { JsonObject } from "./json.js";

/** Base of every error touchstone raises on purpose. `code` is stable; match on it, not on text. */
export class TouchstoneError extends Error {
	/** Stable machine-readable code, e.g. `bad-input`. */
	readonly code: string;
	/**
	 * What the failure leaves worth keeping beside its message, e.g. what a jury that missed its
	 * quorum cost (`jury-quorum`: `{ jury }`, the jury's record); null when nothing.
	 */
	readonly data: JsonObject | null;

	constructor(code: string, message: string, options?: { cause?: unknown; data?: JsonObject }) {
		super(message, options);
		this.name = "TouchstoneError";
		this.code = code;
		this.data = options?.data ?? null;
	}
}

/** One problem with one piece of input: where it is, what was expected, how to fix it. */
export interface InputIssue {
	/** File the problem is in, or a label such as `--models` or `POST /rate`. */
	readonly source: string;
	/** 1-based line, when the input is a file. */
	readonly line: number | null;
	/** 1-based column, when the input is a file. */
	readonly column: number | null;
	/** Path inside the document, e.g. `models[2].provider`; empty for the whole document. */
	readonly path: string;
	/** What is wrong. */
	readonly message: string;
	/** How to fix it. */
	readonly fix: string | null;
}

/**
 * Input that touchstone refuses: a file, a flag, an HTTP body, a plugin's return value. Carries
 * every problem found at once, sorted by source, line, column and path, so one run shows them all.
 */
export class BadInputError extends TouchstoneError {
	/** Every problem found, sorted. */
	readonly issues: readonly InputIssue[];

	constructor(summary: string, issues: readonly InputIssue[]) {
		const sorted = [...issues].sort(compareIssues);
		super("bad-input", `${summary}\n${sorted.map(formatIssue).join("\n")}`);
		this.name = "BadInputError";
		this.issues = sorted;
	}
}

/** Renders one issue as `file:line:col  path: message (fix: …)` for a terminal. */
export function formatIssue(issue: InputIssue): string {
	const where = [issue.source, issue.line, issue.column].filter((part) => part !== null).join(":");
	const path = issue.path === "" ? "" : ` ${issue.path}:`;
	const fix = issue.fix === null ? "" : `\n    fix: ${issue.fix}`;
	return `  ${where}${path} ${issue.message}${fix}`;
}

function compareIssues(a: InputIssue, b: InputIssue): number {
	return (
		a.source.localeCompare(b.source) ||
		(a.line ?? 0) - (b.line ?? 0) ||
		(a.column ?? 0) - (b.column ?? 0) ||
		a.path.localeCompare(b.path)
	);
}

/** A request for something that does not exist (an unknown run id, use case or version). */
export class NotFoundError extends TouchstoneError {
	constructor(message: string) {
		super("not-found", message);
		this.name = "NotFoundError";
	}
}

/** An append-only invariant was about to be broken, or the store is not what it should be. */
export class StoreError extends TouchstoneError {
	constructor(message: string, options?: { cause?: unknown }) {
		super("store", message, options);
		this.name = "StoreError";
	}
}
