import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { loadTaskPack } from "../../src/definitions/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { runCli, tempDir } from "../support/cli.js";
import { writeFiles } from "../support/sum-task.js";

/**
 * `touchstone ladder` end to end: the spawned CLI, three anchors over the scripted server (each
 * writes its own score into the one target file of a single-shot task), a checks verifier in
 * real bubblewrap, and a real SQLite store. The anchors' runs are stored like any others, so a
 * second ladder runs nothing, and `--write` leaves every cell current.
 */
const ANCHORS = { small: 0.2, mid: 0.6, large: 0.9 } as const;
const TASK_FILE = "benchmarks/packs/ladder/climb/task.yaml";
const TASK_TEXT = `# The task under calibration; the comments and layout must survive --write.
id: climb
mode: single-shot
tier: frontier
prompt: Write your score into answer.txt.
target_files: [answer.txt] # the one file the reply rewrites
snapshot: { files: { answer.txt: "0\\n" } }
verifier:
  kind: checks
  args: { script: hidden/check.mjs, pass_threshold: 0.5 }
calibration:
  # Stricter than the default for this task.
  ladder:
    large: { min: 0.88 }
`;
const CHECK = `import { readFileSync } from "node:fs";
console.log(JSON.stringify({ checks: { score: Number(readFileSync("answer.txt", "utf8").trim()) } }));
`;

let root = "";
let scripted: ScriptedServer;
const env = () => ({ TOUCHSTONE_SCRIPTED_URL: scripted.url });
const ladder = (...extra: string[]) =>
	runCli(["ladder", "--use-case", "ladder", "--task", "climb", ...extra], { cwd: root, env: env() });

beforeAll(async () => {
	root = tempDir("touchstone-ladder-");
	const models = Object.fromEntries(
		Object.entries(ANCHORS).map(([tier, score]) => [
			`scripted/${tier}`,
			{
				latency_ms: 1,
				rules: [{ when: { user: "Write your score" }, reply: `\`\`\`text path=answer.txt\n${score}\n\`\`\`\n` }],
			},
		]),
	);
	scripted = await startScriptedServer({ script: validateScript({ seed: 1, models } as never) });
	writeFiles(root, {
		"benchmarks/models.yaml": stringify({
			models: Object.keys(ANCHORS).map((tier) => ({
				id: `scripted/${tier}`,
				provider: "openai-compatible",
				model: `scripted/${tier}`,
				// biome-ignore lint/suspicious/noTemplateCurlyInString: the registry's literal reference
				base_url: "${TOUCHSTONE_SCRIPTED_URL}/v1",
				role: "anchor",
				tags: { tier },
				price: { input: 1, output: 1 },
			})),
		}),
		"benchmarks/use_cases.yaml": stringify({
			use_cases: [
				{
					id: "ladder",
					status: "runnable",
					modality: { input: "text", output: "code" },
					plugin: "tasks",
					tasks: "packs/ladder",
				},
			],
		}),
		[TASK_FILE]: TASK_TEXT,
		"benchmarks/packs/ladder/climb/hidden/check.mjs": CHECK,
	});
	for (const entry of loadTaskPack(join(root, "benchmarks", "packs", "ladder")).tasks)
		await materializeFixture(entry.dir, entry.task, { repo: null });
});

afterAll(async () => {
	await scripted?.close();
	rmSync(root, { recursive: true, force: true });
});

function storedRuns(): { model_id: string; sample_index: number }[] {
	const database = new Database(join(root, "data", "benchmarks.db"), { readonly: true });
	try {
		return database.prepare("SELECT model_id, sample_index FROM runs ORDER BY model_id, sample_index").all() as {
			model_id: string;
			sample_index: number;
		}[];
	} finally {
		database.close();
	}
}

describe("touchstone ladder", () => {
	it("runs each anchor N times through the run machinery, checks the ladder, re-uses the runs, and --write keeps every cell current", async () => {
		const first = await ladder("--reps", "2", "--json");
		expect(first.stderr).toContain("6 cells planned (3 models × 1 cases, thorough), 0 already current, 6 to run");
		expect(first.code).toBe(0);
		const check = JSON.parse(first.stdout);
		expect(check).toMatchObject({ task_id: "climb", admissible: true, increasing: true, reasons: [], written: false });
		expect(
			check.tiers.map((tier: { anchor: string; scores: number[]; bound: object }) => [
				tier.anchor,
				tier.scores,
				tier.bound,
			]),
		).toEqual([
			["scripted/small", [0.2, 0.2], { min: 0, max: 0.4 }],
			["scripted/mid", [0.6, 0.6], { min: 0.35, max: 0.8 }],
			// The task's own override of the large bound.
			["scripted/large", [0.9, 0.9], { min: 0.88, max: 1 }],
		]);
		expect(scripted.requests()).toHaveLength(6);
		expect(storedRuns()).toEqual(
			["large", "mid", "small"].flatMap((tier) =>
				[0, 1].map((sample) => ({ model_id: `scripted/${tier}`, sample_index: sample })),
			),
		);

		// The same ladder again runs nothing: the stored runs are current.
		const again = await ladder("--reps", "2", "--write");
		expect(again.stderr).toContain("6 already current, 0 to run");
		expect(again.code).toBe(0);
		expect(scripted.requests()).toHaveLength(6);
		expect(again.stdout).toMatch(/small\s+scripted\/small\s+0\.200 0\.200\s+0\.200\s+<= 0\.4\s+ok/);
		expect(again.stdout).toContain("climb: the ladder holds; admissible to the frontier tier");
		expect(again.stdout).toContain("recorded in task.yaml (calibration.result)");

		// --write added only calibration.result: every byte of the file before it is unchanged.
		const written = readFileSync(join(root, TASK_FILE), "utf8");
		expect(written.startsWith(TASK_TEXT)).toBe(true);
		expect(parse(written).calibration.result).toMatchObject({
			source: "runs",
			admissible: true,
			reasons: [],
			tiers: { small: { anchor: "scripted/small", scores: [0.2, 0.2], mean: 0.2, ok: true } },
		});
		expect(parse(written).calibration.result.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

		// The block is provenance only: a plain run of the same cells finds every one current.
		const dry = await runCli(["run", "--use-case", "ladder", "--task", "climb", "--samples", "2", "--dry-run"], {
			cwd: root,
			env: env(),
		});
		expect(dry.stderr).toContain("6 already current, 0 to run");
		expect(dry.stdout).toContain("dry run: 0 of 6 cells would run");
	}, 60_000);

	it("checks scores from a file without running anything: exit 1 when the ladder fails, 2 for a bad file", async () => {
		const requests = scripted.requests().length;
		const scores = join(root, "scores.json");
		writeFileSync(scores, JSON.stringify({ small: [0.3, 0.5], mid: [0.38], large: [1] }));
		const failed = await ladder("--from-json", scores);
		expect(failed.code).toBe(1);
		expect(failed.stdout).toMatch(/small\s+\(from file\)\s+0\.300 0\.500\s+0\.400\s+<= 0\.4\s+ok/);
		expect(failed.stdout).toContain(
			"not admissible to the frontier tier: the means do not strictly increase: small 0.4 is not below mid 0.38",
		);
		expect(failed.stderr).toContain("does not hold the anchor ladder");

		writeFileSync(scores, '{"small": [0.3], "mid": [0.5],\n "opus": [1.2]}');
		const bad = await ladder("--from-json", scores);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toMatch(/scores\.json:2:\d+/);
		expect(bad.stderr).toContain("large");
		expect((await ladder("--from-json", scores, "--reps", "2")).code).toBe(2);
		const unknown = await runCli(["ladder", "--use-case", "ladder", "--task", "clim", "--reps", "1"], {
			cwd: root,
			env: env(),
		});
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("clim");
		expect(scripted.requests()).toHaveLength(requests);
	}, 30_000);
});
