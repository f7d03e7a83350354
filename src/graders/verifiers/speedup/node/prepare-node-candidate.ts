import { checkNodeCandidate, formatNodeViolation, type NodePolicyViolation } from "./node-policy.js";
import { isTypeScriptPath, stripTypes } from "./strip-types.js";

/** File extensions a Node candidate (or baseline) may have: ES modules in JavaScript or TypeScript. */
export const NODE_SOURCE_EXTENSIONS = [".js", ".mjs", ".ts", ".mts"] as const;

/** Why `path` cannot be a Node editable file or baseline, or null when it can (for load-time checks). */
export function nodeSourcePathProblem(path: string): string | null {
	if (NODE_SOURCE_EXTENSIONS.some((extension) => path.endsWith(extension))) return null;
	return `${path} is not a JavaScript or TypeScript module: use one of ${NODE_SOURCE_EXTENSIONS.join(", ")} (the helper loads it as an ES module)`;
}

/** A candidate file ready for the grading folder, or the policy's refusal. */
export type PreparedNodeCandidate =
	| { readonly ok: true; readonly source: string }
	| { readonly ok: false; readonly detail: string; readonly violations: readonly NodePolicyViolation[] };

/** How many violations a rejection's detail lists before saying how many more there are. */
const SHOWN_VIOLATIONS = 5;

/**
 * One editable file as it will run: TypeScript stripped to JavaScript on the host, then checked
 * against the policy (never executed here). A refusal is the model's (a graded failure, status
 * `rejected`), decided before anything runs; its detail names each rule and line:column.
 */
export function prepareNodeCandidate(
	path: string,
	source: string,
	allowedImports: readonly string[],
): PreparedNodeCandidate {
	let runnable = source;
	if (isTypeScriptPath(path)) {
		try {
			runnable = stripTypes(source, path);
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			const violation: NodePolicyViolation = { rule: "syntax", line: 1, column: 1, message };
			return {
				ok: false,
				detail: `${path}: syntax: TypeScript that cannot be read: ${message}`,
				violations: [violation],
			};
		}
	}
	const violations = checkNodeCandidate(runnable, allowedImports);
	if (violations.length === 0) return { ok: true, source: runnable };
	const shown = violations.slice(0, SHOWN_VIOLATIONS).map((violation) => formatNodeViolation(path, violation));
	if (violations.length > SHOWN_VIOLATIONS) shown.push(`and ${violations.length - SHOWN_VIOLATIONS} more`);
	return { ok: false, detail: `the candidate breaks the Node policy: ${shown.join("; ")}`, violations };
}

/** The trusted baseline as it will run: TypeScript stripped, no policy (it is the task's own code). */
export function prepareNodeBaseline(path: string, source: string): string {
	return isTypeScriptPath(path) ? stripTypes(source, path) : source;
}
