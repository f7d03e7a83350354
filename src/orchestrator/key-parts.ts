import {
	type Case,
	canonicalJson,
	contentHash,
	type Grader,
	type JsonObject,
	type ModelEntry,
	type Runner,
	sha256,
} from "../contract/index.js";

/**
 * A case's part of its cell keys: what the model sees and what the grader judges it against,
 * `contentHash({case_id, case_version, input, reference, grader: {id, version, config}})`.
 * Threshold, kind and metadata are left out on purpose: they change how a result is read, not
 * the result, so editing them re-runs nothing.
 */
export function caseKeyPart(testCase: Case, grader: Grader): string {
	return caseKeyParts(grader)(testCase, canonicalJson(testCase.input));
}

/**
 * {@link caseKeyPart} for the many cases of one grader, with each case's input already encoded:
 * the same hash, its canonical text put together from pieces (keys in sorted order) so that the
 * grader's config is encoded once rather than once per case, and the input once for both its
 * hash and its key part. A spec of 50,000 cases is built about a quarter of a second sooner; a
 * test holds the text equal to the generic encoding.
 */
export function caseKeyParts(grader: Grader): (testCase: Case, inputJson: string) => string {
	const graderJson = canonicalJson({ id: grader.id, version: grader.version, config: grader.config });
	return (testCase, inputJson) =>
		sha256(
			`{"case_id":${JSON.stringify(testCase.id)},"case_version":${JSON.stringify(testCase.version)},"grader":${graderJson},"input":${inputJson},"reference":${canonicalJson(testCase.reference)}}`,
		);
}

/**
 * A model's part of its cell keys: the fields that decide what comes back. Display name, tags,
 * price, role, status and the client-side knobs (concurrency, retries, whether replies are
 * streamed) are left out: changing them changes no answer, so turning `stream: false` on for an
 * endpoint that cannot stream re-runs only the cells that failed. What a `command` entry's program
 * may reach (`env` names, `network`, `mounts`) is in: an agent with the network or a mounted
 * folder can do what one without cannot. Each enters only when set, so the keys of entries that
 * set none stay what they were.
 */
export function modelKeyPart(model: ModelEntry): string {
	const { concurrency: _concurrency, max_retries: _retries, stream: _stream, ...options } = model.options;
	return contentHash({
		provider: model.provider,
		model: model.model,
		base_url: model.base_url,
		command: model.command,
		options,
		...(model.env === undefined || model.env.length === 0 ? {} : { env: [...model.env].sort() }),
		...(model.network === true ? { network: true } : {}),
		...(model.mounts === undefined || model.mounts.length === 0
			? {}
			: { mounts: model.mounts.map((mount) => ({ from: mount.from, to: mount.to })) }),
	});
}

/** A harness's part of its cell keys: the runner's id and version and its settings and budget. */
export function harnessKeyPart(runner: Runner, config: JsonObject): string {
	return contentHash({ runner: runner.id, runner_version: runner.version, config });
}
