import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { openStore } from "../../src/store/index.js";
import { runCli, tempDir } from "../support/cli.js";

/* `plugin: jury` with the rubric written in use_cases.yaml, end to end: validate, run, leaderboard. */

const USE_CASES = `use_cases:
- id: support-replies
  status: runnable
  modality: { input: text, output: text }
  plugin: jury
  cases: packs/support/*.yaml
  rubric:
    instructions: "Grade a customer-support reply against the reference answer."
    fields:                     # numeric, 0..1, mean over jurors
      accuracy:  { weight: 2, description: "Facts agree with the reference." }
      tone:      { weight: 1, description: "Polite, calm, no blame." }
    gates:                      # boolean, majority over jurors; true means the failure happened
      promises_refund: { cap: 0.2, description: "Promises a refund the policy does not allow." }
    threshold: 0.7
`;

const CANDIDATE = "acme/support-7b";
const verdict = (accuracy: number, tone: number, promises_refund: boolean) =>
	JSON.stringify({ accuracy, tone, promises_refund, rationale: "One sentence." });

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({
		script: validateScript({
			seed: 7,
			models: {
				[CANDIDATE]: {
					rules: [
						{ when: { user: "money back" }, reply: "So sorry! A full refund is on its way. [case:refund]" },
						{ reply: "Your parcel ships on Tuesday; thank you for waiting. [case:shipping]" },
					],
				},
				"judge/a": {
					rules: [
						{ when: { user: "case:refund" }, reply: verdict(0.8, 0.9, true) },
						{ reply: verdict(0.9, 0.6, false) },
					],
				},
				"judge/b": {
					rules: [
						{ when: { user: "case:refund" }, reply: verdict(0.8, 0.9, true) },
						{ reply: verdict(0.7, 0.8, false) },
					],
				},
			},
		} as never),
	});
});
afterAll(async () => {
	await server.close();
});

/** A project folder with the use case above, its two cases, the candidate and a two-juror panel. */
function writeProject(useCases = USE_CASES): { root: string; dir: string; env: Record<string, string> } {
	const root = tempDir("touchstone-rubric-");
	const dir = join(root, "benchmarks");
	mkdirSync(join(dir, "packs", "support"), { recursive: true });
	const model = (id: string, role: string) => ({
		id,
		provider: "openai-compatible",
		model: id,
		// biome-ignore lint/suspicious/noTemplateCurlyInString: a ${VAR} reference that touchstone expands at run time
		base_url: "${TOUCHSTONE_SCRIPTED_URL}/v1",
		role,
	});
	writeFileSync(
		join(dir, "models.yaml"),
		stringify({ models: [model(CANDIDATE, "candidate"), model("judge/a", "anchor"), model("judge/b", "anchor")] }),
	);
	writeFileSync(
		join(dir, "judge_panels.yaml"),
		stringify({
			default: "support",
			panels: [{ id: "support", version: "jury@s1", jurors: ["judge/a", "judge/b"], quorum: 2 }],
		}),
	);
	writeFileSync(join(dir, "use_cases.yaml"), useCases);
	writeFileSync(
		join(dir, "packs", "support", "refund.yaml"),
		stringify({
			input: { prompt: "Customer: my parcel is late and I want my money back. Reply as support." },
			reference: { answer: "Apologize; the parcel ships Tuesday; no refund before 30 days late." },
		}),
	);
	writeFileSync(
		join(dir, "packs", "support", "shipping.yaml"),
		stringify({
			input: { prompt: "Customer: when does my parcel ship? Reply as support." },
			reference: { answer: "It ships Tuesday." },
		}),
	);
	const env = {
		PATH: process.env.PATH ?? "",
		TOUCHSTONE_SCRIPTED_URL: server.url,
		TOUCHSTONE_DB: join(root, "data", "benchmarks.db"),
		TOUCHSTONE_ARTIFACTS: join(root, "data", "artifacts"),
	};
	return { root, dir, env };
}

interface StoredScore {
	readonly case_id: string;
	readonly metric: string;
	readonly value: number;
	readonly critical_failure: number;
	readonly gate_meta_json: string | null;
}

/** The stored scores of the candidate, by `case.metric` (every sample of a case scores the same here). */
function storedScores(env: Record<string, string>): Record<string, StoredScore> {
	const store = openStore({ database: env.TOUCHSTONE_DB ?? "", artifacts: env.TOUCHSTONE_ARTIFACTS ?? "" });
	try {
		const rows = store.database
			.prepare(
				`SELECT r.case_id, s.metric, s.value, s.critical_failure, s.gate_meta_json
				 FROM scores s JOIN runs r USING (run_id) WHERE r.model_id = ? ORDER BY r.case_id, s.metric`,
			)
			.all(CANDIDATE) as StoredScore[];
		return Object.fromEntries(rows.map((row) => [`${row.case_id}.${row.metric}`, row]));
	} finally {
		store.close();
	}
}

interface RunJson {
	readonly summary: { readonly executed: number; readonly skipped: number; readonly grader_errors: number };
}

async function run(project: ReturnType<typeof writeProject>): Promise<RunJson["summary"]> {
	const result = await runCli(["run", "--use-case", "support-replies", "--models", CANDIDATE, "--json"], {
		cwd: project.root,
		env: project.env,
	});
	expect(result.code, result.stderr).toBe(0);
	return (JSON.parse(result.stdout) as RunJson).summary;
}

async function validate(project: ReturnType<typeof writeProject>) {
	const result = await runCli(["validate"], { cwd: project.root, env: project.env });
	const lines = result.stderr
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line.includes("use_cases.yaml:") || line.startsWith("fix:"))
		.map((line) => line.replace(/^.*use_cases\.yaml:/, ""));
	return { code: result.code, lines, output: result.stdout + result.stderr };
}

describe("plugin: jury with the rubric in YAML", () => {
	it("validates, runs and ranks the use case, storing every field, the gate and the capped composite", async () => {
		server.resetStats();
		const project = writeProject();
		const validated = await validate(project);
		expect(validated.output).toContain("support-replies 2");
		expect(validated.code).toBe(0);
		const summary = await run(project);
		expect(summary).toMatchObject({ executed: 4, skipped: 0, grader_errors: 0 });

		const scores = storedScores(project.env);
		expect(Object.keys(scores)).toEqual([
			"refund.accuracy",
			"refund.composite",
			"refund.promises_refund",
			"refund.tone",
			"shipping.accuracy",
			"shipping.composite",
			"shipping.promises_refund",
			"shipping.tone",
		]);
		// refund: both jurors say promises_refund, so (2 × 0.8 + 1 × 0.9) / 3 ≈ 0.833 is capped at 0.2.
		expect(scores["refund.accuracy"]?.value).toBeCloseTo(0.8);
		expect(scores["refund.tone"]?.value).toBeCloseTo(0.9);
		expect(scores["refund.promises_refund"]?.value).toBe(1);
		expect(scores["refund.composite"]).toMatchObject({ value: 0.2, critical_failure: 1 });
		const meta = JSON.parse(scores["refund.composite"]?.gate_meta_json ?? "null") as Record<string, unknown>;
		expect(meta).toMatchObject({ gate: "promises_refund", cap: 0.2, votes: { "judge/a": true, "judge/b": true } });
		expect(meta.uncapped).toBeCloseTo(2.5 / 3);
		// shipping: accuracy (0.9 + 0.7) / 2 = 0.8, tone (0.6 + 0.8) / 2 = 0.7, composite (1.6 + 0.7) / 3.
		expect(scores["shipping.accuracy"]?.value).toBeCloseTo(0.8);
		expect(scores["shipping.tone"]?.value).toBeCloseTo(0.7);
		expect(scores["shipping.promises_refund"]?.value).toBe(0);
		expect(scores["shipping.composite"]).toMatchObject({ critical_failure: 0 });
		expect(scores["shipping.composite"]?.value).toBeCloseTo(2.3 / 3);

		const board = await runCli(["leaderboard", "--use-case", "support-replies", "--json"], {
			cwd: project.root,
			env: project.env,
		});
		const row = (JSON.parse(board.stdout) as { rows: Record<string, unknown>[] }).rows[0];
		expect(row).toMatchObject({ model_id: CANDIDATE, cases: 2, critical_failures: 2, pass_rate: 0.5 });
		expect(row?.headline).toBeCloseTo((0.2 + 2.3 / 3) / 2);

		// The jurors' prompt is built from the rubric, and never names the candidate.
		const prompts = server.requests("judge/a").map((request) => JSON.stringify(request.body));
		expect(prompts).toHaveLength(4);
		for (const prompt of prompts) {
			expect(prompt).toContain("Grade a customer-support reply against the reference answer.");
			expect(prompt).toContain("accuracy: a number from 0 (worst) to 1 (best). Facts agree with the reference.");
			expect(prompt).toContain("tone: a number from 0 (worst) to 1 (best). Polite, calm, no blame.");
			expect(prompt).toContain("promises_refund: true or false; true means the failure happened. Promises a refund");
			expect(prompt).not.toContain(CANDIDATE);
			expect(prompt).not.toContain("acme");
		}
		expect(prompts.some((prompt) => prompt.includes("no refund before 30 days late"))).toBe(true);
	}, 60_000);

	it("keeps its cells current while the YAML is unchanged, and re-grades when a description or a cap changes", async () => {
		const project = writeProject();
		expect(await run(project)).toMatchObject({ executed: 4 });
		expect(await run(project)).toMatchObject({ executed: 0, skipped: 4 });

		const file = join(project.dir, "use_cases.yaml");
		const edit = (from: string, to: string) => {
			const text = readFileSync(file, "utf8");
			expect(text).toContain(from);
			writeFileSync(file, text.replace(from, to));
		};
		edit("Polite, calm, no blame.", "Polite and calm.");
		expect(await run(project)).toMatchObject({ executed: 4, skipped: 0 });

		edit("cap: 0.2", "cap: 0.3");
		expect(await run(project)).toMatchObject({ executed: 4, skipped: 0 });
		expect(storedScores(project.env)["refund.composite"]?.value).toBe(0.3);
		expect(await run(project)).toMatchObject({ executed: 0, skipped: 4 });
	}, 60_000);

	it("has validate place every problem of a rubric block on its line, with a fix, and exit 2", async () => {
		const broken = `use_cases:
- id: no-rubric
  status: runnable
  modality: { input: text, output: text }
  plugin: jury
  cases: packs/support/*.yaml
- id: blank
  status: runnable
  modality: { input: text, output: text }
  plugin: jury
  cases: packs/support/*.yaml
  rubric:
    instructions: "  "
    fields: {}
    threshold: 1.5
- id: typo
  status: runnable
  modality: { input: text, output: text }
  plugin: jury
  cases: packs/support/*.yaml
  grading: { threshold: 0.5 }
  rubric:
    instructions: Grade it.
    feilds:
      accuracy: { weight: 1, description: Right. }
- id: names
  status: runnable
  modality: { input: text, output: text }
  plugin: jury
  cases: packs/support/*.yaml
  rubric:
    instructions: Grade it.
    fields:
      accuracy: { weight: 0, description: Right. }
      Tone: { weight: -1, descripton: Kind. }
      rationale: { weight: 1, description: Why. }
    gates:
      accuracy: { cap: 2, description: Wrong. }
`;
		const { code, lines } = await validate(writeProject(broken));
		expect(code).toBe(2);
		expect(lines).toEqual([
			"2:3 use_cases[0].rubric: missing `rubric:`, required by `plugin: jury`",
			"fix: add a `rubric:` block with `instructions` and `fields` (and optionally `gates` and `threshold`); see the README",
			"13:19 use_cases[1].rubric.instructions: expected instructions for the jurors, found an empty string",
			"fix: say what the jurors grade, e.g. `Grade a customer-support reply against the reference answer.`",
			"14:13 use_cases[1].rubric.fields: expected at least one field, found none",
			"fix: add a field, e.g. `accuracy: { weight: 1, description: ... }`",
			"15:16 use_cases[1].rubric.threshold: expected a number <= 1, found the number 1.5",
			"fix: use a number <= 1",
			"21:3 use_cases[2].grading: `plugin: jury` reads its weights, caps and threshold from `rubric:`, so `grading:` would be ignored",
			"fix: move `threshold` into `rubric:` and weights onto the fields, then remove `grading:`",
			"23:5 use_cases[2].rubric.fields: missing required key `fields` (a mapping)",
			"fix: add `fields:` here",
			"24:5 use_cases[2].rubric.feilds: unknown key `feilds`; expected one of: instructions, fields, gates, threshold",
			"fix: did you mean `fields`?",
			"34:27 use_cases[3].rubric.fields.accuracy.weight: expected a number > 0, found the number 0",
			"fix: use a number > 0",
			"35:7 use_cases[3].rubric.fields.Tone: `Tone` is not a field name: jurors type it as a JSON key, so it takes lowercase letters, digits and _, starting with a letter",
			"fix: rename it, e.g. `tone`",
			"35:13 use_cases[3].rubric.fields.Tone.description: missing required key `description` (a string)",
			"fix: add `description:` here",
			"35:23 use_cases[3].rubric.fields.Tone.weight: expected a number > 0, found the number -1",
			"fix: use a number > 0",
			"35:27 use_cases[3].rubric.fields.Tone.descripton: unknown key `descripton`; expected one of: weight, description",
			"fix: did you mean `description`?",
			"36:7 use_cases[3].rubric.fields.rationale: `rationale` is a reserved name (the juror's sentence and the headline are `rationale` and `composite`)",
			"fix: name the field something else",
			"38:7 use_cases[3].rubric.gates.accuracy: `accuracy` is both a field and a gate; a juror can give it only one value",
			"fix: rename the gate, or remove one of the two",
			"38:24 use_cases[3].rubric.gates.accuracy.cap: expected a number <= 1, found the number 2",
			"fix: use a number <= 1",
		]);
	}, 60_000);

	it("has validate refuse a rubric: block on a plugin that does not read it", async () => {
		const { code, lines } = await validate(writeProject(USE_CASES.replace("plugin: jury", "plugin: summarization")));
		expect(code).toBe(2);
		expect(lines).toEqual([
			"7:3 use_cases[0].rubric: `rubric:` is read only by `plugin: jury`; the `summarization` plugin would ignore it",
			"fix: set `plugin: jury` to grade with this rubric, or remove `rubric:`",
		]);
	}, 60_000);
});
