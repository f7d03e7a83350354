import { globToRegExp } from "../../input/index.js";

/** What a change touched outside a sprint's scope allowlist. */
export interface ScopeCheck {
	/** Whether every changed path matches a glob of the scope. */
	readonly inside: boolean;
	/** The changed paths no glob of the scope matches, sorted. */
	readonly outside: readonly string[];
}

/**
 * The scope gate of a sprint (seed 002): a milestone whose change touches a path that no glob of
 * the allowlist matches is a failed attempt, and the finished branch's diff must stay inside it.
 * Paths are repository-relative with `/` separators, as `git diff --name-only` prints them; a
 * renamed file counts with both its old and new path, so moving a file out of scope is caught.
 * A path that climbs out of the repository (`..`) or is absolute is always outside.
 */
export function scopeCheck(changed: readonly string[], scope: readonly string[]): ScopeCheck {
	const patterns = scope.map((glob) => globToRegExp(glob));
	const outside = [...new Set(changed)]
		.filter((path) => {
			const normal = path.replace(/\\/g, "/").replace(/^\.\//, "");
			if (normal.startsWith("/") || normal.split("/").includes("..")) return true;
			return !patterns.some((pattern) => pattern.test(normal));
		})
		.sort();
	return { inside: outside.length === 0, outside };
}
