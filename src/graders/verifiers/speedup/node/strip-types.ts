import { createRequire } from "node:module";
import type { transform } from "sucrase";

/** Sucrase, loaded on the first TypeScript candidate: a run that verifies none does not carry its code. */
const requireLazily = createRequire(import.meta.url);

/** Editable file extensions that hold TypeScript, stripped to JavaScript on the host before the policy. */
export const TYPESCRIPT_EXTENSIONS = [".ts", ".mts"] as const;

/** Whether `path` names a TypeScript file. */
export function isTypeScriptPath(path: string): boolean {
	return TYPESCRIPT_EXTENSIONS.some((extension) => path.endsWith(extension));
}

/**
 * TypeScript source as the JavaScript that runs: types removed (and enums, parameter properties
 * compiled), every other construct kept as written, lines kept where they were so a policy
 * violation's line is the line in the model's file. Throws the parser's SyntaxError-like error
 * for source sucrase cannot read.
 */
export function stripTypes(source: string, path: string): string {
	return (requireLazily("sucrase") as { transform: typeof transform }).transform(source, {
		transforms: ["typescript"],
		disableESTransforms: true,
		keepUnusedImports: true,
		filePath: path,
	}).code;
}
