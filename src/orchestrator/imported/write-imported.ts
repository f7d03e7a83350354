import {
	BadInputError,
	canonicalJson,
	cellKey,
	type JsonObject,
	type SpecDocument,
	sha256,
} from "../../contract/index.js";
import type { CellRecord, ScoreRecord, StagedArtifact, Store } from "../../store/index.js";
import type { ImportedEvaluation, ImportedSample } from "./imported-evaluation.js";
import { IMPORTER_VERSION, importedSpec, importHarnessId } from "./imported-spec.js";
import { type SourceWrite, specToExtend, writeSource } from "./write-source.js";

/** What an import wrote, for the CLI. */
export interface ImportWrite extends SourceWrite {
	readonly format: string;
	readonly cases: number;
	readonly models: number;
}

/**
 * Writes an imported evaluation: its spec (extending the use case's current spec when the same
 * importer made it, refusing a use case touchstone runs or another importer owns) and one run per
 * sample with its scores and artifacts (input, output, trace, and the prompt and the file's own
 * record of the sample as the raw artifact), tagged with the evaluation's source. Re-importing a
 * source replaces its rows and nothing else. `flag` is where the use case id came from.
 */
export function writeImported(store: Store, evaluation: ImportedEvaluation, flag = "--use-case"): ImportWrite {
	refuseInconsistent(evaluation);
	const harness = importHarnessId(evaluation.format);
	const extend = specToExtend(
		store,
		evaluation.use_case_id,
		flag,
		(spec) => spec.ingest_source !== null && (spec.spec as unknown as SpecDocument).plugin === harness,
	);
	if (extend !== null) refuseOtherHeadline(evaluation, extend.spec as unknown as SpecDocument, flag);
	const spec = importedSpec(evaluation, extend);
	const document = spec.spec as unknown as SpecDocument;
	const cells = cellsOf(store, evaluation, spec.benchmark_version, document);
	const written = writeSource(store, { use_case_id: evaluation.use_case_id, source: evaluation.source, spec, cells });
	return { ...written, format: evaluation.format, cases: evaluation.cases.length, models: evaluation.models.length };
}

function cellsOf(
	store: Store,
	evaluation: ImportedEvaluation,
	benchmarkVersion: string,
	spec: SpecDocument,
): CellRecord[] {
	const specCases = new Map(spec.cases.map((item) => [item.id, item]));
	const inputs = new Map(evaluation.cases.map((item) => [item.id, canonicalJson(item.input)]));
	const staged = new Map<string, StagedArtifact>();
	const grader_version = `${importHarnessId(evaluation.format)}@${IMPORTER_VERSION}`;
	return evaluation.samples.map((sample) => {
		const artifacts: StagedArtifact[] = [];
		const stage = (content: string | null, type: string): string | null => {
			if (content === null) return null;
			const key = `${type}\n${sha256(content)}`;
			let artifact = staged.get(key);
			if (artifact === undefined) {
				artifact = store.stageArtifact(content, type);
				staged.set(key, artifact);
				artifacts.push(artifact);
			}
			return artifact.sha256;
		};
		const specCase = specCases.get(sample.case_id);
		if (specCase === undefined) throw new TypeError(`imported sample of unknown case ${sample.case_id}`);
		const input_sha = stage(inputs.get(sample.case_id) as string, "application/json");
		const scores: ScoreRecord[] = sample.scores.map((score) => ({
			metric: score.metric,
			score_type: score.score_type,
			value: score.value,
			value_label: score.value_label,
			jury_votes_sha: null,
			inter_judge_disagreement: null,
			confidence: null,
			critical_failure: false,
			gate_meta: null,
			reasoning_sha: stage(score.reasoning, "text/plain; charset=utf-8"),
			grader_version,
			judge_panel_version: null,
			extras: score.extras,
		}));
		return {
			artifacts,
			run: {
				benchmark_version: benchmarkVersion,
				use_case_id: evaluation.use_case_id,
				case_id: sample.case_id,
				case_version: specCase.version,
				case_kind: specCase.kind,
				input_hash: specCase.input_hash,
				model_id: sample.model_id,
				harness: spec.harness.id,
				sample_index: sample.sample_index,
				depth: "thorough",
				cell_key: cellKey({
					case_part: specCase.key_part,
					model_part: spec.models[sample.model_id] as string,
					harness_part: spec.harness.key_part,
					sample_index: sample.sample_index,
				}),
				status: sample.status,
				error: sample.error,
				grader_error: null,
				telemetry: sample.telemetry,
				input_sha,
				output_sha: stage(sample.output, "text/plain; charset=utf-8"),
				trace_sha: sample.trace.length === 0 ? null : stage(canonicalJson(sample.trace), "application/json"),
				diff_sha: null,
				raw_sha: stage(rawOf(sample), "application/json"),
				provenance: provenanceOf(evaluation),
				started_at: sample.started_at,
				finished_at: sample.finished_at,
				redactions: 0,
				warnings: [],
			},
			scores,
		};
	});
}

/** The prompt as sent and the file's own record of the sample: what an inspector shows as the raw reply. */
function rawOf(sample: ImportedSample): string {
	return canonicalJson({ prompt: sample.prompt, record: sample.details });
}

function provenanceOf(evaluation: ImportedEvaluation): JsonObject {
	return {
		import: {
			format: evaluation.format,
			importer_version: IMPORTER_VERSION,
			source: evaluation.source,
			file: { ...evaluation.file },
			origin: evaluation.origin,
		},
	};
}

/** An importer's bug, not the file's: the importer validates the file into a consistent evaluation. */
function refuseInconsistent(evaluation: ImportedEvaluation): void {
	const cases = new Set(evaluation.cases.map((item) => item.id));
	const models = new Set(evaluation.models.map((item) => item.id));
	if (cases.size !== evaluation.cases.length) throw new TypeError("imported evaluation: case ids repeat");
	if (models.size !== evaluation.models.length) throw new TypeError("imported evaluation: model ids repeat");
	const cells = new Set<string>();
	for (const sample of evaluation.samples) {
		if (!cases.has(sample.case_id) || !models.has(sample.model_id))
			throw new TypeError(`imported sample of unknown case or model: ${sample.case_id} × ${sample.model_id}`);
		const cell = JSON.stringify([sample.case_id, sample.model_id, sample.sample_index]);
		if (cells.has(cell)) throw new TypeError(`imported evaluation: sample ${cell} repeats`);
		cells.add(cell);
		if (sample.status !== "harness_error" && !sample.scores.some((score) => score.metric === evaluation.headline))
			throw new TypeError(`imported sample ${cell} has no ${evaluation.headline} score`);
	}
}

function refuseOtherHeadline(evaluation: ImportedEvaluation, current: SpecDocument, flag: string): void {
	if (current.headline === evaluation.headline) return;
	const message = `use case ${evaluation.use_case_id} ranks by ${current.headline}, and this import's headline is ${evaluation.headline}`;
	throw new BadInputError(message, [
		{
			source: flag,
			line: null,
			column: null,
			path: evaluation.use_case_id,
			message,
			fix: `import into a use case of its own with ${flag}`,
		},
	]);
}
