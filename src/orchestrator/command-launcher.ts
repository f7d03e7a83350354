import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { ModelEntry, TaskPackAccess } from "../contract/index.js";
import type { CommandLauncher, Environment } from "../providers/index.js";
import { openCommandSandbox } from "../runners/index.js";
import { commandAccess } from "./command-access.js";

/**
 * How a single-shot `command` model's program runs: each call in a fresh sandbox of the run's
 * backend with an empty private workdir, reaching only what its entry allows (see
 * `commandAccess`), disposed after the call. A file its command names by a relative path
 * (`tools/model.py`) is the one in the folder touchstone runs in, as when the program ran there,
 * and is shown at its absolute path. Throws BadInputError now, before any call, for a key,
 * variable or mount the entry names that cannot be had.
 */
export function createCommandLauncher(
	entry: ModelEntry,
	env: Environment,
	sandbox: TaskPackAccess["sandbox"],
): CommandLauncher {
	const access = commandAccess(entry, env);
	const argv = (entry.command ?? []).map(fromRunFolder);
	return {
		argv,
		secrets: access.secrets,
		async launch(launch, { signal }) {
			const box = await openCommandSandbox({ argv, access, sandbox });
			try {
				const started = performance.now();
				return { ...(await box.run(launch, { signal })), reach: box.reach, started_at: started };
			} finally {
				await box.sandbox.dispose();
			}
		},
	};
}

/** A relative path to an existing file (`tools/model.py`, `./model`), made absolute; any other argument as it is. */
function fromRunFolder(argument: string): string {
	if (argument.startsWith("-") || isAbsolute(argument) || !argument.includes("/")) return argument;
	const path = resolve(argument);
	return statSync(path, { throwIfNoEntry: false })?.isFile() === true ? path : argument;
}
