import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { mountTargetProblem } from "../contract/index.js";
import { ENV_NAME_PATTERN, envReferences, expandEnvReferences } from "./env-references.js";

const REFERENCE = /\$\{([^}]*)\}/g;

/** Where a mount's `from` may point as written: an absolute host path, or also one relative to its file. */
export type MountSources = "absolute" | "absolute-or-relative";

/** What is wrong with a mount's `from` (a host path, maybe with `${VAR}`s), or null. */
function sourceProblem(from: string, sources: MountSources): string | null {
	if (from === "") return "the host path is empty";
	const bad = envReferences(from).find((name) => !ENV_NAME_PATTERN.test(name));
	if (bad !== undefined) return `\`\${${bad}}\` is not a valid environment variable reference`;
	if (from.replace(REFERENCE, "").includes("${")) return "an environment variable reference is missing its closing `}`";
	// With a leading reference (`${HOME}/x`) the path is known only at run time, where it is checked.
	if (sources === "absolute" && !from.startsWith("/") && !from.startsWith("${"))
		return `expected an absolute host path, found ${JSON.stringify(from)}`;
	return null;
}

/**
 * A host folder or file shown read-only inside a sandbox: `{from, to}`. `from` may hold `${VAR}`
 * references, expanded at run time (so definitions stay machine-independent), where it is also
 * checked to exist; `to` must be an absolute path outside the sandbox's system folders and its
 * workdir (the contract's {@link mountTargetProblem}), checked here already.
 */
export function mountSchema(sources: MountSources) {
	return z
		.strictObject({
			from: pathSchema(
				(path) => sourceProblem(path, sources),
				sources === "absolute"
					? // biome-ignore lint/suspicious/noTemplateCurlyInString: shows the literal `${VAR}` syntax
						"write an absolute host path, e.g. `/opt/agent` or `${HOME}/.local/share/agent`"
					: // biome-ignore lint/suspicious/noTemplateCurlyInString: shows the literal `${VAR}` syntax
						"write a host path: absolute, relative to this file, or with `${NAME}` references",
			).describe(
				sources === "absolute"
					? // biome-ignore lint/suspicious/noTemplateCurlyInString: documents the literal `${VAR}` syntax
						"Absolute host path of the folder or file; may contain ${ENV_VAR} references."
					: // biome-ignore lint/suspicious/noTemplateCurlyInString: documents the literal `${VAR}` syntax
						"Host folder (or file) to show; absolute, or relative to the file that declares it; ${VAR} references are expanded at run time.",
			),
			to: pathSchema((to) => {
				const problem = mountTargetProblem(to);
				return problem === null ? null : `the mount target ${JSON.stringify(to)} ${problem}`;
			}, "mount it at an absolute path outside /usr, /etc and /workspace, e.g. /opt/venv").describe(
				"Where it appears inside the sandbox, read-only: an absolute path outside the system folders and /workspace.",
			),
		})
		.describe("A host path shown read-only inside the sandbox.");
}

/** A list of mounts (see {@link mountSchema}) whose targets are distinct. */
export function mountListSchema(sources: MountSources) {
	return z.array(mountSchema(sources)).superRefine((mounts, context) => {
		const seen = new Set<string>();
		mounts.forEach((mount, index) => {
			if (seen.has(mount.to))
				context.addIssue({
					code: "custom",
					path: [index, "to"],
					message: `two mounts share the target ${mount.to}`,
					params: { fix: "give each mount its own target" },
				});
			seen.add(mount.to);
		});
	});
}

/** A mount's host path on this machine, or why there is none: variables not set, or a path that does not exist. */
export type MountSource =
	| { readonly path: string }
	| { readonly missing: readonly string[] }
	| { readonly absent: string };

/**
 * Where a mount's `from` points on this machine: its `${VAR}` references expanded from `env`, a
 * relative path resolved against `dir` (null: only absolute paths are allowed), and the result
 * checked to exist. Run-time counterpart of {@link mountSchema}'s checks of what was written.
 */
export function mountSource(
	from: string,
	env: Readonly<Record<string, string | undefined>>,
	dir: string | null,
): MountSource {
	const expanded = expandEnvReferences(from, env);
	if (expanded.missing.length > 0) return { missing: expanded.missing };
	const path = isAbsolute(expanded.value) || dir === null ? expanded.value : resolve(dir, expanded.value);
	return isAbsolute(path) && existsSync(path) ? { path } : { absent: path };
}

/** A path string checked by `problemOf`, its problem reported with `fix`. */
function pathSchema(problemOf: (path: string) => string | null, fix: string) {
	return z.string().superRefine((path, context) => {
		const problem = problemOf(path);
		if (problem !== null) context.addIssue({ code: "custom", message: problem, params: { fix } });
	});
}
