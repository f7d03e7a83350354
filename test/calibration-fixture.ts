import { cellKey, type JsonObject, type JuryVote, type SpecDocument } from "../src/contract/index.js";
import { type Store, sampleRun, sampleScore, sampleSpec } from "../src/store/index.js";

/** The use case of the calibration fixtures. */
export const USE_CASE = "summarization";
/** Its first benchmark version. */
export const VERSION = "summarization@calibration1";

/** A valid spec document: three cases (thresholds 0.7, 0.7, 0.5), two models, one harness. */
export function calibrationDocument(casePart3 = "case-part-3"): SpecDocument {
	return {
		spec_format: 1,
		use_case_id: USE_CASE,
		plugin: "summarization",
		headline: "composite",
		band: 0.05,
		samples: 1,
		deployed: null,
		judge_panel: { id: "jury", version: "jury@v1" },
		grader: { id: "jury", version: "1", config: {} },
		harness: { id: "single-shot", key_part: "harness-part", config: {} },
		cases: [
			{ id: "c1", version: "1", kind: "floor", threshold: 0.7, input_hash: "input-1", key_part: "case-part-1" },
			{ id: "c2", version: "1", kind: "floor", threshold: 0.7, input_hash: "input-2", key_part: "case-part-2" },
			{ id: "c3", version: "1", kind: "ceiling", threshold: 0.5, input_hash: "input-3", key_part: casePart3 },
		],
		models: { m1: "model-part-1", m2: "model-part-2" },
	};
}

/** Freezes and activates `document` as `version`. */
export function freezeDocument(store: Store, version: string, document: SpecDocument): void {
	store.freezeSpec(
		sampleSpec({
			benchmark_version: version,
			use_case_id: USE_CASE,
			spec_hash: `hash-of-${version}`,
			spec: document as unknown as JsonObject,
		}),
	);
	store.activateSpec(USE_CASE, version);
}

/** One run to record: its cell, its jury headline (null: the grader could not grade) and its votes. */
export interface FixtureRun {
	readonly caseId: string;
	readonly modelId: string;
	readonly sampleIndex?: number;
	readonly headline: number | null;
	readonly critical?: boolean;
	readonly votes?: readonly JuryVote[];
	/** Stores this text as the votes artifact instead (to test unreadable vote files). */
	readonly votesText?: string;
	/** Records the run with a cell key no spec computes: a row of an older definition. */
	readonly stale?: boolean;
}

/**
 * Records `run` under `version` with a current cell key (unless stale). Its votes are stored as
 * an artifact on the headline score and, as a jury grader may do, again on a field score.
 */
export function recordFixtureRun(store: Store, version: string, document: SpecDocument, run: FixtureRun): string {
	const sampleIndex = run.sampleIndex ?? 0;
	const casePart = document.cases.find((item) => item.id === run.caseId)?.key_part ?? "";
	const key = run.stale
		? `old-key-${run.caseId}-${run.modelId}-${sampleIndex}`
		: cellKey({
				case_part: casePart,
				model_part: document.models[run.modelId] ?? "",
				harness_part: document.harness.key_part,
				sample_index: sampleIndex,
			});
	const votesText = run.votesText ?? (run.votes ? JSON.stringify(run.votes) : null);
	const votesSha = votesText === null ? null : store.putArtifact(votesText, "application/json").sha256;
	const jury = { grader_version: "jury@1", judge_panel_version: "jury@v1", jury_votes_sha: votesSha };
	return store.recordCell({
		run: sampleRun({
			benchmark_version: version,
			use_case_id: USE_CASE,
			case_id: run.caseId,
			model_id: run.modelId,
			harness: "single-shot",
			sample_index: sampleIndex,
			cell_key: key,
			grader_error: run.headline === null ? "jury quorum not met: 1 of 3 valid votes" : null,
		}),
		scores:
			run.headline === null
				? []
				: [
						sampleScore({ ...jury, metric: "composite", value: run.headline, critical_failure: run.critical ?? false }),
						sampleScore({ ...jury, metric: "faithfulness", value: 0.5 }),
					],
	});
}

/** A valid vote of `juror`. */
export function vote(juror: string, faithfulness: number, hallucination: boolean): JuryVote {
	return { juror, fields: { faithfulness, hallucination }, rationale: "one sentence", error: null };
}

/** A failed vote of `juror`: its reply could not be parsed. */
export function failedVote(juror: string): JuryVote {
	return { juror, fields: null, rationale: null, error: "unparsable reply: not JSON" };
}
