import { checkNodeCandidate, formatNodeViolation, type NodePolicyViolation } from "./node-policy.js";
import { isTypeScriptPath, stripTypes } from "./strip-types.js";

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
	return { ok: false, detail: shown.join("; "), violations };
}

/**
 * The speedup verifier's host-side check for `language: node`: every editable file through
 * {@link prepareNodeCandidate}; the refusals' details, or null when all may run.
 */
export function nodePrecheck(files: ReadonlyMap<string, string>, allowedImports: readonly string[]): string | null {
	const refusals: string[] = [];
	for (const [path, source] of files) {
		const prepared = prepareNodeCandidate(path, source, allowedImports);
		if (!prepared.ok) refusals.push(prepared.detail);
	}
	return refusals.length === 0 ? null : refusals.join("; ");
}

/**
 * A file as the helper loads it: TypeScript stripped, JavaScript as written. Only the trusted
 * baseline can fail here (a candidate passed {@link nodePrecheck} first), so a throw is the task's.
 */
export function nodeRunnable(path: string, source: string): string {
	return isTypeScriptPath(path) ? stripTypes(source, path) : source;
}
