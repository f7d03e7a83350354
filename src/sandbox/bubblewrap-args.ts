import { lstatSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { SANDBOX_WORKDIR, type SandboxMount } from "../contract/index.js";

export { SANDBOX_WORKDIR };

/** Size of the sandbox's private /tmp and /dev/shm, each. */
const TMPFS_BYTES = 512 * 1024 * 1024;

/** Top-level system folders; on merged-/usr systems most are symlinks into /usr. */
const SYSTEM_ROOTS = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];

/**
 * What commands may see of /etc: the dynamic linker's cache, user and group names, `localhost`,
 * Debian's alternatives (`awk`, `which`), TLS roots and MIME types. Not the rest: /etc can hold
 * secrets (npmrc tokens, credentials of system services). No `localtime`: commands run in UTC,
 * the same on every machine. Each entry costs a mount at every start.
 */
const ETC_ENTRIES = [
	"alternatives",
	"ca-certificates",
	"group",
	"hosts",
	"ld.so.cache",
	"mime.types",
	"nsswitch.conf",
	"os-release",
	"passwd",
	"protocols",
	"services",
	"ssl",
];

/** What one command inside bubblewrap needs beyond the system. */
export interface BubblewrapCommand {
	/** Host path of the workdir, mounted writable at {@link SANDBOX_WORKDIR}. */
	readonly workdir: string;
	/** Working directory inside the sandbox. */
	readonly cwd: string;
	/** Extra host paths mounted read-only at the same place. */
	readonly readOnlyPaths: readonly string[];
	/** Host paths mounted read-only elsewhere (a venv at /opt/venv). */
	readonly mounts: readonly SandboxMount[];
	/** Whether the command shares the host's network (a runtime's setup); otherwise only a private loopback. */
	readonly network: boolean;
	/** Whether to make {@link PRIVATE_HOME} in the private /tmp, for a HOME outside the workdir. */
	readonly privateHome: boolean;
	/** The program and its arguments, run inside. */
	readonly argv: readonly string[];
}

let systemMounts: readonly string[] | undefined;

/** HOME of a sandbox made with `privateHome`: in its private /tmp, outside the workdir, gone after each command. */
export const PRIVATE_HOME = "/tmp/home";

/** What a command with the network on also needs of /etc: how to resolve host names. */
const NETWORK_ETC_ENTRIES = ["resolv.conf", "gai.conf", "host.conf"];

/**
 * bwrap's arguments for one command: every namespace unshared (no network unless asked for: only
 * a private loopback), a read-only system, a writable workdir, private /tmp, killed with its
 * parent. bwrap writes the sandbox's pid 1 to fd 3, so a timeout can kill the whole pid namespace.
 */
export function bubblewrapArgs(command: BubblewrapCommand): string[] {
	systemMounts ??= computeSystemMounts();
	const args = ["--unshare-all", "--die-with-parent", "--new-session", "--hostname", "sandbox", ...systemMounts];
	if (command.network) {
		args.push("--share-net");
		for (const name of NETWORK_ETC_ENTRIES) args.push("--ro-bind-try", join("/etc", name), join("/etc", name));
	}
	args.push("--proc", "/proc", "--dev", "/dev");
	args.push("--size", String(TMPFS_BYTES), "--tmpfs", "/tmp");
	args.push("--size", String(TMPFS_BYTES), "--tmpfs", "/dev/shm");
	if (command.privateHome) args.push("--dir", PRIVATE_HOME);
	// After the private /tmp, so a read-only path under /tmp (a checkout there) stays visible.
	for (const path of command.readOnlyPaths) args.push("--ro-bind", path, path);
	for (const mount of command.mounts) args.push("--ro-bind", mount.from, mount.to);
	args.push("--bind", command.workdir, SANDBOX_WORKDIR, "--chdir", command.cwd, "--info-fd", "3");
	args.push("--", ...command.argv);
	return args;
}

function computeSystemMounts(): string[] {
	const args = ["--ro-bind", "/usr", "/usr"];
	for (const root of SYSTEM_ROOTS) {
		const stats = lstatSync(root, { throwIfNoEntry: false });
		if (stats?.isSymbolicLink()) args.push("--symlink", readlinkSync(root), root);
		else if (stats?.isDirectory()) args.push("--ro-bind", root, root);
	}
	for (const name of etcEntries()) args.push("--ro-bind-try", join("/etc", name), join("/etc", name));
	return args;
}

/** The allowed /etc entries, plus Python's own configuration folders (`/etc/python3.11`). */
function etcEntries(): string[] {
	let python: string[] = [];
	try {
		python = readdirSync("/etc").filter((name) => /^python3(\.\d+)?$/.test(name));
	} catch {
		// No /etc to read: bind nothing extra.
	}
	return [...ETC_ENTRIES, ...python];
}

/**
 * Host paths commands need besides the system: the installation of the Node running touchstone
 * when it lives outside /usr (nvm, volta, a tarball in /opt), so `node` works inside too.
 */
export function defaultReadOnlyPaths(): string[] {
	const prefix = nodePrefix();
	return prefix === null || prefix === "/usr" || prefix.startsWith("/usr/") ? [] : [prefix];
}

/** The PATH inside the sandbox: the usual system folders, and Node's own when it is elsewhere. */
export function sandboxPath(): string {
	const system = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
	const prefix = nodePrefix();
	if (prefix === null || prefix === "/usr" || prefix === "/usr/local") return system;
	return `${join(prefix, "bin")}:${system}`;
}

function nodePrefix(): string | null {
	const bin = dirname(realpathSync(process.execPath));
	return basename(bin) === "bin" ? dirname(bin) : null;
}
