import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { defaultReadOnlyPaths } from "./bubblewrap-args.js";
import { createBubblewrapRunner } from "./bubblewrap-runner.js";
import { DEFAULT_SANDBOX_LIMITS } from "./limits.js";
import { createWorkspace, type Owner, removeWorkspace } from "./workspace.js";

/** Whether bubblewrap works here, and if not, why and how to fix it. */
export type SandboxBackendDetection =
	| { readonly backend: "bubblewrap"; readonly bwrap: string; readonly version: string }
	| { readonly backend: null; readonly problem: string; readonly fix: string };

/** The unprivileged user commands run as when touchstone itself runs as root (`nobody`). */
const UNPRIVILEGED: Owner = { uid: 65534, gid: 65534 };

/**
 * Who runs sandboxed commands: the current user, or `nobody` when that is root. Root's processes
 * are exempt from the process limit (RLIMIT_NPROC), so a fork bomb would be bounded only by time.
 */
export function sandboxOwner(): Owner | null {
	return process.getuid?.() === 0 ? UNPRIVILEGED : null;
}

const UNAVAILABLE_FIX = "or opt into the unisolated process backend (backend: 'process' with allowUnisolated: true)";
let detection: Promise<SandboxBackendDetection> | undefined;

/**
 * Finds out once per process whether bubblewrap can run a command here: bwrap is on the PATH and a
 * real sandbox (namespaces, mounts, limits) runs `true`. The answer is cached; `refresh` probes again.
 */
export function detectSandboxBackend(options: { readonly refresh?: boolean } = {}): Promise<SandboxBackendDetection> {
	if (options.refresh === true || detection === undefined) detection = probe();
	return detection;
}

async function probe(): Promise<SandboxBackendDetection> {
	if (process.platform !== "linux")
		return {
			backend: null,
			problem: `bubblewrap needs Linux; this is ${process.platform}`,
			fix: `run touchstone on Linux (or in a Linux container), ${UNAVAILABLE_FIX}`,
		};
	const bwrap = findOnPath("bwrap");
	if (bwrap === null)
		return {
			backend: null,
			problem: "bubblewrap (bwrap) is not installed",
			fix: `install it (apt-get install bubblewrap, dnf install bubblewrap, pacman -S bubblewrap), ${UNAVAILABLE_FIX}`,
		};
	let version: string;
	try {
		version = (await promisify(execFile)(bwrap, ["--version"], { timeout: 5_000 })).stdout.trim();
	} catch (error) {
		return {
			backend: null,
			problem: `${bwrap} --version failed: ${String(error)}`,
			fix: `reinstall bubblewrap, ${UNAVAILABLE_FIX}`,
		};
	}
	const workspace = await createWorkspace({ owner: sandboxOwner() });
	try {
		const runner = createBubblewrapRunner(workspace, {
			bwrap,
			readOnlyPaths: defaultReadOnlyPaths(),
			mounts: [],
			network: false,
			privateHome: false,
		});
		const result = await runner.run({
			argv: ["true"],
			cwd: "",
			env: {},
			stdin: "",
			timeoutMs: 10_000,
			limits: DEFAULT_SANDBOX_LIMITS,
		});
		if (result.exit_code !== 0) throw new Error(result.stderr.trim() || `exit ${result.exit_code}`);
		return { backend: "bubblewrap", bwrap, version };
	} catch (error) {
		return {
			backend: null,
			problem: `${version} is installed but cannot run a sandbox: ${error instanceof Error ? error.message : String(error)}`,
			fix: `allow unprivileged user namespaces (Ubuntu 24.04: sysctl kernel.apparmor_restrict_unprivileged_userns=0, or an AppArmor profile for bwrap; in a container: run it with --security-opt seccomp=unconfined or --privileged), ${UNAVAILABLE_FIX}`,
		};
	} finally {
		await removeWorkspace(workspace);
	}
}

function findOnPath(program: string): string | null {
	const folders = (process.env.PATH ?? "").split(delimiter).filter((folder) => folder !== "");
	for (const folder of folders) {
		const candidate = join(folder, program);
		try {
			accessSync(candidate, constants.X_OK);
			return candidate;
		} catch {
			// Not here.
		}
	}
	return null;
}
