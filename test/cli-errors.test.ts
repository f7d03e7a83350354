import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { arithScript, writeBenchFixture } from "./support/bench-fixture.js";
import { BIN, runCli, tempDir } from "./support/cli.js";

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({ script: validateScript(arithScript({ "m/a": { right: true } }) as never) });
});
afterAll(async () => server.close());

/** A fixture that has run once: a store with a current spec and four graded cells. */
async function ranFixture() {
	const fixture = writeBenchFixture({ cases: 4, samples: 1, models: { "m/a": {} } });
	const env = { TOUCHSTONE_SCRIPTED_URL: server.url };
	const cli = (args: readonly string[], extra: Record<string, string> = {}) =>
		runCli(args, { cwd: fixture.root, env: { ...env, ...extra } });
	expect((await cli(["run", "--use-case", "arith"])).code).toBe(0);
	return { fixture, cli };
}

describe("bad input exits 2 everywhere, and --json errors are JSON on stdout", () => {
	it("an unknown use case, version or case is bad input naming the flag and what the store holds", async () => {
		const { cli } = await ranFixture();
		const cases: [readonly string[], string, string][] = [
			[["leaderboard", "--use-case", "nope"], "--use-case", "use cases with results: arith"],
			[["matrix", "--use-case", "nope"], "--use-case", "use cases with results: arith"],
			[["inspect", "--use-case", "arith", "--case", "nope"], "--case", "cases of this version: q00000, q00001"],
			[
				["leaderboard", "--use-case", "arith", "--benchmark-version", "arith@000000000000"],
				"--benchmark-version",
				"versions of arith: arith@",
			],
			[["calibrate", "--use-case", "nope"], "--use-case", "use cases with results: arith"],
		];
		for (const [args, source, fix] of cases) {
			const text = await cli(args);
			expect(text.code, args.join(" ")).toBe(2);
			expect(text.stderr, args.join(" ")).toContain(`  ${source} `);
			expect(text.stderr, args.join(" ")).toContain(`fix: ${fix}`);
			const json = await cli([...args, "--json"]);
			expect(json.code, args.join(" ")).toBe(2);
			const parsed = JSON.parse(json.stdout) as {
				error: { code: string; message: string; fix: string; issues: { source: string }[] };
			};
			expect(parsed.error.code).toBe("bad-input");
			expect(parsed.error.fix).toContain(fix);
			expect(parsed.error.issues[0]?.source).toBe(source);
		}
	}, 60_000);

	it("every command that takes --json answers a bad input or a failure with one JSON document on stdout", async () => {
		const cwd = tempDir();
		const cases: [readonly string[], number, string][] = [
			[["validate", "--dir", "nope"], 2, "bad-input"],
			[["list", "--dir", "nope"], 2, "bad-input"],
			[["roster", "--dir", "nope"], 2, "bad-input"],
			[["run", "--dir", "nope", "--use-case", "x"], 2, "bad-input"],
			[["leaderboard", "--use-case", "x"], 2, "bad-input"],
			[["matrix", "--use-case", "x"], 2, "bad-input"],
			[["inspect", "--use-case", "x", "--case", "y"], 2, "bad-input"],
			[["calibrate", "--use-case", "x"], 2, "bad-input"],
			[["snapshot", "--tasks", "nope"], 2, "bad-input"],
			[["validate-tasks", "--tasks", "nope"], 2, "bad-input"],
			[["leaderboard", "--use-case", "x", "--nope"], 2, "bad-input"],
			[["run", "--use-case", "x", "--samples", "0"], 2, "bad-input"],
		];
		for (const [args, code, errorCode] of cases) {
			const result = await runCli([...args, "--json"], { cwd });
			expect(result.code, args.join(" ")).toBe(code);
			const parsed = JSON.parse(result.stdout) as { error: { code: string; message: string; fix: string | null } };
			expect(parsed.error.code, args.join(" ")).toBe(errorCode);
			expect(parsed.error.message.length, args.join(" ")).toBeGreaterThan(0);
			expect(parsed.error.fix, args.join(" ")).toMatch(/\w/);
			// The human reader still gets the message on stderr.
			expect(result.stderr, args.join(" ")).toMatch(/\S/);
		}
		// A command without --json is held to the same codes: a file where a folder should be is bad input.
		writeFileSync(join(cwd, "a-file"), "x");
		const schema = await runCli(["schema", "--out", "a-file"], { cwd });
		expect(schema.code).toBe(2);
		expect(schema.stderr).toContain("--out cannot write a-file/models.schema.json");
		// A command that answered and then failed carries its answer and the error in one document.
		const invalid = tempDir();
		mkdirSync(join(invalid, "benchmarks"));
		writeFileSync(join(invalid, "benchmarks", "models.yaml"), "models: [{ id: a, provider: telepathy }]\n");
		const validate = await runCli(["validate", "--json"], { cwd: invalid });
		expect(validate.code).toBe(2);
		const parsed = JSON.parse(validate.stdout) as { valid: boolean; issues: unknown[]; error: { code: string } };
		expect(parsed.valid).toBe(false);
		expect(parsed.issues.length).toBeGreaterThan(0);
		expect(parsed.error.code).toBe("bad-input");
	}, 60_000);

	it("a reader that closes the pipe early (| head -1) ends the command quietly with exit 0", async () => {
		const { fixture } = await ranFixture();
		const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
			const child = spawn(process.execPath, [BIN, "leaderboard", "--use-case", "arith"], {
				cwd: fixture.root,
				env: {
					PATH: process.env.PATH ?? "",
					TOUCHSTONE_DB: join(fixture.root, "data", "benchmarks.db"),
					TOUCHSTONE_ARTIFACTS: join(fixture.root, "data", "artifacts"),
				},
			});
			// Our end of its stdout closes before it writes a line: every write it makes meets EPIPE.
			child.stdout.destroy();
			let stderr = "";
			child.stderr.on("data", (chunk: Buffer) => {
				stderr += chunk.toString();
			});
			child.on("close", (code) => resolve({ code, stderr }));
		});
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
	}, 60_000);
});
