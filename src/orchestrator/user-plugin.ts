import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { BadInputError, sha256, type UseCasePlugin } from "../contract/index.js";
import {
	type Definitions,
	resolvePluginModule,
	type UseCaseDefinition,
	useCaseFieldIssue,
} from "../definitions/index.js";
import { boundedCall, DEFAULT_LOAD_CASES_TIMEOUT_MS, wrapUserPlugin } from "../plugins/index.js";
import { attemptWarnings, telemetryFrom } from "../providers/index.js";

/**
 * The plugin a runnable use case names: the built-in with that id, else the user's module (a path
 * inside the benchmarks folder or an installed package), imported and wrapped (see wrapUserPlugin).
 * A module that is missing, fails to import, has no default export or the wrong shape is a
 * BadInputError on the `plugin:` line of use_cases.yaml, with the module's own message and a fix.
 */
export async function loadUseCasePlugin(
	definitions: Definitions,
	useCase: UseCaseDefinition,
	findPlugin: (id: string) => UseCasePlugin | undefined,
	signal: AbortSignal,
): Promise<UseCasePlugin> {
	const reference = useCase.plugin ?? "";
	const builtin = findPlugin(reference);
	if (builtin !== undefined) return builtin;
	const dir = resolve(definitions.dir);
	const locate = (text: { readonly message: string; readonly fix: string }) =>
		useCaseFieldIssue(definitions.dir, useCase.id, "plugin", text);
	const fail = (message: string, fix: string) =>
		new BadInputError(`The plugin of use case ${useCase.id} cannot be loaded`, [locate({ message, fix })]);
	const resolved = resolvePluginModule(dir, reference);
	if ("message" in resolved) throw fail(resolved.message, resolved.fix);
	const hash = sha256(readFileSync(resolved.path));
	let exported: unknown;
	try {
		// The hash in the URL makes an edited module a new module, even within one process.
		const url = `${pathToFileURL(resolved.path).href}?sha256=${hash}`;
		const imported = await boundedCall(
			`import of ${reference}`,
			DEFAULT_LOAD_CASES_TIMEOUT_MS,
			signal,
			() => import(url),
		);
		exported = (imported as { default?: unknown }).default;
	} catch (error) {
		if (signal.aborted) throw error;
		throw fail(
			`plugin module \`${reference}\` failed to import: ${importProblem(error, resolved.path, dir)}`,
			`fix the module; \`node ${resolved.path}\` shows the whole error`,
		);
	}
	if (exported === undefined)
		throw fail(
			`plugin module \`${reference}\` has no default export`,
			'end the module with `export default { specificationVersion: "v1", id, version, … }` (see docs/plugins.md)',
		);
	return wrapUserPlugin(
		exported,
		{ reference, sha256: hash, packageVersion: resolved.packageVersion, locate },
		// A plugin runner's calls are measured as the built-in runners' are.
		(completions, wallMs, model) => ({
			telemetry: telemetryFrom(completions, wallMs, model.price),
			...attemptWarnings(completions),
		}),
	);
}

/**
 * An import error's message; for a syntax error, with the line it is on. Node 20 keeps that line
 * out of the error, so `node --check` (on the way to an error only) finds it.
 */
function importProblem(error: unknown, path: string, dir: string): string {
	const message = error instanceof Error ? error.message : String(error);
	if (!(error instanceof SyntaxError)) return message;
	const checked = spawnSync(process.execPath, ["--check", path], { encoding: "utf8", timeout: 10_000 });
	const line = checked.stderr?.match(/^.*:(\d+)\n/)?.[1];
	return line === undefined ? message : `${message} (at ${relative(dir, path)}:${line})`;
}
