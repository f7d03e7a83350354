import {
	defaultRangeExtractor,
	elementScroll,
	observeElementOffset,
	observeElementRect,
	type Range,
	Virtualizer,
} from "@tanstack/virtual-core";
import { useLayoutEffect, useReducer, useState } from "preact/hooks";

/** What a view tells {@link useVirtualizer} about one axis of a scrolling box. */
export interface VirtualAxis {
	/** How many rows (or columns) there are. */
	readonly count: number;
	/** The scrolling box the items live in. */
	readonly getScrollElement: () => HTMLElement | null;
	/** Every item's size in pixels along the axis (the grids here have fixed sizes). */
	readonly size: number;
	/** Columns (left to right) rather than rows. */
	readonly horizontal?: boolean;
	/** Items drawn beyond the visible ones on each side, so a fast scroll shows no gap. */
	readonly overscan?: number;
	/** Pixels before the first item inside the box (a sticky header, a sticky first column). */
	readonly paddingStart?: number;
	/** An item drawn whatever the scroll position (the keyboard's active cell): null for none. */
	readonly keep?: number | null;
}

/**
 * TanStack Virtual's framework-free {@link Virtualizer} in a Preact hook: one instance per
 * component, its options refreshed on every render, mounted and updated in layout effects (as
 * its React adapter does), and a re-render whenever the visible range changes. Only what is in
 * view (plus `overscan`) is then drawn, so a grid of 100,000 cells costs what a screenful does.
 */
export function useVirtualizer(axis: VirtualAxis): Virtualizer<HTMLElement, HTMLElement> {
	const [, rerender] = useReducer((generation: number) => generation + 1, 0);
	const [frame] = useState(() => new FrameRender(() => rerender(0)));
	const keep = axis.keep ?? null;
	const options = {
		count: axis.count,
		getScrollElement: axis.getScrollElement,
		estimateSize: () => axis.size,
		horizontal: axis.horizontal ?? false,
		overscan: axis.overscan ?? 4,
		paddingStart: axis.paddingStart ?? 0,
		scrollPaddingStart: axis.paddingStart ?? 0,
		observeElementRect,
		observeElementOffset,
		scrollToFn: elementScroll,
		// The active cell stays in the DOM, so aria-activedescendant always names an element.
		rangeExtractor: (range: Range) => {
			const indexes = defaultRangeExtractor(range);
			if (keep === null || keep < 0 || keep >= range.count || indexes.includes(keep)) return indexes;
			return [...indexes, keep].sort((a, b) => a - b);
		},
		onChange: () => frame.request(),
	};
	const [virtualizer] = useState(() => new Virtualizer<HTMLElement, HTMLElement>(options));
	virtualizer.setOptions(options);
	useLayoutEffect(() => {
		const unmount = virtualizer._didMount();
		return () => {
			frame.cancel();
			unmount();
		};
	}, [virtualizer, frame]);
	useLayoutEffect(() => virtualizer._willUpdate());
	return virtualizer;
}

/**
 * One re-render per frame, however many changes ask for it: a diagonal scroll moves both axes
 * of a grid and each one's virtualizer calls back. Scroll events are dispatched just before the
 * frame's animation callbacks, so the render still lands in the frame that shows the scroll.
 */
class FrameRender {
	private pending: number | null = null;
	constructor(private readonly render: () => void) {}
	request(): void {
		if (this.pending !== null) return;
		this.pending = requestAnimationFrame(() => {
			this.pending = null;
			this.render();
		});
	}
	cancel(): void {
		if (this.pending !== null) cancelAnimationFrame(this.pending);
		this.pending = null;
	}
}
