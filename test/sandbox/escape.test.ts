/**
 * Escapes a model might try from inside the bubblewrap sandbox. Each must be contained, and the
 * same sandbox must go on running commands afterwards. Real processes, a real listening port.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { type Sandbox, SandboxPathError } from "../../src/contract/index.js";
import { createSandbox } from "../../src/sandbox/index.js";
import { hostProcessesWith, processesLeft } from "./host-processes.js";

/** Each test gets its own sandbox and its own hidden folder, so the tests run concurrently. */
const it = test.extend<{ sandbox: Sandbox; hidden: string }>({
	sandbox: async ({ task: _task }, use) => {
		const sandbox = await createSandbox({ backend: "bubblewrap" });
		await use(sandbox);
		// The run goes on: every escape leaves a sandbox that still works.
		expect((await sandbox.exec({ argv: ["echo", "still here"] })).stdout).toBe("still here\n");
		await sandbox.dispose();
	},
	// Where a task's hidden verifier files wait until the model is done.
	hidden: async ({ task: _task }, use) => {
		const hidden = await mkdtemp(join(tmpdir(), "touchstone-verifier-"));
		await writeFile(join(hidden, "gold.test.ts"), "VERIFIER-SECRET-7f3a\n");
		await use(hidden);
		await rm(hidden, { recursive: true, force: true });
	},
});

/** Runs a Node script inside the sandbox with the Node running the tests. */
function node(sandbox: Sandbox, script: string, limits: Parameters<Sandbox["exec"]>[0]["limits"] = {}) {
	return sandbox.exec({ argv: [process.execPath, "-e", script], limits, timeout_ms: 10_000 });
}

describe.concurrent("escapes from the bubblewrap sandbox", () => {
	it("cannot read a hidden verifier file outside the workdir", async ({ sandbox, hidden, expect }) => {
		const file = join(hidden, "gold.test.ts");
		const result = await sandbox.exec({
			command: `cat ${file}; ls ${hidden}; cat /proc/1/root${file}; ls /tmp; cat /etc/shadow; ls /root /home`,
		});
		expect(result.stdout).not.toContain("VERIFIER-SECRET");
		expect(result.stdout).not.toContain("gold.test.ts");
		expect(result.stderr).toContain("No such file");
	});

	it("cannot make the host read outside the workdir through a symlink or ..", async ({ sandbox, hidden, expect }) => {
		const file = join(hidden, "gold.test.ts");
		await sandbox.exec({ command: `ln -s ${file} leak.txt && ln -s ${hidden} leakdir` });
		for (const path of ["leak.txt", "leakdir/gold.test.ts", `../../../../..${file}`, file]) {
			const error = await sandbox.read(path).catch((error: unknown) => error);
			expect(error, path).toBeInstanceOf(SandboxPathError);
			expect((error as SandboxPathError).problem).toBe("outside-workdir");
		}
		await expect(sandbox.list("leakdir")).rejects.toBeInstanceOf(SandboxPathError);
	});

	it("cannot connect to a port listening on the host's loopback", async ({ sandbox, expect }) => {
		let connections = 0;
		const server: Server = createServer((socket) => {
			connections++;
			socket.end("hello from the host\n");
		});
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		const address = server.address();
		const port = typeof address === "object" && address !== null ? address.port : 0;
		try {
			const result = await node(
				sandbox,
				`require("net").connect(${port}, "127.0.0.1")
					.on("connect", () => { console.log("CONNECTED"); process.exit(0); })
					.on("error", (error) => { console.log("refused:", error.code); process.exit(3); });`,
			);
			expect(result.stdout).not.toContain("CONNECTED");
			expect(result.stdout).toContain("refused: ECONNREFUSED");
			expect(result.exit_code).toBe(3);
			expect(connections).toBe(0);
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	});

	it("cannot reach an abstract unix socket of the host", async ({ sandbox, expect }) => {
		const name = `\0touchstone-escape-${process.pid}-${Date.now()}`;
		let connections = 0;
		const server = createServer((socket) => {
			connections++;
			socket.end();
		});
		await new Promise<void>((resolve) => server.listen(name, resolve));
		try {
			const result = await node(
				sandbox,
				`require("net").connect(${JSON.stringify(name)})
					.on("connect", () => { console.log("CONNECTED"); process.exit(0); })
					.on("error", (error) => { console.log("refused:", error.code); process.exit(3); });`,
			);
			expect(result.stdout).not.toContain("CONNECTED");
			expect(result.exit_code).toBe(3);
			expect(connections).toBe(0);
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	});

	it("cannot read an API key from the environment, its own or its parents'", async ({ sandbox, expect }) => {
		process.env.OPENAI_API_KEY = "sk-test-secret";
		try {
			const result = await sandbox.exec({
				command: "env; cat /proc/1/environ; cat /proc/self/environ; for f in /proc/[0-9]*/environ; do cat $f; done",
			});
			expect(`${result.stdout}${result.stderr}`).not.toContain("sk-test-secret");
			expect(result.stdout).not.toContain("OPENAI_API_KEY");
		} finally {
			delete process.env.OPENAI_API_KEY;
		}
	});

	it("cannot see or signal host processes", async ({ sandbox, expect }) => {
		const result = await sandbox.exec({ command: `ps -e -o pid= | wc -l; kill -0 ${process.pid} && echo SIGNALLED` });
		expect(result.stdout).not.toContain("SIGNALLED");
		// Only the sandbox's own: its pid 1, the shell, ps and wc.
		expect(Number(result.stdout.trim().split("\n")[0])).toBeLessThanOrEqual(5);
	});

	it("cannot write outside the workdir, on the host or into the system", async ({ sandbox, hidden, expect }) => {
		const target = join(hidden, "planted.txt");
		const result = await sandbox.exec({
			command: [
				`mkdir -p ${hidden} && echo pwned > ${target}`,
				"echo pwned > /usr/bin/planted",
				"echo pwned >> /etc/passwd",
				"echo pwned > /tmp/planted",
			].join("; "),
		});
		expect(result.stderr).toMatch(/Read-only file system|Permission denied|No such file/);
		expect(existsSync(target)).toBe(false);
		expect(existsSync("/usr/bin/planted")).toBe(false);
		expect(existsSync("/tmp/planted")).toBe(false);
		expect(await readFile("/etc/passwd", "utf8")).not.toContain("pwned");
		// Nor through the host side of the sandbox.
		await sandbox.exec({ command: `ln -s ${hidden} out` });
		await expect(sandbox.write("out/planted.txt", "pwned")).rejects.toBeInstanceOf(SandboxPathError);
		await expect(sandbox.write("../planted.txt", "pwned")).rejects.toBeInstanceOf(SandboxPathError);
		expect(existsSync(target)).toBe(false);
		expect(existsSync(join(sandbox.workdir, "..", "planted.txt"))).toBe(false);
	});

	it("bounds a fork bomb by the process limit and the timeout, and leaves nothing behind", async ({
		sandbox,
		expect,
	}) => {
		const marker = `bomb-${process.pid}-${Date.now()}`;
		const started = Date.now();
		const result = await sandbox.exec({
			command: `# ${marker}\nb() { b | b & }; b; sleep 5`,
			limits: { processes: 64 },
			timeout_ms: 2_000,
		});
		expect(Date.now() - started).toBeLessThan(5_000);
		expect(result.stderr).toMatch(/fork/i);
		expect(result.exit_code === 0).toBe(false);
		expect(await processesLeft(marker)).toEqual([]);
	});

	it("bounds a memory hog by the memory limit", async ({ sandbox, expect }) => {
		// Grabs 1 GiB in 16 MiB pieces; the pages are left untouched so the unbounded control is fast.
		const hog = `const pieces = [];
			try { while (pieces.length < 64) pieces.push(Buffer.allocUnsafeSlow(16 * 1024 * 1024)); console.log("ALLOCATED"); }
			catch (error) { console.log("REFUSED after", pieces.length * 16, "MiB"); process.exit(4); }`;
		const bounded = await node(sandbox, hog, { memory_bytes: 256 * 1024 * 1024 });
		expect(bounded.stdout).not.toContain("ALLOCATED");
		expect(bounded.exit_code).not.toBe(0);
		// Refused by the allocator, or Node's own heap (or its C++ allocator: `terminate called`)
		// gave up first: whichever way, out of memory. Seen all three on this machine, and, on a
		// loaded one, Node killed by a signal before it could print anything.
		const said = /REFUSED after|out of memory|terminate called|bad_alloc/i.test(`${bounded.stdout}${bounded.stderr}`);
		expect(said || (bounded.exit_code !== null && bounded.exit_code > 128), JSON.stringify(bounded)).toBe(true);
		// The control: without the limit the same program gets its gigabyte, so the limit is what held.
		const unbounded = await node(sandbox, hog, { memory_bytes: null });
		expect(unbounded.stdout).toBe("ALLOCATED\n");
	});

	it("ends an infinite loop at the timeout", async ({ sandbox, expect }) => {
		const marker = `loop-${process.pid}-${Date.now()}`;
		const result = await sandbox.exec({ command: `# ${marker}\nwhile :; do :; done`, timeout_ms: 500 });
		expect(result).toMatchObject({ timed_out: true, exit_code: null, signal: "SIGKILL" });
		expect(result.duration_ms).toBeLessThan(2_500);
		expect(hostProcessesWith(marker)).toEqual([]);
	});

	it("ends a CPU hog at the CPU limit even under a long timeout", async ({ sandbox, expect }) => {
		const result = await sandbox.exec({
			command: "while :; do :; done",
			limits: { cpu_seconds: 1 },
			timeout_ms: 10_000,
		});
		expect(result.timed_out).toBe(false);
		// Killed by the kernel at the limit (SIGXCPU, or SIGKILL when soft and hard limit meet);
		// bubblewrap reports a signal as a shell does, 128 + n.
		expect([128 + 9, 128 + 24]).toContain(result.exit_code);
		expect(result.duration_ms).toBeLessThan(5_000);
	});
});
