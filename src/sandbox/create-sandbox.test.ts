import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxUnavailableError } from "../contract/index.js";
import { createSandbox } from "./create-sandbox.js";
import { detectSandboxBackend } from "./detect-backend.js";

let fixture: string;

beforeAll(async () => {
	fixture = await mkdtemp(join(tmpdir(), "touchstone-fixture-"));
	await writeFile(join(fixture, "hello.txt"), "hello\n");
});

afterAll(async () => {
	await rm(fixture, { recursive: true, force: true });
});

describe("createSandbox", () => {
	it("isolates with bubblewrap by default and says so in its provenance", async () => {
		const sandbox = await createSandbox({ fixture, limits: { processes: 32 }, timeoutMs: 5_000 });
		try {
			expect(sandbox.provenance).toMatchObject({
				backend: "bubblewrap",
				isolated: true,
				network: false,
				timeout_ms: 5_000,
				limits: { processes: 32, output_bytes: 1024 * 1024 },
			});
			expect(sandbox.provenance.backend_version).toMatch(/^bubblewrap \d/);
			expect(sandbox.commandWorkdir).toBe("/workspace");
			expect(await sandbox.read("hello.txt")).toBe("hello\n");
		} finally {
			await sandbox.dispose();
		}
	});

	it("gives each sandbox a fresh copy of the fixture", async () => {
		const first = await createSandbox({ fixture });
		const second = await createSandbox({ fixture });
		try {
			await first.exec({ command: "echo changed > hello.txt" });
			expect(await first.read("hello.txt")).toBe("changed\n");
			expect(await second.read("hello.txt")).toBe("hello\n");
			expect((await second.diff()).text).toBe("");
			expect((await first.diff()).text).toContain("-hello\n+changed\n");
		} finally {
			await first.dispose();
			await second.dispose();
		}
	});

	it("refuses the unisolated process backend unless it is accepted explicitly", async () => {
		const error = await createSandbox({ fixture, backend: "process" }).catch((error: unknown) => error);
		expect(error).toBeInstanceOf(SandboxUnavailableError);
		expect((error as SandboxUnavailableError).fix).toMatch(/allowUnisolated: true/);

		const sandbox = await createSandbox({ fixture, backend: "process", allowUnisolated: true });
		try {
			expect(sandbox.provenance).toMatchObject({ backend: "process", isolated: false, network: true });
			expect(sandbox.provenance.limits.processes).toBeNull();
			expect(sandbox.commandWorkdir).toBe(sandbox.workdir);
		} finally {
			await sandbox.dispose();
		}
	});

	it("says how to fix a machine without bubblewrap, and falls back only when allowed", async () => {
		const path = process.env.PATH;
		const empty = await mkdtemp(join(tmpdir(), "touchstone-empty-path-"));
		process.env.PATH = empty;
		try {
			const detection = await detectSandboxBackend({ refresh: true });
			expect(detection).toMatchObject({ backend: null, problem: "bubblewrap (bwrap) is not installed" });
			expect(detection.backend === null && detection.fix).toMatch(/apt-get install bubblewrap.*allowUnisolated/);

			const error = await createSandbox({ fixture }).catch((error: unknown) => error);
			expect(error).toBeInstanceOf(SandboxUnavailableError);
			expect((error as Error).message).toMatch(/not installed[\s\S]*fix: install it \(apt-get install bubblewrap/);
			await expect(createSandbox({ fixture, backend: "bubblewrap", allowUnisolated: true })).rejects.toThrow(
				SandboxUnavailableError,
			);

			const fallback = await createSandbox({ fixture, allowUnisolated: true });
			expect(fallback.provenance).toMatchObject({ backend: "process", isolated: false });
			await fallback.dispose();
		} finally {
			process.env.PATH = path;
			await rm(empty, { recursive: true, force: true });
			await detectSandboxBackend({ refresh: true });
		}
	});

	it("gives every command its own process limit, so concurrent cells do not share one", async () => {
		const sandboxes = [await createSandbox(), await createSandbox()];
		try {
			// The sleeps are left running: the sandbox ends them with the command.
			const command = "for i in $(seq 40); do sleep 30 & done; ps -e | wc -l";
			const results = await Promise.all(
				sandboxes.map((sandbox) => sandbox.exec({ command, limits: { processes: 64 } })),
			);
			for (const result of results) {
				expect(result.stderr).toBe("");
				expect(Number(result.stdout.trim())).toBeGreaterThanOrEqual(42);
			}
		} finally {
			for (const sandbox of sandboxes) await sandbox.dispose();
		}
	});

	it("shows mounts read-only at their targets, and refuses targets it cannot honour", async () => {
		const venv = await mkdtemp(join(tmpdir(), "touchstone-venv-"));
		// Readable by the sandbox's user (`nobody` when the tests run as root), as a real venv is.
		await chmod(venv, 0o755);
		await mkdir(join(venv, "bin"));
		await writeFile(join(venv, "bin", "tool"), "from the venv\n");
		const sandbox = await createSandbox({ mounts: [{ from: venv, to: "/opt/venv" }], env: { TOOL_HOME: "/opt/venv" } });
		try {
			expect(sandbox.provenance.mounts).toEqual([{ from: venv, to: "/opt/venv" }]);
			const read = await sandbox.exec({ command: 'cat "$TOOL_HOME/bin/tool"; echo x > /opt/venv/bin/tool' });
			expect(read.stdout).toBe("from the venv\n");
			expect(read.stderr).toMatch(/Read-only file system/);
			expect(read.exit_code).not.toBe(0);
			// The host folder itself stays invisible at its own path.
			expect((await sandbox.exec({ argv: ["ls", venv] })).exit_code).not.toBe(0);
			// A request's own variable wins over the sandbox's.
			expect((await sandbox.exec({ command: "echo $TOOL_HOME", env: { TOOL_HOME: "/x" } })).stdout).toBe("/x\n");
		} finally {
			await sandbox.dispose();
		}
		for (const to of ["/usr/lib/venv", "/workspace/venv", "opt/venv", "/opt/../etc", "/"])
			await expect(createSandbox({ mounts: [{ from: venv, to }] })).rejects.toThrow(/the target/);
		await expect(createSandbox({ mounts: [{ from: join(venv, "missing"), to: "/opt/x" }] })).rejects.toThrow(
			/not an existing absolute path/,
		);
		await expect(
			createSandbox({ backend: "process", allowUnisolated: true, mounts: [{ from: venv, to: "/opt/venv" }] }),
		).rejects.toThrow(SandboxUnavailableError);
		await rm(venv, { recursive: true, force: true });
	});

	it("reaches the network only when asked to", async () => {
		const server = createServer((_request, response) => response.end("reached"));
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		const { port } = server.address() as AddressInfo;
		const fetchIt = `node -e "fetch('http://127.0.0.1:${port}/').then(r => r.text()).then(t => console.log(t), e => { console.log('refused'); })"`;
		const closed = await createSandbox();
		const open = await createSandbox({ network: true });
		try {
			expect(closed.provenance.network).toBe(false);
			expect(open.provenance.network).toBe(true);
			expect((await closed.exec({ command: fetchIt })).stdout.trim()).toBe("refused");
			expect((await open.exec({ command: fetchIt })).stdout.trim()).toBe("reached");
		} finally {
			await closed.dispose();
			await open.dispose();
			server.close();
		}
	});

	it("hands every chunk of stdout to onStdout as it comes, past the output limit too", async () => {
		for (const backend of ["bubblewrap", "process"] as const) {
			const sandbox = await createSandbox({ backend, allowUnisolated: true });
			try {
				const chunks: { at: number; bytes: number }[] = [];
				const started = performance.now();
				const result = await sandbox.exec(
					{ command: "printf 0123456789; sleep 0.4; printf abcdefghij", limits: { output_bytes: 12 } },
					{ onStdout: (chunk) => chunks.push({ at: performance.now() - started, bytes: chunk.length }) },
				);
				expect(result.stdout, backend).toBe("0123456789ab");
				expect(
					chunks.reduce((total, chunk) => total + chunk.bytes, 0),
					backend,
				).toBe(20);
				// The first chunk came before the command ended, not with its exit.
				expect(chunks[0]?.at ?? Number.POSITIVE_INFINITY, backend).toBeLessThan(result.duration_ms - 300);
			} finally {
				await sandbox.dispose();
			}
		}
	});

	it("probes once and remembers the answer", async () => {
		expect(detectSandboxBackend()).toBe(detectSandboxBackend());
		expect((await detectSandboxBackend()).backend).toBe("bubblewrap");
	});
});
