import type { InputIssue } from "../contract/index.js";
import { OWNER_RATING_LABELS, type OwnerRatingLabel } from "../store/index.js";
import { OWNER_LABEL_RATINGS, ownerVerdict, REJECT_AT_MOST, SHIP_AT_LEAST } from "./calibration.js";

/** What an owner gave when rating a run, before checking: a number, a label, or both. */
export interface OwnerRatingChoice {
	/** 0..1; a string (a CLI flag) is parsed as a number. */
	readonly rating?: number | string | undefined;
	/** One of the owner labels, unchecked. */
	readonly label?: string | undefined;
}

/** How the problems of a choice name where they are: a flag (`--rating`) or a body field (`POST /rate`, `rating`). */
export interface OwnerRatingFieldNames {
	/** The issue `source` and `path` of a field. */
	where(field: "rating" | "label"): { readonly source: string; readonly path: string };
	/** How to write a field in a fix, e.g. `--label ship` or `"label": "ship"`. */
	example(field: "rating" | "label", value: string): string;
}

/**
 * The rating and label an owner's choice stands for, or every problem with it. A label alone
 * stands for its rating (ship = 1.0, edit = 0.6, reject = 0.2); a rating alone gets no label; both
 * must agree by the calibration cut-offs (a ship label with 0.9 agrees, with 0.5 it does not).
 * Shared by `touchstone rate` and `POST /rate`, so both refuse the same things with the same words.
 */
export function resolveOwnerRating(
	choice: OwnerRatingChoice,
	names: OwnerRatingFieldNames,
): { rating: number; label: OwnerRatingLabel | null } | InputIssue[] {
	const issues: InputIssue[] = [];
	const problem = (field: "rating" | "label", message: string, fix: string) =>
		issues.push({ ...names.where(field), line: null, column: null, message, fix });
	let label: OwnerRatingLabel | null = null;
	if (choice.label !== undefined) {
		if ((OWNER_RATING_LABELS as readonly string[]).includes(choice.label)) label = choice.label as OwnerRatingLabel;
		else problem("label", `"${choice.label}" is not a label`, `use one of ${OWNER_RATING_LABELS.join(", ")}`);
	}
	let rating: number | null = null;
	if (choice.rating !== undefined) {
		const parsed = typeof choice.rating === "number" ? choice.rating : parseRating(choice.rating);
		if (Number.isFinite(parsed) && parsed >= 0 && parsed <= 1) rating = parsed;
		else
			problem(
				"rating",
				`${JSON.stringify(choice.rating)} is not a number from 0 to 1`,
				"rate from 0 (useless) to 1 (perfect)",
			);
	}
	if (choice.label === undefined && choice.rating === undefined)
		problem(
			"rating",
			"give a rating or a label",
			`${names.example("label", OWNER_RATING_LABELS.join("|"))}, or ${names.example("rating", "0..1")} (e.g. ${names.example("rating", "0.75")})`,
		);
	if (label !== null && rating !== null && ownerVerdict(rating) !== label)
		problem(
			"rating",
			`${rating} means "${ownerVerdict(rating)}" (ship ≥ ${SHIP_AT_LEAST}, reject ≤ ${REJECT_AT_MOST}), which disagrees with ${names.example("label", label)}`,
			"give one of the two, or a rating in the label's range",
		);
	if (issues.length > 0) return issues;
	if (rating !== null) return { rating, label };
	// No issue and no rating means a valid label was given alone.
	return { rating: OWNER_LABEL_RATINGS[label as OwnerRatingLabel], label };
}

function parseRating(text: string): number {
	return text.trim() === "" ? Number.NaN : Number(text);
}
