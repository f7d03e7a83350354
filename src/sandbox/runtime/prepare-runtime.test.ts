import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_MANIFEST } from "../../contract/index.js";
import { fixtureHash } from "../index.js";
import { forgetPreparedRuntimes, prepareRuntime, type RuntimeRequest } from "./prepare-runtime.js";
import { RuntimeSetupError } from "./runtime-setup-error.js";

let root: string;
let fixture: string;
let server: Server;
let url: string;

beforeAll(async () => {
	root = await mkdtemp(join(tmpdir(), "touchstone-runtime-"));
	fixture = join(root, "fixture");
	await mkdir(fixture);
	await writeFile(join(fixture, "package.json"), '{"name": "app"}\n');
	await writeFile(join(fixture, FIXTURE_MANIFEST), "{}\n");
	server = createServer((_request, response) => response.end("export const fetched = 42;\n"));
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lib.mjs`;
});

afterAll(async () => {
	server.close();
	await rm(root, { recursive: true, force: true });
});

async function request(overrides: Partial<RuntimeRequest>): Promise<RuntimeRequest> {
	return {
		fixtureDir: fixture,
		fixtureHash: await fixtureHash(fixture),
		setup: [],
		mounts: [],
		env: {},
		cacheDir: join(root, "cache"),
		backend: "bubblewrap",
		allowUnisolated: false,
		...overrides,
	};
}

describe("prepareRuntime", () => {
	it("runs the setup once with the network on, caches the result as the base, and keeps caches out", async () => {
		// A download (network on), a file in node_modules/, and a cache written to HOME.
		const setup = [
			[
				"/bin/sh",
				"-c",
				'mkdir -p node_modules/lib "$HOME/.cache" && echo cached > "$HOME/.cache/x" && echo "$LEVEL" > level',
			],
			[
				"node",
				"-e",
				`fetch('${url}').then(r => r.text()).then(t => require('fs').writeFileSync('node_modules/lib/index.mjs', t))`,
			],
		];
		const first = await prepareRuntime(await request({ setup, env: { LEVEL: "debug" } }));
		expect(first.cached).toBe(false);
		expect(first.setup.map((step) => step.exit_code)).toEqual([0, 0]);
		expect(first.sandbox).toMatchObject({ backend: "bubblewrap", network: true });
		expect(await readFile(join(first.base, "node_modules/lib/index.mjs"), "utf8")).toBe("export const fetched = 42;\n");
		expect(await readFile(join(first.base, "level"), "utf8")).toBe("debug\n");
		expect(existsSync(join(first.base, FIXTURE_MANIFEST))).toBe(false);
		expect(existsSync(join(first.base, ".cache"))).toBe(false);

		// Another request for the same base (this process, then as a new one would) finds it.
		const again = await prepareRuntime(await request({ setup, env: { LEVEL: "debug" } }));
		expect(again.base).toBe(first.base);
		forgetPreparedRuntimes();
		const reread = await prepareRuntime(await request({ setup, env: { LEVEL: "debug" } }));
		expect(reread).toMatchObject({ base: first.base, cached: true, key: first.key });

		// A different runtime is a different base.
		const other = await prepareRuntime(await request({ setup, env: { LEVEL: "info" } }));
		expect(other.key).not.toBe(first.key);
		expect(await readFile(join(other.base, "level"), "utf8")).toBe("info\n");
	});

	it("copies the fixture without its manifest when there is nothing to set up", async () => {
		const prepared = await prepareRuntime(await request({ env: { A: "1" } }));
		expect(await readFile(join(prepared.base, "package.json"), "utf8")).toBe('{"name": "app"}\n');
		expect(existsSync(join(prepared.base, FIXTURE_MANIFEST))).toBe(false);
		expect(prepared.sandbox).toBeNull();
	});

	it("fails with the command, its stderr tail and a fix, and caches nothing", async () => {
		const cacheDir = join(root, "failing");
		const setup = [["/bin/sh", "-c", "echo first line >&2; echo 'npm error code ENOTFOUND' >&2; exit 3"]];
		const error = await prepareRuntime(await request({ setup, cacheDir })).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(RuntimeSetupError);
		const message = (error as RuntimeSetupError).message;
		expect(message).toContain("setup command 1 of 1");
		expect(message).toContain("exited 3");
		expect(message).toMatch(/first line\n.*npm error code ENOTFOUND/);
		expect((error as RuntimeSetupError).fix).toMatch(/network/);
		expect(existsSync(cacheDir) ? (await import("node:fs")).readdirSync(cacheDir) : []).toEqual([]);

		const missing = await prepareRuntime(await request({ setup: [["no-such-installer", "x"]], cacheDir })).catch(
			(caught: unknown) => caught,
		);
		expect((missing as RuntimeSetupError).fix).toMatch(
			/`no-such-installer` is not installed where the sandbox can run it/,
		);
	});
});
