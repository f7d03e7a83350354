import {
	type AttemptStatus,
	canonicalJson,
	cellKey,
	type JsonObject,
	type JsonValue,
	NotFoundError,
	type SprintDefinition,
	type SprintOutcome,
	type SprintRowInput,
	type Step,
	sprintUseCaseId,
	type Telemetry,
} from "../contract/index.js";
import type { Definitions } from "../definitions/index.js";
import type { StagedArtifact, Store } from "../store/index.js";
import { modelKeyPart } from "./key-parts.js";
import { knownSecrets } from "./known-secrets.js";
import { type RedactionCount, SecretRedactor } from "./secret-redactor.js";
import { sprintScores } from "./sprint-scores.js";
import {
	SPRINT_GRADER_ID,
	SPRINT_GRADER_VERSION,
	SPRINT_HARNESS_VERSION,
	sprintCase,
	sprintHarness,
	sprintSpec,
} from "./sprint-spec.js";

/**
 * What a finished sprint run hands to the store: the row every report folds (SprintRowInput),
 * with the sprint's definition in place of its id, and what only the store row keeps.
 */
export interface SprintRunRecord extends Omit<SprintRowInput, "sprint"> {
	/** The model registry: the run's model must be in it, and every model's key part enters the spec. */
	readonly definitions: Pick<Definitions, "models">;
	readonly sprint: SprintDefinition;
	/** The measured layers folded by their weights, 0..1; null when no layer gave a score (a failed run's is ignored). */
	readonly code_score: number | null;
	/** Why the run failed (`fail@Mnn`: its milestone's last failure) or the harness failed; null for a passed run. */
	readonly error: string | null;
	/** The branch's diff against the baseline; null when there is none to keep. */
	readonly diff: string | null;
	/** The run's steps for the inspector, when the driver keeps them; absent or null for none. */
	readonly trace?: readonly Step[] | null;
	/** The environment whose secrets are redacted from what is stored (see knownSecrets); default process.env. */
	readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Writes one sprint run into the store as one cell of the use case `sprint-<id>`: first the
 * sprint's spec snapshot at the run's sprint version (first write wins) made the current one,
 * then the run row and its scores in one transaction (see sprintScores). The cell is (the
 * sprint's one case, the model, the harness `sprint-<mode>`, sample 0) with the same cellKey as
 * every other cell: a re-run is a new row of the same cell and the read layer counts the latest
 * graded one. Status: `completed` for a passed run, `failed` for `fail@Mnn` (error
 * `fail@Mnn: why`), `harness_error` for a harness failure (no scores: never the model's failure).
 * Telemetry is the footprint's: cost (null when unknown), wall clock as latency, tokens, and the
 * model calls as turns. The diff (and trace, when given) are artifacts; the diff, trace, error
 * and provenance are cleared of every secret the run knows, as a normal cell's are. Returns the
 * run id. Throws NotFoundError when the model is not in the registry (its row could never be
 * current).
 */
export async function recordSprintRun(store: Store, record: SprintRunRecord): Promise<string> {
	const { sprint, definitions } = record;
	const model = definitions.models.find((entry) => entry.id === record.model);
	if (model === undefined)
		throw new NotFoundError(
			`model ${record.model} is not in the registry (models.yaml), so its sprint row could never be current; add it there`,
		);
	checkScore(record.code_score);
	const useCaseId = sprintUseCaseId(sprint.id);
	const spec = sprintSpec(definitions, sprint, record.sprint_version);
	store.freezeSpec({
		benchmark_version: spec.benchmark_version,
		use_case_id: useCaseId,
		spec_hash: spec.spec_hash,
		spec: spec.document as unknown as JsonObject,
		home_repo: null,
		methodology: spec.methodology,
	});
	store.activateSpec(useCaseId, spec.benchmark_version);

	const testCase = sprintCase(sprint, record.sprint_version);
	const harness = sprintHarness(sprint, record.orchestration);
	const case_part = spec.document.cases[0]?.key_part as string;
	const cell_key = cellKey({
		case_part,
		model_part: modelKeyPart(model),
		harness_part: harness.key_part,
		sample_index: 0,
	});

	const redactor = new SecretRedactor(knownSecrets(definitions.models, record.env ?? process.env));
	const redactions: RedactionCount = { count: 0 };
	const kept = redactor.json(
		{
			diff: record.diff,
			trace: record.trace ?? null,
			error: errorText(record.outcome, record.error),
			provenance: provenanceOf(record, harness.id),
		},
		redactions,
	);
	const graded = sprintScores(record.outcome, record.code_score, record.layers);
	const scores = redactor.json(graded.scores, redactions);

	const artifacts: StagedArtifact[] = [];
	const stage = (value: string | null, type: string): string | null => {
		if (value === null) return null;
		const staged = store.stageArtifact(value, type);
		artifacts.push(staged);
		return staged.sha256;
	};
	// The input artifact is the canonical JSON of the input, so its sha256 is the input hash.
	const input_sha = stage(canonicalJson(testCase.input), "application/json") as string;
	const { footprint } = record;
	const cost_unknown = footprint.cost_unknown_calls;
	return store.recordCell({
		artifacts,
		run: {
			benchmark_version: spec.benchmark_version,
			use_case_id: useCaseId,
			case_id: testCase.id,
			case_version: testCase.version,
			case_kind: testCase.kind,
			input_hash: input_sha,
			model_id: model.id,
			harness: harness.id,
			sample_index: 0,
			depth: "thorough",
			cell_key,
			status: statusOf(record.outcome),
			error: kept.error,
			grader_error: graded.grader_error,
			telemetry: telemetryOf(record),
			input_sha,
			output_sha: null,
			trace_sha:
				kept.trace === null || kept.trace.length === 0 ? null : stage(canonicalJson(kept.trace), "application/json"),
			diff_sha: stage(kept.diff, "text/x-diff; charset=utf-8"),
			raw_sha: null,
			provenance: kept.provenance,
			started_at: record.started_at,
			finished_at: record.finished_at,
			redactions: redactions.count,
			warnings:
				cost_unknown === 0
					? []
					: [
							`the cost of ${cost_unknown} model call${cost_unknown === 1 ? " is" : "s is"} unknown, so the run's cost is unknown`,
						],
		},
		scores: scores.map(({ jury_votes: _votes, reasoning: _reasoning, ...score }) => ({
			...score,
			jury_votes_sha: null,
			reasoning_sha: null,
		})),
	});
}

function statusOf(outcome: SprintOutcome): AttemptStatus {
	if (outcome === "passed") return "completed";
	return outcome === "harness_error" ? "harness_error" : "failed";
}

/** The row's error: `fail@M02: why` for a failed run, the harness's error for a harness failure, null for a pass. */
function errorText(outcome: SprintOutcome, error: string | null): string | null {
	if (outcome === "passed") return null;
	if (outcome === "harness_error") return error ?? "the sprint harness failed (no reason was recorded)";
	const why = error ?? "every attempt of the milestone failed";
	return why.startsWith(`${outcome}:`) ? why : `${outcome}: ${why}`;
}

function telemetryOf({ footprint }: SprintRunRecord): Telemetry {
	return {
		cost_usd: footprint.cost_usd,
		latency_ms: Math.round(footprint.wall_clock_s * 1000),
		ttft_ms: null,
		input_tokens: footprint.input_tokens,
		output_tokens: footprint.output_tokens,
		cache_tokens: null,
		tokens_per_sec: null,
		turns: footprint.calls,
	};
}

/**
 * Who produced the row and how it ended: the sprint's facts at the top (version, outcome, mode,
 * branch, workspace, log, footprint, every layer's verdict with its reason and version), the
 * driver's own provenance as the runner's details (where a sandbox's `isolated` flag is read from),
 * and the grader with each layer's version.
 */
function provenanceOf(record: SprintRunRecord, harnessId: string): JsonObject {
	const layers: JsonObject = {};
	const versions: JsonObject = {};
	for (const [layer, result] of Object.entries(record.layers)) {
		if (result === undefined) continue;
		layers[layer] = {
			measured: result.measured,
			score: result.score,
			passed: result.passed,
			reason: result.reason,
			version: result.version,
		};
		versions[layer] = result.version;
	}
	return {
		sprint: record.sprint.id,
		sprint_version: record.sprint_version,
		outcome: record.outcome,
		orchestration: record.orchestration,
		baseline: record.sprint.source.baseline,
		branch: record.branch,
		workspace: record.workspace,
		log: record.log,
		footprint: { ...record.footprint, diff: { ...record.footprint.diff } },
		layers,
		runner: { runner: harnessId, runner_version: SPRINT_HARNESS_VERSION, details: detailsOf(record.provenance) },
		grader: { id: SPRINT_GRADER_ID, version: SPRINT_GRADER_VERSION, layers: versions },
	};
}

function detailsOf(provenance: JsonValue): JsonObject {
	return typeof provenance === "object" && provenance !== null && !Array.isArray(provenance)
		? provenance
		: { provenance };
}

function checkScore(score: number | null): void {
	if (score !== null && !(Number.isFinite(score) && score >= 0 && score <= 1))
		throw new RangeError(`recordSprintRun: code_score is ${score}; a sprint score is a number from 0 to 1, or null`);
}
