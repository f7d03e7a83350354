import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sha256 } from "../src/contract/index.js";
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

const RETRY_EXAMPLE = join(ROOT, "examples", "plugins", "brief-retry");

describe("the brief-retry example user plugin, with a runner of its own", () => {
	it("calls the models through the host's providers over HTTP, stores its runner as the harness with the calls' telemetry, and keys the harness by the module", async () => {
		const root = tempDir("touchstone-user-runner-");
		cpSync(RETRY_EXAMPLE, root, { recursive: true });
		const server = await startScriptedServer({ script: await loadScript(join(RETRY_EXAMPLE, "scripted.yaml")) });
		const cli = (...args: string[]) => runCli(args, { cwd: root, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });
		try {
			expect((await cli("validate")).code).toBe(0);
			const first = await cli("run", "--use-case", "brief-retry");
			expect(first.stdout).toContain("ran 4 cells (4 completed), skipped 0 current");
			expect(first.code).toBe(0);
			const runs = storedRuns(root);
			expect(new Set(runs.map((run) => run.harness))).toEqual(new Set(["brief-retry"]));
			const run = (model: string, testCase: string) =>
				runs.find((row) => row.model_id === model && row.case_id === testCase) as StoredRun;
			// terse is brief at once; wordy is asked twice, and is within the limit on the colour only.
			expect([run("scripted/terse", "name-a-colour").turns, run("scripted/wordy", "name-a-colour").turns]).toEqual([
				1, 2,
			]);
			const scores = storedScores(root);
			expect(scores["scripted/wordy/name-a-colour/within_limit"]?.value).toBe(1);
			expect(scores["scripted/wordy/explain-caching/within_limit"]?.value).toBe(0);
			// The telemetry is the host's, from what the scripted server reported over both calls, priced from models.yaml.
			const wordy = run("scripted/wordy", "explain-caching");
			const provenance = JSON.parse(wordy.provenance_json) as {
				runner: { runner: string; details: { plugin: { sha256: string }; endpoint: string; runner: object } };
				raw: { usage: { prompt_tokens: number; completion_tokens: number } }[];
			};
			const usage = provenance.raw.map((raw) => raw.usage);
			expect(usage).toHaveLength(2);
			const input = usage.reduce((sum, call) => sum + call.prompt_tokens, 0);
			const output = usage.reduce((sum, call) => sum + call.completion_tokens, 0);
			expect([wordy.input_tokens, wordy.output_tokens]).toEqual([input, output]);
			expect(wordy.cost_usd).toBeCloseTo((input * 0.8 + output * 4) / 1e6, 12);
			expect(wordy.latency_ms).toBeGreaterThan(0);
			expect(provenance.runner).toMatchObject({
				runner: "brief-retry",
				details: { endpoint: new URL(server.url).origin, runner: { retried: true } },
			});
			const module = join(root, "benchmarks", "plugins", "brief-retry.mjs");
			expect(provenance.runner.details.plugin.sha256).toBe(sha256(readFileSync(module)));

			expect((await cli("run", "--use-case", "brief-retry")).stdout).toContain("skipped 4 current");
			// An edit to the module is a new harness: its key part changes, and every cell re-runs.
			const before = harnessKeyParts(root);
			writeFileSync(module, `${readFileSync(module, "utf8")}\n// edited\n`);
			expect((await cli("run", "--use-case", "brief-retry")).stdout).toContain("ran 4 cells (4 completed)");
			const after = harnessKeyParts(root);
			expect(after).toHaveLength(2);
			expect(after[1]?.config.sha256).toBe(sha256(readFileSync(module)));
			expect(after[1]?.key_part).not.toBe(before[0]?.key_part);
		} finally {
			await server.close();
		}
	}, 120_000);
});

interface StoredRun {
	readonly model_id: string;
	readonly case_id: string;
	readonly harness: string;
	readonly turns: number | null;
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	readonly cost_usd: number | null;
	readonly latency_ms: number | null;
	readonly provenance_json: string;
}

function withStore<T>(root: string, read: (store: ReturnType<typeof openStore>) => T): T {
	const store = openStore({
		database: join(root, "data", "benchmarks.db"),
		artifacts: join(root, "data", "artifacts"),
	});
	try {
		return read(store);
	} finally {
		store.close();
	}
}

/** Every stored run, oldest first. */
function storedRuns(root: string): StoredRun[] {
	return withStore(
		root,
		(store) =>
			store.database
				.prepare(
					"SELECT model_id, case_id, harness, turns, input_tokens, output_tokens, cost_usd, latency_ms, provenance_json FROM runs ORDER BY created_at",
				)
				.all() as StoredRun[],
	);
}

/** The harness of each stored spec snapshot, oldest first. */
function harnessKeyParts(root: string): { key_part: string; config: { sha256: string } }[] {
	return withStore(root, (store) =>
		(
			store.database.prepare("SELECT spec_json FROM spec_snapshots ORDER BY created_at").all() as {
				spec_json: string;
			}[]
		).map(
			(row) => (JSON.parse(row.spec_json) as { harness: { key_part: string; config: { sha256: string } } }).harness,
		),
	);
}

interface StoredScore {
	readonly value: number;
	readonly grader_version: string;
	readonly extras_json: string | null;
}

/** The first stored score of each `model/case/metric` in the project's store. */
function storedScores(root: string): Record<string, StoredScore> {
	return withStore(root, (store) => {
		const rows = store.database
			.prepare(
				"SELECT r.model_id, r.case_id, s.metric, s.value, s.grader_version, s.extras_json FROM scores s JOIN runs r USING (run_id) ORDER BY r.created_at",
			)
			.all() as (StoredScore & { model_id: string; case_id: string; metric: string })[];
		const scores: Record<string, StoredScore> = {};
		for (const row of rows) scores[`${row.model_id}/${row.case_id}/${row.metric}`] ??= row;
		return scores;
	});
}
