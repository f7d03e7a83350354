/**
 * A counting semaphore: at most `size` holders at once, the others queued in order. A worker's
 * concurrency is over every run it serves, while BullMQ's is per queue.
 */
export class Slots {
	#free: number;
	readonly #waiting: (() => void)[] = [];

	constructor(size: number) {
		this.#free = size;
	}

	async acquire(): Promise<void> {
		if (this.#free > 0) {
			this.#free -= 1;
			return;
		}
		await new Promise<void>((resolve) => this.#waiting.push(resolve));
	}

	release(): void {
		const next = this.#waiting.shift();
		if (next === undefined) this.#free += 1;
		else next();
	}
}
