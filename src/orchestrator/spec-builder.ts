import {
	type Case,
	canonicalJson,
	contentHash,
	DEFAULT_FLOOR_MISS_TOLERANCE,
	type Grader,
	type JsonObject,
	type ModelEntry,
	type Runner,
	type SpecDocument,
	type SpecEndpoints,
	sha256,
} from "../contract/index.js";
import type { UseCaseDefinition } from "../definitions/index.js";
import { caseKeyParts, harnessKeyPart, modelKeyPart } from "./key-parts.js";

/** A frozen spec ready to store: its document, hash, version and methodology text. */
export interface BuiltSpec {
	/** The document stored as `spec_json`. */
	readonly document: SpecDocument;
	/** Full content hash of the document. */
	readonly spec_hash: string;
	/** `<use case>@<first 12 hex of the hash>`: short enough to type, unique enough to trust. */
	readonly benchmark_version: string;
	/** How the use case is measured, in words. */
	readonly methodology: string;
}

/** What a spec is built from: today's definitions, resolved. */
export interface SpecInputs {
	readonly useCase: UseCaseDefinition;
	readonly headline: string;
	readonly cases: readonly Case[];
	readonly grader: Grader;
	readonly runner: Runner;
	readonly harnessConfig: JsonObject;
	/** Every model of the registry: any of them may be run with --models, and runs of one model
	 * must not make another's rows look stale. */
	readonly registry: readonly ModelEntry[];
	/** Which entries of `registry` are endpoint models (`--base-url`), and what they derive from. */
	readonly endpoints?: SpecEndpoints | undefined;
	readonly judgePanel: { readonly id: string; readonly version: string } | null;
}

/** Freezes today's definitions of one use case into a spec document and its version. */
export function buildSpec(inputs: SpecInputs): BuiltSpec {
	const { useCase, grader, runner } = inputs;
	const keyPartOf = caseKeyParts(grader);
	const document: SpecDocument = {
		spec_format: 1,
		use_case_id: useCase.id,
		plugin: useCase.plugin ?? "",
		headline: inputs.headline,
		band: useCase.band,
		samples: useCase.samples,
		deployed: useCase.deployed
			? { model: useCase.deployed.model, harness: useCase.deployed.harness, source: useCase.deployed.source ?? null }
			: null,
		judge_panel: inputs.judgePanel,
		grader: { id: grader.id, version: grader.version, config: grader.config },
		harness: { id: runner.id, key_part: harnessKeyPart(runner, inputs.harnessConfig), config: inputs.harnessConfig },
		cases: inputs.cases.map((testCase) => {
			// The input is encoded once, for its hash (Case.inputHash) and its key part (caseKeyPart).
			const inputJson = canonicalJson(testCase.input);
			// Keys in sorted order, so that encoding the spec (three times: its hash, its size, its
			// bytes) never sorts the keys of its 50,000 case entries.
			return {
				id: testCase.id,
				input_hash: sha256(inputJson),
				key_part: keyPartOf(testCase, inputJson),
				kind: testCase.kind,
				threshold: testCase.threshold,
				version: testCase.version,
			};
		}),
		models: Object.fromEntries(inputs.registry.map((model) => [model.id, modelKeyPart(model)])),
		reference_models: inputs.registry.filter((model) => model.provider === "builtin").map((model) => model.id),
		// Only when there are some, so that the versions of every other spec stay what they were.
		...(inputs.endpoints === undefined || Object.keys(inputs.endpoints).length === 0
			? {}
			: { endpoints: inputs.endpoints }),
		// Likewise only off its default, and only for a task pack: the gate model's floor, read from
		// the store by the leaderboard; no cell key holds it, so changing it re-runs nothing.
		...(useCase.tasks === null || useCase.floor_miss_tolerance === DEFAULT_FLOOR_MISS_TOLERANCE
			? {}
			: { floor_miss_tolerance: useCase.floor_miss_tolerance }),
	};
	const spec_hash = contentHash(document);
	return {
		document,
		spec_hash,
		benchmark_version: `${useCase.id}@${spec_hash.slice(0, 12)}`,
		methodology: describeMethodology(document),
	};
}

function describeMethodology(spec: SpecDocument): string {
	const count = (kind: string) => spec.cases.filter((testCase) => testCase.kind === kind).length;
	const kinds = ["floor", "ceiling", "frontier", "stub"]
		.filter((kind) => count(kind) > 0)
		.map((kind) => `${count(kind)} ${kind}`)
		.join(", ");
	const jury = spec.judge_panel ? ` by the pinned jury ${spec.judge_panel.id} (${spec.judge_panel.version})` : "";
	return [
		`${spec.cases.length} cases (${kinds}) of use case ${spec.use_case_id}, run through the ${spec.harness.id} harness and graded${jury} by ${spec.grader.id}@${spec.grader.version}.`,
		`Headline metric: ${spec.headline}; a case passes when its headline, averaged over samples, reaches the case threshold.`,
		`Limited depth runs the floor cases once; thorough depth runs every case ${spec.samples} times by default.`,
		`Good enough means within ${spec.band} of the best headline.`,
	].join(" ");
}
