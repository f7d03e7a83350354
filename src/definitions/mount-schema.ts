import { posix } from "node:path";
import { z } from "zod";
import { ENV_NAME_PATTERN, envReferences } from "./env-references.js";

const REFERENCE = /\$\{([^}]*)\}/g;

/** What is wrong with a mount's `from` (an absolute host path, maybe with `${VAR}`s), or null. */
function sourceProblem(from: string): string | null {
	const bad = envReferences(from).find((name) => !ENV_NAME_PATTERN.test(name));
	if (bad !== undefined) return `\`\${${bad}}\` is not a valid environment variable reference`;
	if (from.replace(REFERENCE, "").includes("${")) return "an environment variable reference is missing its closing `}`";
	// With a leading reference (`${HOME}/x`) the path is known only at run time, where it is checked.
	if (!from.startsWith("/") && !from.startsWith("${"))
		return `expected an absolute host path, found ${JSON.stringify(from)}`;
	return null;
}

/** What is wrong with a mount's `to` as written; the sandbox checks the folders it reserves at run time. */
function targetProblem(to: string): string | null {
	if (!to.startsWith("/")) return `expected an absolute path inside the sandbox, found ${JSON.stringify(to)}`;
	if (to === "/") return "the sandbox's root cannot be a mount target";
	if (posix.normalize(to) !== to || to.endsWith("/"))
		return `expected a normalized path (no \`.\`, \`..\`, \`//\` or trailing \`/\`), found ${JSON.stringify(to)}`;
	return null;
}

/**
 * A host folder or file shown read-only inside a sandbox: `{from, to}`. `from` may hold `${VAR}`
 * references, expanded at run time (so definitions stay machine-independent); whether it exists
 * is checked then too.
 */
export const mountSchema = z
	.strictObject({
		from: pathSchema(
			sourceProblem,
			// biome-ignore lint/suspicious/noTemplateCurlyInString: shows the literal `${VAR}` syntax
			"write an absolute host path, e.g. `/opt/agent` or `${HOME}/.local/share/agent`",
		)
			// biome-ignore lint/suspicious/noTemplateCurlyInString: documents the literal `${VAR}` syntax
			.describe("Absolute host path of the folder or file; may contain ${ENV_VAR} references."),
		to: pathSchema(
			targetProblem,
			"write an absolute path outside /usr, /etc and /workspace, e.g. `/opt/agent`",
		).describe("Absolute path where it appears inside the sandbox (outside the system folders and /workspace)."),
	})
	.describe("A host path shown read-only inside the sandbox.");

/** A path string checked by `problemOf`, its problem reported with `fix`. */
function pathSchema(problemOf: (path: string) => string | null, fix: string) {
	return z.string().superRefine((path, context) => {
		const problem = problemOf(path);
		if (problem !== null) context.addIssue({ code: "custom", message: problem, params: { fix } });
	});
}
