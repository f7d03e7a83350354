import { BadInputError } from "../contract/index.js";
import { DEFAULT_PAGE } from "../views/index.js";

/** One page of a list and the cursor of the next (null on the last page). */
export interface ListPage<T> {
	readonly items: readonly T[];
	readonly next_cursor: string | null;
}

/**
 * Pages a list the API holds whole (use cases, the roster: a handful of items) with the same
 * `limit` and opaque `cursor` as the paged views, so clients page every list the same way.
 */
export function pageList<T>(
	items: readonly T[],
	options: { limit?: number | undefined; cursor?: string | undefined },
): ListPage<T> {
	const start = options.cursor === undefined ? 0 : offsetOf(options.cursor);
	const end = start + (options.limit ?? DEFAULT_PAGE);
	return { items: items.slice(start, end), next_cursor: end < items.length ? cursorOf(end) : null };
}

function cursorOf(offset: number): string {
	return Buffer.from(`offset:${offset}`, "utf8").toString("base64url");
}

function offsetOf(cursor: string): number {
	const match = /^offset:(\d{1,9})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
	if (match === null)
		throw new BadInputError("The cursor is not one this server gave.", [
			{
				source: "query",
				line: null,
				column: null,
				path: "cursor",
				message: `"${cursor}" is not a cursor of this list`,
				fix: "pass the next_cursor of the previous page unchanged, or omit cursor for the first page",
			},
		]);
	return Number(match[1]);
}
