import {
	type ChatMessage,
	type JsonObject,
	type Juror,
	type JuryPanel,
	type ModelEntry,
	ProviderError,
	type SprintLayerResult,
	selfPreference,
} from "../../contract/index.js";
import { costOf } from "../../providers/index.js";
import { parseReview } from "./parse-review.js";
import { cutDiff, reviewMessages } from "./review-prompt.js";

/** Version of the review layer (prompt, rubric, parsing); kept with every result. */
export const REVIEW_LAYER_VERSION = "sprint-review@1";

/** One reviewer's row in the review layer's figures. A reply that could not be read has an error and no grade. */
export interface ReviewerRow {
	/** The reviewer's registry id. */
	readonly reviewer: string;
	/** Its `tags.family`, or null when the registry gives none. */
	readonly family: string | null;
	/** Its grade, 1 to 5; null when it gave none that could be read. */
	readonly grade: number | null;
	/** Why it graded so; null when it gave no usable reply. */
	readonly rationale: string | null;
	/** What went wrong (the call failed, the reply was unusable); null for a grade. */
	readonly error: string | null;
	/** Its call's tokens and cost; null when unknown (or the call failed). */
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	readonly cost_usd: number | null;
}

/**
 * Seed 002's review layer: independent LLM reviewers grade the branch's diff on the shared 1–5
 * rubric, from a blinded prompt (see `reviewMessages`). Only reviewers of another family than the
 * model under test are asked (`selfPreference`: same model or same `tags.family` is left out), so
 * no model grades its own kin; each is asked once, at temperature 0 in JSON mode, concurrently.
 * A reply that cannot be read is an error on that reviewer's row, never a grade, and it is not
 * retried: a retry would send a diff of up to 200 KB again. Fewer valid grades than the panel's
 * quorum, no panel, no reviewer of another family or an empty diff is `measured: false` with its
 * reason (the rows are still in the figures). Otherwise the score is (mean − 1) / 4, and
 * `figures.mean_grade` the 1–5 mean. Rethrows only when `signal` aborted.
 */
export async function reviewLayer(input: {
	readonly diff: string;
	readonly sprintTitle: string;
	readonly plan: string;
	readonly model: ModelEntry;
	readonly panel: JuryPanel | null;
	readonly signal: AbortSignal;
}): Promise<SprintLayerResult> {
	const { panel, model } = input;
	if (panel === null) return unmeasured("the sprint names no reviewer panel", {});
	const excluded = panel.jurors.flatMap((juror) => {
		const why = selfPreference(juror.model, model);
		return why === null ? [] : [{ reviewer: juror.model.id, why }];
	});
	const reviewers = panel.jurors.filter((juror) => selfPreference(juror.model, model) === null);
	const diff = cutDiff(input.diff);
	const base: JsonObject = {
		panel: panel.id,
		panel_version: panel.version,
		quorum: panel.quorum,
		excluded,
		diff_bytes: diff.bytes,
		diff_truncated: diff.truncated,
	};
	if (reviewers.length === 0)
		return unmeasured(`no reviewer of another family than ${familyOf(model)}`, { ...base, reviewers: [] });
	if (input.diff.trim() === "") return unmeasured("the branch has no diff to review", { ...base, reviewers: [] });
	const messages = reviewMessages({ sprintTitle: input.sprintTitle, plan: input.plan, diff });
	const rows = await Promise.all(reviewers.map((reviewer) => askReviewer(reviewer, messages, input.signal)));
	const grades = rows.flatMap((row) => (row.grade === null ? [] : [row.grade]));
	const costs = rows.map((row) => row.cost_usd);
	const figures: JsonObject = {
		...base,
		reviewers: rows.map((row) => ({ ...row })),
		valid_grades: grades.length,
		cost_usd: costs.some((cost) => cost === null) ? null : costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0),
	};
	const quorum = Math.max(1, panel.quorum);
	if (grades.length < quorum)
		return unmeasured(
			`${grades.length} valid grade${grades.length === 1 ? "" : "s"} from ${rows.length} reviewer${rows.length === 1 ? "" : "s"}, below the panel's quorum of ${quorum}`,
			{ ...figures, mean_grade: null },
		);
	const mean = grades.reduce((sum, grade) => sum + grade, 0) / grades.length;
	return {
		layer: "review",
		measured: true,
		score: (mean - 1) / 4,
		passed: null,
		reason: null,
		figures: { ...figures, mean_grade: mean },
		version: REVIEW_LAYER_VERSION,
	};
}

/** Asks one reviewer; a failed call or an unusable reply is an error row. Rethrows when `signal` aborted. */
async function askReviewer(
	reviewer: Juror,
	messages: readonly ChatMessage[],
	signal: AbortSignal,
): Promise<ReviewerRow> {
	const row = { reviewer: reviewer.model.id, family: reviewer.model.tags.family ?? null };
	try {
		const completion = await reviewer.provider.complete(
			{ messages, temperature: 0, response_format: "json" },
			{ signal },
		);
		const usage = {
			input_tokens: completion.usage.input_tokens,
			output_tokens: completion.usage.output_tokens,
			cost_usd: costOf(completion, reviewer.model.price),
		};
		const parsed = parseReview(completion.text);
		return parsed.ok
			? { ...row, grade: parsed.grade, rationale: parsed.rationale, error: null, ...usage }
			: { ...row, grade: null, rationale: null, error: `unusable reply: ${parsed.error}`, ...usage };
	} catch (error) {
		if (signal.aborted || !(error instanceof ProviderError)) throw error;
		return {
			...row,
			grade: null,
			rationale: null,
			error: `the review call failed: ${error.message}`,
			input_tokens: null,
			output_tokens: null,
			cost_usd: null,
		};
	}
}

function familyOf(model: ModelEntry): string {
	const family = model.tags.family?.trim();
	return family === undefined || family === "" ? `${model.id} (it has no family tag)` : family;
}

function unmeasured(reason: string, figures: JsonObject): SprintLayerResult {
	return {
		layer: "review",
		measured: false,
		score: null,
		passed: null,
		reason,
		figures,
		version: REVIEW_LAYER_VERSION,
	};
}

/**
 * The reviewer rows of a review layer's figures, for the reports; rows that are not of the
 * {@link ReviewerRow} shape (figures from another version) are skipped.
 */
export function reviewerRowsOf(figures: JsonObject): ReviewerRow[] {
	const rows = figures.reviewers;
	if (!Array.isArray(rows)) return [];
	const text = (value: unknown) => (typeof value === "string" ? value : null);
	const count = (value: unknown) => (typeof value === "number" ? value : null);
	return rows.flatMap((row) => {
		if (typeof row !== "object" || row === null || Array.isArray(row) || typeof row.reviewer !== "string") return [];
		return [
			{
				reviewer: row.reviewer,
				family: text(row.family),
				grade: count(row.grade),
				rationale: text(row.rationale),
				error: text(row.error),
				input_tokens: count(row.input_tokens),
				output_tokens: count(row.output_tokens),
				cost_usd: count(row.cost_usd),
			},
		];
	});
}
