import type { JsonObject } from "../../../contract/index.js";
import type { ImportedEvaluation } from "../imported-evaluation.js";
import type { InspectLogFile } from "./read-log-file.js";

/** What the log says about itself, kept in every row's provenance (unknown fields left out). */
export function logOrigin(file: InspectLogFile, samples: number): JsonObject {
	const { header } = file;
	const spec = header.eval;
	const entries: Record<string, unknown> = {
		tool: "inspect_ai",
		inspect_version: spec.packages?.inspect_ai,
		log_format: file.format,
		log_version: header.version,
		status: header.status ?? "started",
		eval_id: spec.eval_id,
		run_id: spec.run_id,
		eval_set_id: spec.eval_set_id,
		task: spec.task,
		task_id: spec.task_id,
		task_version: spec.task_version,
		task_file: spec.task_file,
		created: spec.created,
		model: spec.model,
		dataset: spec.dataset?.name ?? spec.dataset?.location,
		epochs: spec.config?.epochs,
		solver: (header.plan?.steps ?? []).map((step) => step.solver).join(" → ") || undefined,
		revision: spec.revision,
		samples_in_log: samples,
		total_samples: header.results?.total_samples,
		error: header.error?.message,
	};
	return Object.fromEntries(
		Object.entries(entries).filter(([, value]) => value !== undefined && value !== null && value !== ""),
	) as JsonObject;
}

/** How the log measured, in words: the spec's methodology starts with it. */
export function logMethodology(file: InspectLogFile, headline: string): string {
	const spec = file.header.eval;
	const version = spec.packages?.inspect_ai;
	const made = `inspect_ai${version === undefined ? "" : ` ${version}`} task ${spec.task}${spec.eval_id ? ` (eval ${spec.eval_id})` : ""}`;
	const status = file.header.status ?? "started";
	return [
		`Graded by ${made}: each sample's scorers as inspect ran them, one row per sample and epoch.`,
		`Scores read as inspect's metrics read them (C 1, P 0.5, I and N 0, numbers as they are, other strings as labels, NaN unscored); the headline is ${headline}, the first scorer the log ranks by.`,
		"A sample that ended in an error after the model answered is the model's failure; one inspect failed before any model output is a harness error, excluded from the figures.",
		status === "success" ? "" : `The log's status is ${status}: it holds only the samples that finished.`,
	]
		.filter((sentence) => sentence !== "")
		.join(" ");
}

/**
 * What to tell the user about a log that is not a finished eval (status `started`, `cancelled`
 * or `error`): only the samples it holds were imported. Null for a finished one.
 */
export function inspectLogNotice(evaluation: ImportedEvaluation): string | null {
	const { status, samples_in_log, total_samples, error } = evaluation.origin;
	if (status === "success" || status === undefined) return null;
	const of = typeof total_samples === "number" ? ` of ${total_samples}` : "";
	const said = {
		started: "is still being written (status started)",
		cancelled: "is of a cancelled eval (status cancelled)",
		error: `is of an eval that stopped with an error (status error${typeof error === "string" ? `: ${error}` : ""})`,
	}[String(status)];
	return `note: the log ${said ?? `has status ${String(status)}`}: only the ${String(samples_in_log)}${of} samples it holds are imported; import it again once the eval has finished (the same source replaces these rows)`;
}
