import { BadInputError, type InputIssue, TouchstoneError } from "../contract/index.js";

/** The CLI's exit codes: the only place they are decided. */
export const EXIT = { ok: 0, failure: 1, badInput: 2 } as const;

/**
 * A command that did not do its job, though its input was fine (a run with cells left ungraded,
 * a gate that fell short): exit 1, with what to do next.
 */
export class CliFailure extends TouchstoneError {
	/** What to do about it; null when there is nothing to say. */
	readonly fix: string | null;

	constructor(code: string, message: string, fix: string | null) {
		super(code, message);
		this.name = "CliFailure";
		this.fix = fix;
	}
}

/** An error as `--json` prints it: `{"error": ErrorJson}` on stdout. */
export interface ErrorJson {
	/** Stable code: `bad-input`, `not-found`, `run-incomplete`, `gate-failed`, `unexpected`, … */
	readonly code: string;
	/** What went wrong, in one sentence (a bad input's summary; its problems are in `issues`). */
	readonly message: string;
	/** What to do about it; null when there is nothing to say. */
	readonly fix: string | null;
	/** Every problem of a bad input, with where it is and how to fix it. */
	readonly issues?: readonly InputIssue[];
}

/** Maps an error to its exit code: bad input is 2, everything else 1. */
export function exitCodeFor(error: unknown): number {
	return error instanceof BadInputError ? EXIT.badInput : EXIT.failure;
}

/**
 * Renders an error for stderr: our own errors by their message, anything else with its stack. A
 * failure and its fix are one line, the last a log shows, so a CI log ends saying what failed.
 */
export function renderError(error: unknown): string {
	if (error instanceof CliFailure) return `touchstone: ${error.message}${error.fix === null ? "" : `; ${error.fix}`}`;
	if (error instanceof TouchstoneError) {
		const fix = dataFix(error);
		return `touchstone: ${error.message}${fix === null ? "" : `; ${fix}`}`;
	}
	if (error instanceof Error)
		return `touchstone: unexpected error (a bug, please report it)\n${error.stack ?? error.message}`;
	return `touchstone: unexpected error: ${String(error)}`;
}

/** The JSON form of an error, for `--json`: never a stack trace. */
export function errorJson(error: unknown): ErrorJson {
	if (error instanceof BadInputError) {
		const fixes = [...new Set(error.issues.flatMap((issue) => (issue.fix === null ? [] : [issue.fix])))];
		const summary = (error.message.split("\n")[0] ?? error.message).replace(/\.$/, "");
		const only = error.issues.length === 1 ? error.issues[0] : undefined;
		return {
			code: error.code,
			message: only === undefined ? summary : `${summary}: ${only.message}`,
			fix: fixes.length === 0 ? null : fixes.join("; "),
			issues: error.issues,
		};
	}
	if (error instanceof CliFailure) return { code: error.code, message: error.message, fix: error.fix };
	if (error instanceof TouchstoneError) return { code: error.code, message: error.message, fix: dataFix(error) };
	return {
		code: "unexpected",
		message: error instanceof Error ? error.message : String(error),
		fix: "this is a bug in touchstone: please report it with the command you ran (run it without --json for the stack trace)",
	};
}

/** The fix an error raised below the CLI carries as `data.fix` (see TouchstoneError), or null. */
function dataFix(error: TouchstoneError): string | null {
	const fix = error.data?.fix;
	return typeof fix === "string" ? fix : null;
}

/** A usage mistake commander caught (unknown option, bad flag value), as `--json` prints it. */
export function usageErrorJson(message: string, command: string): ErrorJson {
	return {
		code: "bad-input",
		message: message.replace(/^error: /, ""),
		fix: `see touchstone ${command}--help`,
	};
}
