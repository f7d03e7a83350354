/**
 * One suite, both backends: what a command sees and how it ends must not depend on whether it ran
 * under bubblewrap or as a plain process. Real processes throughout.
 */
import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Sandbox, SandboxPathError } from "../../src/contract/index.js";
import { type CreateSandboxOptions, createSandbox } from "../../src/sandbox/index.js";
import { processesLeft, uniqueSleep } from "./host-processes.js";

const BACKENDS: readonly [string, CreateSandboxOptions][] = [
	["bubblewrap", { backend: "bubblewrap" }],
	["process", { backend: "process", allowUnisolated: true }],
];

describe.each(BACKENDS)("exec on the %s backend", (_name, options) => {
	let sandbox: Sandbox;

	beforeEach(async () => {
		sandbox = await createSandbox(options);
		await sandbox.write("sub/file.txt", "in sub\n");
	});

	afterEach(async () => {
		await sandbox.dispose();
	});

	it("returns the exit code, stdout and stderr apart", async () => {
		const result = await sandbox.exec({ command: "echo out; echo err >&2; exit 7" });
		expect(result).toMatchObject({ exit_code: 7, signal: null, stdout: "out\n", stderr: "err\n", timed_out: false });
		expect(result.truncated).toBe(false);
		expect(result.duration_ms).toBeGreaterThan(0);
	});

	it("passes argv through without a shell", async () => {
		const result = await sandbox.exec({ argv: ["printf", "%s|", "a b", "$HOME", '"q"', "*"] });
		expect(result.stdout).toBe('a b|$HOME|"q"|*|');
	});

	it("says 127 for a program that does not exist", async () => {
		expect((await sandbox.exec({ argv: ["no-such-program-here"] })).exit_code).toBe(127);
	});

	it("runs the usual tools: Debian alternatives, Node, localhost", async () => {
		const result = await sandbox.exec({
			command: `awk 'BEGIN { print 6 * 7 }'; ${process.execPath} -e 'require("dns").lookup("localhost", { family: 4 }, (error, address) => console.log(address))'`,
		});
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("42\n127.0.0.1\n");
	});

	it("feeds stdin and closes it", async () => {
		expect((await sandbox.exec({ argv: ["cat"], stdin: "line one\nline two" })).stdout).toBe("line one\nline two");
		expect((await sandbox.exec({ argv: ["cat"] })).stdout).toBe("");
	});

	it("runs in the workdir, or in a folder of it", async () => {
		expect((await sandbox.exec({ argv: ["pwd"] })).stdout).toBe(`${sandbox.commandWorkdir}\n`);
		const inSub = await sandbox.exec({ command: "pwd; cat file.txt", cwd: "sub" });
		expect(inSub.stdout).toBe(`${sandbox.commandWorkdir}/sub\nin sub\n`);
	});

	it("refuses a cwd outside the workdir", async () => {
		const error = await sandbox.exec({ argv: ["pwd"], cwd: "../.." }).catch((error: unknown) => error);
		expect(error).toBeInstanceOf(SandboxPathError);
	});

	it("passes the caller's variables and none of the host's", async () => {
		process.env.TOUCHSTONE_HOST_ONLY = "host-value";
		try {
			const result = await sandbox.exec({ command: "env", env: { GREETING: "hello there" } });
			expect(result.stdout).toContain("GREETING=hello there\n");
			expect(result.stdout).toContain(`HOME=${sandbox.commandWorkdir}\n`);
			expect(result.stdout).not.toContain("host-value");
			const names = result.stdout
				.trim()
				.split("\n")
				.map((line) => line.slice(0, line.indexOf("=")));
			expect(names.filter((name) => !["PWD", "SHLVL", "_", "OLDPWD"].includes(name)).sort()).toEqual([
				"GREETING",
				"HOME",
				"LANG",
				"PATH",
				"TMPDIR",
			]);
		} finally {
			delete process.env.TOUCHSTONE_HOST_ONLY;
		}
	});

	it("keeps the first output_bytes of a flood and says it cut", async () => {
		const result = await sandbox.exec({
			command: "head -c 300000 /dev/zero | tr '\\0' x; echo done >&2",
			limits: { output_bytes: 1000 },
		});
		expect(result.stdout).toBe("x".repeat(1000));
		expect(result.stderr).toBe("done\n");
		expect(result).toMatchObject({ truncated: true, exit_code: 0 });
	});

	it("kills the whole process tree on a timeout, detached children included", async () => {
		const sleep = uniqueSleep();
		const started = Date.now();
		const result = await sandbox.exec({
			command: `sleep ${sleep} & setsid sh -c 'sleep ${sleep}' >/dev/null 2>&1 </dev/null & echo started; sleep ${sleep}`,
			timeout_ms: 400,
		});
		expect(result).toMatchObject({ timed_out: true, exit_code: null, signal: "SIGKILL", stdout: "started\n" });
		expect(Date.now() - started).toBeLessThan(3_000);
		expect(await processesLeft(sleep)).toEqual([]);
	});

	it("ends what a command left running in the background when it exits", async () => {
		const sleep = uniqueSleep();
		const result = await sandbox.exec({ command: `sleep ${sleep} & echo done`, timeout_ms: 10_000 });
		expect(result).toMatchObject({ exit_code: 0, stdout: "done\n", timed_out: false });
		expect(result.duration_ms).toBeLessThan(3_000);
		expect(await processesLeft(sleep)).toEqual([]);
	});

	it("stops a command when the caller aborts", async () => {
		const sleep = uniqueSleep();
		const controller = new AbortController();
		setTimeout(() => controller.abort(new Error("stop")), 200);
		await expect(sandbox.exec({ command: `sleep ${sleep}` }, { signal: controller.signal })).rejects.toThrow("stop");
		expect(await processesLeft(sleep)).toEqual([]);
	});

	it("sees files written through the sandbox, and the sandbox sees what commands write", async () => {
		await sandbox.write("notes/plan.md", "step one\n");
		const result = await sandbox.exec({
			command: "cat notes/plan.md; echo made > notes/out.txt; mkdir -p gen && echo x > gen/y",
		});
		expect(result.stdout).toBe("step one\n");
		expect(await sandbox.read("notes/out.txt")).toBe("made\n");
		expect((await sandbox.list("gen")).map((entry) => entry.name)).toEqual(["y"]);
		await sandbox.write("notes/plan.md", "step two\n");
		expect((await sandbox.exec({ command: "echo more >> notes/plan.md && cat notes/plan.md" })).stdout).toBe(
			"step two\nmore\n",
		);
	});

	it("kills running commands and removes the workdir on dispose", async () => {
		const sleep = uniqueSleep();
		const running = sandbox.exec({ command: `sleep ${sleep}` }).catch((error: unknown) => error);
		await new Promise((resolve) => setTimeout(resolve, 200));
		await sandbox.dispose();
		expect(await running).toBeInstanceOf(Error);
		expect(existsSync(sandbox.workdir)).toBe(false);
		expect(await processesLeft(sleep)).toEqual([]);
		await expect(sandbox.exec({ argv: ["true"] })).rejects.toThrow(/disposed/);
	});
});
