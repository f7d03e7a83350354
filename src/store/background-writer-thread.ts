/**
 * The background writer's thread: opens its own connection to the store and records each batch
 * of cells it is sent in one transaction, answering with the run ids or the refusal. Started by
 * BackgroundCellWriter; not meant to be imported.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { BackgroundWriterData, FromWriterThread, ToWriterThread } from "./background-writer-protocol.js";
import { openStore } from "./open-store.js";
import type { Store } from "./store.js";

const port = parentPort;
if (port === null) throw new Error("background-writer-thread must run in a worker thread");
const data = workerData as BackgroundWriterData;
let store: Store | null = null;
let openFailure: string | null = null;
try {
	store = openStore({ database: data.database, artifacts: data.artifacts });
} catch (error) {
	openFailure = error instanceof Error ? error.message : String(error);
}

port.on("message", (message: ToWriterThread) => {
	if (message.type === "close") {
		store?.close();
		store = null;
		port.close();
		return;
	}
	let reply: FromWriterThread;
	if (store === null)
		reply = { type: "failed", id: message.id, error: { message: openFailure ?? "the store is closed" } };
	else
		try {
			reply = { type: "recorded", id: message.id, runIds: store.recordCells(message.cells) };
		} catch (error) {
			reply = {
				type: "failed",
				id: message.id,
				error: { message: error instanceof Error ? error.message : String(error) },
			};
		}
	port.postMessage(reply);
});
