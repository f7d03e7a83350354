import type { RenderFunction } from "./plot-module.js";

/**
 * A Plot `render` hook that sets attributes on each element a mark drew (one per datum, in the
 * index's order), so tests and styles can find a point's or a bar's row: `data-model`, the values
 * it stands for, a class. `each` may add listeners (a point's click).
 */
export function tagged<T>(
	data: readonly T[],
	attributes: (datum: T) => Record<string, string>,
	each?: (element: SVGElement, datum: T) => void,
): RenderFunction {
	return (index, scales, values, dimensions, context, next) => {
		const group = next?.(index, scales, values, dimensions, context) ?? null;
		if (group === null) return null;
		const elements = group.tagName === "g" ? [...group.children] : [group];
		elements.forEach((element, position) => {
			const datum = data[index[position] as number];
			if (datum === undefined || !(element instanceof SVGElement)) return;
			for (const [name, value] of Object.entries(attributes(datum))) {
				if (name === "class") element.classList.add(...value.split(" ").filter(Boolean));
				else element.setAttribute(name, value);
			}
			each?.(element, datum);
		});
		return group;
	};
}
