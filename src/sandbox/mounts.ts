import { existsSync } from "node:fs";
import { isAbsolute, posix } from "node:path";
import { type SandboxBackend, type SandboxMount, SandboxUnavailableError, TouchstoneError } from "../contract/index.js";
import { SANDBOX_WORKDIR } from "./bubblewrap-args.js";

/**
 * Folders a mount may not land in or over: the read-only system (bwrap cannot make a mount point
 * inside it), the kernel's own file systems and the workdir (a mount there would show in diffs).
 */
const RESERVED_TARGETS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/proc", "/dev"];

/** Why a mount's target cannot be used, or null when it can. */
export function mountTargetProblem(to: string): string | null {
	if (!to.startsWith("/")) return "is not an absolute path";
	if (posix.normalize(to) !== to || (to.length > 1 && to.endsWith("/")))
		return "is not a normalized path (no `.`, `..`, `//` or trailing `/`)";
	if (to === "/") return "is the sandbox's root";
	for (const reserved of [...RESERVED_TARGETS, SANDBOX_WORKDIR])
		if (to === reserved || to.startsWith(`${reserved}/`))
			return reserved === SANDBOX_WORKDIR
				? `lies in the workdir (${SANDBOX_WORKDIR}), where it would show in every diff`
				: `lies in ${reserved}, a system folder of the sandbox`;
	return null;
}

/**
 * Checks the mounts of a sandbox before anything starts: absolute, existing sources, usable and
 * distinct targets, and, for the process backend (which cannot remap paths), targets equal to
 * their sources. Throws a TouchstoneError naming the mount, or SandboxUnavailableError for a
 * remap the backend cannot do.
 */
export function checkMounts(mounts: readonly SandboxMount[], backend: SandboxBackend): void {
	const targets = new Set<string>();
	for (const mount of mounts) {
		if (!isAbsolute(mount.from) || !existsSync(mount.from))
			throw new TouchstoneError(
				"sandbox-mount",
				`mount ${mount.from} -> ${mount.to}: ${mount.from} is not an existing absolute path`,
			);
		const problem = mountTargetProblem(mount.to);
		if (problem !== null)
			throw new TouchstoneError("sandbox-mount", `mount ${mount.from} -> ${mount.to}: the target ${problem}`);
		if (targets.has(mount.to)) throw new TouchstoneError("sandbox-mount", `two mounts share the target ${mount.to}`);
		targets.add(mount.to);
		if (backend === "process" && mount.from !== mount.to)
			throw new SandboxUnavailableError(
				`the process backend cannot show ${mount.from} at ${mount.to}: it runs commands on the host, whose paths it cannot remap`,
				"install bubblewrap (apt-get install bubblewrap) to run isolated, or mount the folder at its own path (`to` equal to `from`)",
			);
	}
}
