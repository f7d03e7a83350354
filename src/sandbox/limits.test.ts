import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DEFAULT_SANDBOX_LIMITS, limitedArgv, mergeLimits } from "./limits.js";

describe("mergeLimits", () => {
	it("lays the given members over the base and keeps the rest", () => {
		const merged = mergeLimits(DEFAULT_SANDBOX_LIMITS, { processes: 64, cpu_seconds: null });
		expect(merged.processes).toBe(64);
		expect(merged.cpu_seconds).toBeNull();
		expect(merged.memory_bytes).toBe(DEFAULT_SANDBOX_LIMITS.memory_bytes);
	});

	it("refuses a limit that is not a positive number", () => {
		expect(() => mergeLimits(DEFAULT_SANDBOX_LIMITS, { memory_bytes: -1 })).toThrow(/memory_bytes/);
		expect(() => mergeLimits(DEFAULT_SANDBOX_LIMITS, { output_bytes: Number.NaN })).toThrow(/output_bytes/);
	});
});

describe("limitedArgv", () => {
	it("sets the limits in /bin/sh before it runs the command with its arguments untouched", () => {
		const limits = {
			...DEFAULT_SANDBOX_LIMITS,
			cpu_seconds: 7,
			memory_bytes: 512 * 1024 * 1024,
			file_bytes: 1024 * 1024,
		};
		const argv = limitedArgv(
			limits,
			["/bin/sh", "-c", 'ulimit -t; ulimit -d; ulimit -f; printf "%s|" "$@"', "x", "a b", "$HOME"],
			{
				processes: false,
			},
		);
		const output = execFileSync(argv[0] ?? "", argv.slice(1), { encoding: "utf8" });
		expect(output).toBe(`7\n${512 * 1024}\n${(1024 * 1024) / 512}\na b|$HOME|`);
	});
});
