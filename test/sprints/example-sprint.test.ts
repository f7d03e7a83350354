import { readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { ModelEntry, SprintDefinition, SprintMilestone } from "../../src/contract/index.js";
import { loadDefinitions, loadSprints, planMilestones } from "../../src/definitions/index.js";
import { scopeCheck } from "../../src/graders/index.js";
import { createModelProvider } from "../../src/providers/index.js";
import { driveSprint as driveSprintForReal, seedRepository, sprintWorkspace } from "../../src/runners/index.js";
import { loadScript, type ScriptedServer, startScriptedServer } from "../../src/scripted-server/index.js";
import { ROOT, tempDir } from "../support/cli.js";
import { type DrivenRun, etalonWith, readFiles, run, tapTests } from "./example-sprint-kit.js";

/**
 * The bundled example sprint holds together: it loads, its repo/ folder seeds to the baseline
 * sprint.yaml names, CI is green there, the etalon passes and kills every mutation, and the
 * scripted models of examples/scripted/demo.yaml end the way the script's comments say (driven by
 * the real sprint driver), with the corpus figures computed here independently of the scoring
 * layers (and printed), so the layers' numbers can be checked by hand.
 */

const BENCHMARKS = join(ROOT, "examples", "benchmarks");

interface Behaviour {
	readonly id: string;
	readonly etalon_test: string;
	readonly match: string;
}

let sprint: SprintDefinition;
let seeded: string;
let milestones: SprintMilestone[];
let behaviours: Behaviour[];
let etalonCorpus: Map<string, string>;

beforeAll(async () => {
	const found = loadSprints(BENCHMARKS).find((entry) => entry.id === "example");
	if (found === undefined) throw new Error("no example sprint in examples/benchmarks/sprints");
	sprint = found;
	seeded = join(tempDir("touchstone-example-sprint-"), "repo");
	await seedRepository(join(sprint.dir, sprint.source.repo), seeded);
	milestones = planMilestones(await readFile(join(seeded, sprint.plan_path ?? ""), "utf8")).milestones;
	behaviours = (
		parse(await readFile(join(sprint.etalon_path, "behaviours.yaml"), "utf8")) as { behaviours: Behaviour[] }
	).behaviours;
	etalonCorpus = await readFiles(join(sprint.etalon_path, "tree"), "test/");
});

/** Runs the sprint's test command over `corpus` on the etalon's implementation, with `patch` applied first. */
async function testOnEtalon(corpus: ReadonlyMap<string, string>, patch: string | null) {
	const dir = await etalonWith(sprint, seeded, corpus, join(tempDir("touchstone-example-corpus-"), "tree"));
	if (patch !== null) {
		const applied = await run(dir, ["git", "apply", patch]);
		expect(applied.code, `${basename(patch)} applies: ${applied.stderr}`).toBe(0);
	}
	const ran = await run(dir, sprint.commands.test);
	return { code: ran.code, tests: tapTests(ran.stdout) };
}

/** The mutations whose patch makes `corpus` fail on the etalon, by file name. */
async function killedBy(corpus: ReadonlyMap<string, string>): Promise<string[]> {
	const results = await Promise.all(sprint.mutation_patches.map((patch) => testOnEtalon(corpus, patch)));
	return sprint.mutation_patches.filter((_, index) => results[index]?.code !== 0).map((patch) => basename(patch));
}

/** The behaviours one of `names` covers, by id. */
function covered(names: readonly string[]): string[] {
	return behaviours
		.filter((entry) => names.some((name) => new RegExp(entry.match).test(name)))
		.map((entry) => entry.id);
}

describe("the example sprint", () => {
	it("loads without problems, with three milestones in the plan of its seeded repository", async () => {
		expect(sprint.source.repo).toBe("repo");
		expect(milestones.map((milestone) => milestone.id)).toEqual(["M01", "M02", "M03"]);
		const plan = planMilestones(await readFile(join(seeded, "docs", "plan.md"), "utf8"));
		expect(plan.problems).toEqual([]);
		expect(sprint.mutation_patches.map((patch) => basename(patch))).toHaveLength(5);
		expect(sprint.superseded).toEqual(["test/duration.test.mjs"]);
		expect(await readFile(join(seeded, "test", "duration.test.mjs"), "utf8")).toContain("formats as a clock");
	});

	it("seeds repo/ into the baseline sprint.yaml names, the same commit every time", async () => {
		const again = await seedRepository(join(sprint.dir, sprint.source.repo), join(tempDir(), "again"));
		expect(again).toBe(sprint.source.baseline);
		const head = await run(seeded, ["git", "rev-parse", "HEAD"]);
		expect(head.stdout.trim()).toBe(sprint.source.baseline);
	});

	it("is green at the baseline", async () => {
		const ci = await run(seeded, sprint.commands.ci);
		expect(ci.code, ci.stdout + ci.stderr).toBe(0);
	});

	it("passes on the etalon, whose tests are the behaviours' etalon tests; the superseded tests fail there", async () => {
		const etalon = await testOnEtalon(etalonCorpus, null);
		expect(etalon.code).toBe(0);
		expect(etalon.tests.map((test) => test.name).sort()).toEqual(behaviours.map((entry) => entry.etalon_test).sort());
		for (const entry of behaviours) expect(covered([entry.etalon_test]), entry.id).toEqual([entry.id]);
		const legacy = new Map([
			[sprint.superseded[0] ?? "", await readFile(join(seeded, sprint.superseded[0] ?? ""), "utf8")],
		]);
		expect((await testOnEtalon(legacy, null)).code).not.toBe(0);
	});

	it("has five mutations that apply to the etalon, each killed by the etalon's tests", async () => {
		expect(await killedBy(etalonCorpus)).toEqual(sprint.mutation_patches.map((patch) => basename(patch)));
	});
});

describe("the scripted models of the example sprint", () => {
	let server: ScriptedServer;
	const runs = new Map<string, DrivenRun>();

	beforeAll(async () => {
		server = await startScriptedServer({ script: await loadScript(join(ROOT, "examples", "scripted", "demo.yaml")) });
		const models = ["scripted/strong", "scripted/mid", "scripted/cheap"];
		const driven = await Promise.all(models.map((model) => driveWithRealDriver(server.url, model)));
		for (const [index, model] of models.entries()) runs.set(model, driven[index] as DrivenRun);
	}, 90_000);

	afterAll(async () => {
		await server?.close();
	});

	/** The branch's corpus: valid on the etalon, the behaviours it covers, the mutations it kills (printed). */
	async function corpusFigures(model: string) {
		const corpus = await readFiles((runs.get(model) as DrivenRun).workdir, "test/");
		const valid = await testOnEtalon(corpus, null);
		const killed = await killedBy(corpus);
		const names = valid.tests.map((test) => test.name);
		console.log(
			`${model}: ${valid.tests.filter((test) => test.ok).length}/${valid.tests.length} tests pass on the etalon; ` +
				`behaviours ${covered(names).length}/${behaviours.length} (${covered(names).join(", ")}); ` +
				`killed ${killed.length}/${sprint.mutation_patches.length} (${killed.join(", ")})`,
		);
		return { corpus, valid: valid.code === 0, behaviours: covered(names), killed };
	}

	it("strong completes every milestone first time, the etalon's code with tests close to its own", async () => {
		const strong = runs.get("scripted/strong") as DrivenRun;
		expect(strong.outcome).toBe("passed");
		expect(strong.milestones.map((milestone) => milestone.attempts)).toEqual([1, 1, 1]);
		expect(await readFiles(strong.workdir, "src/")).toEqual(await readFiles(join(sprint.etalon_path, "tree"), "src/"));
		const figures = await corpusFigures("scripted/strong");
		expect([...figures.corpus.keys()]).toEqual(["test/format.test.mjs", "test/parse.test.mjs", "test/units.test.mjs"]);
		expect(figures.valid).toBe(true);
		expect(figures.behaviours).toEqual(behaviours.map((entry) => entry.id).filter((id) => id !== "round-trip"));
		expect(figures.killed).toHaveLength(5);
	});

	it("mid passes M01, then breaks CI on both attempts of M02: fail@M02", () => {
		const mid = runs.get("scripted/mid") as DrivenRun;
		expect(mid.outcome).toBe("fail@M02");
		expect(mid.milestones).toEqual([
			{ id: "M01", attempts: 1, passed: true, failures: [] },
			{ id: "M02", attempts: 2, passed: false, failures: ["ci", "ci"] },
		]);
	});

	it("cheap strays out of scope on M01, corrects itself, and finishes with weaker tests", async () => {
		const cheap = runs.get("scripted/cheap") as DrivenRun;
		expect(cheap.outcome).toBe("passed");
		expect(cheap.milestones.map((milestone) => [milestone.attempts, milestone.failures])).toEqual([
			[2, ["scope: docs/units.md"]],
			[1, []],
			[1, []],
		]);
		const figures = await corpusFigures("scripted/cheap");
		expect(figures.corpus.has("test/duration.test.mjs")).toBe(false);
		expect(figures.valid).toBe(true);
		expect(figures.behaviours).toEqual(["units-aliases", "parse-compound", "parse-decimal", "parse-rejects"]);
		expect(figures.killed).toEqual(["02-decimal-truncated.patch", "04-zero-parts-written.patch"]);
	});
});

/** Drives `model` of the scripted server at `url` through the sprint with the real driver, in a temp folder. */
async function driveWithRealDriver(url: string, modelId: string): Promise<DrivenRun> {
	const model = loadDefinitions(BENCHMARKS).models.find((entry) => entry.id === modelId) as ModelEntry;
	const provider = createModelProvider(model, { env: { TOUCHSTONE_SCRIPTED_URL: url } });
	const workspace = sprintWorkspace(tempDir("touchstone-example-run-"), sprint, modelId, "direct");
	const quiet = { turn: () => {}, worker: () => {}, contextDeath: () => {}, error: () => {} };
	const result = await driveSprintForReal({
		sprint,
		sprintVersion: "test",
		model,
		provider,
		orchestration: "direct",
		workspace,
		source: { repo: seeded, baseline: sprint.source.baseline },
		milestones: () => milestones,
		outOfScope: (paths) => scopeCheck(paths, sprint.scope).outside,
		sandbox: { backend: "auto", allowUnisolated: true },
		log: { attempt: () => quiet, event: () => {} },
		signal: new AbortController().signal,
	});
	return {
		outcome: result.outcome,
		workdir: workspace.tree,
		milestones: result.state.milestones
			.filter((milestone) => milestone.attempts > 0)
			.map((milestone) => ({
				id: milestone.id,
				attempts: milestone.attempts,
				passed: milestone.status === "passed",
				failures: milestone.failures.map((failure) =>
					failure.startsWith("CI") ? "ci" : failure.replace(/^changes outside the scope \([^)]*\): /, "scope: "),
				),
			})),
	};
}
