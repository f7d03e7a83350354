import "./trace-diff.css";
import { counted, ms } from "../../ui/format.js";
import { FoldedText } from "./folded-text.js";
import type { TraceStep } from "./inspection-parts.js";

const KIND_LABELS: Readonly<Record<TraceStep["kind"], string>> = {
	thought: "thought",
	tool_call: "tool call",
	tool_result: "tool result",
	message: "message",
};

/**
 * An agent's attempt step by step: each thought, message, tool call (with its arguments) and
 * tool result (with what the tool answered), one folded block per step whose summary line says
 * what happened, so the whole run reads at a glance and any step opens to its full text.
 */
export function TraceSteps({ trace }: { trace: readonly TraceStep[] }) {
	const calls = trace.filter((step) => step.kind === "tool_call").length;
	return (
		<div class="trace">
			<p class="muted">
				{counted(trace.length, "step")}, {counted(calls, "tool call")}
				{trace.some((step) => step.is_error) && <span class="bad-text"> · some tool steps failed</span>}
			</p>
			<ol class="trace-steps">
				{trace.map((step, index) => (
					<li key={index} class={`trace-step ${step.kind}${step.is_error ? " is-error" : ""}`} data-kind={step.kind}>
						<details>
							<summary>
								<span class="step-kind">{KIND_LABELS[step.kind]}</span>
								{step.tool !== null && <code class="step-tool">{step.tool}</code>}
								{step.is_error && <span class="badge error-badge">error</span>}
								<span class="step-gist">{gist(step)}</span>
								<span class="step-meta muted">
									{step.at_ms === null ? "" : `at ${ms(step.at_ms)}`}
									{step.tokens === null ? "" : ` · ${counted(step.tokens, "token")}`}
								</span>
							</summary>
							{step.arguments !== null && <StepArguments arguments={step.arguments} />}
							{step.content !== "" && (
								<FoldedText text={step.content} label={`${KIND_LABELS[step.kind]} ${index + 1}`} />
							)}
							{step.arguments === null && step.content === "" && <p class="muted">(no content)</p>}
						</details>
					</li>
				))}
			</ol>
		</div>
	);
}

function StepArguments({ arguments: args }: { arguments: NonNullable<TraceStep["arguments"]> }) {
	const entries = Object.entries(args);
	if (entries.length === 0) return <p class="muted">no arguments</p>;
	return (
		<dl class="step-arguments">
			{entries.map(([name, value]) => (
				<div key={name}>
					<dt>{name}</dt>
					<dd>
						{typeof value === "string" ? (
							<FoldedText text={value} label={`argument ${name}`} />
						) : (
							<pre class="text">{JSON.stringify(value, null, 2)}</pre>
						)}
					</dd>
				</div>
			))}
		</dl>
	);
}

/** The one line a folded step shows: a call's short arguments, or the first line of its text. */
function gist(step: TraceStep): string {
	if (step.arguments !== null) {
		const parts = Object.entries(step.arguments).map(([name, value]) => {
			const text = typeof value === "string" ? value : JSON.stringify(value);
			return `${name}: ${shorten(text.split("\n")[0] ?? "", 40)}`;
		});
		return parts.join(", ");
	}
	return shorten(step.content.split("\n")[0] ?? "", 80);
}

function shorten(text: string, length: number): string {
	return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
