import { groupKey } from "./group-facts.js";
import type { JudgeRatings } from "./judge-ratings-types.js";

/** One model × harness's judge axis on one use case: its rating min-max normalised, and the tasks behind it. */
export interface NormalisedJudge {
	/** 0 for the lowest-rated model, 1 for the highest; 0.5 for every model when all ratings tie. */
	readonly score: number;
	/** Tasks the model was judged on. */
	readonly tasks: number;
}

/** Two ratings this close are a tie: a fit's rounding, not a difference. */
const TIE = 1e-9;

/**
 * A use case's pairwise-judge ratings as 0..1 scores by {@link groupKey}: min-max normalised over
 * the models rated together. Ratings are comparable only within one component of the comparison
 * graph, so only the largest component (0) is normalised; models in another are left unscored
 * and said so. Fewer than two models rated together carry no comparison: nobody is scored.
 */
export function normaliseJudge(ratings: JudgeRatings): {
	readonly scores: ReadonlyMap<string, NormalisedJudge>;
	readonly notes: readonly string[];
} {
	const scores = new Map<string, NormalisedJudge>();
	const notes: string[] = [];
	const rated = ratings.ratings.filter((rating) => rating.component === 0);
	const apart = ratings.ratings.filter((rating) => rating.component !== 0);
	if (apart.length > 0)
		notes.push(
			`${ratings.use_case_id}: the judge's comparison graph is not connected; ${apart
				.map((rating) => rating.model_id)
				.join(
					", ",
				)} ${apart.length === 1 ? "is" : "are"} not compared with the rest, so left off the judge axis (judge more pairs)`,
		);
	if (rated.length < 2) {
		if (rated.length === 1)
			notes.push(
				`${ratings.use_case_id}: the judge rated only ${rated[0]?.model_id}, so nobody has a judge score there (a rating needs a second model)`,
			);
		return { scores, notes };
	}
	const values = rated.map((rating) => rating.rating);
	const low = Math.min(...values);
	const span = Math.max(...values) - low;
	for (const rating of rated)
		scores.set(groupKey(rating.model_id, rating.harness), {
			score: span <= TIE ? 0.5 : (rating.rating - low) / span,
			tasks: rating.tasks,
		});
	return { scores, notes };
}
