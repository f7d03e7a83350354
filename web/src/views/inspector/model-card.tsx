import { counted, score } from "../../ui/format.js";
import { type InspectedModel, modelCardId } from "./inspection-parts.js";
import { SampleView } from "./sample-view.js";

/** One model × harness on the case: its mean headline and pass mark over its samples, then each sample. */
export function ModelCard({
	model,
	headline,
	threshold,
	focused,
	onRated,
}: {
	model: InspectedModel;
	headline: string;
	threshold: number;
	focused: boolean;
	onRated: () => void;
}) {
	const mark = model.passed === null ? "not graded" : model.passed ? "passed" : "failed";
	return (
		<section
			id={modelCardId(model)}
			class={`model-card${focused ? " focused" : ""}`}
			data-model={model.model_id}
			data-harness={model.harness}
			aria-current={focused ? "true" : undefined}
			aria-labelledby={`${modelCardId(model)}-name`}
			tabIndex={-1}
		>
			<header class="model-head">
				<h2 id={`${modelCardId(model)}-name`}>
					{model.model_id} <span class="muted">· {model.harness}</span>
				</h2>
				<p>
					{headline} <strong class="model-headline">{score(model.headline)}</strong>{" "}
					<span class={`badge ${model.passed === true ? "pass" : model.passed === false ? "fail" : ""}`}>
						{model.passed === true ? "✓ " : model.passed === false ? "✗ " : ""}
						{mark}
					</span>{" "}
					<span class="muted">
						(threshold {threshold}, over {counted(model.samples.length, "sample")})
					</span>
				</p>
			</header>
			{model.samples.map((sample) => (
				<SampleView key={sample.run_id} sample={sample} headline={headline} onRated={onRated} />
			))}
		</section>
	);
}
