import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { BadInputError, NotFoundError } from "../contract/index.js";
import type { StorePaths } from "../store/index.js";
import type {
	CalibrationJob,
	CalibrationThreadData,
	CalibrationThreadError,
	EncodedBody,
	FromCalibrationThread,
	InspectionJob,
	ToCalibrationThread,
} from "./calibration-protocol.js";

/** A job's answer as the thread sent it (failures rejected). */
type Answer = Exclude<FromCalibrationThread, { type: "failed" }>;

interface Waiting {
	resolve(answer: Answer): void;
	reject(error: unknown): void;
}

/** A message to the thread without its id, which {@link CalibrationWorker} assigns. */
type Job = ToCalibrationThread extends infer Message ? (Message extends unknown ? Omit<Message, "id"> : never) : never;

/**
 * Computes calibrations (and inspections, for a prefetch) on a thread of its own, over its own
 * read-only connection to the store: a calibration takes seconds on a large store, and on the
 * server's thread every other request waited for it. Jobs run one at a time, in order. The thread does not keep the process alive while idle;
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
	async calibrate(job: CalibrationJob): Promise<string> {
		const answer = await this.#ask({ type: "calibrate", job });
		if (answer.type !== "report") throw new Error(`the calibration thread answered ${answer.type} to a calibration`);
		return answer.json;
	}

	/** The inspection of one case of the current version, encoded as the response cache keeps it; rejects as inspectCase threw. */
	async inspect(job: InspectionJob): Promise<EncodedBody> {
		const answer = await this.#ask({ type: "inspect", job });
		if (answer.type !== "inspection")
			throw new Error(`the calibration thread answered ${answer.type} to an inspection`);
		return answer.body;
	}

	/** The case ids of the use case's current spec, in its order; rejects when it has none (NotFoundError). */
	async caseIds(useCaseId: string): Promise<readonly string[]> {
		const answer = await this.#ask({ type: "cases", useCaseId });
		if (answer.type !== "cases") throw new Error(`the calibration thread answered ${answer.type} to a list of cases`);
		return answer.caseIds;
	}

	#ask(job: Job): Promise<Answer> {
		if (!this.alive) return Promise.reject(new Error("the calibration thread is closed"));
		const id = this.#nextId++;
		return new Promise<Answer>((resolve, reject) => {
			this.#waiting.set(id, { resolve, reject });
			// Awaited answers keep the process alive; an idle thread does not.
			if (this.#waiting.size === 1) this.#worker.ref();
			this.#worker.postMessage({ ...job, id } as ToCalibrationThread);
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
		if (message.type === "failed") waiting.reject(rebuiltError(message.error));
		else waiting.resolve(message);
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
