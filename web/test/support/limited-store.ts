import { join } from "node:path";
import { startScriptedServer, validateScript } from "../../../src/scripted-server/index.js";
import { arithScript, writeBenchFixture } from "../../../test/support/bench-fixture.js";
import { runCli } from "../../../test/support/cli.js";
import type { StorePaths } from "./dashboard.js";

/**
 * A store with one thorough and one limited-depth row, each made by a real `touchstone run`
 * against the scripted server: `model/right` over every case of `arith`, `model/wrong` at
 * `--depth limited` (its floor cases only).
 */
export async function limitedDepthStore(): Promise<{ root: string; paths: StorePaths }> {
	const server = await startScriptedServer({
		script: validateScript(
			arithScript({
				"model/right": { right: true, latency_ms: 3 },
				"model/wrong": { right: false, latency_ms: 1, cost_usd: 0.0001 },
			}) as never,
		),
	});
	try {
		const fixture = writeBenchFixture({ cases: 4, samples: 2, models: { "model/right": {}, "model/wrong": {} } });
		const env = { TOUCHSTONE_SCRIPTED_URL: server.url };
		for (const [model, depth] of [
			["model/right", "thorough"],
			["model/wrong", "limited"],
		] as const) {
			const result = await runCli(["run", "--use-case", "arith", "--models", model, "--depth", depth], {
				cwd: fixture.root,
				env,
			});
			if (result.code !== 0) throw new Error(`touchstone run ${model} exited ${result.code}:\n${result.stderr}`);
		}
		const data = join(fixture.root, "data");
		return { root: fixture.root, paths: { database: join(data, "benchmarks.db"), artifacts: join(data, "artifacts") } };
	} finally {
		await server.close();
	}
}
