import type { AttemptStatus, JsonObject, JsonValue } from "../../../contract/index.js";
import type { ImportedSample, ImportedScore } from "../imported-evaluation.js";
import type { InspectMessage, InspectSample } from "./log-schema.js";
import { sampleScores } from "./sample-scores.js";
import { sampleTelemetry } from "./sample-telemetry.js";
import { messageText, promptOf, sampleTrace } from "./sample-trace.js";

/** What every sample of one log shares, decided by the reader. */
export interface SampleContext {
	/** The eval's model (`eval.model`): the model id, and whose usage is the sample's telemetry. */
	readonly model: string;
	/** The headline metric. */
	readonly headline: string;
	/** The only scorer's name, for a format version 1 sample's single `score`. */
	readonly v1Scorer: string;
}

/**
 * One inspect sample (attachments resolved) as an imported sample of its case (the sample's id)
 * in sample index epoch − 1: status and error (see {@link sampleStatus}), scores, the prompt
 * messages, the output, the rest of the conversation as the trace, and telemetry; its own ids,
 * target, metadata, timings and every model's usage as details.
 */
export function logSample(sample: InspectSample, context: SampleContext): ImportedSample {
	const { status, error } = sampleStatus(sample);
	const scores =
		status === "harness_error" ? [] : withHeadline(sampleScores(sample, context.v1Scorer), status, error, context);
	return {
		case_id: String(sample.id),
		model_id: context.model,
		sample_index: sample.epoch - 1,
		status,
		error,
		prompt: promptOf(sample.messages ?? []),
		output: outputOf(sample),
		trace: sampleTrace(sample),
		telemetry: sampleTelemetry(sample, context.model),
		scores,
		started_at: sample.started_at ?? null,
		finished_at: sample.completed_at ?? null,
		details: detailsOf(sample),
	};
}

/**
 * How a sample ended. A sample inspect recorded an error for is `failed` (the model's failure,
 * graded) once the model had answered (an assistant message, or an output with a choice), and a
 * `harness_error` (excluded from the figures, counted) only when inspect failed before any model
 * output (a sandbox that did not start, a setup that broke). A sample a limit ended is `limit`
 * (inspect scores it all the same); every other sample `completed`, whatever its score.
 */
export function sampleStatus(sample: InspectSample): { status: AttemptStatus; error: string | null } {
	if (sample.error != null)
		return { status: answered(sample) ? "failed" : "harness_error", error: sample.error.message };
	if (sample.limit != null) {
		const limit = sample.limit.limit == null ? "" : ` of ${sample.limit.limit}`;
		return { status: "limit", error: `the ${sample.limit.type} limit${limit} ended the sample` };
	}
	return { status: "completed", error: null };
}

function answered(sample: InspectSample): boolean {
	if ((sample.output?.choices ?? []).length > 0) return true;
	return (sample.messages ?? []).some((message: InspectMessage) => message.role === "assistant");
}

/**
 * The scores with a headline score always among them, as every graded sample needs one: a
 * failed sample inspect did not score scores 0 (a failure of the model earns nothing); any other
 * sample without one is `unscored` (a label, left out of the figures as inspect's metrics leave
 * it out).
 */
function withHeadline(
	scores: ImportedScore[],
	status: AttemptStatus,
	error: string | null,
	context: SampleContext,
): ImportedScore[] {
	if (scores.some((score) => score.metric === context.headline)) return scores;
	const headline: ImportedScore =
		status === "failed"
			? {
					metric: context.headline,
					score_type: "absolute",
					value: 0,
					value_label: null,
					reasoning: `inspect did not score this sample: it ended in an error after the model answered (${error}), a failure of the model`,
					extras: { scored_by: "touchstone" },
				}
			: {
					metric: context.headline,
					score_type: "label",
					value: null,
					value_label: "unscored",
					reasoning: `inspect gave this sample no ${context.headline} score`,
					extras: null,
				};
	return [headline, ...scores];
}

/** The model's final output: its completion, else the first choice's text; null when it gave none. */
function outputOf(sample: InspectSample): string | null {
	const output = sample.output;
	if (output == null) return null;
	if (output.completion != null && output.completion !== "") return output.completion;
	const choice = output.choices?.[0];
	return choice === undefined ? null : messageText(choice.message);
}

/** The sample's own record beyond what the imported sample holds. */
function detailsOf(sample: InspectSample): JsonObject {
	const entries: Record<string, unknown> = {
		sample_id: sample.id,
		epoch: sample.epoch,
		uuid: sample.uuid,
		target: sample.target,
		choices: sample.choices,
		metadata: sample.metadata != null && Object.keys(sample.metadata).length > 0 ? sample.metadata : undefined,
		total_time_s: sample.total_time,
		working_time_s: sample.working_time,
		model_usage: sample.model_usage,
		role_usage: sample.role_usage != null && Object.keys(sample.role_usage).length > 0 ? sample.role_usage : undefined,
		limit: sample.limit,
		error: sample.error == null ? undefined : { message: sample.error.message, traceback: sample.error.traceback },
		error_retries: (sample.error_retries ?? []).length > 0 ? sample.error_retries?.length : undefined,
		output_error: sample.output?.error,
		stop_reason: sample.output?.choices?.[0]?.stop_reason,
	};
	return Object.fromEntries(
		Object.entries(entries).filter(([, value]) => value !== undefined && value !== null),
	) as Record<string, JsonValue> as JsonObject;
}
