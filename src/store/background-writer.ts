import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { StoreError } from "../contract/index.js";
import type { BackgroundWriterData, FromWriterThread, ToWriterThread } from "./background-writer-protocol.js";
import type { StorePaths } from "./paths.js";
import type { CellRecord } from "./run-records.js";

interface Waiting {
	resolve(runIds: string[]): void;
	reject(error: unknown): void;
}

/**
 * Records cells on a thread of its own, with its own connection to the store: the inserts, the
 * JSON of each row and the WAL commits run beside the model calls instead of between them. Each
 * batch is still one transaction, all or nothing; a crash loses only batches not yet committed,
 * which a re-run does again. Start one per run with {@link BackgroundCellWriter.start}, and
 * {@link BackgroundCellWriter.close} it when the run ends.
 */
export class BackgroundCellWriter {
	readonly #worker: Worker;
	readonly #waiting = new Map<number, Waiting>();
	#nextId = 0;
	#failure: StoreError | null = null;
	#closed: Promise<void> | null = null;

	private constructor(worker: Worker) {
		this.#worker = worker;
		worker.on("message", (message: FromWriterThread) => this.#receive(message));
		worker.on("error", (error) => {
			this.#fail(new StoreError(`the store's writer thread failed: ${error.message}`, { cause: error }));
		});
		worker.on("exit", (code) => {
			if (this.#waiting.size > 0 || this.#closed === null)
				this.#fail(
					new StoreError(`the store's writer thread stopped (exit code ${code}) before every cell was recorded`),
				);
		});
	}

	/** Starts the thread, which opens its own connection to the database at `paths.database`. */
	static start(paths: StorePaths): BackgroundCellWriter {
		const workerData: BackgroundWriterData = { database: paths.database, artifacts: paths.artifacts };
		// The thread's garbage is a batch at a time: a small young generation is enough.
		return new BackgroundCellWriter(
			new Worker(threadFile(), { workerData, resourceLimits: { maxYoungGenerationSizeMb: 8 } }),
		);
	}

	/** Records `cells` in one transaction; resolves with their run ids in order, or rejects with a StoreError. */
	record(cells: readonly CellRecord[]): Promise<string[]> {
		if (this.#failure !== null) return Promise.reject(this.#failure);
		if (this.#closed !== null) return Promise.reject(new StoreError("the store's writer thread is closed"));
		const id = this.#nextId++;
		return new Promise<string[]>((resolve, reject) => {
			this.#waiting.set(id, { resolve, reject });
			const message: ToWriterThread = { type: "record", id, cells: cells.map(withCompactBytes) };
			this.#worker.postMessage(message);
		});
	}

	/** Waits for every batch sent, then closes the thread's connection and the thread. Safe to call twice. */
	close(): Promise<void> {
		this.#closed ??= new Promise<void>((resolve) => {
			this.#worker.once("exit", () => resolve());
			this.#worker.postMessage({ type: "close" } satisfies ToWriterThread);
		});
		return this.#closed;
	}

	#receive(message: FromWriterThread): void {
		const waiting = this.#waiting.get(message.id);
		if (waiting === undefined) return;
		this.#waiting.delete(message.id);
		if (message.type === "recorded") waiting.resolve([...message.runIds]);
		else waiting.reject(new StoreError(message.error.message));
	}

	#fail(error: StoreError): void {
		this.#failure ??= error;
		for (const waiting of this.#waiting.values()) waiting.reject(this.#failure);
		this.#waiting.clear();
	}
}

/**
 * Inline artifact bytes are usually views into Node's shared 8 KB buffer pool, and posting a
 * view copies its whole buffer: each is copied to a buffer of its own size first (inline text,
 * the usual case, is posted as it is).
 */
function withCompactBytes(cell: CellRecord): CellRecord {
	if (cell.artifacts === undefined || !cell.artifacts.some((artifact) => artifact.content instanceof Uint8Array))
		return cell;
	return {
		...cell,
		artifacts: cell.artifacts.map((artifact) =>
			artifact.content instanceof Uint8Array
				? { ...artifact, content: Uint8Array.prototype.slice.call(artifact.content) }
				: artifact,
		),
	};
}

/**
 * The compiled thread file next to this one. Under the test runner this module is TypeScript
 * source, which a worker cannot load; the build's copy of the same source (which the test setup
 * makes first) is used instead.
 */
function threadFile(): URL {
	const sibling = new URL("./background-writer-thread.js", import.meta.url);
	if (existsSync(fileURLToPath(sibling))) return sibling;
	return new URL(
		sibling.href.replace(/\/src\/store\/background-writer-thread\.js$/, "/dist/src/store/background-writer-thread.js"),
	);
}
