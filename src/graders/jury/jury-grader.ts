import { type Grader, type JuryPanel, modelKeyPart, type Score, TouchstoneError } from "../../contract/index.js";
import { assertOptions, type OptionProblem } from "../option-issues.js";
import { unscorableReason } from "../text-grader.js";
import { aggregateVotes, JURY_COMPOSITE_METRIC } from "./aggregate.js";
import { askJuror } from "./ask-juror.js";
import { jurorMessages } from "./juror-prompt.js";
import { JURY_RECORD_KEY, juryRecord, seatJury, withJuryRecord } from "./jury-record.js";
import { defineRubric, type JuryRubric, rubricJson } from "./rubric.js";

/** Version of the jury grader (its prompt, parsing and aggregation); bumping it changes cell keys. */
export const JURY_GRADER_VERSION = "1";

/** Options of {@link createJuryGrader}. */
export interface JuryGraderOptions {
	/** What the jurors score; validated (see {@link defineRubric}). */
	readonly rubric: JuryRubric;
	/** The pinned panel, resolved by the host, with a provider per juror. */
	readonly panel: JuryPanel;
	/** What is being graded and how, for the jurors: the paragraph their prompt opens with. */
	readonly instructions: string;
}

/**
 * The pinned jury: every juror of the panel grades the attempt concurrently from a blinded prompt
 * (see `jurorMessages`), and the valid votes are aggregated (see `aggregateVotes`) into one score
 * per rubric field and the headline `composite`. Every score carries every vote, the
 * disagreement, a confidence and the panel's version.
 *
 * A failed vote (an unusable reply after one retry, a failed call) is never a pass: it counts
 * toward nothing. When fewer votes than the panel's quorum are valid, grading throws a
 * TouchstoneError with code `jury-quorum`, which the host records as the cell's grader error, with
 * the jury's record of the votes it paid for in the error's `data.jury` (kept on the run). An
 * attempt without output (or a harness error) is not sent to the jury: it scores 0 everywhere.
 *
 * Who is asked is decided here from the attempt's model, never told to the jurors (see
 * `seatJury`): with the panel's `exclude_own_family`, the jurors of the candidate's family are
 * left out and the quorum must be met by the others (too few of them is the `jury-quorum` error);
 * without it they vote and are named as self-judging. Every score carries the jury's record in
 * `extras.jury` (see `juryRecord`): who was asked, left out or self-judging, and the votes' cost.
 *
 * The config (it enters every cell key) holds the rubric, the instructions and what of the panel
 * decides a verdict: each juror's entry by its cell-key part (provider, model, endpoint, params),
 * in panel order, the quorum, and `exclude_own_family` when set. Changing any of them re-grades every case; the panel's id and
 * version are labels (stamped on its scores and recorded in the spec), so a juror swapped under
 * the same version still re-grades, and a version bumped over the same jury re-grades nothing.
 */
export function createJuryGrader(options: JuryGraderOptions): Grader {
	const rubric = defineRubric(options.rubric);
	const { panel, instructions } = options;
	assertOptions("jury", panelProblems(panel, instructions));
	const graderVersion = `jury@${JURY_GRADER_VERSION}`;
	return {
		specificationVersion: "v1",
		id: "jury",
		version: JURY_GRADER_VERSION,
		config: {
			metric: JURY_COMPOSITE_METRIC,
			rubric: rubricJson(rubric),
			instructions,
			panel: {
				jurors: panel.jurors.map((juror) => modelKeyPart(juror.model)),
				quorum: panel.quorum,
				// Who is left out then also depends on the jurors' family tags, which their key parts lack.
				...(panel.exclude_own_family === true
					? { exclude_own_family: true, families: panel.jurors.map((juror) => juror.model.tags.family) }
					: {}),
			},
		},
		headline: JURY_COMPOSITE_METRIC,
		async grade({ case: testCase, attempt, model }, { signal }) {
			const seating = seatJury(panel, model);
			const unscorable = unscorableReason(attempt);
			if (unscorable !== null || attempt.final === null)
				return withJuryRecord(
					unscoredScores(rubric, unscorable ?? "no output", graderVersion, panel.version),
					juryRecord({ ...seating, asked: [] }, []),
				);
			if (seating.asked.length < panel.quorum)
				throw new TouchstoneError(
					"jury-quorum",
					`the jury ${panel.id} (${panel.version}) leaves out ${seating.excluded.map((seat) => `${seat.juror} (${seat.reason})`).join(", ")} for ${model?.id ?? "the candidate"} (exclude_own_family), and the ${seating.asked.length} juror${seating.asked.length === 1 ? "" : "s"} left cannot meet its quorum of ${panel.quorum}`,
				);
			const messages = jurorMessages({ rubric, instructions, testCase, output: attempt.final });
			const votes = await Promise.all(seating.asked.map((juror) => askJuror(juror, messages, rubric, signal)));
			const valid = votes.filter((vote) => vote.error === null).length;
			if (valid < panel.quorum) {
				const failures = votes
					.filter((vote) => vote.error !== null)
					.map((vote) => `${vote.juror}: ${vote.error}`)
					.join("; ");
				// The votes were paid for: their record rides on the error, for the host to keep on the run.
				throw new TouchstoneError(
					"jury-quorum",
					`the jury ${panel.id} (${panel.version}) gave ${valid} valid vote${valid === 1 ? "" : "s"} of ${votes.length}, below its quorum of ${panel.quorum}; failed votes: ${failures}`,
					{ data: { [JURY_RECORD_KEY]: juryRecord(seating, votes) } },
				);
			}
			const scores = aggregateVotes(votes, {
				rubric,
				panelSize: seating.asked.length,
				judgePanelVersion: panel.version,
				graderVersion,
			});
			return withJuryRecord(scores, juryRecord(seating, votes));
		},
	};
}

function panelProblems(panel: JuryPanel, instructions: string): OptionProblem[] {
	const problems: OptionProblem[] = [];
	if (panel.jurors.length === 0)
		problems.push({
			path: "panel.jurors",
			message: `the panel ${panel.id} has no juror`,
			fix: "pin at least one juror model in judge_panels.yaml",
		});
	if (!Number.isInteger(panel.quorum) || panel.quorum < 1 || panel.quorum > panel.jurors.length)
		problems.push({
			path: "panel.quorum",
			message: `expected a quorum from 1 to ${panel.jurors.length} (the jurors), found ${panel.quorum}`,
			fix: "set the panel's quorum to at most its number of jurors",
		});
	if (instructions.trim() === "")
		problems.push({
			path: "instructions",
			message: "expected instructions for the jurors, found an empty string",
			fix: "say what the jurors grade, e.g. `You grade a summary of a source text.`",
		});
	return problems;
}

/** Scores of an attempt the jury never saw: 0 and false everywhere, with the reason. */
function unscoredScores(rubric: JuryRubric, reason: string, graderVersion: string, panelVersion: string): Score[] {
	const score = (metric: string, score_type: "absolute" | "boolean"): Score => ({
		metric,
		score_type,
		value: 0,
		value_label: score_type === "boolean" ? "false" : "0",
		jury_votes: [],
		inter_judge_disagreement: null,
		confidence: null,
		critical_failure: false,
		gate_meta: null,
		reasoning: `${reason}; the jury was not asked`,
		grader_version: graderVersion,
		judge_panel_version: panelVersion,
		extras: null,
	});
	return [
		...Object.keys(rubric.numeric).map((name) => score(name, "absolute")),
		...Object.keys(rubric.gates).map((name) => score(name, "boolean")),
		score(JURY_COMPOSITE_METRIC, "absolute"),
	];
}
