import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BadInputError, canonicalJson, sha256 } from "../../src/contract/index.js";
import { type ImportedEvaluation, type ImportedSample, readPromptfooResults } from "../../src/orchestrator/index.js";

/** The files promptfoo 0.123.1 wrote (test/fixtures/promptfoo/make-fixtures.mjs). */
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/promptfoo/${name}.json`, import.meta.url));

function find(evaluation: ImportedEvaluation, case_id: string, model_id: string, sample_index = 0): ImportedSample {
	const sample = evaluation.samples.find(
		(item) => item.case_id === case_id && item.model_id === model_id && item.sample_index === sample_index,
	);
	if (sample === undefined) throw new Error(`no sample ${case_id} × ${model_id} #${sample_index}`);
	return sample;
}

const metrics = (sample: ImportedSample) =>
	Object.fromEntries(sample.scores.map((score) => [score.metric, score.value]));

describe("readPromptfooResults on files promptfoo wrote", () => {
	const greetings = readPromptfooResults(fixture("greetings"));

	it("names the use case and source after the eval, and keeps the file's hash", () => {
		const bytes = readFileSync(fixture("greetings"));
		expect(greetings.use_case_id).toBe("greeting-check");
		expect(greetings.source).toMatch(/^promptfoo:eval-/);
		expect(greetings.file).toEqual({ path: fixture("greetings"), sha256: sha256(bytes), bytes: bytes.length });
		expect(greetings.origin).toMatchObject({ tool: "promptfoo", promptfoo_version: "0.123.1", results_version: 3 });
		expect(greetings.headline).toBe("pass");
	});

	it("makes one model per provider (its label when it has one) and one case per test", () => {
		expect(greetings.models.map((model) => model.id)).toEqual([
			"openai:chat:gpt-4o-mini",
			"local-beta",
			"openai:chat:broken",
		]);
		expect(greetings.models[1]?.identity).toEqual({ provider: "openai:chat:beta", label: "local-beta" });
		const bob = sha256(canonicalJson({ name: "Bob" })).slice(0, 12);
		expect(greetings.cases.map((item) => item.id)).toEqual([
			"greets-ada",
			`vars-${bob}`,
			"judged-politeness",
			"assertion-throws",
		]);
		expect(greetings.cases[0]).toMatchObject({
			input: { vars: { name: "Ada" }, description: "Greets Ada", assert: ["icontains", "javascript"] },
			threshold: 1,
		});
		expect(greetings.samples).toHaveLength(12);
	});

	it("excludes only the failed provider calls; a failed or broken assertion is the model's failure", () => {
		const statuses = (model: string) => greetings.cases.map((item) => find(greetings, item.id, model).status);
		expect(statuses("openai:chat:gpt-4o-mini")).toEqual(["completed", "completed", "completed", "failed"]);
		expect(statuses("local-beta")).toEqual(["completed", "failed", "failed", "failed"]);
		expect(statuses("openai:chat:broken")).toEqual([
			"harness_error",
			"harness_error",
			"harness_error",
			"harness_error",
		]);
		const outage = find(greetings, "greets-ada", "openai:chat:broken");
		expect(outage.error).toContain("500 Internal Server Error");
		expect(outage.scores).toEqual([]);
		expect(outage.output).toBeNull();
		const broken = find(greetings, "assertion-throws", "openai:chat:gpt-4o-mini");
		expect(broken.error).toContain("Custom function threw error");
		expect(broken.output).toBe("Hello, Dee!");
		expect(metrics(broken)).toMatchObject({ pass: 0, "assert:javascript": 0 });
	});

	it("turns the pass, score, named scores and each assertion into metrics", () => {
		const ada = find(greetings, "greets-ada", "openai:chat:gpt-4o-mini");
		expect(metrics(ada)).toEqual({
			pass: 1,
			score: 1,
			"named:brevity": 1,
			"assert:icontains": 1,
			"assert:javascript:brevity": 1,
		});
		expect(ada.prompt).toBe("Say hello to Ada");
		expect(ada.output).toBe("Hello, Ada!");
		const curt = find(greetings, "judged-politeness", "local-beta");
		expect(metrics(curt)).toEqual({
			pass: 0,
			score: 0.2,
			"named:politeness": 0.2,
			"assert:llm-rubric:politeness": 0,
		});
		const rubric = curt.scores.find((score) => score.metric === "assert:llm-rubric:politeness");
		expect(rubric).toMatchObject({ score_type: "boolean", reasoning: "Curt: no capital letter, no punctuation." });
		expect(rubric?.extras).toEqual({ score: 0.2 });
		const bob = find(greetings, greetings.cases[1]?.id as string, "local-beta");
		expect(bob.scores.find((score) => score.metric === "assert:equals")?.reasoning).toContain('to equal "Hello, Bob!"');
	});

	it("keeps cost, tokens and latency where promptfoo measured them, and null where it did not", () => {
		const priced = find(greetings, "greets-ada", "openai:chat:gpt-4o-mini").telemetry;
		expect(priced.cost_usd).toBeCloseTo(0.0000024, 12);
		expect(priced).toMatchObject({ input_tokens: 4, output_tokens: 3, cache_tokens: null, turns: 1 });
		expect(priced.latency_ms).toBeGreaterThan(0);
		// promptfoo has no price for `beta` and writes the row's cost as 0: unknown, not free.
		const unpriced = find(greetings, "greets-ada", "local-beta").telemetry;
		expect(unpriced).toMatchObject({ cost_usd: null, input_tokens: 4, output_tokens: 2 });
		const outage = find(greetings, "greets-ada", "openai:chat:broken").telemetry;
		expect(outage).toMatchObject({ cost_usd: null, input_tokens: null, output_tokens: null, turns: null });
	});

	it("numbers repeats as samples of one case, and names each prompt × provider column", () => {
		const repeat = readPromptfooResults(fixture("repeat"));
		expect(repeat.use_case_id).toBe("promptfoo-repeat");
		expect(repeat.models.map((model) => model.id)).toEqual([
			"openai:chat:gpt-4o-mini·plain",
			"openai:chat:gpt-4o-mini·formal",
			"local-beta·plain",
			"local-beta·formal",
		]);
		expect(repeat.models[3]?.identity).toMatchObject({
			provider: "openai:chat:beta",
			label: "local-beta",
			prompt: { label: "formal" },
		});
		// Two tests of the same description: the second gets `-2`.
		expect(repeat.cases.map((item) => item.id)).toEqual(["capital", "capital-2"]);
		expect(repeat.samples).toHaveLength(16);
		expect(new Set(repeat.samples.map((item) => item.sample_index))).toEqual(new Set([0, 1]));
		expect([0, 1].map((index) => find(repeat, "capital-2", "local-beta·formal", index).output)).toEqual([
			"Kyoto, I believe.",
			"Kyoto, I believe.",
		]);
		expect(find(repeat, "capital", "local-beta·plain", 1).status).toBe("completed");
	});

	it("reads a response promptfoo served from its cache as unknown cost, tokens and latency", () => {
		const cached = readPromptfooResults(fixture("cached"));
		const [sample] = cached.samples;
		expect(sample?.status).toBe("completed");
		expect(sample?.telemetry).toMatchObject({
			cost_usd: null,
			latency_ms: null,
			input_tokens: null,
			output_tokens: null,
		});
		expect(sample?.details).toMatchObject({ cached: true, incurred_cost_usd: 0 });
	});

	it("takes --use-case and --source over the file's names, and refuses an id touchstone cannot take", () => {
		const named = readPromptfooResults(fixture("cached"), { useCase: "my-evals", source: "nightly" });
		expect([named.use_case_id, named.source]).toEqual(["my-evals", "nightly"]);
		expect(() => readPromptfooResults(fixture("cached"), { useCase: "My Evals" })).toThrow(BadInputError);
	});
});

describe("readPromptfooResults on rows promptfoo writes in other runs", () => {
	// Rows of the real cached.json, changed as promptfoo itself changes them in those cases (see its evaluator).
	const folder = mkdtempSync(join(tmpdir(), "touchstone-promptfoo-"));
	const base = JSON.parse(readFileSync(fixture("cached"), "utf8")) as {
		results: { results: Record<string, unknown>[] };
	};
	const withRow = (change: (row: Record<string, unknown>) => Record<string, unknown>) => {
		const data = structuredClone(base);
		data.results.results = [change(data.results.results[0] as Record<string, unknown>)];
		const path = join(folder, `row-${Math.random().toString(36).slice(2)}.json`);
		writeFileSync(path, JSON.stringify(data));
		return readPromptfooResults(path).samples[0] as ImportedSample;
	};
	const failed = { success: false, score: 0, gradingResult: null, namedScores: {} };

	it("a call that timed out is a graded timeout; one that came back empty is the model's failure", () => {
		const timeout = withRow((row) => ({
			...row,
			...failed,
			failureReason: 2,
			error: "Evaluation timed out after 1000ms: Error: aborted",
			response: { error: "Evaluation timed out after 1000ms" },
		}));
		expect(timeout.status).toBe("timeout");
		expect(metrics(timeout)).toEqual({ pass: 0, score: 0 });
		const empty = withRow((row) => ({ ...row, ...failed, failureReason: 0, error: "No output", response: {} }));
		expect([empty.status, empty.error, empty.output]).toEqual(["failed", "No output", null]);
	});

	it("keeps a score outside 0..1 as the pass score's extras, not as a metric", () => {
		const custom = withRow((row) => ({ ...row, score: 1.5, namedScores: { speed: 7, tone: 0.5 } }));
		expect(metrics(custom)).toMatchObject({ pass: 1, "named:tone": 0.5 });
		expect(metrics(custom)).not.toHaveProperty("score");
		expect(custom.scores[0]?.extras).toEqual({ out_of_range: { score: 1.5, "named:speed": 7 } });
	});

	it("writes a non-string output as canonical JSON", () => {
		const structured = withRow((row) => ({
			...row,
			response: { ...(row.response as object), output: { b: 1, a: [true] } },
		}));
		expect(structured.output).toBe('{"a":[true],"b":1}');
	});
});

describe("readPromptfooResults on files that are not promptfoo's results", () => {
	const folder = mkdtempSync(join(tmpdir(), "touchstone-promptfoo-"));
	const write = (name: string, text: string) => {
		const path = join(folder, name);
		writeFileSync(path, text);
		return path;
	};
	const issues = (path: string) => {
		try {
			readPromptfooResults(path);
		} catch (error) {
			if (error instanceof BadInputError) return error.issues;
			throw error;
		}
		throw new Error("read without a problem");
	};
	const original = readFileSync(fixture("cached"), "utf8");

	it("locates a truncated file at its end", () => {
		const path = write("truncated.json", original.slice(0, 2000));
		const [issue] = issues(path);
		expect(issue).toMatchObject({ source: path, message: expect.stringMatching(/not JSON.*truncated/) });
		expect(issue?.line).toBe(original.slice(0, 2000).split("\n").length);
		expect(issue?.fix).toContain("promptfoo eval -o results.json");
	});

	it("refuses a version before 3 and a file without results.results, at the path", () => {
		const data = JSON.parse(original) as { results: { version: number; results?: unknown } };
		data.results.version = 2;
		const old = issues(write("v2.json", JSON.stringify(data, null, 2)));
		expect(old).toHaveLength(1);
		expect(old[0]).toMatchObject({ path: "results.version", message: expect.stringContaining("version 3 or later") });
		expect(old[0]?.line).toBeGreaterThan(1);
		data.results.version = 3;
		delete data.results.results;
		const missing = issues(write("no-results.json", JSON.stringify(data)));
		expect(missing[0]).toMatchObject({ path: "results.results" });
		expect(missing[0]?.fix).toContain("promptfoo eval -o results.json");
		expect(issues(write("other.json", '{"log": []}'))[0]?.path).toBe("results");
		const empty = issues(write("empty.json", '{"results": {"version": 3, "results": []}}'));
		expect(empty[0]).toMatchObject({ path: "results.results", message: expect.stringContaining("no results") });
	});

	it("refuses a missing file and text that is not JSON", () => {
		expect(issues(join(folder, "absent.json"))[0]?.message).toMatch(/cannot read/);
		expect(issues(write("text.json", "evalId: x\n"))[0]?.message).toMatch(/not JSON/);
	});
});
