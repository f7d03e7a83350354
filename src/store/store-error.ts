import { StoreError, TouchstoneError } from "../contract/index.js";

/**
 * Runs `action` and turns any failure that is not already a TouchstoneError (a SQLite constraint,
 * an append-only trigger, a file system error) into a StoreError saying what was being done.
 */
export function storeAction<T>(doing: string, action: () => T): T {
	try {
		return action();
	} catch (error) {
		throw asStoreError(doing, error);
	}
}

/** Wraps `error` into a StoreError prefixed with `doing`, keeping it as the cause. */
export function asStoreError(doing: string, error: unknown): TouchstoneError {
	if (error instanceof TouchstoneError) return error;
	const message = error instanceof Error ? error.message : String(error);
	return new StoreError(`${doing}: ${message}`, { cause: error });
}
