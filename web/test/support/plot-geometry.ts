import type { Locator, Page } from "playwright-core";

/*
 * Reads an Observable Plot chart back from its SVG in viewport coordinates: where each axis puts its
 * tick values (so a test can map data to pixels the way the chart's linear scale does) and where
 * a drawn point or a line's ends sit. Every position goes through the element's screen CTM, so
 * transforms on marks and groups are accounted for.
 */

/** A point in viewport pixels (what getScreenCTM, elementFromPoint and mouse clicks use). */
export interface Pixel {
	readonly x: number;
	readonly y: number;
}

/** A linear axis as drawn: pixel = offset + slope × value, fitted through its first and last tick labels. */
export interface DrawnAxis {
	readonly ticks: readonly { value: number; pixel: number }[];
	at(value: number): number;
}

/** The linear mapping of the `x` or `y` axis of the chart in `figure`, from its tick labels. */
export async function drawnAxis(figure: Locator, axis: "x" | "y"): Promise<DrawnAxis> {
	const ticks = await figure.locator(`g[aria-label="${axis}-axis tick label"] text`).evaluateAll(
		(texts, which) =>
			texts.map((text) => {
				const element = text as SVGGraphicsElement;
				const origin = new DOMPoint(0, 0).matrixTransform(element.getScreenCTM() ?? new DOMMatrix());
				return { value: Number(element.textContent?.replace("−", "-")), pixel: which === "x" ? origin.x : origin.y };
			}),
		axis,
	);
	const first = ticks[0];
	const last = ticks[ticks.length - 1];
	if (first === undefined || last === undefined || first.value === last.value)
		throw new Error(`the ${axis} axis has fewer than two distinct tick labels`);
	const slope = (last.pixel - first.pixel) / (last.value - first.value);
	return { ticks, at: (value) => first.pixel + slope * (value - first.value) };
}

/** The centre of each element `selector` matches (a circle's (cx, cy), a symbol path's translate origin) with its `data-*` attributes. */
export function drawnCentres(
	page: Page,
	selector: string,
): Promise<(Pixel & { attributes: Record<string, string> })[]> {
	return page.locator(selector).evaluateAll((elements) =>
		elements.map((node) => {
			const element = node as SVGGraphicsElement;
			const local =
				element instanceof SVGCircleElement
					? new DOMPoint(element.cx.baseVal.value, element.cy.baseVal.value)
					: new DOMPoint(0, 0);
			const centre = local.matrixTransform(element.getScreenCTM() ?? new DOMMatrix());
			const attributes = Object.fromEntries(
				element
					.getAttributeNames()
					.flatMap((name) => (name.startsWith("data-") ? [[name, element.getAttribute(name) ?? ""]] : [])),
			);
			return { x: centre.x, y: centre.y, attributes };
		}),
	);
}

/** The first and last vertex of a drawn `<path>` (a straight line's ends), in viewport pixels. */
export async function pathEnds(path: Locator): Promise<[Pixel, Pixel]> {
	return path.evaluate((node) => {
		const element = node as SVGPathElement;
		const numbers = (element.getAttribute("d") ?? "").match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g)?.map(Number) ?? [];
		const matrix = element.getScreenCTM() ?? new DOMMatrix();
		const at = (x: number, y: number) => {
			const point = new DOMPoint(x, y).matrixTransform(matrix);
			return { x: point.x, y: point.y };
		};
		return [
			at(numbers[0] ?? Number.NaN, numbers[1] ?? Number.NaN),
			at(numbers[numbers.length - 2] ?? Number.NaN, numbers[numbers.length - 1] ?? Number.NaN),
		];
	});
}
