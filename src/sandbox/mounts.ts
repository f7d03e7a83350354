import { existsSync } from "node:fs";
import { isAbsolute } from "node:path";
import {
	mountTargetProblem,
	type SandboxBackend,
	type SandboxMount,
	SandboxUnavailableError,
	TouchstoneError,
} from "../contract/index.js";

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
