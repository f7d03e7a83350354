import {
	type Case,
	canonicalJson,
	contentHash,
	type Grader,
	type JsonObject,
	type Runner,
	sha256,
} from "../contract/index.js";

/** What of a grader enters a case's key part: a grader, or a description of one (a sprint's layers). */
export type GraderIdentity = Pick<Grader, "id" | "version" | "config">;

/** Defined with the contract, since a jury's jurors enter its grader's config by theirs. */
export { modelKeyPart } from "../contract/index.js";

/**
 * A case's part of its cell keys: what the model sees and what the grader judges it against,
 * `contentHash({case_id, case_version, input, reference, grader: {id, version, config}})`.
 * Threshold, kind and metadata are left out on purpose: they change how a result is read, not
 * the result, so editing them re-runs nothing.
 */
export function caseKeyPart(testCase: Case, grader: GraderIdentity): string {
	return caseKeyParts(grader)(testCase, canonicalJson(testCase.input));
}

/**
 * {@link caseKeyPart} for the many cases of one grader, with each case's input already encoded:
 * the same hash, its canonical text put together from pieces (keys in sorted order) so that the
 * grader's config is encoded once rather than once per case, and the input once for both its
 * hash and its key part. A spec of 50,000 cases is built about a quarter of a second sooner; a
 * test holds the text equal to the generic encoding.
 */
export function caseKeyParts(grader: GraderIdentity): (testCase: Case, inputJson: string) => string {
	const graderJson = canonicalJson({ id: grader.id, version: grader.version, config: grader.config });
	return (testCase, inputJson) =>
		sha256(
			`{"case_id":${JSON.stringify(testCase.id)},"case_version":${JSON.stringify(testCase.version)},"grader":${graderJson},"input":${inputJson},"reference":${canonicalJson(testCase.reference)}}`,
		);
}

/** A harness's part of its cell keys: the runner's id and version and its settings and budget. */
export function harnessKeyPart(runner: Pick<Runner, "id" | "version">, config: JsonObject): string {
	return contentHash({ runner: runner.id, runner_version: runner.version, config });
}
