import type { CellRecord } from "./run-records.js";

/** What the background writer's thread is opened with. */
export interface BackgroundWriterData {
	/** The database file (the thread opens its own connection to it). */
	readonly database: string;
	/** The artifacts folder (large artifacts are written as files before their cells reach the thread). */
	readonly artifacts: string;
}

/** A message to the thread: record a batch of cells in one transaction, or close. */
export type ToWriterThread =
	| { readonly type: "record"; readonly id: number; readonly cells: readonly CellRecord[] }
	| { readonly type: "close" };

/** A failure carried across the thread boundary as plain data. */
export interface ThreadError {
	readonly message: string;
}

/** A message from the thread: a batch recorded (with its run ids) or refused. */
export type FromWriterThread =
	| { readonly type: "recorded"; readonly id: number; readonly runIds: readonly string[] }
	| { readonly type: "failed"; readonly id: number; readonly error: ThreadError };
