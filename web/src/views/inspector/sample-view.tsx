import { counted, when } from "../../ui/format.js";
import { DiffView } from "./diff-view.js";
import { FoldedText } from "./folded-text.js";
import type { InspectedSample } from "./inspection-parts.js";
import { JuryVotes } from "./jury-votes.js";
import { RatingControls } from "./rating-controls.js";
import { SampleOrigin } from "./sample-origin.js";
import { ScoresTable } from "./scores-table.js";
import { TelemetryFacts } from "./telemetry-facts.js";
import { TraceSteps } from "./trace-steps.js";
import { GraderRecords } from "./verifier-report.js";

/**
 * One sample (one run) of a model on the case: its status and errors (the harness's and the
 * grader's, labelled as such), warnings, the output, the agent's trace, the diff, every metric,
 * the jurors' votes, the verifier's report, telemetry and the owner's rating buttons.
 */
export function SampleView({
	sample,
	headline,
	onRated,
}: {
	sample: InspectedSample;
	headline: string;
	onRated: () => void;
}) {
	return (
		<article class="sample" data-run-id={sample.run_id} data-status={sample.status}>
			<h3>
				Sample {sample.sample_index}{" "}
				<span class={`badge status-${sample.status === "completed" ? "ok" : "bad"}`}>{sample.status}</span>
			</h3>
			<p class="muted run-line">
				run <code>{sample.run_id}</code>
				{sample.started_at !== null && <> · {when(sample.started_at)}</>}
			</p>
			<SampleOrigin sample={sample} />
			{sample.error !== null && (
				<p class="error-note harness-error" role="note">
					<strong>Harness error</strong> (the attempt did not finish normally): {sample.error}
				</p>
			)}
			{sample.grader_error !== null && (
				<p class="error-note grader-error" role="note">
					<strong>Grader error</strong> (the output could not be graded): {sample.grader_error}
				</p>
			)}
			{(sample.warnings ?? []).map((warning) => (
				<p key={warning} class="warn-note">
					<strong>Warning</strong>: {warning}
				</p>
			))}
			{sample.redactions !== null && sample.redactions > 0 && (
				<p class="warn-note">
					{counted(sample.redactions, "secret")} replaced by <code>&lt;redacted&gt;</code> in what the run stored
				</p>
			)}
			<h4>Output</h4>
			{sample.output === null ? (
				<p class="muted">No output stored.</p>
			) : (
				<FoldedText text={sample.output} label="the output" class="output" />
			)}
			{sample.trace.length > 0 && (
				<>
					<h4>Trace</h4>
					<TraceSteps trace={sample.trace} />
				</>
			)}
			{sample.diff !== null && (
				<>
					<h4>Diff</h4>
					<DiffView diff={sample.diff} />
				</>
			)}
			<h4>Scores</h4>
			<ScoresTable scores={sample.scores} headline={headline} />
			<JuryVotes scores={sample.scores} />
			<GraderRecords scores={sample.scores} />
			<h4>Cost and time</h4>
			<TelemetryFacts telemetry={sample.telemetry} />
			<RatingControls sample={sample} onRated={onRated} />
		</article>
	);
}
