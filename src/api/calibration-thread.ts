/**
 * The read thread: opens the store read-only on a connection of its own and computes each job it
 * is sent (a calibration, a case's inspection, the case ids of a use case), answering with the
 * result or the error as plain data. Started by CalibrationWorker; not meant to be imported.
 */
import { parentPort, workerData } from "node:worker_threads";
import { BadInputError } from "../contract/index.js";
import { openStore, type Store } from "../store/index.js";
import { calibrateUseCase, inspectCase, resolveSpec } from "../views/index.js";
import { encodeBody } from "./cached-body.js";
import type { CalibrationThreadData, FromCalibrationThread, ToCalibrationThread } from "./calibration-protocol.js";

const port = parentPort;
if (port === null) throw new Error("calibration-thread must run in a worker thread");
const data = workerData as CalibrationThreadData;
let store: Store | null = null;
let openFailure: unknown = null;
try {
	store = openStore({ database: data.database, artifacts: data.artifacts, readonly: true });
} catch (error) {
	openFailure = error;
}

port.on("message", (message: ToCalibrationThread) => {
	const { id } = message;
	try {
		if (store === null) throw openFailure;
		if (message.type === "calibrate") {
			const json = JSON.stringify(calibrateUseCase(store, message.job.useCaseId, message.job));
			port.postMessage({ type: "report", id, json } satisfies FromCalibrationThread);
		} else if (message.type === "inspect") {
			const body = encodeBody(JSON.stringify(inspectCase(store, message.job.useCaseId, message.job.caseId)));
			// Copied across (a gzip of some KB): a small body's bytes share Buffer's pool, which cannot move.
			port.postMessage({ type: "inspection", id, body } satisfies FromCalibrationThread);
		} else {
			port.postMessage({
				type: "cases",
				id,
				caseIds: currentCaseIds(store, message.useCaseId),
			} satisfies FromCalibrationThread);
		}
	} catch (error) {
		port.postMessage({
			type: "failed",
			id,
			error: {
				name: error instanceof Error ? error.name : "Error",
				message: error instanceof Error ? error.message : String(error),
				issues: error instanceof BadInputError ? error.issues : [],
			},
		} satisfies FromCalibrationThread);
	}
});

/** The ids of the cases of the use case's current spec, in its order, each once. */
function currentCaseIds(store: Store, useCaseId: string): string[] {
	const cases = (resolveSpec(store, useCaseId).spec as { cases?: readonly { id: string }[] }).cases ?? [];
	return [...new Set(cases.map((item) => item.id))];
}
