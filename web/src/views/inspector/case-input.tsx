import type { Inspection } from "../../api/types.js";
import { FoldedText } from "./folded-text.js";

/**
 * What the models were given: the prompt first, then every other field of the resolved input
 * (the source text, variables, the task's budget and target files). Null when no run stored one.
 */
export function CaseInput({ input }: { input: Inspection["input"] }) {
	if (input === null) return <p class="muted">No input stored: no current run of this case yet.</p>;
	if (typeof input !== "object" || Array.isArray(input))
		return <FoldedText text={JSON.stringify(input, null, 2)} label="the input" />;
	const entries = Object.entries(input).sort(([a], [b]) => (a === "prompt" ? -1 : b === "prompt" ? 1 : 0));
	return (
		<dl class="case-input">
			{entries.map(([name, value]) => (
				<div key={name} class={typeof value === "string" && value.includes("\n") ? "wide" : undefined}>
					<dt>{name}</dt>
					<dd>
						{typeof value === "string" ? (
							value.includes("\n") || value.length > 120 ? (
								<FoldedText text={value} label={`the ${name}`} />
							) : (
								value
							)
						) : (
							<code class="json">{JSON.stringify(value)}</code>
						)}
					</dd>
				</div>
			))}
		</dl>
	);
}
