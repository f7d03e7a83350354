import {
	currencyUnder,
	type JsonValue,
	type JuryVote,
	NotFoundError,
	type SpecCase,
	type SpecDocument,
	type Step,
	type Telemetry,
} from "../contract/index.js";
import type { CaseRun, CaseScore, Store, StoredOwnerRating, StoredRun, StoredScore } from "../store/index.js";
import { resolveSpec } from "./current-facts.js";
import { groupKey } from "./group-facts.js";
import { mean } from "./percentile.js";
import { type SampleOrigin, sampleOrigin } from "./sample-origin.js";

/** One metric of one sample, with the jury's votes and reasoning when a jury graded it. */
export interface InspectedScore {
	readonly metric: string;
	readonly score_type: StoredScore["score_type"];
	readonly value: number | null;
	readonly value_label: string | null;
	readonly confidence: number | null;
	readonly inter_judge_disagreement: number | null;
	readonly critical_failure: boolean;
	readonly gate_meta: StoredScore["gate_meta"];
	readonly grader_version: string;
	readonly judge_panel_version: string | null;
	/** The grader's reasoning text; null when it gave none. */
	readonly reasoning: string | null;
	/** Each juror's vote and rationale; null when no jury graded this metric. */
	readonly jury_votes: readonly JuryVote[] | null;
	readonly extras: StoredScore["extras"];
}

/** One sample of one model on the inspected case. */
export interface InspectedSample {
	readonly run_id: string;
	readonly sample_index: number;
	readonly status: StoredRun["status"];
	readonly error: string | null;
	readonly grader_error: string | null;
	/** The model's final output; null when it gave none. */
	readonly output: string | null;
	/** The steps of an agentic attempt; empty for single-shot. */
	readonly trace: readonly Step[];
	/** The workspace diff of a task attempt; null otherwise. */
	readonly diff: string | null;
	/** Secrets replaced by `<redacted>` in what the run stored; null on runs recorded before they were counted. */
	readonly redactions: number | null;
	readonly telemetry: Telemetry;
	/** What the run's figures and output should be read with (unknown telemetry, output cut at its cap, invalid UTF-8); null for runs stored before warnings were kept. */
	readonly warnings: readonly string[] | null;
	readonly scores: readonly InspectedScore[];
	/** The owner's latest rating of this run, the calibration ground truth. */
	readonly owner_rating: Pick<StoredOwnerRating, "rating" | "label" | "note" | "created_at"> | null;
	readonly started_at: string | null;
	/** The source a federated ingest or an import tagged the run with; null when this store recorded it. */
	readonly ingest_source: string | null;
	/** Where it came from (the imported file, the other store), as its provenance says; null when this store recorded it. */
	readonly origin: SampleOrigin | null;
}

/** One model × harness on the inspected case. */
export interface InspectedModel {
	readonly model_id: string;
	readonly harness: string;
	/** Mean headline over the graded samples. */
	readonly headline: number | null;
	readonly passed: boolean | null;
	readonly samples: readonly InspectedSample[];
}

/** Everything about one case side by side: each model's outputs, traces, metrics, votes and ratings. */
export interface Inspection {
	readonly use_case_id: string;
	readonly benchmark_version: string;
	readonly headline_metric: string;
	readonly case: SpecCase;
	/** Where the spec's definitions live (`SOURCE@<version>` for an ingest, `format:file@sha` for an import); null for this store's own. */
	readonly home_repo: string | null;
	/** The source the spec snapshot was written by (an ingest or an import); null when this store froze it. */
	readonly spec_ingest_source: string | null;
	/** Distinct sources of the samples shown, sorted; [] when this store recorded every one. */
	readonly sources: readonly string[];
	/** The resolved input the models were given (from any current run); null when none ran. */
	readonly input: JsonValue | null;
	readonly models: readonly InspectedModel[];
	/** Rows of this case left out as stale. */
	readonly stale_rows: number;
	/** Artifacts that could not be read (missing or corrupted): their content shows as null. */
	readonly artifact_errors: readonly string[];
}

/** Inspects one case of a use case from the store alone (current rows only). */
export function inspectCase(
	store: Store,
	useCaseId: string,
	caseId: string,
	options: { benchmarkVersion?: string | undefined } = {},
): Inspection {
	const spec = resolveSpec(store, useCaseId, options.benchmarkVersion);
	const document = spec.spec as unknown as SpecDocument;
	const specCase = caseOf(document, caseId);
	if (specCase === undefined)
		throw new NotFoundError(
			`no case ${caseId} in benchmark version ${spec.benchmark_version} of use case ${useCaseId}`,
		);
	const current = new Map<string, CaseRun>();
	let stale = 0;
	const isCurrent = currencyUnder(document);
	for (const run of store.listCaseRuns(useCaseId, caseId)) {
		if (!isCurrent(run, run.cell_key)) stale += 1;
		// The latest row of a cell wins, unless it is an outage after a graded result.
		else if (!(run.status === "harness_error" && current.has(run.cell_key))) current.set(run.cell_key, run);
	}
	const ordered = [...current.values()].sort(
		(a, b) =>
			a.model_id.localeCompare(b.model_id) || a.harness.localeCompare(b.harness) || a.sample_index - b.sample_index,
	);
	const scores = store.caseScores(useCaseId, caseId);
	const ratings = store.caseOwnerRatings(useCaseId, caseId);
	const firstInput = ordered.find((run) => run.input_sha !== null)?.input_sha ?? null;
	// Every artifact the answer shows, read in one batch; each is then taken in the order the
	// samples show them, so a failure is listed where a read one by one would list it.
	const artifacts = store.readArtifacts(artifactShas(ordered, scores, firstInput));
	const artifactErrors: string[] = [];
	const read = (sha: string | null): string | null => {
		if (sha === null) return null;
		const artifact = artifacts.get(sha);
		if (artifact !== undefined && "bytes" in artifact) return artifact.bytes.toString("utf8");
		artifactErrors.push(artifact?.error.message ?? `artifact ${sha} was not read`);
		return null;
	};
	const readJson = <T>(sha: string | null): T | null => {
		const text = read(sha);
		if (text === null) return null;
		try {
			return JSON.parse(text) as T;
		} catch {
			artifactErrors.push(`artifact ${sha} is not JSON`);
			return null;
		}
	};
	const models = new Map<string, { model_id: string; harness: string; samples: InspectedSample[] }>();
	for (const run of ordered) {
		const key = groupKey(run.model_id, run.harness);
		let model = models.get(key);
		if (model === undefined) {
			model = { model_id: run.model_id, harness: run.harness, samples: [] };
			models.set(key, model);
		}
		model.samples.push({
			run_id: run.run_id,
			sample_index: run.sample_index,
			status: run.status,
			error: run.error,
			grader_error: run.grader_error,
			output: read(run.output_sha),
			trace: readJson<Step[]>(run.trace_sha) ?? [],
			diff: read(run.diff_sha),
			redactions: run.redactions,
			telemetry: run.telemetry,
			warnings: run.warnings,
			scores: (scores.get(run.run_id) ?? []).map(
				(score): InspectedScore => ({
					metric: score.metric,
					score_type: score.score_type,
					value: score.value,
					value_label: score.value_label,
					confidence: score.confidence,
					inter_judge_disagreement: score.inter_judge_disagreement,
					critical_failure: score.critical_failure,
					gate_meta: score.gate_meta,
					grader_version: score.grader_version,
					judge_panel_version: score.judge_panel_version,
					reasoning: read(score.reasoning_sha),
					jury_votes: readJson<JuryVote[]>(score.jury_votes_sha),
					extras: score.extras,
				}),
			),
			owner_rating: ownerRatingOf(ratings.get(run.run_id) ?? null),
			started_at: run.started_at,
			ingest_source: run.ingest_source,
			origin: sampleOrigin(run),
		});
	}
	return {
		use_case_id: useCaseId,
		benchmark_version: spec.benchmark_version,
		headline_metric: document.headline,
		case: specCase,
		home_repo: spec.home_repo,
		spec_ingest_source: spec.ingest_source,
		sources: [...new Set(ordered.flatMap((run) => (run.ingest_source === null ? [] : [run.ingest_source])))].sort(),
		input: readJson<JsonValue>(firstInput),
		models: [...models.values()].map((model) => {
			const values = model.samples
				.filter((sample) => sample.status !== "harness_error" && sample.grader_error === null)
				.map((sample) => sample.scores.find((score) => score.metric === document.headline)?.value)
				.filter((value): value is number => value !== null && value !== undefined);
			const headline = mean(values);
			return { ...model, headline, passed: headline === null ? null : headline >= specCase.threshold };
		}),
		stale_rows: stale,
		artifact_errors: artifactErrors,
	};
}

/** The artifacts an inspection shows: each sample's output, trace, diff, its scores' reasoning and votes, and the input. */
function* artifactShas(
	runs: readonly CaseRun[],
	scores: ReadonlyMap<string, readonly CaseScore[]>,
	input: string | null,
): Generator<string> {
	for (const run of runs) {
		for (const sha of [run.output_sha, run.trace_sha, run.diff_sha]) if (sha !== null) yield sha;
		for (const score of scores.get(run.run_id) ?? []) {
			if (score.reasoning_sha !== null) yield score.reasoning_sha;
			if (score.jury_votes_sha !== null) yield score.jury_votes_sha;
		}
	}
	if (input !== null) yield input;
}

/** Each spec document's cases by id, made once: a spec version never changes, and a pack may hold 50,000 cases. */
const casesById = new WeakMap<SpecDocument, ReadonlyMap<string, SpecCase>>();

function caseOf(document: SpecDocument, caseId: string): SpecCase | undefined {
	let byId = casesById.get(document);
	if (byId === undefined) {
		const map = new Map<string, SpecCase>();
		// The first of a duplicated id, as a search from the start would find.
		for (const item of document.cases) if (!map.has(item.id)) map.set(item.id, item);
		byId = map;
		casesById.set(document, byId);
	}
	return byId.get(caseId);
}

/**
 * The inspection with `rating`, the newest rating of one of its runs, shown on that run's sample
 * (nothing else in an inspection depends on ratings); unchanged when the run is not in it. Lets
 * a cache take a rating without inspecting the case again (tens of ms for 250 samples).
 */
export function withOwnerRating(inspection: Inspection, rating: StoredOwnerRating): Inspection {
	return {
		...inspection,
		models: inspection.models.map((model) => ({
			...model,
			samples: model.samples.map((sample) =>
				sample.run_id === rating.run_id ? { ...sample, owner_rating: ownerRatingOf(rating) } : sample,
			),
		})),
	};
}

/** What a sample shows of its run's latest owner rating. */
function ownerRatingOf(rating: StoredOwnerRating | null): InspectedSample["owner_rating"] {
	return rating === null
		? null
		: { rating: rating.rating, label: rating.label, note: rating.note, created_at: rating.created_at };
}
