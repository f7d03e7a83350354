const REPLACEMENT = "\uFFFD";
/** U+FFFD as UTF-8: EF BF BD. */
const ENCODED = [0xef, 0xbf, 0xbd] as const;
/** Decoder option for a body read in pieces (one object for every call). */
const STREAMING = { stream: true } as const;

/**
 * Decodes a body read in pieces as UTF-8 and counts the bytes that were not UTF-8: each invalid
 * sequence becomes one U+FFFD (as TextDecoder does), and `invalid` is how many of those the
 * decoder made, the replacement characters that were already in the body (validly encoded) left
 * out, so a model quoting U+FFFD is not blamed for invalid output.
 */
export class Utf8Tally {
	readonly #decoder = new TextDecoder();
	#decoded = 0;
	#encoded = 0;
	/** How many bytes of EF BF BD the previous piece ended with (0, 1 or 2). */
	#carry = 0;

	/** Replacement characters made from invalid bytes so far. */
	get invalid(): number {
		return this.#decoded - this.#encoded;
	}

	/** The text of the next piece (a sequence cut at its end waits for the next piece). */
	decode(bytes: Uint8Array): string {
		this.#countEncoded(bytes);
		return this.#counted(this.#decoder.decode(bytes, STREAMING));
	}

	/** The body ended: a sequence left unfinished at its end, as U+FFFD, or "". */
	end(): string {
		return this.#counted(this.#decoder.decode());
	}

	#counted(text: string): string {
		for (let at = text.indexOf(REPLACEMENT); at >= 0; at = text.indexOf(REPLACEMENT, at + 1)) this.#decoded++;
		return text;
	}

	#countEncoded(bytes: Uint8Array): void {
		let index = 0;
		// A sequence begun in the previous piece.
		while (this.#carry > 0 && index < bytes.length) {
			if (bytes[index] !== ENCODED[this.#carry]) {
				this.#carry = 0;
				break;
			}
			index++;
			this.#carry++;
			if (this.#carry === ENCODED.length) {
				this.#encoded++;
				this.#carry = 0;
				break;
			}
		}
		if (this.#carry > 0) return;
		for (let at = bytes.indexOf(ENCODED[0], index); at >= 0; at = bytes.indexOf(ENCODED[0], at + 1)) {
			if (at + 2 < bytes.length) {
				if (bytes[at + 1] === ENCODED[1] && bytes[at + 2] === ENCODED[2]) this.#encoded++;
			} else if (at + 1 === bytes.length) this.#carry = 1;
			else if (bytes[at + 1] === ENCODED[1]) this.#carry = 2;
		}
	}
}
