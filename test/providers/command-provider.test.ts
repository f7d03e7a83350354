/**
 * The single-shot `command` provider as a run wires it (defaultRunParts): a real program run in
 * real bubblewrap per call, with a scrubbed environment, an empty private workdir and no network
 * unless its entry says `network: true`.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { homedir } from "node:os";
import { dirname, join, relative as relativePath } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { BadInputError, type ModelEntry, ProviderError } from "../../src/contract/index.js";
import { loadDefinitions } from "../../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import { openStore } from "../../src/store/index.js";
import { tempDir } from "../support/cli.js";
import { commandVariables, processesMarked } from "../support/processes.js";

const NODE = process.execPath;
const HOSTILE = fileURLToPath(new URL("../agent/harnesses/hostile-agent.mjs", import.meta.url));
const KEY = `sk-local-${randomUUID()}`;
/** What a host's environment holds that no model program may see. */
const HOST_SECRETS = {
	AWS_SECRET_ACCESS_KEY: `aws-${randomUUID()}`,
	GITHUB_TOKEN: `ghp_${randomUUID().replaceAll("-", "")}`,
	TOUCHSTONE_RATE_TOKEN: `rate-${randomUUID()}`,
	// Private without looking secret: only the scrubbed environment keeps it out, not redaction.
	CORP_BUILD_HOST: `b${randomUUID().slice(0, 8)}.corp`,
};
const ENV = { ...process.env, ...HOST_SECRETS, LOCAL_MODEL_KEY: KEY, LOCAL_REGION: "eu-west" };

let server: Server;
let url: string;
/** A file in the host user's HOME, and a store's database: neither may be readable. */
const homeFile = join(homedir(), `.touchstone-probe-${randomUUID()}`);
const data = tempDir("touchstone-command-store-");

beforeAll(async () => {
	server = createServer((_request, response) => response.end("reached"));
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
	writeFileSync(homeFile, "the user's private notes\n");
	writeFileSync(join(data, "benchmarks.db"), "SQLite format 3\n");
});
afterAll(() => {
	server.close();
	rmSync(homeFile, { force: true });
	rmSync(data, { recursive: true, force: true });
});

function entry(command: readonly string[], overrides: Partial<ModelEntry> = {}): ModelEntry {
	return {
		id: "local",
		provider: "command",
		model: "local",
		display_name: "local",
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: null,
		api_key_env: null,
		command,
		options: { max_retries: 0 },
		...overrides,
	};
}

function provider(script: string, overrides: Partial<ModelEntry> = {}) {
	return defaultRunParts(ENV).providerFor(entry([NODE, "-e", script], overrides));
}

const ask = (content = "x") => ({ messages: [{ role: "user" as const, content }] });
const signal = () => new AbortController().signal;

/** The prompt that makes the hostile program probe what it must not reach. */
function probes(): string {
	return `Say hi. PROBES:${JSON.stringify({
		files: { home: homeFile, store: join(data, "benchmarks.db"), passwd_shadow: "/etc/shadow" },
		variables: [...Object.keys(HOST_SECRETS), "LOCAL_MODEL_KEY", "LOCAL_REGION"],
		url,
	})}`;
}

// Starts a grandchild that would live for a minute, marked in its argv, then hangs itself.
const HANG_WITH_GRANDCHILD = (mark: string) => `
const { spawn } = require("node:child_process");
spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)", ${JSON.stringify(mark)}], { stdio: "ignore" });
console.error("started");
setTimeout(() => {}, 60000);
`;

describe("command provider in the sandbox", () => {
	it("sends the rendered prompt on stdin and returns stdout as the reply, timed from its first byte", async () => {
		const echo = provider(
			`let s = ""; process.stdin.on("data", (d) => (s += d)); process.stdin.on("end", () => setTimeout(() => { process.stdout.write("got: "); setTimeout(() => console.log(s.toUpperCase()), 60); }, 30));`,
		);
		const result = await echo.complete(
			{
				messages: [
					{ role: "system", content: "be brief" },
					{ role: "user", content: "hello" },
				],
			},
			{ signal: signal() },
		);
		expect(result.text).toBe("got: BE BRIEF\n\nHELLO");
		expect(result.finish_reason).toBe("stop");
		expect(result.usage).toEqual({ input_tokens: null, output_tokens: null, cache_tokens: null });
		expect(result.billed_cost_usd).toBeNull();
		const { ttft_ms, generation_ms, latency_ms } = result.timing;
		expect(ttft_ms).toBeGreaterThan(0);
		expect(ttft_ms).toBeLessThan(latency_ms);
		expect(generation_ms).toBeGreaterThanOrEqual(50);
		expect(echo.endpoint).toBeNull();
	});

	it("finds a script named by a relative path in the folder touchstone runs in, as before it was sandboxed", async () => {
		const relative = relativePath(process.cwd(), HOSTILE);
		expect(relative.startsWith("/")).toBe(false);
		const result = await defaultRunParts(ENV)
			.providerFor(entry([NODE, relative, "single-shot"]))
			.complete(ask(probes()), { signal: signal() });
		expect(JSON.parse(result.text).cwd).toBe("/workspace");
		expect(result.raw).toMatchObject({ sandbox: { program_files: [HOSTILE] } });
	});

	it("fails with the exit code and the end of stderr when the program fails, and marks it not retryable", async () => {
		const error = await provider(`console.error("model file not found"); process.exit(3);`)
			.complete(ask(), { signal: signal() })
			.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(ProviderError);
		expect(error).toMatchObject({ kind: "server", retryable: false });
		expect((error as Error).message).toContain("exited with code 3: model file not found");
	});

	it("kills the whole process tree and fails as a retryable timeout when the program hangs", async () => {
		const mark = `touchstone-hang-${randomUUID()}`;
		const started = performance.now();
		const error = await provider(HANG_WITH_GRANDCHILD(mark), { options: { max_retries: 0, timeout_s: 1 } })
			.complete(ask(), { signal: signal() })
			.catch((caught: unknown) => caught);
		expect(performance.now() - started).toBeLessThan(5000);
		expect(error).toMatchObject({ kind: "timeout", retryable: true });
		expect(processesMarked(mark)).toEqual([]);
	});

	it("kills the process tree when the caller aborts", async () => {
		const mark = `touchstone-abort-${randomUUID()}`;
		const controller = new AbortController();
		const pending = provider(HANG_WITH_GRANDCHILD(mark)).complete(ask(), { signal: controller.signal });
		expect(await eventually(() => processesMarked(mark).length > 0)).toBe(true);
		controller.abort();
		const error = await pending.catch((caught: unknown) => caught);
		expect(error).toMatchObject({ kind: "aborted", retryable: false });
		expect(await eventually(() => processesMarked(mark).length === 0)).toBe(true);
	});

	it("refuses tools and names a program it cannot find in the sandbox, with the fix", async () => {
		const request = { ...ask(), tools: [{ name: "t", description: "d", parameters: { type: "object" } }] };
		await expect(provider("").complete(request, { signal: signal() })).rejects.toMatchObject({ kind: "bad-request" });
		const missing = defaultRunParts(ENV).providerFor(entry(["touchstone-no-such-program"]));
		const error = await missing.complete(ask(), { signal: signal() }).catch((caught: unknown) => caught);
		expect(error).toMatchObject({ kind: "bad-request" });
		expect((error as Error).message).toContain("could not start `touchstone-no-such-program`: it is not found inside");
	});

	it("refuses, before any call, an entry whose key or mount cannot be had", () => {
		const parts = defaultRunParts({ PATH: process.env.PATH });
		expect(() => parts.providerFor(entry([NODE], { api_key_env: "LOCAL_MODEL_KEY" }))).toThrow(BadInputError);
		expect(() => parts.providerFor(entry([NODE], { mounts: [{ from: "/no/such/agent", to: "/opt/agent" }] }))).toThrow(
			/mounts cannot be shown/,
		);
	});

	it("gives the program only its allowlisted variables and its key, and none of the host's files or network", async () => {
		const hostile = entry([NODE, HOSTILE, "single-shot"], { api_key_env: "LOCAL_MODEL_KEY", env: ["LOCAL_REGION"] });
		const result = await defaultRunParts(ENV).providerFor(hostile).complete(ask(probes()), { signal: signal() });
		const found = JSON.parse(result.text);

		expect(found.files).toEqual({ home: null, store: null, passwd_shadow: null });
		expect(found.variables).toEqual({
			AWS_SECRET_ACCESS_KEY: null,
			GITHUB_TOKEN: null,
			TOUCHSTONE_RATE_TOKEN: null,
			CORP_BUILD_HOST: null,
			// Its key, returned as the program printed it: the run redacts it from what it stores
			// (see the next test), and counts it.
			LOCAL_MODEL_KEY: KEY,
			LOCAL_REGION: "eu-west",
		});
		expect(found.network).toBeNull();
		expect(found.cwd).toBe("/workspace");
		expect(found.home).toBe("/tmp/home");
		expect(commandVariables(found.env)).toEqual(["HOME", "LANG", "LOCAL_MODEL_KEY", "LOCAL_REGION", "PATH", "TMPDIR"]);
		expect(result.raw).toMatchObject({
			sandbox: {
				backend: "bubblewrap",
				isolated: true,
				network: false,
				env: ["LOCAL_MODEL_KEY", "LOCAL_REGION"],
				program_files: [HOSTILE],
			},
		});
		for (const secret of Object.values(HOST_SECRETS)) expect(JSON.stringify(result)).not.toContain(secret);

		const open = await defaultRunParts(ENV)
			.providerFor({ ...hostile, network: true })
			.complete(ask(probes()), { signal: signal() });
		expect(JSON.parse(open.text).network).toBe("reached");
		expect(open.raw).toMatchObject({ sandbox: { network: true } });
	});

	it("keeps every host secret out of the store on a single-shot run", async () => {
		const root = tempDir("touchstone-command-run-");
		const files: Record<string, string> = {
			"benchmarks/models.yaml": stringify({
				models: [
					{
						id: "local/env-dumper",
						provider: "command",
						// Prints its whole environment, as a careless wrapper script would.
						command: [NODE, "-e", "console.log(JSON.stringify(process.env))"],
						api_key_env: "LOCAL_MODEL_KEY",
						price: { input: 0, output: 0 },
					},
				],
			}),
			"benchmarks/use_cases.yaml": stringify({
				use_cases: [
					{
						id: "echo",
						status: "runnable",
						modality: { input: "text", output: "text" },
						plugin: "cases",
						cases: "packs/echo/*.yaml",
						samples: 1,
					},
				],
			}),
			"benchmarks/packs/echo/hi.yaml": stringify({
				id: "hi",
				version: "1",
				kind: "floor",
				input: { prompt: "hi" },
				threshold: 1,
				checks: [{ metric: "answer", contains: ["PATH"] }],
			}),
		};
		for (const [path, content] of Object.entries(files)) {
			mkdirSync(dirname(join(root, path)), { recursive: true });
			writeFileSync(join(root, path), content);
		}
		const store = openStore({ database: join(root, "db.sqlite"), artifacts: join(root, "artifacts") });
		try {
			const summary = await runUseCase({
				definitions: loadDefinitions(join(root, "benchmarks")),
				store,
				useCaseId: "echo",
				depth: "thorough",
				concurrency: 1,
				force: false,
				dryRun: false,
				parts: defaultRunParts(ENV),
				stop: new StopControl(),
				provenance: {},
			});
			expect(summary.statuses).toEqual({ completed: 1 });
		} finally {
			store.close();
		}
		const stored = allFiles(root).map((path) => readFileSync(path, "latin1"));
		expect(stored.some((text) => text.includes('"PATH"'))).toBe(true);
		for (const secret of [...Object.values(HOST_SECRETS), KEY])
			expect(stored.filter((text) => text.includes(secret))).toEqual([]);
		rmSync(root, { recursive: true, force: true });
	});
});

function allFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((item) =>
		item.isDirectory() ? allFiles(join(folder, item.name)) : [join(folder, item.name)],
	);
}

async function eventually(check: () => boolean, timeoutMs = 3000): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (check()) return true;
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
	return check();
}
