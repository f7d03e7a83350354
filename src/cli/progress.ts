import { formatCost, formatDuration } from "./format.js";
import type { CliIo } from "./io.js";

/** Progress of a run on stderr: a redrawn bar on a terminal, else one line per 5 %. */
export class Progress {
	readonly #io: CliIo;
	readonly #total: number;
	readonly #started = performance.now();
	#done = 0;
	#failed = 0;
	#cost = 0;
	#unknownCost = 0;
	#lastStep = -1;

	constructor(io: CliIo, total: number) {
		this.#io = io;
		this.#total = total;
	}

	/** Counts one finished cell and redraws. */
	onCellEnd(cell: { failed: boolean; cost_usd: number | null }): void {
		this.#done += 1;
		if (cell.failed) this.#failed += 1;
		if (cell.cost_usd === null) this.#unknownCost += 1;
		else this.#cost += cell.cost_usd;
		this.#draw();
	}

	/** Ends the bar's line on a terminal. */
	finish(): void {
		if (this.#io.stderr.isTTY === true && this.#total > 0) this.#io.stderr.write("\n");
	}

	#draw(): void {
		const share = this.#total === 0 ? 1 : this.#done / this.#total;
		const elapsed = (performance.now() - this.#started) / 1000;
		const eta = this.#done === 0 ? Number.NaN : (elapsed / this.#done) * (this.#total - this.#done);
		const text = `${this.#done}/${this.#total} ${Math.floor(share * 100)}% · ${this.#failed} failed · ${formatCost(this.#cost, this.#unknownCost)} · ETA ${formatDuration(eta)}`;
		if (this.#io.stderr.isTTY === true) {
			const width = 24;
			const filled = Math.round(share * width);
			this.#io.stderr.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${text}\u001b[K`);
			return;
		}
		const step = Math.floor(share * 20);
		if (step > this.#lastStep) {
			this.#lastStep = step;
			this.#io.stderr.write(`${text}\n`);
		}
	}
}
