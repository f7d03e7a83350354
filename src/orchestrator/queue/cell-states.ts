import type { CellPlan } from "../plan.js";
import type { QueueFailure } from "./coordinator.js";

const PENDING = 1;
const WRITTEN = 2;
const FAILED = 3;

/** How often a cell no worker holds is put back on the queue before it is called lost. */
const MAX_RESUBMITS = 2;

/**
 * Where each cell of a queued run stands, by plan index, one byte each (a 100,000-cell plan
 * holds no key strings): not to run (0: current already), pending, written by this invocation, or
 * failed on the workers. A result is written only for a pending (or failed, arriving late) cell,
 * and claims it first: a second result for it is a duplicate.
 */
export class CellStates {
	readonly #plan: CellPlan;
	readonly #state: Uint8Array;
	readonly #resubmits: Uint8Array;
	readonly #failures = new Map<number, QueueFailure>();
	#pending: number;

	constructor(plan: CellPlan, toRun: Uint32Array) {
		this.#plan = plan;
		this.#state = new Uint8Array(plan.size);
		this.#resubmits = new Uint8Array(plan.size);
		for (const index of toRun) this.#state[index] = PENDING;
		this.#pending = toRun.length;
	}

	/** Cells still waiting for a result. */
	get pending(): number {
		return this.#pending;
	}

	get failedCount(): number {
		return this.#failures.size;
	}

	get failures(): QueueFailure[] {
		return [...this.#failures.values()];
	}

	/** Whether `index` is a cell of this plan with this key (a result of another plan is not). */
	inPlan(index: number, cellKey: string): boolean {
		return Number.isInteger(index) && index >= 0 && index < this.#plan.size && this.#plan.keyAt(index) === cellKey;
	}

	/** Takes a cell for writing; false when it is not this invocation's to write (a duplicate). */
	claim(index: number): boolean {
		const state = this.#state[index];
		if (state === PENDING) this.#pending -= 1;
		else if (state === FAILED) this.#failures.delete(index);
		else return false;
		this.#state[index] = WRITTEN;
		return true;
	}

	/** Gives a claimed cell back when its write failed. */
	release(index: number): void {
		if (this.#state[index] !== WRITTEN) return;
		this.#state[index] = PENDING;
		this.#pending += 1;
	}

	/**
	 * Marks the cell a job or result names as failed, when it names a pending cell of this plan
	 * (`{ index, cell_key }`); anything else says nothing about this run's cells.
	 */
	failIdentified(data: unknown, reason: string): void {
		if (typeof data !== "object" || data === null) return;
		const { index, cell_key } = data as { index?: unknown; cell_key?: unknown };
		if (typeof index !== "number" || typeof cell_key !== "string" || !this.inPlan(index, cell_key)) return;
		this.#fail(index, reason);
	}

	/** The pending cells, in plan order. */
	pendingIndices(): number[] {
		const indices: number[] = [];
		for (let index = 0; index < this.#state.length; index++) if (this.#state[index] === PENDING) indices.push(index);
		return indices;
	}

	/**
	 * The pending cells to put back on a queue that holds none of them: each at most
	 * {@link MAX_RESUBMITS} times, then it is failed as lost.
	 */
	resubmittable(): number[] {
		const indices: number[] = [];
		for (const index of this.pendingIndices()) {
			const times = this.#resubmits[index] as number;
			if (times >= MAX_RESUBMITS) {
				this.#fail(index, `lost: no worker returned a result for it after ${MAX_RESUBMITS} resubmissions`);
				continue;
			}
			this.#resubmits[index] = times + 1;
			indices.push(index);
		}
		return indices;
	}

	#fail(index: number, reason: string): void {
		if (this.#state[index] !== PENDING) return;
		this.#state[index] = FAILED;
		this.#pending -= 1;
		this.#failures.set(index, { cell_key: this.#plan.keyAt(index), reason });
	}
}
