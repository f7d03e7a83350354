import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { BadInputError, NotFoundError } from "../contract/index.js";
import type { StorePaths } from "../store/index.js";
import type {
	CalibrationJob,
	CalibrationThreadData,
	CalibrationThreadError,
	FromCalibrationThread,
	ToCalibrationThread,
} from "./calibration-protocol.js";

interface Waiting {
	resolve(json: string): void;
	reject(error: unknown): void;
}

/**
 * Computes calibrations on a thread of its own, over its own read-only connection to the store:
 * one takes seconds on a large store, and on the server's thread every other request waited for
 * it. Jobs run one at a time, in order. The thread does not keep the process alive while idle;
 * {@link CalibrationWorker.close} ends it (a computation under way is abandoned).
 */
export class CalibrationWorker {
	readonly #worker: Worker;
	readonly #waiting = new Map<number, Waiting>();
	#nextId = 0;
	#closed: Promise<void> | null = null;
	#exited = false;

	constructor(paths: StorePaths) {
		const workerData: CalibrationThreadData = { database: paths.database, artifacts: paths.artifacts };
		this.#worker = new Worker(threadFile(), { workerData });
		this.#worker.unref();
		this.#worker.on("message", (message: FromCalibrationThread) => this.#receive(message));
		this.#worker.on("error", (error) => this.#failAll(new Error(`the calibration thread failed: ${error.message}`)));
		this.#worker.on("exit", (code) => {
			this.#exited = true;
			this.#failAll(new Error(`the calibration thread stopped (exit code ${code})`));
		});
	}

	/** False once the thread has stopped (closed, or crashed): it computes nothing more. */
	get alive(): boolean {
		return !this.#exited && this.#closed === null;
	}

	/** The report of `job` as JSON; rejects with the error calibrateUseCase threw (BadInputError, NotFoundError, …). */
	calibrate(job: CalibrationJob): Promise<string> {
		if (!this.alive) return Promise.reject(new Error("the calibration thread is closed"));
		const id = this.#nextId++;
		return new Promise<string>((resolve, reject) => {
			this.#waiting.set(id, { resolve, reject });
			// Awaited answers keep the process alive; an idle thread does not.
			if (this.#waiting.size === 1) this.#worker.ref();
			this.#worker.postMessage({ type: "calibrate", id, job } satisfies ToCalibrationThread);
		});
	}

	/** Ends the thread, rejecting what is still waiting. Safe to call twice. */
	close(): Promise<void> {
		this.#closed ??= this.#worker.terminate().then(() => this.#failAll(new Error("the calibration thread is closed")));
		return this.#closed;
	}

	#receive(message: FromCalibrationThread): void {
		const waiting = this.#waiting.get(message.id);
		if (waiting === undefined) return;
		this.#waiting.delete(message.id);
		if (this.#waiting.size === 0) this.#worker.unref();
		if (message.type === "report") waiting.resolve(message.json);
		else waiting.reject(rebuiltError(message.error));
	}

	#failAll(error: Error): void {
		for (const waiting of this.#waiting.values()) waiting.reject(error);
		this.#waiting.clear();
		this.#worker.unref();
	}
}

/** The thread's error as the class the API maps to a status (400, 404; anything else is a 500). */
function rebuiltError(error: CalibrationThreadError): Error {
	if (error.name === "BadInputError") return new BadInputError(error.message.split("\n", 1)[0] ?? "", error.issues);
	if (error.name === "NotFoundError") return new NotFoundError(error.message);
	const rebuilt = new Error(`calibration thread: ${error.message}`);
	rebuilt.name = error.name;
	return rebuilt;
}

/**
 * The compiled thread file next to this one; under the test runner this module is TypeScript
 * source, which a worker cannot load, so the build's copy (made by the test setup) is used.
 */
function threadFile(): URL {
	const sibling = new URL("./calibration-thread.js", import.meta.url);
	if (existsSync(fileURLToPath(sibling))) return sibling;
	return new URL(sibling.href.replace(/\/src\/api\/calibration-thread\.js$/, "/dist/src/api/calibration-thread.js"));
}
