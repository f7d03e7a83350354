import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { arithScript, writeBenchFixture } from "./support/bench-fixture.js";
import { type CliResult, runCli } from "./support/cli.js";

/**
 * drop and prune end to end on a real store filled by a real run against the scripted server:
 * m/old is right and the cheapest, so only its retirement keeps the decision from naming it.
 */
let server: ScriptedServer;
let root: string;
let cli: (args: readonly string[], env?: Record<string, string>) => Promise<CliResult>;
beforeAll(async () => {
	const script = arithScript({
		"m/strong": { right: true, cost_usd: 0.01 },
		"m/weak": { right: false, cost_usd: 0.001 },
		"m/old": { right: true, cost_usd: 0.0001 },
	}) as { models: Record<string, { rules: { reply: string }[] }> };
	// Its own words, so its outputs are artifacts no other model's rows share.
	for (const rule of script.models["m/old"]?.rules ?? []) rule.reply = "answer: $1. (old)";
	server = await startScriptedServer({ script: validateScript(script as never) });
	const fixture = writeBenchFixture({ cases: 4, samples: 1, models: { "m/strong": {}, "m/weak": {}, "m/old": {} } });
	root = fixture.root;
	cli = (args, env = {}) => runCli(args, { cwd: root, env: { TOUCHSTONE_SCRIPTED_URL: server.url, ...env } });
	const run = await cli(["run", "--use-case", "arith"]);
	expect(run.code).toBe(0);
}, 60_000);
afterAll(async () => server.close());

const database = () => join(root, "data", "benchmarks.db");
const digest = (path: string) =>
	existsSync(path) ? createHash("sha256").update(readFileSync(path)).digest("hex") : null;
interface Board {
	rows: { model_id: string; retired: boolean | null }[];
	decision: { best: { model_id: string } | null; cheapest_good_enough: { model_id: string } | null; notes: string[] };
}

describe("touchstone drop and prune", () => {
	it("retires a model: the next run skips it by name, --models refuses it, the leaderboard marks it and never picks it", async () => {
		const before = JSON.parse((await cli(["leaderboard", "--use-case", "arith", "--json"])).stdout) as Board;
		expect(before.decision.cheapest_good_enough?.model_id).toBe("m/old");

		const unknown = await cli(["drop", "m/nope", "--reason", "gone"]);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("no model `m/nope`");
		const drop = await cli(["drop", "m/old", "--reason", "superseded by m/strong"]);
		expect(drop.code).toBe(0);
		const models = readFileSync(join(root, "benchmarks", "models.yaml"), "utf8");
		expect(models).toMatch(
			/id: m\/old[\s\S]*status: retired\n\s+retired: \{ reason: "?superseded by m\/strong"?, date: \d{4}-\d{2}-\d{2} \}/,
		);
		const again = await cli(["drop", "m/old", "--reason", "twice"]);
		expect(again.code).toBe(2);
		expect(again.stderr).toContain("already retired");

		const run = await cli(["run", "--use-case", "arith"]);
		expect(run.code).toBe(0);
		expect(run.stderr).toContain("retired, not run: m/old");
		expect(run.stderr).toMatch(/\(2 models × 4 cases/);
		const explicit = await cli(["run", "--use-case", "arith", "--models", "m/old"]);
		expect(explicit.code).toBe(2);
		expect(explicit.stderr).toContain("model `m/old` is retired");

		const after = JSON.parse((await cli(["leaderboard", "--use-case", "arith", "--json"])).stdout) as Board;
		expect(after.rows.find((row) => row.model_id === "m/old")?.retired).toBe(true);
		expect(after.rows.find((row) => row.model_id === "m/strong")?.retired).toBe(false);
		expect(after.decision.cheapest_good_enough?.model_id).toBe("m/strong");
		expect(JSON.stringify(after.decision.best)).not.toContain("m/old");
		expect(after.decision.notes.join("\n")).toContain("retired, shown but never picked: m/old");
		const table = await cli(["leaderboard", "--use-case", "arith"]);
		expect(table.stdout).toMatch(/^m\/old \(retired\)/m);
	});

	it("report writes the markdown, the page JSON and JUnit from the store, the same bytes twice", async () => {
		const args = [
			"report",
			"--out",
			"reports/leaderboard.md",
			"--json-out",
			"reports/page.json",
			"--junit",
			"reports/junit.xml",
		];
		const first = await cli(args);
		expect(first.code).toBe(0);
		const read = () =>
			["leaderboard.md", "page.json", "junit.xml"].map((name) => readFileSync(join(root, "reports", name), "utf8"));
		const [markdown, json, junit] = read();
		expect((await cli(args)).code).toBe(0);
		expect(read()).toEqual([markdown, json, junit]);
		const lines = markdown?.split("\n") ?? [];
		expect(lines).toContain("## arith");
		expect(markdown).toMatch(
			/\n- Cheapest good enough: m\/strong \(single-shot\), headline 1\.000, \\\$0\.0100 per case, p50 [\d.]+ m?s\n/,
		);
		expect(lines.find((line) => line.startsWith("| m/old | single-shot | 1.000 ["))).toMatch(/\| retired \|$/);
		expect(markdown).toContain("| m/weak | single-shot | 0.000 [0.000, 0.000] | 0% [0%, 49%] |");
		const page = JSON.parse(json ?? "") as { use_cases: { leaderboard: Board; cases: { outcome: string }[] }[] };
		expect(page.use_cases[0]?.leaderboard.decision.cheapest_good_enough?.model_id).toBe("m/strong");
		expect(page.use_cases[0]?.cases).toHaveLength(12);
		expect(junit).toContain('<testsuite name="arith" tests="12" failures="4" errors="0" skipped="4">');
		// A folder as --out, or one file for two outputs, is bad input before anything is written.
		const folder = await cli([
			"report",
			"--out",
			"reports",
			"--junit",
			"reports/page.json",
			"--json-out",
			"reports/page.json",
		]);
		expect(folder.code).toBe(2);
		expect(folder.stderr).toMatch(/--out\s+reports is a folder, not a file/);
		expect(folder.stderr).toMatch(/--junit\s+reports\/page\.json is also --json-out's file/);
		expect(readdirSync(join(root, "reports")).sort()).toEqual(["junit.xml", "leaderboard.md", "page.json"]);
		const unknown = await cli(["report", "--use-case", "nope"]);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("use cases with results: arith");
	});

	it("prune lists what the retired model occupies and --compact writes a new store that verifies, the old one untouched", async () => {
		const listing = await cli(["prune", "--json"]);
		expect(listing.code).toBe(0);
		const listed = JSON.parse(listing.stdout) as {
			runs: number;
			models: { model_id: string; use_cases: { use_case_id: string; runs: number; scores: number }[] }[];
			artifacts: number;
		};
		expect(listed.models.map((model) => model.model_id)).toEqual(["m/old"]);
		expect(listed.models[0]?.use_cases).toMatchObject([{ use_case_id: "arith", runs: 4 }]);
		expect(listed.models[0]?.use_cases[0]?.scores).toBeGreaterThanOrEqual(4);
		// Its outputs are its own; the inputs (the prompts) are shared with the models that stay.
		expect(listed.artifacts).toBe(4);

		const files = [database(), `${database()}-wal`];
		const hashes = files.map(digest);
		const target = join(root, "data", "compact.db");
		const dry = await cli(["prune", "--compact", "--dry-run", "--out", target]);
		expect(dry.stdout).toContain(`would write a new store at ${target}`);
		expect(existsSync(target)).toBe(false);

		const compact = await cli(["prune", "--compact", "--out", target]);
		expect(compact.code).toBe(0);
		expect(compact.stdout).toContain(`wrote a new store without them: ${target}`);
		expect(compact.stdout).toContain(`the old store is untouched: ${database()}`);
		expect(files.map(digest)).toEqual(hashes);
		const verify = await cli(["verify"], { TOUCHSTONE_DB: target });
		expect(verify.code).toBe(0);
		expect(verify.stdout).toContain("is intact");
		expect((await cli(["prune", "--compact", "--out", target])).code).not.toBe(0);

		const read = async (db: string) =>
			JSON.parse((await cli(["leaderboard", "--use-case", "arith", "--json"], { TOUCHSTONE_DB: db })).stdout) as Board &
				Record<string, unknown>;
		const [old, fresh] = [await read(database()), await read(target)];
		expect(fresh.rows.map((row) => row.model_id)).not.toContain("m/old");
		expect(fresh.rows).toEqual(old.rows.filter((row) => row.model_id !== "m/old"));
		const { notes: oldNotes, ...oldDecision } = old.decision;
		const { notes: freshNotes, ...freshDecision } = fresh.decision;
		expect(freshDecision).toEqual(oldDecision);
		expect(freshNotes).toEqual(oldNotes.filter((note) => !note.includes("retired")));
		const leftOut = await cli(["prune", "--json"], { TOUCHSTONE_DB: target });
		expect((JSON.parse(leftOut.stdout) as { runs: number }).runs).toBe(0);
	});
});
