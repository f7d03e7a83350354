import type { ModelEntry } from "../contract/index.js";
import { type Environment, entrySettings } from "../providers/index.js";
import { passedSecrets, secretNamedValues } from "./command-access.js";

/** The variable holding the API server's rate token (`POST rate`): a secret every run knows of. */
const RATE_TOKEN = "TOUCHSTONE_RATE_TOKEN";

/**
 * Every secret a run knows, to be redacted from all it stores: the key (`api_key_env`) and the
 * header values (`options.headers_env`) of every model entry given (the registry's and the
 * endpoint models', whether they run or not: a model may echo any of them), the values a
 * `command` entry passes to its program that are secrets (see commandAccess), the rate token
 * (TOUCHSTONE_RATE_TOKEN), and every variable of the environment whose name says it is a secret
 * (see secretNamedValues): none is passed to a model, but a key the process holds is redacted
 * wherever it comes from. Unset and empty variables give nothing.
 */
export function knownSecrets(models: readonly ModelEntry[], env: Environment): string[] {
	const secrets: string[] = [];
	const add = (name: string | null) => {
		const value = name === null ? undefined : env[name];
		if (value !== undefined && value !== "") secrets.push(value);
	};
	add(RATE_TOKEN);
	secrets.push(...secretNamedValues(env));
	for (const entry of models) {
		add(entry.api_key_env);
		for (const variable of Object.values(entrySettings(entry).headersEnv)) add(variable);
		secrets.push(...passedSecrets(entry, env));
	}
	return [...new Set(secrets)];
}
