import { z } from "zod";
import {
	type Case,
	canonicalJson,
	type Grader,
	type JsonObject,
	type Score,
	TouchstoneError,
} from "../../contract/index.js";
import { COMPOSITE_METRIC, combineScores, unscorableReason } from "../../graders/index.js";
import { type CheckEnvironment, createCheckGrader } from "./check-grader.js";
import { checkSchema } from "./check-schema.js";
import type { CasesGrading } from "./grading-schema.js";

/** Version of the cases grader; bumping it changes every cell key of every `cases` use case. */
export const CASES_GRADER_VERSION = "1";

const checkListSchema = z.array(checkSchema).min(1);

/**
 * The grader of a `cases` use case: runs the case's checks (its own, from `reference.checks`, or
 * the use case's default `grading.checks`) and returns every metric, plus the weighted `composite`
 * when that is the headline. Its config is the grading block without `threshold`: the threshold
 * is copied onto each case, and changing how a result is read re-runs nothing. Javascript and
 * rubric checks (of a case or of `grading.checks`) come resolved (see resolveChecks), their
 * module hash and panel key in the list, so in the cell key; they are built in `environment`.
 */
export function createCasesGrader(grading: CasesGrading, environment?: CheckEnvironment): Grader {
	const graders = new Map<string, readonly Grader[]>();
	// Most cases share the default check list (one array): found by identity, it needs no
	// canonical JSON per cell. Equal lists written in different cases still share their graders.
	const byList = new WeakMap<object, readonly Grader[]>();
	const gradersFor = (testCase: Case): readonly Grader[] => {
		const own = testCase.reference?.checks;
		const raw = own ?? grading.checks;
		if (raw === null || raw === undefined)
			throw new TouchstoneError("grader", `case ${testCase.id} has no checks, and grading.checks is empty`);
		const list = typeof raw === "object" ? raw : null;
		const known = list === null ? undefined : byList.get(list);
		if (known !== undefined) return known;
		const key = canonicalJson(raw);
		let built = graders.get(key);
		if (built === undefined) {
			const parsed = checkListSchema.safeParse(raw);
			if (!parsed.success)
				throw new TouchstoneError("grader", `case ${testCase.id} has invalid checks: ${z.prettifyError(parsed.error)}`);
			built = parsed.data.map((check) => createCheckGrader(check, environment));
			graders.set(key, built);
		}
		if (list !== null) byList.set(list, built);
		return built;
	};
	const config: JsonObject = {
		headline: grading.headline,
		weights: { ...grading.weights },
		checks: grading.checks === null ? null : (grading.checks as unknown as JsonObject[]),
	};
	return {
		specificationVersion: "v1",
		id: "cases",
		version: CASES_GRADER_VERSION,
		config,
		headline: grading.headline,
		async grade(input, options) {
			const scores: Score[] = [];
			for (const grader of gradersFor(input.case)) scores.push(...(await grader.grade(input, options)));
			if (grading.headline === COMPOSITE_METRIC)
				return [...scores, combineScores(scores, grading.weights, COMPOSITE_METRIC, unscorableReason(input.attempt))];
			if (!scores.some((score) => score.metric === grading.headline))
				throw new TouchstoneError(
					"grader",
					`case ${input.case.id} has no check producing the headline metric \`${grading.headline}\``,
				);
			return scores;
		},
	};
}
