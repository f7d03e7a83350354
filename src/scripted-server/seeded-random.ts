/** A repeatable source of uniform numbers in [0, 1). */
export type SeededRandom = () => number;

/**
 * A mulberry32 generator seeded from the script seed and a stream name (the model id), so each
 * model draws its own repeatable sequence whatever the traffic to the other models.
 */
export function createSeededRandom(seed: number, stream: string): SeededRandom {
	let state = fnv1a(`${seed}\u0000${stream}`);
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let value = Math.imul(state ^ (state >>> 15), 1 | state);
		value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
		return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
	};
}

function fnv1a(text: string): number {
	let hash = 0x811c9dc5;
	for (let index = 0; index < text.length; index++) {
		hash ^= text.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193);
	}
	return hash >>> 0;
}
