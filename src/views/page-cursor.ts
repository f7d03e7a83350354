import { BadInputError } from "../contract/index.js";

/** Most rows one page may hold, whatever `limit` asks for. */
export const MAX_PAGE = 500;
/** Rows of a page when `limit` is not given. */
export const DEFAULT_PAGE = 100;

/**
 * An opaque cursor: the position after which the next page starts, base64url so clients pass
 * it back untouched. Positions are stable because the spec a page reads is frozen.
 */
export function encodeCursor(position: number): string {
	return Buffer.from(JSON.stringify({ after: position })).toString("base64url");
}

/** The position a cursor points after; BadInputError for anything this layer did not make. */
export function decodeCursor(cursor: string, source = "cursor"): number {
	let decoded: unknown;
	try {
		decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
	} catch {
		decoded = null;
	}
	const after = (decoded as { after?: unknown } | null)?.after;
	if (typeof after !== "number" || !Number.isInteger(after) || after < 0)
		throw new BadInputError("The cursor is not one this server gave out.", [
			{
				source,
				line: null,
				column: null,
				path: "",
				message: `"${cursor}" is not a valid page cursor`,
				fix: "pass the next_cursor of the previous page unchanged, or leave it out for the first page",
			},
		]);
	return after;
}

/** A page size within bounds; BadInputError for a limit below 1 or not whole. */
export function pageSize(limit: number | undefined, source = "limit"): number {
	if (limit === undefined) return DEFAULT_PAGE;
	if (!Number.isInteger(limit) || limit < 1)
		throw new BadInputError("The page size is invalid.", [
			{
				source,
				line: null,
				column: null,
				path: "",
				message: `limit must be a whole number ≥ 1, got ${limit}`,
				fix: `pass a limit between 1 and ${MAX_PAGE}`,
			},
		]);
	return Math.min(limit, MAX_PAGE);
}
