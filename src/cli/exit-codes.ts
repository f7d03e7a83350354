import { BadInputError, TouchstoneError } from "../contract/index.js";

/** The CLI's exit codes: the only place they are decided. */
export const EXIT = { ok: 0, failure: 1, badInput: 2 } as const;

/** Maps an error to its exit code: bad input is 2, everything else 1. */
export function exitCodeFor(error: unknown): number {
	return error instanceof BadInputError ? EXIT.badInput : EXIT.failure;
}

/** Renders an error for stderr: our own errors by their message, anything else with its stack. */
export function renderError(error: unknown): string {
	if (error instanceof TouchstoneError) return `touchstone: ${error.message}`;
	if (error instanceof Error)
		return `touchstone: unexpected error (a bug, please report it)\n${error.stack ?? error.message}`;
	return `touchstone: unexpected error: ${String(error)}`;
}
