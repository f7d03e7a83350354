import type { SandboxLimits } from "../contract/index.js";

const MIB = 1024 * 1024;

/**
 * Limits of every command unless the sandbox or the command asks for others: generous enough for
 * a test suite (Node, Vitest, pytest), tight enough that a runaway command cannot take the machine.
 */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = Object.freeze({
	cpu_seconds: 300,
	memory_bytes: 4096 * MIB,
	processes: 256,
	output_bytes: 1 * MIB,
	file_bytes: 1024 * MIB,
	workdir_bytes: 1024 * MIB,
});

/** Default wall-clock limit of one command. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** Limits with `override`'s members laid over `base`'s. */
export function mergeLimits(base: SandboxLimits, override: Partial<SandboxLimits> | undefined): SandboxLimits {
	if (override === undefined) return base;
	const merged = { ...base };
	for (const key of Object.keys(base) as (keyof SandboxLimits)[]) {
		const value = override[key];
		if (value !== undefined) Object.assign(merged, { [key]: value });
	}
	assertLimits(merged);
	return merged;
}

function assertLimits(limits: SandboxLimits): void {
	for (const [key, value] of Object.entries(limits)) {
		if (value === null && key !== "output_bytes") continue;
		if (typeof value !== "number" || !Number.isFinite(value) || value <= 0)
			throw new RangeError(`sandbox limit ${key} must be a positive number${key === "output_bytes" ? "" : " or null"}`);
	}
}

/**
 * Shell text that sets the limits on itself before it `exec`s the command, so the limits bind the
 * command and everything it starts. Hard and soft limits are both set (plain `ulimit`), so the
 * command cannot raise them. A limit that cannot be set stops the command (exit 125) rather than
 * letting it run unbounded. Only numbers enter the text: nothing from a request is interpolated.
 */
export function ulimitScript(limits: SandboxLimits, options: { processes: boolean }): string {
	const lines: string[] = [];
	const set = (name: string, flags: string) =>
		lines.push(
			`{ ${flags}; } 2>/dev/null || { echo "touchstone sandbox: cannot set the ${name} limit" >&2; exit 125; }`,
		);
	if (limits.cpu_seconds !== null) set("cpu_seconds", `ulimit -t ${Math.ceil(limits.cpu_seconds)}`);
	// KiB, in dash and bash alike.
	if (limits.memory_bytes !== null) set("memory_bytes", `ulimit -d ${Math.ceil(limits.memory_bytes / 1024)}`);
	// 512-byte blocks for /bin/sh (dash, and bash in POSIX mode).
	if (limits.file_bytes !== null) set("file_bytes", `ulimit -f ${Math.ceil(limits.file_bytes / 512)}`);
	// bash spells the process limit -u, dash -p.
	if (options.processes && limits.processes !== null) {
		const count = Math.ceil(limits.processes);
		set("processes", `ulimit -u ${count} || ulimit -p ${count}`);
	}
	return lines.join("\n");
}

/** The argv that runs `argv` under `/bin/sh` after the limits are set. */
export function limitedArgv(limits: SandboxLimits, argv: readonly string[], options: { processes: boolean }): string[] {
	const script = `${ulimitScript(limits, options)}\nexec "$@"`;
	return ["/bin/sh", "-c", script, "sh", ...argv];
}
