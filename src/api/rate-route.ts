import type { Store, StoredOwnerRating } from "../store/index.js";
import { type OwnerRatingFieldNames, resolveOwnerRating } from "../views/index.js";
import { ERROR_STATUSES, HttpRefusal } from "./http-error.js";
import { parseInput } from "./parse-input.js";
import { rateBody } from "./request-schemas.js";

/** Problems of a posted rating are named by body field: `rating`, `label`. */
const bodyNames: OwnerRatingFieldNames = {
	where: (field) => ({ source: "body", path: field }),
	example: (field, value) => `"${field}": ${field === "label" ? `"${value}"` : value}`,
};

/**
 * Records an owner's rating of a run from a parsed JSON body and returns the stored rating. A
 * body of the wrong shape is a BadInputError (400); a rating that is out of range, an unknown
 * label, neither given, or a label the rating contradicts is a 422 listing every problem; an
 * unknown run is a NotFoundError (404). Rating a run again appends; the latest one counts.
 */
export function recordRating(store: Store, body: unknown): StoredOwnerRating {
	const input = parseInput(rateBody, body, "body");
	const resolved = resolveOwnerRating(
		{ rating: input.rating ?? undefined, label: input.label ?? undefined },
		bodyNames,
	);
	if (Array.isArray(resolved))
		throw new HttpRefusal(
			ERROR_STATUSES.unprocessable,
			"invalid-rating",
			"Nothing was rated: the rating and label do not make a valid rating.",
			resolved,
		);
	const note = input.note === undefined || input.note === null || input.note.trim() === "" ? null : input.note;
	return store.addOwnerRating({ run_id: input.run_id, rating: resolved.rating, label: resolved.label, note });
}
