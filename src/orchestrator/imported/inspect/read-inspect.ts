import { basename, resolve } from "node:path";
import { BadInputError, type JsonObject } from "../../../contract/index.js";
import { DEFAULT_BAND, USE_CASE_ID_PATTERN } from "../../../definitions/index.js";
import type { ImportedEvaluation } from "../imported-evaluation.js";
import { slug } from "../slug.js";
import { logCases } from "./log-cases.js";
import { logHeadline } from "./log-headline.js";
import { issueAt, logRefused } from "./log-issues.js";
import { logMethodology, logOrigin } from "./log-origin.js";
import { logSample } from "./log-sample.js";
import { type InspectLogFile, readInspectFile } from "./read-log-file.js";
import { resolveAttachments } from "./sample-trace.js";

/** The format name of an inspect_ai import: its rows run under the harness `import:inspect`. */
export const INSPECT_FORMAT = "inspect";

/** What the user chose for an import; each default comes from the log. */
export interface InspectImportOptions {
	/** The use case (`--use-case`); default: the task's name slugged, else `inspect-<file name>`. */
	readonly useCase?: string | undefined;
	/** The source (`--source`); default `inspect:<eval_id>`, else `inspect:<run_id>`, else `inspect:<file name>`. */
	readonly source?: string | undefined;
}

/**
 * Reads an inspect_ai log (`.eval` or JSON) into an imported evaluation: the eval's model as the
 * model, one case per dataset sample (its id), one sample per epoch (sample index epoch − 1), each
 * scorer a metric and the first the headline. A log still being written, cancelled or stopped by
 * an error imports the samples it holds (its status is kept, and said: see inspectLogNotice).
 * Throws a BadInputError for a file that is not such a log, a log with no sample or no score, or a
 * use case id touchstone cannot take, before anything is written.
 */
export async function readInspectLog(path: string, options: InspectImportOptions = {}): Promise<ImportedEvaluation> {
	const file = await readInspectFile(path);
	const { header } = file;
	const name = basename(path).replace(/\.(eval|json)$/i, "");
	const use_case_id = useCaseOf(options.useCase, header.eval.task, name);
	const runId = nonEmpty(header.eval.eval_id) ?? nonEmpty(header.eval.run_id);
	const source = options.source ?? `inspect:${runId ?? name}`;
	const samples = latestOf(file).map((sample) => resolveAttachments(sample, sample.attachments ?? {}));
	if (samples.length === 0) throw noSamples(path, file);
	const v1Scorer = header.results?.scorer?.name ?? header.results?.scores?.[0]?.scorer ?? "score";
	const headline = logHeadline(header, samples, v1Scorer);
	if (headline === null) throw noScores(path, samples.length);
	const model = header.eval.model;
	const { cases, order } = logCases(header, samples);
	const context = { model, headline, v1Scorer };
	return {
		format: INSPECT_FORMAT,
		use_case_id,
		source,
		file: { path: resolve(path), sha256: file.sha256, bytes: file.bytes },
		origin: logOrigin(file, samples.length),
		headline,
		band: DEFAULT_BAND,
		cases,
		models: [{ id: model, identity: identityOf(file) }],
		samples: order.map((sample) => logSample(sample, context)),
		methodology: logMethodology(file, headline),
	};
}

/** What identifies the model: its name, the generate config and model args it ran with, its base URL. */
function identityOf(file: InspectLogFile): JsonObject {
	const spec = file.header.eval;
	const identity: Record<string, unknown> = { model: spec.model };
	if (spec.model_generate_config != null && Object.keys(spec.model_generate_config).length > 0)
		identity.generate_config = spec.model_generate_config;
	if (spec.model_args != null && Object.keys(spec.model_args).length > 0) identity.model_args = spec.model_args;
	if (nonEmpty(spec.model_base_url) !== null) identity.base_url = spec.model_base_url;
	return identity as JsonObject;
}

/** The samples, the last of any (id, epoch) the log holds twice (a requeued sample re-logged). */
function latestOf(file: InspectLogFile): InspectLogFile["samples"] {
	const byKey = new Map<string, InspectLogFile["samples"][number]>();
	for (const sample of file.samples) {
		const key = JSON.stringify([String(sample.id), sample.epoch]);
		byKey.delete(key);
		byKey.set(key, sample);
	}
	return [...byKey.values()];
}

function useCaseOf(flag: string | undefined, task: string, name: string): string {
	if (flag !== undefined) {
		if (USE_CASE_ID_PATTERN.test(flag)) return flag;
		throw new BadInputError(`--use-case ${flag} is not a use case id`, [
			{
				source: "--use-case",
				line: null,
				column: null,
				path: flag,
				message: "a use case id is made of lowercase letters, digits, - and _, and starts with a letter or digit",
				fix: `e.g. --use-case ${slug(flag) || "inspect-eval"}`,
			},
		]);
	}
	const named = slug(task);
	if (named !== "") return named;
	return `inspect-${slug(name) || "eval"}`;
}

function noSamples(path: string, file: InspectLogFile): BadInputError {
	const { status, results } = file.header;
	const total = results?.total_samples ?? 0;
	const message =
		status === "success" && total > 0
			? `the log holds no samples, though the eval ran ${total}: it was written without them (--no-log-samples)`
			: `the log holds no samples (status ${status ?? "started"}): the eval stopped before any sample finished`;
	return logRefused(path, [
		issueAt(file.headerSource, {
			message,
			fix: "import the log of an eval that ran samples and logged them (inspect logs them unless --no-log-samples)",
		}),
	]);
}

function noScores(path: string, count: number): BadInputError {
	return logRefused(path, [
		issueAt(path, {
			message: `none of the log's ${count} samples has a score a number can be read from: nothing to rank by`,
			fix: "score the log first (`inspect score LOG`), then import the scored log",
		}),
	]);
}

function nonEmpty(value: string | null | undefined): string | null {
	return value == null || value === "" ? null : value;
}
