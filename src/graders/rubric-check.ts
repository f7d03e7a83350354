import { contentHash, defineCase, type Grader, type JuryPanel, modelKeyPart, type Score } from "../contract/index.js";
import { createJuryGrader, JURY_GRADER_VERSION, JURY_RECORD_KEY } from "./jury/index.js";
import { assertOptions, metricProblems, type OptionProblem } from "./option-issues.js";

/** Version of the rubric check (its instructions and how it reads the jury's scores); it enters the config. */
export const RUBRIC_CHECK_VERSION = "1";
/** The one field each juror scores for a rubric check. */
export const RUBRIC_CHECK_FIELD = "score";

const INSTRUCTIONS =
	"You check the assistant's output against one criterion, written by the case author. Score 1 when the output fully meets it, 0 when it does not meet it at all, and in between for a partial match. Judge only this criterion.";

/** Options of {@link createRubricCheckGrader}. */
export interface RubricCheckOptions {
	/** The criterion, in the case author's words, e.g. `The reply apologises once and names the next step.` */
	readonly criterion: string;
	/** The use case's pinned judge panel. */
	readonly panel: JuryPanel;
	/** Metric name; defaults to `rubric`. */
	readonly metric?: string;
}

/**
 * A single criterion graded by the pinned jury (promptfoo's `llm-rubric`): the jury grader with a
 * one-field rubric (`score`, 0..1, weight 1), so every jury guarantee holds: a blinded prompt,
 * strict JSON with one retry, failed votes counting toward nothing (never a pass), a panel below
 * its quorum a grader error. Its one score is the mean of the valid votes, stored under `metric`
 * with every vote, the disagreement, the confidence and the panel's version. The jurors see the
 * case's reference without its checks. The config is the jury grader's (rubric text, instructions,
 * each juror's cell-key part, quorum) plus the metric.
 */
export function createRubricCheckGrader(options: RubricCheckOptions): Grader {
	const metric = options.metric ?? "rubric";
	const problems: OptionProblem[] = [...metricProblems(metric)];
	if (options.criterion.trim() === "")
		problems.push({
			path: "rubric",
			message: "expected a criterion for the jurors, found an empty string",
			fix: "write what the output must do, e.g. `The reply apologises once and names the next step.`",
		});
	assertOptions("rubric", problems);
	const jury = createJuryGrader({
		rubric: {
			numeric: { [RUBRIC_CHECK_FIELD]: { weight: 1, description: `Criterion: ${options.criterion.trim()}` } },
			gates: {},
			critical_failure: null,
		},
		panel: options.panel,
		instructions: INSTRUCTIONS,
	});
	return {
		specificationVersion: "v1",
		id: "rubric",
		version: `${RUBRIC_CHECK_VERSION}+jury@${JURY_GRADER_VERSION}`,
		config: { ...jury.config, metric },
		async grade(input, options) {
			const { checks: _checks, ...reference } = input.case.reference ?? {};
			const testCase = input.case.reference === null ? input.case : defineCase({ ...input.case, reference });
			const scores = await jury.grade({ ...input, case: testCase }, options);
			return scores.filter((score) => score.metric === RUBRIC_CHECK_FIELD).map((score) => markCheck(score, metric));
		},
	};
}

/**
 * The score under the check's metric, its jury record marked with it (`extras.jury.check`): each
 * rubric check is its own jury call, which the leaderboard's grading cost counts beside the
 * headline's (a jury plugin's field scores repeat one record and carry no mark).
 */
function markCheck(score: Score, metric: string): Score {
	const extras = score.extras ?? {};
	const record = extras[JURY_RECORD_KEY];
	if (record === undefined || record === null || typeof record !== "object" || Array.isArray(record))
		return { ...score, metric };
	return { ...score, metric, extras: { ...extras, [JURY_RECORD_KEY]: { ...record, check: metric } } };
}

/**
 * What of a panel decides a rubric check's result, as one hash for the check's place in the cell
 * key: each juror's cell-key part in panel order, the quorum, `exclude_own_family` with the
 * jurors' families when set (a panel without it keeps its key), and this check's and the jury's
 * versions. The panel's id and version are labels, as for the jury grader.
 */
export function rubricPanelKey(panel: JuryPanel): string {
	return contentHash({
		grader: `rubric@${RUBRIC_CHECK_VERSION}+jury@${JURY_GRADER_VERSION}`,
		jurors: panel.jurors.map((juror) => modelKeyPart(juror.model)),
		quorum: panel.quorum,
		// Who is left out then also depends on the jurors' family tags, as in the jury grader's config.
		...(panel.exclude_own_family === true
			? { exclude_own_family: true, families: panel.jurors.map((juror) => juror.model.tags.family ?? null) }
			: {}),
	});
}
