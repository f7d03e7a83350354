import { TouchstoneError } from "../../contract/index.js";

/**
 * A fixture could not be materialized for a reason outside the task's definition: git or tar
 * missing or failing, the file system refusing a write. Problems of the task itself (a commit
 * that is not in the repository, a patch whose find text is not there) are BadInputErrors.
 */
export class SnapshotError extends TouchstoneError {
	constructor(message: string, options?: { cause?: unknown }) {
		super("snapshot", message, options);
		this.name = "SnapshotError";
	}
}
