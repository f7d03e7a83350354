import { z } from "zod";

/** What an environment variable name looks like: letters, digits and `_`, not starting with a digit. */
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

const SECRET_PREFIXES = ["sk-", "sk_", "gsk_", "xai-", "hf_", "ghp_", "github_pat_", "AIza", "pplx-", "nvapi-", "r8_"];
const REFERENCE = /\$\{([^}]*)\}/g;

/** True when a value looks like an API key itself rather than the name of a variable holding one. */
export function looksLikeSecret(value: string): boolean {
	if (SECRET_PREFIXES.some((prefix) => value.startsWith(prefix))) return true;
	// Names are short and word-like; keys are long runs that are not valid names (or mix cases and digits).
	return value.length >= 24 && (!ENV_NAME_PATTERN.test(value) || (/[a-z]/.test(value) && /[0-9]/.test(value)));
}

/** The name of an environment variable (never the secret itself; a key-like value is refused). */
export const envNameSchema = z
	.string()
	.superRefine((value, context) => {
		if (looksLikeSecret(value)) {
			context.addIssue({
				code: "custom",
				message: "this looks like an API key itself; only the name of an environment variable belongs here",
				params: {
					fix: "put the key in an environment variable (e.g. `export MY_PROVIDER_API_KEY=...`) and write that variable's name here; rotate the key if this file was ever committed",
				},
			});
		} else if (!ENV_NAME_PATTERN.test(value)) {
			context.addIssue({
				code: "custom",
				message: `expected an environment variable name (letters, digits and _, not starting with a digit), found ${JSON.stringify(value)}`,
				params: { fix: "write the variable's name, e.g. `OPENAI_API_KEY`" },
			});
		}
	})
	.meta({ pattern: ENV_NAME_PATTERN.source });

/** The `${NAME}` references in a text, in order of appearance. */
export function envReferences(text: string): string[] {
	return [...text.matchAll(REFERENCE)].map((match) => match[1] ?? "");
}

/** What is wrong with a URL that may contain `${NAME}` references, or null when it is fine. */
export function urlProblem(text: string): string | null {
	const names = envReferences(text);
	const bad = names.find((name) => !ENV_NAME_PATTERN.test(name));
	if (bad !== undefined) return `\`\${${bad}}\` is not a valid environment variable reference`;
	if (text.replace(REFERENCE, "").includes("${")) return "an environment variable reference is missing its closing `}`";
	// With references the final URL is known only at run time; without, it must already be a URL.
	if (names.length > 0) return null;
	if (!URL.canParse(text)) return `expected an http(s) URL, found ${JSON.stringify(text)}`;
	const { protocol } = new URL(text);
	return protocol === "http:" || protocol === "https:"
		? null
		: `expected an http(s) URL, found the scheme \`${protocol}\``;
}

/**
 * Replaces each `${NAME}` in a text with the variable's value from `env`. Expansion happens at run
 * time, never at load, so definitions stay free of machine-specific values.
 */
export function expandEnvReferences(
	text: string,
	env: Readonly<Record<string, string | undefined>>,
): { readonly value: string; readonly missing: readonly string[] } {
	const missing: string[] = [];
	const value = text.replace(REFERENCE, (_, name: string) => {
		const found = env[name];
		if (found === undefined || found === "") missing.push(name);
		return found ?? "";
	});
	return { value, missing };
}
