import { resolve } from "node:path";
import type { AttemptWorkspace, JsonObject, Sandbox } from "../../contract/index.js";
import { findSpecialFiles } from "../../sandbox/index.js";

/** What a task runner hands on when its model is done: the diff and the workspace to verify. */
export interface FinishedWorkspace {
	/** The workdir's diff against the fixture, capped; null when it could not be made. */
	readonly diff: string | null;
	/** The workdir, kept for the verifier until the host disposes of it. */
	readonly workspace: AttemptWorkspace;
	/** `diff: { bytes, cap_bytes, truncated }` (or `{ error }`) for the attempt's provenance. */
	readonly details: JsonObject;
}

/**
 * Diffs a finished sandbox against its fixture and wraps it as the attempt's workspace. The
 * sandbox stays on disk: the verifier copies it, and the host disposes of it after grading. A
 * diff that fails is recorded, not fatal: the verifier reads the workdir itself.
 */
export async function finishWorkspace(sandbox: Sandbox, fixtureDir: string): Promise<FinishedWorkspace> {
	const workspace: AttemptWorkspace = {
		path: sandbox.workdir,
		fixture: resolve(fixtureDir),
		dispose: () => sandbox.dispose(),
	};
	// FIFOs, sockets, devices and dangling links are not in the diff nor the grading copy: say so.
	const special = (await findSpecialFiles(sandbox.workdir)).map((file) => ({ path: file.path, kind: file.kind }));
	const noted: JsonObject = special.length === 0 ? {} : { special_files: special };
	try {
		const diff = await sandbox.diff();
		return {
			diff: diff.text,
			workspace,
			details: { diff: { bytes: diff.bytes, cap_bytes: diff.cap_bytes, truncated: diff.truncated, ...noted } },
		};
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return { diff: null, workspace, details: { diff: { error: message, ...noted } } };
	}
}
