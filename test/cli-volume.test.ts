import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { arithScript, writeBenchFixture } from "./support/bench-fixture.js";
import { runCli } from "./support/cli.js";

/** m/dear (deployed) and m/cheap are both always right; m/cheap costs less per call. */
const COSTS = { "m/dear": 0.002, "m/cheap": 0.0005 };
let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({
		script: validateScript(
			arithScript({
				"m/dear": { right: true, cost_usd: COSTS["m/dear"] },
				"m/cheap": { right: true, cost_usd: COSTS["m/cheap"] },
			}) as never,
		),
	});
});
afterAll(async () => server.close());

describe("touchstone volume import, then leaderboard and roster", () => {
	it("imports a usage file all or nothing and projects the offload saving under the decision", async () => {
		const fixture = writeBenchFixture({ cases: 4, samples: 1, models: { "m/dear": {}, "m/cheap": {} } });
		const cli = (args: readonly string[]) =>
			runCli(args, { cwd: fixture.root, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });
		expect((await cli(["run", "--use-case", "arith", "--models", "m/dear,m/cheap"])).code).toBe(0);

		const usage = join(fixture.root, "usage.jsonl");
		const line = (calls: number | string) =>
			`{"use_case": "arith", "period": "2026-11", "calls": ${calls}, "input_tokens": 9000, "output_tokens": 700}`;
		writeFileSync(usage, `${line(20_000)}\n`);
		const imported = await cli(["volume", "import", "usage.jsonl"]);
		expect(imported.code).toBe(0);
		expect(imported.stdout).toContain("1 rollups appended, 0 unchanged");

		// One bad line refuses the whole file, located, and appends nothing (not even its good line).
		const bad = join(fixture.root, "bad.jsonl");
		writeFileSync(bad, `${line(1)}\n${line(-3)}\n`);
		const refused = await cli(["volume", "import", "bad.jsonl"]);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toMatch(/bad\.jsonl:2 calls:/);
		expect(refused.stderr).toContain("fix:");
		const again = await cli(["volume", "import", "usage.jsonl", "--json"]);
		expect(JSON.parse(again.stdout)).toMatchObject({ appended: [], unchanged: [{ calls: 20_000 }] });

		const json = await cli(["leaderboard", "--use-case", "arith", "--json"]);
		const board = JSON.parse(json.stdout) as {
			decision: { projected_saving: { calls: number; saving_usd: number; period: string; shared_cases: number } };
			deployments: { model_id: string }[];
		};
		expect(board.deployments.map((row) => row.model_id)).toEqual(["m/dear"]);
		const saving = board.decision.projected_saving;
		expect(saving).toMatchObject({ period: "2026-11", calls: 20_000, shared_cases: 4 });
		expect(saving.saving_usd).toBeCloseTo(20_000 * (COSTS["m/dear"] - COSTS["m/cheap"]), 6);

		const table = await cli(["leaderboard", "--use-case", "arith"]);
		expect(table.stdout).toMatch(/deployed: m\/dear \(single-shot\) since \d{4}-\d{2}-\d{2}\n/);
		expect(table.stdout).toMatch(/projected saving: +\$30\.00 per 2026-11/);
		// The report's decision carries the same saving, and since when the incumbent is deployed.
		expect((await cli(["report", "--use-case", "arith", "--out", "board.md"])).code).toBe(0);
		const markdown = readFileSync(join(fixture.root, "board.md"), "utf8");
		expect(markdown).toMatch(/- Deployed: m\/dear \(single-shot\), since \d{4}-\d{2}-\d{2}\n/);
		expect(markdown).toMatch(
			/- Projected saving per 2026-11: \\\$30\.00 \[.*\] over 20000 calls, if m\/cheap replaced m\/dear \(4 shared cases\)/,
		);
		const roster = await cli(["roster"]);
		expect(roster.stdout).toMatch(
			/Offload candidates.*\n {2}arith: m\/dear \(single-shot\) -> m\/cheap \(single-shot\), saves \$30\.00 per 2026-11/,
		);
	}, 30_000);
});
