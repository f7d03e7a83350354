import type { ModelEntry, TaskPackAccess } from "../contract/index.js";
import type { CommandLauncher, Environment } from "../providers/index.js";
import { openCommandSandbox } from "../runners/index.js";
import { commandAccess } from "./command-access.js";

/**
 * How a single-shot `command` model's program runs: each call in a fresh sandbox of the run's
 * backend with an empty private workdir, reaching only what its entry allows (see
 * `commandAccess`), disposed after the call. Throws BadInputError now, before any call, for a
 * key, variable or mount the entry names that cannot be had.
 */
export function createCommandLauncher(
	entry: ModelEntry,
	env: Environment,
	sandbox: TaskPackAccess["sandbox"],
): CommandLauncher {
	const access = commandAccess(entry, env);
	const argv = entry.command ?? [];
	return {
		argv,
		secrets: access.secrets,
		async launch(launch, { signal }) {
			const box = await openCommandSandbox({ argv, access, sandbox });
			try {
				return { ...(await box.run(launch, { signal })), reach: box.reach };
			} finally {
				await box.sandbox.dispose();
			}
		},
	};
}
