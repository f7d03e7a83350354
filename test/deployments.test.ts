import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { rosterInput } from "../src/cli/commands/roster.js";
import { loadDefinitions } from "../src/definitions/index.js";
import { defaultRunParts, type RunRequest, runUseCase, StopControl } from "../src/orchestrator/index.js";
import { type ScriptedServer, startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { openStore } from "../src/store/index.js";
import { leaderboard, roster } from "../src/views/index.js";
import { arithScript, writeBenchFixture } from "./support/bench-fixture.js";
import { tempDir } from "./support/cli.js";

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({ script: validateScript(arithScript({ "m/a": { right: true } }) as never) });
});
afterAll(async () => server.close());

describe("each run records the use case's deployed block when it changed", () => {
	it("appends a row per change (a change back too), none for an unchanged block, and shows the history", async () => {
		const fixture = writeBenchFixture({ cases: 2, samples: 1, models: { "m/a": {}, "m/b": {} } });
		const data = tempDir();
		const store = openStore({ database: join(data, "db.sqlite"), artifacts: join(data, "artifacts") });
		const file = join(fixture.dir, "use_cases.yaml");
		const deploy = (deployed: object) => {
			const document = parse(readFileSync(file, "utf8")) as { use_cases: Record<string, unknown>[] };
			(document.use_cases[0] as Record<string, unknown>).deployed = deployed;
			writeFileSync(file, stringify(document));
		};
		const run = (overrides: Partial<RunRequest> = {}) =>
			runUseCase({
				definitions: loadDefinitions(fixture.dir),
				store,
				useCaseId: "arith",
				models: ["m/a"],
				depth: "thorough",
				concurrency: 2,
				force: false,
				dryRun: false,
				parts: defaultRunParts({ TOUCHSTONE_SCRIPTED_URL: server.url }),
				stop: new StopControl(),
				provenance: {},
				...overrides,
			});
		const history = () => store.listDeployments("arith").map((row) => `${row.model_id} ${row.config_source ?? "-"}`);
		try {
			deploy({ model: "m/a", harness: "single-shot" });
			await run();
			await run();
			expect(history()).toEqual(["m/a -"]);
			// A dry run writes nothing, a deployment included.
			deploy({ model: "m/b", harness: "single-shot", source: "prod/router.yaml" });
			await run({ dryRun: true });
			expect(history()).toEqual(["m/a -"]);
			await run();
			expect(history()).toEqual(["m/a -", "m/b prod/router.yaml"]);
			deploy({ model: "m/a", harness: "single-shot" });
			await run();
			await run();
			expect(history()).toEqual(["m/a -", "m/b prod/router.yaml", "m/a -"]);

			const shown = leaderboard(store, "arith").deployments;
			expect(shown.map((row) => row.model_id)).toEqual(["m/a", "m/b", "m/a"]);
			expect(shown[1]?.config_source).toBe("prod/router.yaml");
			expect(shown.map((row) => row.deployed_at)).toEqual([...shown.map((row) => row.deployed_at)].sort());
			const entry = roster(store, loadDefinitions(fixture.dir).useCases.map(rosterInput)).find(
				(item) => item.id === "arith",
			);
			expect(entry?.deployments).toEqual(shown);
		} finally {
			store.close();
		}
	}, 60_000);
});
