import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadScript, startScriptedServer } from "../src/scripted-server/index.js";
import { openStore } from "../src/store/index.js";
import { ROOT, runCli, tempDir } from "./support/cli.js";

const EXAMPLE = join(ROOT, "examples", "plugins", "word-count");
const MODULE = join("benchmarks", "plugins", "word-count.mjs");

describe("the word-count example user plugin", () => {
	it("validates, runs and ranks with its own grader, and re-runs its cells when the module changes", async () => {
		const root = tempDir("touchstone-user-plugin-");
		cpSync(EXAMPLE, root, { recursive: true });
		const server = await startScriptedServer({ script: await loadScript(join(EXAMPLE, "scripted.yaml")) });
		const env = { TOUCHSTONE_SCRIPTED_URL: server.url };
		const cli = (...args: string[]) => runCli(args, { cwd: root, env });
		try {
			const validated = await cli("validate");
			expect(validated.stderr).not.toContain("error");
			expect(validated.stdout).toContain("cases and tasks read: word-count 3");
			expect(validated.code).toBe(0);

			const first = await cli("run", "--use-case", "word-count");
			expect(first.stdout).toContain("ran 6 cells (6 completed), skipped 0 current");
			expect(first.code).toBe(0);
			const board = JSON.parse((await cli("leaderboard", "--use-case", "word-count", "--json")).stdout) as {
				headline_metric: string;
				rows: { model_id: string; headline: number }[];
			};
			expect(board.headline_metric).toBe("within_limit");
			const means = Object.fromEntries(board.rows.map((row) => [row.model_id, row.headline]));
			expect(means["scripted/terse"]).toBe(1);
			expect(means["scripted/wordy"]).toBeCloseTo(1 / 3, 10);

			const scores = storedScores(root);
			expect(scores["scripted/wordy/name-a-colour/within_limit"]).toMatchObject({
				value: 0,
				grader_version: "word-count@1",
			});
			expect(JSON.parse(scores["scripted/wordy/name-a-colour/within_limit"]?.extras_json ?? "null")).toEqual({
				words: 7,
				limit: 1,
			});
			expect(scores["scripted/terse/name-a-colour/brevity"]?.value).toBe(1);
			expect(scores["scripted/wordy/explain-caching/brevity"]?.value).toBeCloseTo(8 / 12, 10);

			const again = await cli("run", "--use-case", "word-count");
			expect(again.stdout).toContain("ran 0 cells");
			expect(again.stdout).toContain("skipped 6 current");

			// An edit to the module, even one that changes no behaviour, changes its hash: every cell is stale.
			const module = join(root, MODULE);
			writeFileSync(module, `${readFileSync(module, "utf8")}\n// edited\n`);
			const edited = await cli("run", "--use-case", "word-count");
			expect(edited.stdout).toContain("ran 6 cells (6 completed), skipped 0 current");

			// So does its declared version.
			writeFileSync(module, readFileSync(module, "utf8").replace('version: "1.0.0"', 'version: "1.0.1"'));
			const bumped = await cli("run", "--use-case", "word-count");
			expect(bumped.stdout).toContain("ran 6 cells (6 completed), skipped 0 current");
		} finally {
			await server.close();
		}
	}, 120_000);

	it("loads an installed package named in plugin:, keyed by its package.json version and entry hash", async () => {
		const root = tempDir("touchstone-user-package-");
		cpSync(EXAMPLE, root, { recursive: true });
		const packageDir = join(root, "node_modules", "touchstone-word-count");
		mkdirSync(join(packageDir, "dist"), { recursive: true });
		cpSync(join(EXAMPLE, MODULE), join(packageDir, "dist", "index.mjs"));
		const manifest = (version: string) =>
			JSON.stringify({ name: "touchstone-word-count", version, type: "module", exports: { ".": "./dist/index.mjs" } });
		writeFileSync(join(packageDir, "package.json"), manifest("2.0.0"));
		const useCases = join(root, "benchmarks", "use_cases.yaml");
		writeFileSync(
			useCases,
			readFileSync(useCases, "utf8").replace("./plugins/word-count.mjs", "touchstone-word-count"),
		);
		rmSync(join(root, MODULE));
		const server = await startScriptedServer({ script: await loadScript(join(EXAMPLE, "scripted.yaml")) });
		const cli = (...args: string[]) => runCli(args, { cwd: root, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });
		try {
			const validated = await cli("validate");
			expect(validated.stderr).not.toContain("error");
			expect(validated.code).toBe(0);
			expect((await cli("run", "--use-case", "word-count")).stdout).toContain("ran 6 cells (6 completed)");
			expect(storedScores(root)["scripted/terse/name-a-colour/within_limit"]?.value).toBe(1);
			expect((await cli("run", "--use-case", "word-count")).stdout).toContain("skipped 6 current");
			// A new release of the package, its entry unchanged, is a new plugin: its cells re-run.
			writeFileSync(join(packageDir, "package.json"), manifest("2.0.1"));
			expect((await cli("run", "--use-case", "word-count")).stdout).toContain("ran 6 cells (6 completed)");
			// Uninstalled, it is a located error at the plugin: line.
			rmSync(packageDir, { recursive: true });
			const missing = await cli("validate");
			expect(missing.code).toBe(2);
			expect(missing.stderr).toMatch(
				/use_cases\.yaml:\d+:\d+ use_cases\[0\]\.plugin: no built-in plugin `touchstone-word-count`/,
			);
		} finally {
			await server.close();
		}
	}, 120_000);
});

interface StoredScore {
	readonly value: number;
	readonly grader_version: string;
	readonly extras_json: string | null;
}

/** The first stored score of each `model/case/metric` in the project's store. */
function storedScores(root: string): Record<string, StoredScore> {
	const store = openStore({
		database: join(root, "data", "benchmarks.db"),
		artifacts: join(root, "data", "artifacts"),
	});
	try {
		const rows = store.database
			.prepare(
				"SELECT r.model_id, r.case_id, s.metric, s.value, s.grader_version, s.extras_json FROM scores s JOIN runs r USING (run_id) ORDER BY r.created_at",
			)
			.all() as (StoredScore & { model_id: string; case_id: string; metric: string })[];
		const scores: Record<string, StoredScore> = {};
		for (const row of rows) scores[`${row.model_id}/${row.case_id}/${row.metric}`] ??= row;
		return scores;
	} finally {
		store.close();
	}
}
