/**
 * Collects a stream's bytes up to a cap and counts the rest without keeping it, so a command that
 * prints forever neither blocks on a full pipe nor fills the host's memory.
 */
export class CappedOutput {
	readonly #cap: number;
	readonly #chunks: Buffer[] = [];
	#kept = 0;
	#total = 0;

	constructor(capBytes: number) {
		this.#cap = capBytes;
	}

	/** Adds a chunk; bytes past the cap are counted and dropped. */
	push(chunk: Buffer): void {
		this.#total += chunk.length;
		const room = this.#cap - this.#kept;
		if (room <= 0) return;
		const kept = chunk.length <= room ? chunk : chunk.subarray(0, room);
		this.#chunks.push(kept);
		this.#kept += kept.length;
	}

	/** Every byte seen, kept or not. */
	get bytes(): number {
		return this.#total;
	}

	/** Whether bytes were dropped. */
	get truncated(): boolean {
		return this.#total > this.#kept;
	}

	/** The kept bytes as UTF-8, without a character the cap cut in half. */
	text(): string {
		const kept = Buffer.concat(this.#chunks, this.#kept);
		return (this.truncated ? kept.subarray(0, completeUtf8Length(kept)) : kept).toString("utf8");
	}

	/** The kept bytes as UTF-8, cut after the last whole line when bytes were dropped. */
	lines(): string {
		const kept = Buffer.concat(this.#chunks, this.#kept);
		if (!this.truncated) return kept.toString("utf8");
		const end = kept.lastIndexOf(0x0a);
		return kept.subarray(0, end + 1).toString("utf8");
	}
}

/** Length of `bytes` without a trailing incomplete UTF-8 sequence. */
function completeUtf8Length(bytes: Buffer): number {
	// A sequence is at most 4 bytes: look back at most 3 for its lead byte.
	for (let back = 1; back <= Math.min(3, bytes.length); back++) {
		const byte = bytes[bytes.length - back] ?? 0;
		if ((byte & 0xc0) === 0x80) continue; // continuation byte
		const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
		return needed > back ? bytes.length - back : bytes.length;
	}
	return bytes.length;
}
