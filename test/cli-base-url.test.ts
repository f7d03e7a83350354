import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { arithScript, writeBenchFixture } from "./support/bench-fixture.js";
import { runCli } from "./support/cli.js";

/**
 * `run --base-url`: the hosted endpoint answers m/a right, a second server (a self-hosted
 * stand-in on another port) answers the same model id wrong, so each row shows where it ran.
 */
let hosted: ScriptedServer;
let selfHosted: ScriptedServer;
beforeAll(async () => {
	hosted = await startScriptedServer({ script: validateScript(arithScript({ "m/a": { right: true } }) as never) });
	selfHosted = await startScriptedServer({ script: validateScript(arithScript({ "m/a": { right: false } }) as never) });
});
afterAll(async () => {
	await hosted.close();
	await selfHosted.close();
});

interface Board {
	stale_rows: number;
	rows: { model_id: string; headline: number | null; cases: number }[];
}

describe("touchstone run --base-url", () => {
	it("runs the named models at the endpoint as rows of their own, and neither kind of row makes the other stale", async () => {
		const fixture = writeBenchFixture({
			cases: 4,
			samples: 1,
			models: { "m/a": { api_key_env: "HOSTED_KEY" } },
		});
		const env = { TOUCHSTONE_SCRIPTED_URL: hosted.url, HOSTED_KEY: "sk-hosted-0123456789abcdef", SELF_KEY: "self-key" };
		const cli = (args: readonly string[]) => runCli(args, { cwd: fixture.root, env });
		const board = async () => JSON.parse((await cli(["leaderboard", "--use-case", "arith", "--json"])).stdout) as Board;
		const derived = `m/a@${new URL(selfHosted.url).host}`;
		const baseUrl = `${selfHosted.url}/v1`;

		expect((await cli(["run", "--use-case", "arith"])).code).toBe(0);
		const selfRun = await cli([
			"run",
			"--use-case",
			"arith",
			"--models",
			"m/a",
			"--base-url",
			baseUrl,
			"--fail-under",
			"m/a:headline=0",
		]);
		expect(selfRun.stderr).toContain("4 cells planned (1 models × 4 cases, thorough), 0 already current, 4 to run");
		expect(selfRun.code).toBe(0);
		// The gate named the model by its registry id and held the row it ran as.
		expect(selfRun.stdout).toContain(`ok   ${derived} (single-shot): headline 0.000 ≥ 0`);
		expect(selfHosted.requests("m/a")).toHaveLength(4);
		// The hosted entry's key is not sent to a server it was not meant for.
		expect(selfHosted.requests("m/a").every((request) => request.headers.authorization === undefined)).toBe(true);

		let rows = await board();
		expect(rows.stale_rows).toBe(0);
		expect(rows.rows.map((row) => [row.model_id, row.headline, row.cases])).toEqual([
			["m/a", 1, 4],
			[derived, 0, 4],
		]);

		// A hosted run afterwards finds its cells current and keeps the endpoint's rows current.
		const hostedAgain = await cli(["run", "--use-case", "arith"]);
		expect(hostedAgain.stderr).toContain("4 already current, 0 to run");
		rows = await board();
		expect(rows.stale_rows).toBe(0);
		expect(rows.rows.map((row) => row.model_id)).toEqual(["m/a", derived]);
		const selfAgain = await cli(["run", "--use-case", "arith", "--models", "m/a", "--base-url", `${baseUrl}/`]);
		expect(selfAgain.stderr).toContain("4 already current, 0 to run");

		// --api-key-env names the endpoint's own key.
		const keyed = await cli([
			"run",
			"--use-case",
			"arith",
			"--models",
			"m/a",
			"--base-url",
			baseUrl,
			"--api-key-env",
			"SELF_KEY",
			"--force",
		]);
		expect(keyed.code).toBe(0);
		expect(
			selfHosted
				.requests("m/a")
				.slice(-4)
				.every((request) => request.headers.authorization === "<present>"),
		).toBe(true);
	}, 60_000);

	it("refuses what it cannot point at an OpenAI-compatible endpoint, exit 2 with a fix", async () => {
		const fixture = writeBenchFixture({
			cases: 2,
			samples: 1,
			models: { "m/a": {}, "m/cmd": { provider: "command", base_url: undefined, command: ["cat"] } },
		});
		const cli = (args: readonly string[]) =>
			runCli(["run", "--use-case", "arith", ...args], {
				cwd: fixture.root,
				env: { TOUCHSTONE_SCRIPTED_URL: hosted.url },
			});
		const cases: [readonly string[], string][] = [
			[["--base-url", "http://127.0.0.1:9/v1"], "--base-url needs the models to point at the endpoint"],
			[["--models", "m/cmd", "--base-url", "http://127.0.0.1:9/v1"], "does not speak the OpenAI chat wire"],
			[["--models", "m/a", "--base-url", "ftp://box/v1"], "is not an http(s) URL"],
			[["--models", "m/a", "--api-key-env", "KEY"], "--api-key-env names the key of a --base-url endpoint"],
		];
		for (const [args, message] of cases) {
			const result = await cli(args);
			expect(result.code, args.join(" ")).toBe(2);
			expect(result.stderr, args.join(" ")).toContain(message);
			expect(result.stderr, args.join(" ")).toContain("fix:");
		}
	}, 60_000);
});
