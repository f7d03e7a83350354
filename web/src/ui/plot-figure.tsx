import { useEffect, useRef, useState } from "preact/hooks";

/** Observable Plot's module, loaded on first use so the views without charts never download it. */
export type PlotModule = typeof import("./plot-module.js");

let loading: Promise<PlotModule> | null = null;

/** Observable Plot, imported once (its own chunk of the build). */
export function loadPlot(): Promise<PlotModule> {
	loading ??= import("./plot-module.js");
	return loading;
}

/**
 * A chart drawn by Observable Plot: `draw` gets the module and returns the figure (an SVG, or a
 * figure around one), which replaces the previous one whenever `deps` change. Plot draws SVG, so
 * a test can read every mark back; `label` names the chart for screen readers, and `summary`
 * (shown under it) says in words what it shows.
 */
export function PlotFigure({
	draw,
	deps,
	label,
	summary,
	testId,
}: {
	draw: (plot: PlotModule, width: number) => SVGSVGElement | HTMLElement;
	deps: readonly unknown[];
	label: string;
	summary?: string;
	testId?: string;
}) {
	const host = useRef<HTMLDivElement>(null);
	const [width, setWidth] = useState(0);
	const [error, setError] = useState<string | null>(null);
	useEffect(() => {
		const element = host.current;
		if (element === null) return;
		const observer = new ResizeObserver((entries) => {
			const measured = Math.floor(entries[0]?.contentRect.width ?? 0);
			setWidth((previous) => (Math.abs(previous - measured) > 8 ? measured : previous));
		});
		observer.observe(element);
		return () => observer.disconnect();
	}, []);
	// The caller names what the drawing depends on (`deps`).
	useEffect(() => {
		const element = host.current;
		if (element === null || width === 0) return;
		let cancelled = false;
		loadPlot().then(
			(plot) => {
				if (cancelled) return;
				const figure = draw(plot, width);
				figure.setAttribute("role", "img");
				figure.setAttribute("aria-label", label);
				// The figure is one labelled image (its words are in `summary` and the view's tables);
				// Plot names each mark's group with aria-label, which on a role-less <g> axe calls
				// aria-prohibited-attr (serious) and assistive tech must not read: hide those groups.
				for (const group of figure.querySelectorAll("g[aria-label]")) group.setAttribute("aria-hidden", "true");
				element.replaceChildren(figure);
				element.dataset.drawn = "true";
			},
			(reason: unknown) => setError(`the chart library did not load: ${String(reason)}`),
		);
		return () => {
			cancelled = true;
		};
	}, [...deps, width]);
	return (
		<figure class="plot-figure" data-testid={testId}>
			<div ref={host} class="plot-host" />
			{error !== null && <p role="alert">{error}</p>}
			{summary !== undefined && <figcaption class="muted">{summary}</figcaption>}
		</figure>
	);
}
