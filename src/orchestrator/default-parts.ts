import type { ModelEntry, Provider } from "../contract/index.js";
import { builtinPlugins, findPlugin } from "../plugins/index.js";
import { createModelProvider, createProviderLimiter, type Environment } from "../providers/index.js";
import { createSingleShotRunner } from "../runners/index.js";
import { commandAccess } from "./command-access.js";
import { createCommandLauncher } from "./command-launcher.js";
import type { RunParts } from "./prepare-use-case.js";
import { createTaskRunner, sandboxChoice } from "./task-runner.js";

/**
 * The built-in parts: the built-in plugins, and the single-shot runner over real providers that
 * share one limiter per endpoint and key for the whole run. Providers of the fleet are created
 * up front, so a missing key or `${VAR}` is one clear bad-input error before any call, not a
 * harness error on every cell. A `command` model's program runs in the run's sandbox, as an
 * external harness's does.
 */
export function defaultRunParts(env: Environment): RunParts {
	const limiter = createProviderLimiter();
	const providers = new Map<string, Provider>();
	const sandbox = sandboxChoice(env.TOUCHSTONE_SANDBOX);
	const providerFor = (entry: ModelEntry): Provider => {
		let provider = providers.get(entry.id);
		if (provider === undefined) {
			const launcher =
				entry.provider === "command" ? { commandLauncher: createCommandLauncher(entry, env, sandbox) } : {};
			provider = createModelProvider(entry, { env, limiter, ...launcher });
			providers.set(entry.id, provider);
		}
		return provider;
	};
	return {
		findPlugin,
		providerFor,
		sandbox,
		env,
		createRunner: (fleet) => {
			for (const entry of fleet) providerFor(entry);
			return createSingleShotRunner({ providerFor });
		},
		createTaskRunner: (resolve, fleet) => {
			// Policies call no model and external harnesses reach theirs themselves; what those may
			// reach is checked now, so a missing key or mount is a bad input before any cell.
			for (const entry of fleet)
				if (entry.provider === "command") commandAccess(entry, env);
				else if (entry.provider !== "builtin") providerFor(entry);
			return createTaskRunner({ resolve, providerFor, sandbox, env });
		},
	};
}

/** The ids of the built-in plugins, which use_cases.yaml may name in `plugin:`. */
export const BUILTIN_PLUGIN_IDS: readonly string[] = [...builtinPlugins.keys()];

/** The ids of the built-in plugins graded by the judge panel, checked for self-preference. */
export const JURY_PLUGIN_IDS: readonly string[] = [...builtinPlugins.values()]
	.filter((plugin) => plugin.usesJury === true)
	.map((plugin) => plugin.id);
