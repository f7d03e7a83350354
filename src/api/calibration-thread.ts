/**
 * The calibration thread: opens the store read-only on a connection of its own and computes each
 * calibration it is sent, answering with the report's JSON or the error as plain data. Started by
 * CalibrationWorker; not meant to be imported.
 */
import { parentPort, workerData } from "node:worker_threads";
import { BadInputError } from "../contract/index.js";
import { openStore, type Store } from "../store/index.js";
import { calibrateUseCase } from "../views/index.js";
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

port.on("message", ({ id, job }: ToCalibrationThread) => {
	let reply: FromCalibrationThread;
	try {
		if (store === null) throw openFailure;
		reply = { type: "report", id, json: JSON.stringify(calibrateUseCase(store, job.useCaseId, job)) };
	} catch (error) {
		reply = {
			type: "failed",
			id,
			error: {
				name: error instanceof Error ? error.name : "Error",
				message: error instanceof Error ? error.message : String(error),
				issues: error instanceof BadInputError ? error.issues : [],
			},
		};
	}
	port.postMessage(reply);
});
