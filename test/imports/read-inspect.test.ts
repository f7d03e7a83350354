import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BadInputError, sha256 } from "../../src/contract/index.js";
import {
	type ImportedEvaluation,
	type ImportedSample,
	inspectLogNotice,
	readInspectLog,
} from "../../src/orchestrator/index.js";

/** inspect_ai's own example logs (upstream/) and the capitals logs written from its schema (make-fixtures.py). */
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/inspect/${name}`, import.meta.url));

const MODEL = "openai/gpt-4o-mini";

function find(evaluation: ImportedEvaluation, case_id: string, sample_index: number): ImportedSample {
	const sample = evaluation.samples.find((item) => item.case_id === case_id && item.sample_index === sample_index);
	if (sample === undefined) throw new Error(`no sample ${case_id} #${sample_index}`);
	return sample;
}

const metrics = (sample: ImportedSample) =>
	Object.fromEntries(sample.scores.map((score) => [score.metric, score.value]));

describe("readInspectLog on the capitals log (JSON format)", async () => {
	const capitals = await readInspectLog(fixture("capitals.json"));

	it("makes the task the use case, the eval the source, and keeps the file's hash", () => {
		const bytes = readFileSync(fixture("capitals.json"));
		expect(capitals.use_case_id).toBe("capitals");
		expect(capitals.source).toBe("inspect:CapitalsEval7Kq2mXv9RbT4Lw");
		expect(capitals.file).toEqual({ path: fixture("capitals.json"), sha256: sha256(bytes), bytes: bytes.length });
		expect(capitals.origin).toMatchObject({
			tool: "inspect_ai",
			inspect_version: "0.3.150",
			log_format: "json",
			status: "success",
			task: "capitals",
			epochs: 2,
			solver: "system_message → generate",
		});
		expect(inspectLogNotice(capitals)).toBeNull();
	});

	it("makes one case per dataset sample, one model, and each epoch a sample of its case", () => {
		expect(capitals.cases.map((item) => item.id)).toEqual(["france", "japan", "peru", "chad"]);
		// The input was an attachment reference: the case holds the text it names.
		expect(capitals.cases[0]).toMatchObject({
			input: { input: "What is the capital of France?", target: "Paris" },
			threshold: 1,
		});
		expect(capitals.models).toEqual([
			{ id: MODEL, identity: { model: MODEL, generate_config: { temperature: 0, max_tokens: 64 } } },
		]);
		expect(capitals.samples).toHaveLength(8);
		expect(capitals.samples.map((item) => `${item.case_id}#${item.sample_index}`)).toEqual([
			"france#0",
			"france#1",
			"japan#0",
			"japan#1",
			"peru#0",
			"peru#1",
			"chad#0",
			"chad#1",
		]);
	});

	it("reads each scorer as inspect's metrics do: letters, numbers, labels, mappings, NaN unscored", () => {
		expect(capitals.headline).toBe("match");
		const france = find(capitals, "france", 0);
		expect(metrics(france)).toEqual({
			match: 1,
			closeness: 1,
			grade: null,
			"judge:correct": 1,
			"judge:fluency": 0.75,
		});
		const match = france.scores.find((score) => score.metric === "match");
		expect(match).toMatchObject({
			score_type: "absolute",
			value_label: "C",
			reasoning: "Paris",
			extras: { answer: "Paris" },
		});
		expect(france.scores.find((score) => score.metric === "grade")).toMatchObject({
			score_type: "label",
			value_label: "excellent",
		});
		expect(metrics(find(capitals, "peru", 0))).toMatchObject({ match: 0.5, "judge:correct": 0.5 });
		// The log writes closeness as a bare NaN (not JSON): unscored, left out like inspect leaves it out.
		const kyoto = find(capitals, "japan", 1);
		expect(kyoto.scores.find((score) => score.metric === "closeness")).toMatchObject({
			score_type: "label",
			value: null,
			value_label: "unscored",
		});
		expect(metrics(kyoto).match).toBe(0);
	});

	it("tells the model's failures from inspect's: an error after an answer fails, one before it is a harness error", () => {
		const limited = find(capitals, "peru", 1);
		expect([limited.status, limited.error]).toEqual(["limit", "the message limit of 3 ended the sample"]);
		expect(metrics(limited).match).toBe(0);
		const failed = find(capitals, "chad", 0);
		expect([failed.status, failed.error, failed.output]).toEqual([
			"failed",
			"ValueError: the scorer could not parse the answer",
			"N'Djamena",
		]);
		expect(metrics(failed)).toEqual({ match: 0 });
		const broken = find(capitals, "chad", 1);
		expect([broken.status, broken.error, broken.output]).toEqual([
			"harness_error",
			"RuntimeError: the sandbox did not start",
			null,
		]);
		expect(broken.scores).toEqual([]);
		expect(capitals.samples.filter((item) => item.status === "completed")).toHaveLength(5);
	});

	it("keeps the model's tokens, cost and time, and null where the log does not know them", () => {
		// 31 tokens at full rate and 12 read from the cache: 43 prompt tokens; the grader's 120 are not the model's.
		expect(find(capitals, "france", 0).telemetry).toEqual({
			cost_usd: 0.0000123,
			latency_ms: 1500,
			ttft_ms: null,
			input_tokens: 43,
			output_tokens: 4,
			cache_tokens: 12,
			tokens_per_sec: null,
			turns: 1,
		});
		expect(find(capitals, "france", 0).details).toMatchObject({
			working_time_s: 1.25,
			role_usage: { grader: { input_tokens: 120 } },
		});
		expect(find(capitals, "japan", 0).telemetry).toMatchObject({ cost_usd: null, cache_tokens: null, turns: 2 });
		expect(find(capitals, "chad", 1).telemetry).toMatchObject({
			input_tokens: null,
			output_tokens: null,
			cost_usd: null,
			latency_ms: 200,
			turns: 0,
		});
	});

	it("keeps the prompt, the output and the rest of the conversation as the trace", () => {
		const japan = find(capitals, "japan", 0);
		expect(japan.prompt).toEqual([
			{ role: "system", content: "Answer with the name of the capital city only." },
			{ role: "user", content: "What is the capital of Japan?" },
		]);
		expect(japan.output).toBe("Tokyo");
		expect(japan.trace.map((step) => [step.kind, step.content, step.tool])).toEqual([
			["thought", "Look it up to be sure.", null],
			["message", "Let me check.", null],
			["tool_call", '{"country":"Japan"}', "lookup"],
			["tool_result", "Tokyo", "lookup"],
			["message", "Tokyo", null],
		]);
		expect(japan.trace[2]?.arguments).toEqual({ country: "Japan" });
	});
});

describe("readInspectLog on the other formats and states", () => {
	it("reads the same evaluation from the .eval log, deflated or zstd-compressed", async () => {
		const json = await readInspectLog(fixture("capitals.json"));
		for (const name of ["capitals.eval", "capitals-zstd.eval"]) {
			const zipped = await readInspectLog(fixture(name));
			expect(zipped.origin.log_format, name).toBe("eval");
			expect(zipped.source, name).toBe(json.source);
			expect(zipped.cases, name).toEqual(json.cases);
			expect(zipped.samples, name).toEqual(json.samples);
			expect(zipped.file.sha256, name).not.toBe(json.file.sha256);
		}
	});

	it("imports the samples a log still being written holds, and says so", async () => {
		const started = await readInspectLog(fixture("capitals-started.eval"));
		expect(started.origin).toMatchObject({ status: "started", samples_in_log: 3 });
		expect(started.samples.map((item) => `${item.case_id}#${item.sample_index}`)).toEqual([
			"france#0",
			"france#1",
			"japan#0",
		]);
		expect(started.headline).toBe("match");
		expect(inspectLogNotice(started)).toMatch(/still being written.*only the 3 samples/);
		expect(started.methodology).toContain("status is started");
	});

	it("imports the samples of an eval that stopped with an error, naming the error", async () => {
		const stopped = await readInspectLog(fixture("capitals-error.json"));
		expect(stopped.samples).toHaveLength(5);
		expect(stopped.headline).toBe("match");
		expect(inspectLogNotice(stopped)).toMatch(/stopped with an error.*RateLimitError.*only the 5 samples/);
	});

	it("reads inspect_ai's own .eval logs: epochs, old logs without timings, multiple choice", async () => {
		const streaming = await readInspectLog(fixture("upstream/log_streaming.eval"));
		expect(streaming.use_case_id).toBe("popularity");
		// An older log without eval_id: the run id names the source.
		expect(streaming.source).toBe("inspect:3RWm2YmdLiKCyQMzEcERin");
		expect(streaming.models.map((model) => model.id)).toEqual(["azureai/Meta-Llama-3-1-405B-Instruct-jqf"]);
		expect(streaming.cases.map((item) => item.id)).toEqual(["1", "2"]);
		expect([0, 1].map((index) => metrics(find(streaming, "1", index)).match)).toEqual([0, 1]);
		expect(find(streaming, "1", 0).telemetry).toMatchObject({
			input_tokens: 66,
			output_tokens: 1,
			latency_ms: null,
			cost_usd: null,
			cache_tokens: null,
		});
		const mmlu = await readInspectLog(fixture("upstream/mmlu-summary-choices.eval"));
		expect([mmlu.use_case_id, mmlu.headline]).toEqual(["inspect-evals-mmlu-0-shot", "choice"]);
		expect(mmlu.cases[0]?.input).toMatchObject({ choices: ["6.0 e", "6.8 eV", "12.2 eV", "13.6 eV"] });
		// The log reports 0 cache reads: known, so 0.
		expect(mmlu.samples[0]?.telemetry).toMatchObject({ input_tokens: 153, cache_tokens: 0, latency_ms: 1566 });
		expect(mmlu.samples[0]?.output).toBe("ANSWER: C");
	});

	it("reads inspect_ai's own JSON log with its timings", async () => {
		const log = await readInspectLog(fixture("upstream/log_read_sample.json"));
		expect(log.samples).toHaveLength(1);
		const [sample] = log.samples;
		expect(sample?.telemetry).toMatchObject({ latency_ms: 2113, input_tokens: 66, output_tokens: 3 });
		expect(sample?.details).toMatchObject({ working_time_s: 1.952, total_time_s: 2.113 });
		expect(metrics(sample as ImportedSample)).toEqual({ match: 1 });
	});

	it("reads format version 1's single score per sample as its one scorer's", async () => {
		const data = JSON.parse(readFileSync(fixture("upstream/log_read_sample.json"), "utf8")) as {
			version: number;
			results: Record<string, unknown> & { scores: unknown[] };
			samples: Record<string, unknown>[];
		};
		data.version = 1;
		data.results.scorer = data.results.scores[0];
		delete (data.results as { scores?: unknown }).scores;
		for (const sample of data.samples) {
			sample.score = (sample.scores as Record<string, unknown>).match;
			delete sample.scores;
		}
		const path = join(mkdtempSync(join(tmpdir(), "touchstone-inspect-")), "v1.json");
		writeFileSync(path, JSON.stringify(data));
		const v1 = await readInspectLog(path);
		expect(v1.headline).toBe("match");
		expect(metrics(v1.samples[0] as ImportedSample)).toEqual({ match: 1 });
	});

	it("takes --use-case and --source over the log's names, and refuses an id touchstone cannot take", async () => {
		const named = await readInspectLog(fixture("capitals.eval"), { useCase: "geo", source: "nightly" });
		expect([named.use_case_id, named.source]).toEqual(["geo", "nightly"]);
		await expect(readInspectLog(fixture("capitals.eval"), { useCase: "Geo Quiz" })).rejects.toThrow(BadInputError);
	});
});
