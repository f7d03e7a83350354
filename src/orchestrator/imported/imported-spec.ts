import {
	canonicalJson,
	contentHash,
	type JsonObject,
	type SpecCase,
	type SpecDocument,
	sha256,
} from "../../contract/index.js";
import type { SpecSnapshotInput, StoredSpec } from "../../store/index.js";
import type { ImportedEvaluation } from "./imported-evaluation.js";

/** Version of the import mapping; a change to how files become rows changes it, and so every imported cell key. */
export const IMPORTER_VERSION = "1";

/** The harness (and grader) id of an importer's rows: `import:promptfoo`, `import:inspect`. */
export function importHarnessId(format: string): string {
	return `import:${format}`;
}

/**
 * The spec an import's rows are current under: one case per imported case, one model part per
 * imported model, and the importer as harness and grader. Its key parts are made of what the file
 * says of each case (id, input, threshold) and model (its identity) and never of the file itself,
 * so that another file of the same tool imported into the same use case (`extend`, the use case's
 * current imported spec) joins its cases and models instead of turning their rows stale; a case
 * the new file holds again is taken as the new file has it.
 */
export function importedSpec(evaluation: ImportedEvaluation, extend: StoredSpec | null): SpecSnapshotInput {
	const format = evaluation.format;
	const previous = extend === null ? null : (extend.spec as unknown as SpecDocument);
	const cases = new Map<string, SpecCase>((previous?.cases ?? []).map((item) => [item.id, item]));
	for (const item of evaluation.cases) {
		const input_hash = sha256(canonicalJson(item.input));
		cases.set(item.id, {
			id: item.id,
			version: input_hash.slice(0, 12),
			kind: item.kind,
			threshold: item.threshold,
			input_hash,
			key_part: contentHash({ importer: format, importer_version: IMPORTER_VERSION, case_id: item.id, input_hash }),
		});
	}
	const models: Record<string, string> = { ...previous?.models };
	for (const model of evaluation.models)
		models[model.id] = contentHash({ importer: format, importer_version: IMPORTER_VERSION, model: model.identity });
	const config: JsonObject = { format, importer_version: IMPORTER_VERSION };
	const id = importHarnessId(format);
	const document: SpecDocument = {
		spec_format: 1,
		use_case_id: evaluation.use_case_id,
		plugin: id,
		headline: evaluation.headline,
		band: evaluation.band,
		samples: Math.max(previous?.samples ?? 1, ...evaluation.samples.map((sample) => sample.sample_index + 1)),
		deployed: null,
		judge_panel: null,
		grader: { id, version: IMPORTER_VERSION, config },
		harness: { id, key_part: contentHash({ harness: id, ...config }), config },
		cases: [...cases.values()],
		models,
		reference_models: [],
	};
	const spec_hash = contentHash(document);
	return {
		benchmark_version: `${evaluation.use_case_id}@${spec_hash.slice(0, 12)}`,
		use_case_id: evaluation.use_case_id,
		spec_hash,
		spec: document as unknown as JsonObject,
		home_repo: `${format}:${evaluation.file.path}@${evaluation.file.sha256.slice(0, 12)}`,
		methodology: [
			evaluation.methodology,
			`Imported by touchstone from ${evaluation.file.path} (sha256 ${evaluation.file.sha256}) as source ${evaluation.source}: ${document.cases.length} cases, ${Object.keys(models).length} models; a re-import of the same source replaces exactly its rows.`,
			`Headline metric: ${evaluation.headline}; good enough means within ${evaluation.band} of the best headline.`,
		].join(" "),
	};
}
