import { BadInputError, type ModelEntry } from "../contract/index.js";

/** The environment providers read keys and `${VAR}` references from. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** Retries of a failed call when the entry does not say (`options.max_retries`). */
export const DEFAULT_MAX_RETRIES = 3;
/** Calls in flight at once per endpoint and key when the entry does not say (`options.concurrency`). */
export const DEFAULT_CONCURRENCY = 8;
/** Seconds before one call is abandoned when the entry does not say (`options.timeout_s`). */
export const DEFAULT_TIMEOUT_S = 120;

/**
 * Bytes of one model reply's output kept when the entry does not say (`options.max_output_bytes`):
 * 4 MiB, a hundred times a long answer, so only a runaway or hostile reply is cut.
 */
export const DEFAULT_MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/** The warning a reply cut at its output cap carries, the same whichever provider cut it. */
export function outputCapWarning(maxOutputBytes: number): string {
	return `output cut at ${maxOutputBytes} bytes (options.max_output_bytes): the rest of the reply was not read`;
}

/** The provider settings of an entry's `options`, with defaults applied. */
export interface EntrySettings {
	/** Retries after the first failed call; 0 means one call only. */
	readonly maxRetries: number;
	/** Calls in flight at once for the entry's endpoint and key. */
	readonly concurrency: number;
	/** Milliseconds before one call is abandoned as a timeout. */
	readonly timeoutMs: number;
	/** Extra HTTP headers: header name → name of the environment variable holding its value. */
	readonly headersEnv: Readonly<Record<string, string>>;
	/** False when the endpoint is to be asked for whole replies instead of streams (`options.stream: false`). */
	readonly stream: boolean;
	/** Bytes of output (as UTF-8) one reply may have; past them it is cut, marked, and no more is read. */
	readonly maxOutputBytes: number;
}

/** Reads `options.max_retries`, `concurrency`, `timeout_s`, `headers_env`, `stream` and `max_output_bytes` of an entry (validated by definitions). */
export function entrySettings(entry: ModelEntry): EntrySettings {
	const { max_retries, concurrency, timeout_s, headers_env, stream, max_output_bytes } = entry.options;
	const headersEnv: Record<string, string> = {};
	if (typeof headers_env === "object" && headers_env !== null && !Array.isArray(headers_env))
		for (const [name, variable] of Object.entries(headers_env))
			if (typeof variable === "string") headersEnv[name] = variable;
	return {
		maxRetries: typeof max_retries === "number" ? max_retries : DEFAULT_MAX_RETRIES,
		concurrency: typeof concurrency === "number" ? concurrency : DEFAULT_CONCURRENCY,
		timeoutMs: (typeof timeout_s === "number" ? timeout_s : DEFAULT_TIMEOUT_S) * 1000,
		headersEnv,
		stream: stream !== false,
		maxOutputBytes:
			typeof max_output_bytes === "number" && Number.isSafeInteger(max_output_bytes) && max_output_bytes > 0
				? max_output_bytes
				: DEFAULT_MAX_OUTPUT_BYTES,
	};
}

const REFERENCE = /\$\{([^}]*)\}/g;

/**
 * Expands `${VAR}` references in an entry's `base_url` from `env`. Definitions keep references
 * unexpanded so they stay machine-independent; a missing variable is a bad input naming it.
 */
export function resolveBaseUrl(entry: ModelEntry, baseUrl: string, env: Environment): string {
	const missing: string[] = [];
	const value = baseUrl.replace(REFERENCE, (_, name: string) => {
		const found = env[name];
		if (found === undefined || found === "") missing.push(name);
		return found ?? "";
	});
	if (missing.length > 0)
		throw new BadInputError(
			`Model \`${entry.id}\`: its base_url refers to environment variables that are not set.`,
			missing.map((name) => ({
				source: `model ${entry.id}`,
				line: null,
				column: null,
				path: "base_url",
				message: `environment variable ${name} is not set`,
				fix: `export ${name}=<url> before running`,
			})),
		);
	if (!URL.canParse(value))
		throw new BadInputError(`Model \`${entry.id}\`: its base_url is not a URL.`, [
			{
				source: `model ${entry.id}`,
				line: null,
				column: null,
				path: "base_url",
				message: `expected an http(s) URL, found ${JSON.stringify(value)}`,
				fix: "write a URL such as `https://api.example.com/v1`",
			},
		]);
	return value.replace(/\/+$/, "");
}

/**
 * The API key from the variable the entry names, or null when the entry names none and
 * `required` is false. A missing key is a bad input saying which variable to export.
 */
export function resolveApiKey(entry: ModelEntry, env: Environment, required: boolean): string | null {
	const name = entry.api_key_env;
	if (name === null) {
		if (!required) return null;
		throw new BadInputError(`Model \`${entry.id}\` needs an API key.`, [
			{
				source: `model ${entry.id}`,
				line: null,
				column: null,
				path: "api_key_env",
				message: `provider \`${entry.provider}\` needs an API key, and the entry names no variable holding one`,
				fix: "add `api_key_env: NAME_OF_THE_VARIABLE` to the entry and export that variable",
			},
		]);
	}
	const key = env[name];
	if (key !== undefined && key !== "") return key;
	throw new BadInputError(`Model \`${entry.id}\` needs an API key.`, [
		{
			source: `model ${entry.id}`,
			line: null,
			column: null,
			path: "api_key_env",
			message: `environment variable ${name} is not set`,
			fix: `export ${name}=<your ${entry.provider} API key> before running`,
		},
	]);
}

/** Values of the entry's `headers_env` variables; a missing one is a bad input naming it. */
export function resolveHeaders(entry: ModelEntry, headersEnv: Readonly<Record<string, string>>, env: Environment) {
	const headers: Record<string, string> = {};
	const missing: string[] = [];
	for (const [header, variable] of Object.entries(headersEnv)) {
		const value = env[variable];
		if (value === undefined || value === "") missing.push(variable);
		else headers[header] = value;
	}
	if (missing.length > 0)
		throw new BadInputError(
			`Model \`${entry.id}\`: options.headers_env names environment variables that are not set.`,
			missing.map((name) => ({
				source: `model ${entry.id}`,
				line: null,
				column: null,
				path: "options.headers_env",
				message: `environment variable ${name} is not set`,
				fix: `export ${name}=<value> before running`,
			})),
		);
	return headers;
}

/** `scheme://host[:port]` of a URL: what provenance keeps of an endpoint (no path, query or credentials). */
export function endpointOrigin(url: string): string {
	return new URL(url).origin;
}
