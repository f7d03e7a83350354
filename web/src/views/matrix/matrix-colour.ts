/**
 * The matrix's colour scale: viridis, which is ordered in lightness (so it reads in grey and to
 * every common colour-blindness) and opaque (so it reads the same on the light and the dark
 * theme). Each cell's mark is drawn in black or white, whichever keeps 4.5:1 against it.
 */

/** Viridis at nine evenly spaced stops, from 0 (dark violet) to 1 (yellow). */
const STOPS: readonly (readonly [number, number, number])[] = [
	[68, 1, 84],
	[72, 40, 120],
	[62, 73, 137],
	[49, 104, 142],
	[38, 130, 142],
	[31, 158, 137],
	[53, 183, 121],
	[110, 206, 88],
	[253, 231, 37],
];

/** A cell's background and mark colour. */
export interface CellColour {
	readonly background: string;
	readonly foreground: string;
}

const LEVELS = 100;
/** The scale at 101 levels, computed once: a cell looks its colour up instead of mixing it. */
const TABLE: readonly CellColour[] = Array.from({ length: LEVELS + 1 }, (_, level) => mix(level / LEVELS));

/** The colour of a headline in [0, 1] (values outside are clamped). */
export function headlineColour(headline: number): CellColour {
	const level = Math.round(Math.min(1, Math.max(0, headline)) * LEVELS);
	return TABLE[level] ?? mix(headline);
}

/** A few points of the scale for the legend: [value, colour]. */
export function legendStops(count = 5): [number, CellColour][] {
	return Array.from({ length: count }, (_, index) => {
		const value = index / (count - 1);
		return [value, headlineColour(value)];
	});
}

function mix(value: number): CellColour {
	const position = value * (STOPS.length - 1);
	const low = Math.floor(position);
	const from = STOPS[low] ?? STOPS[0] ?? [0, 0, 0];
	const to = STOPS[Math.min(STOPS.length - 1, low + 1)] ?? from;
	const t = position - low;
	const rgb = from.map((channel, index) => Math.round(channel + ((to[index] ?? channel) - channel) * t));
	const [r = 0, g = 0, b = 0] = rgb;
	// Black and white both reach 4.5:1 only when the luminance is near 0.18; choose by it.
	const foreground = luminance(r, g, b) > 0.179 ? "#000000" : "#ffffff";
	return { background: `rgb(${r}, ${g}, ${b})`, foreground };
}

function luminance(r: number, g: number, b: number): number {
	const linear = (channel: number) => {
		const c = channel / 255;
		return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
	};
	return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}
