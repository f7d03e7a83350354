import { type AttemptStatus, canonicalJson, type JsonObject, type JsonValue } from "../../../contract/index.js";
import type { ImportedSample, ImportedScore } from "../imported-evaluation.js";
import { providerOf } from "./result-models.js";
import { resultTelemetry } from "./result-telemetry.js";
import { FAILURE_REASONS, type PromptfooResult } from "./results-schema.js";

/** The headline metric of a promptfoo import: promptfoo's own pass (1) or fail (0) of the row. */
export const PROMPTFOO_HEADLINE = "pass";

/** Where a row sits: its case, model and sample index, decided by the reader. */
export interface RowPlace {
	readonly case_id: string;
	readonly model_id: string;
	readonly sample_index: number;
}

/**
 * One promptfoo row as a sample: its status (see {@link resultStatus}), scores (see
 * {@link resultScores}), the rendered prompt and the output, telemetry, and the row's own ids
 * and figures as details.
 */
export function resultSample(row: PromptfooResult, place: RowPlace): ImportedSample {
	const { status, error } = resultStatus(row);
	const output = outputOf(row);
	return {
		...place,
		status,
		error,
		prompt: row.prompt.raw,
		output,
		trace: [],
		telemetry: resultTelemetry(row),
		scores: status === "harness_error" ? [] : resultScores(row),
		started_at: null,
		finished_at: null,
		details: detailsOf(row),
	};
}

/**
 * How a row ended. A passing row is `completed`, every other row the model answered is `failed`,
 * whatever promptfoo's failureReason: an assertion that failed (ASSERT) or that broke on the
 * model's output (ERROR) is the model's failure, never excluded. A row without an answer is
 * `harness_error` (excluded, counted) when promptfoo says the call failed (ERROR with an error and
 * no output: the endpoint was down, refused the request or the run stopped), `timeout` (a graded
 * failure, as touchstone's own timed-out calls) when that error says it timed out; a call that
 * came back empty without an error is the model's `failed` ("No output").
 */
export function resultStatus(row: PromptfooResult): { status: AttemptStatus; error: string | null } {
	const error = row.error ?? row.response?.error ?? null;
	if (row.success) return { status: "completed", error: null };
	const answered = outputOf(row) !== null;
	if (!answered && failureReason(row) === "ERROR" && error !== null)
		return { status: /timed out|ETIMEDOUT/i.test(error) ? "timeout" : "harness_error", error };
	return { status: "failed", error: error ?? gradedReason(row) ?? "the test failed" };
}

/**
 * The scores of an answered row: `pass` (the headline: promptfoo's success as 1 or 0, with the
 * grading reason), `score` (promptfoo's weighted assertion score), `named:<metric>` for each of
 * its namedScores, and `assert:<type>` for each assertion (pass as 1 or 0, its reason as
 * reasoning; `:<metric>` added when the assertion names one, `:<n>` when the type repeats in the
 * test). A score or named score outside 0..1 (a custom assertion may return any number) is no
 * metric: it is kept in the `pass` score's extras under `out_of_range`.
 */
export function resultScores(row: PromptfooResult): ImportedScore[] {
	const outOfRange: JsonObject = {};
	const scores: ImportedScore[] = [];
	const absolute = (metric: string, value: number) => {
		if (value >= 0 && value <= 1) scores.push(score(metric, "absolute", value, null, null));
		else outOfRange[metric] = value;
	};
	absolute("score", row.score);
	for (const [name, value] of Object.entries(row.namedScores ?? {})) absolute(`named:${name}`, value);
	const components = row.gradingResult?.componentResults ?? [];
	const types = new Map<string, number>();
	for (const component of components) {
		const type = component.assertion?.type ?? "unknown";
		types.set(type, (types.get(type) ?? 0) + 1);
	}
	const names = new Set<string>();
	components.forEach((component, index) => {
		const type = component.assertion?.type ?? "unknown";
		const metric = component.assertion?.metric;
		let name = `assert:${type}${typeof metric === "string" && metric !== "" ? `:${metric}` : ""}`;
		if ((types.get(type) ?? 0) > 1 && (metric == null || metric === "")) name = `assert:${type}:${index + 1}`;
		if (names.has(name)) name = `${name}:${index + 1}`;
		names.add(name);
		const extras = typeof component.score === "number" ? { score: component.score } : null;
		scores.push(score(name, "boolean", component.pass ? 1 : 0, component.reason ?? null, extras));
	});
	const reasoning = gradedReason(row) ?? row.error ?? null;
	const extras = Object.keys(outOfRange).length > 0 ? { out_of_range: outOfRange } : null;
	return [score(PROMPTFOO_HEADLINE, "boolean", row.success ? 1 : 0, reasoning, extras), ...scores];
}

function score(
	metric: string,
	score_type: "absolute" | "boolean",
	value: number,
	reasoning: string | null,
	extras: JsonObject | null,
): ImportedScore {
	return { metric, score_type, value, value_label: null, reasoning, extras };
}

/** The model's output as text: a string as it is, any other value as canonical JSON; null when there is none. */
function outputOf(row: PromptfooResult): string | null {
	const output = row.response?.output;
	if (output === undefined || output === null) return null;
	return typeof output === "string" ? output : canonicalJson(output);
}

function gradedReason(row: PromptfooResult): string | null {
	const reason = row.gradingResult?.reason;
	return typeof reason === "string" && reason !== "" ? reason : null;
}

/** promptfoo's failureReason by name; inferred for a file that predates it. */
function failureReason(row: PromptfooResult): (typeof FAILURE_REASONS)[number] {
	if (row.failureReason != null) return FAILURE_REASONS[row.failureReason];
	if (row.success) return "NONE";
	return row.gradingResult == null && (row.error ?? row.response?.error) != null ? "ERROR" : "ASSERT";
}

/** The row's own record beyond what the sample holds: ids, promptfoo's figures as it wrote them. */
function detailsOf(row: PromptfooResult): JsonObject {
	const response = row.response ?? null;
	const defined = (entries: Record<string, unknown>): JsonObject =>
		Object.fromEntries(
			Object.entries(entries).filter(([, value]) => value !== undefined && value !== null),
		) as JsonObject;
	return defined({
		result_id: row.id,
		test_idx: row.testIdx,
		prompt_idx: row.promptIdx,
		prompt_id: row.promptId,
		prompt_label: row.prompt.label,
		provider: providerOf(row) as unknown as JsonValue,
		failure_reason: failureReason(row),
		score: row.score,
		cached: response?.cached,
		incurred_cost_usd: row.incurredCost,
		finish_reason: response?.finishReason,
		token_usage: response?.tokenUsage as JsonValue | undefined,
		grader_tokens: row.gradingResult?.tokensUsed as JsonValue | undefined,
		metadata: row.metadata as JsonValue | undefined,
	});
}
