import { useEffect } from "preact/hooks";
import { inspector } from "../../api/client.js";
import type { Inspection } from "../../api/types.js";
import { type RouteOf, useCaseLink } from "../../route.js";
import { counted } from "../../ui/format.js";
import { SourceBadge } from "../../ui/source-badge.js";
import { WhenReady } from "../../ui/status.js";
import { useApi } from "../../ui/use-api.js";
import { CaseInput } from "./case-input.js";
import { modelCardId } from "./inspection-parts.js";
import { ModelCard } from "./model-card.js";
import "./inspector.css";

/**
 * The inspector: one case across every model × harness side by side (stacked on a phone), each
 * with its outputs, traces, diffs, metrics, votes, verifier reports, telemetry and the owner's
 * rating buttons. `?model=&harness=` scrolls to that model's card and highlights it.
 */
export function InspectorView({ route }: { route: RouteOf<"case"> }) {
	const loaded = useApi(
		(signal) => inspector({ use_case: route.useCase, case_id: route.caseId, benchmark_version: route.version }, signal),
		[route.useCase, route.caseId, route.version],
	);
	return (
		<WhenReady loaded={loaded}>
			{(inspection) => <Inspector inspection={inspection} route={route} onRated={loaded.reload} />}
		</WhenReady>
	);
}

function Inspector({
	inspection,
	route,
	onRated,
}: {
	inspection: Inspection;
	route: RouteOf<"case">;
	onRated: () => void;
}) {
	const focus = route.focus;
	const isFocused = (model: { model_id: string; harness: string }) =>
		focus !== null && focus.model === model.model_id && (focus.harness === null || focus.harness === model.harness);
	const focused = inspection.models.find(isFocused);
	const focusedId = focused === undefined ? null : modelCardId(focused);
	useEffect(() => {
		if (focusedId === null) return;
		const card = document.getElementById(focusedId);
		card?.scrollIntoView({ block: "start" });
		card?.focus({ preventScroll: true });
	}, [focusedId]);
	const samples = inspection.models.reduce((total, model) => total + model.samples.length, 0);
	const nativeSamples = inspection.models.reduce(
		(total, model) => total + model.samples.filter((sample) => sample.ingest_source === null).length,
		0,
	);
	const { case: item } = inspection;
	return (
		<div class="inspector">
			<h1>
				Case <code>{item.id}</code> of {inspection.use_case_id}
				<SourceBadge origin={{ sources: inspection.sources, native_rows: nativeSamples }} />
			</h1>
			<p class="muted case-facts">
				{item.kind} case, version {item.version}, passes at {inspection.headline_metric} ≥ {item.threshold} ·{" "}
				{inspection.benchmark_version} · {counted(inspection.models.length, "model")}, {counted(samples, "sample")} ·{" "}
				<a href={useCaseLink(inspection.use_case_id, "matrix", { version: route.version })}>back to the case matrix</a>
			</p>
			{inspection.home_repo !== null && (
				<p class="muted" data-testid="home-repo">
					Definitions from <code>{inspection.home_repo}</code>
					{inspection.spec_ingest_source !== null && <> (written by {inspection.spec_ingest_source})</>}
				</p>
			)}
			{inspection.stale_rows > 0 && (
				<p class="warn-note">
					{counted(inspection.stale_rows, "stale row")} of older definitions left out (not shown, not counted).
				</p>
			)}
			{inspection.artifact_errors.map((error) => (
				<p key={error} class="error-note" role="note">
					<strong>Artifact unreadable</strong> (its content shows as missing): {error}
				</p>
			))}
			{focus !== null && focused === undefined && (
				<p class="warn-note">
					No current run of {focus.model}
					{focus.harness === null ? "" : ` · ${focus.harness}`} on this case.
				</p>
			)}
			<section class="case" aria-labelledby="case-input-title">
				<h2 id="case-input-title">Input</h2>
				<CaseInput input={inspection.input} />
			</section>
			{inspection.models.length === 0 ? (
				<p class="muted">No current runs of this case yet.</p>
			) : (
				<div class="model-cards">
					{inspection.models.map((model) => (
						<ModelCard
							key={`${model.model_id}|${model.harness}`}
							model={model}
							headline={inspection.headline_metric}
							threshold={item.threshold}
							focused={isFocused(model)}
							onRated={onRated}
						/>
					))}
				</div>
			)}
		</div>
	);
}
