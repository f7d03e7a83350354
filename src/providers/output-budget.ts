/**
 * What is left of a reply's output cap: each piece of output (text, reasoning, tool-call
 * arguments) is taken through it, and the part past the cap is dropped and marks it `full`.
 */
export class OutputBudget {
	#left: number;
	#full = false;

	constructor(maxBytes: number) {
		this.#left = maxBytes;
	}

	/** Whether the cap was reached: the reader stops there. */
	get full(): boolean {
		return this.#full;
	}

	/** The part of `piece` within the cap ("" once full). */
	take(piece: string): string {
		if (this.#full) return "";
		const bytes = Buffer.byteLength(piece, "utf8");
		if (bytes <= this.#left) {
			this.#left -= bytes;
			return piece;
		}
		this.#full = true;
		const kept = utf8Prefix(piece, this.#left);
		this.#left = 0;
		return kept;
	}
}

/** The longest start of `text` that is at most `maxBytes` bytes of UTF-8, never cutting a character. */
export function utf8Prefix(text: string, maxBytes: number): string {
	const bytes = Buffer.from(text, "utf8");
	if (bytes.length <= maxBytes) return text;
	let end = maxBytes;
	// A continuation byte (10xxxxxx) at the cut means a character starts before it.
	while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
	return bytes.subarray(0, end).toString("utf8");
}
