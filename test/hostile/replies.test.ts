import { execFile } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Completion, type ModelEntry, ProviderError } from "../../src/contract/index.js";
import { parseVerdict } from "../../src/graders/jury/parse-verdict.js";
import { defaultRunParts } from "../../src/orchestrator/index.js";
import { createModelProvider, telemetryFrom } from "../../src/providers/index.js";
import { createAgentRunner, createExternalRunner } from "../../src/runners/index.js";
import { agentTask, ENV, runInput, scriptedEntry, writeFixture } from "../agent/agent-fixtures.js";
import { writeBenchFixture } from "../support/bench-fixture.js";
import { BIN, runCli } from "../support/cli.js";

// Issue 16, items 8 to 10: numbers and replies a model can forge. Every case talks over real
// HTTP to a node:http stand-in of an OpenAI-compatible endpoint that answers as a hostile or
// broken server would; the end-to-end cases spawn the real CLI and read its real SQLite store.

type Answer = (request: { model: string; prompt: string; stream: boolean }, response: ServerResponse) => void;

let answer: Answer = (_, response) => response.end();
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
	const chunks: Buffer[] = [];
	request.on("data", (chunk: Buffer) => chunks.push(chunk));
	request.on("end", () => {
		const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
			model: string;
			stream?: boolean;
			messages: { content: string }[];
		};
		answer({ model: body.model, prompt: body.messages.at(-1)?.content ?? "", stream: body.stream === true }, response);
	});
});
let baseUrl = "";

beforeAll(async () => {
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
	server.closeAllConnections();
	server.close();
});
beforeEach(() => {
	answer = (_, response) => response.end();
});

function entry(options: Record<string, unknown> = {}): ModelEntry {
	return {
		id: "hostile",
		provider: "openai-compatible",
		model: "hostile-model",
		display_name: "hostile",
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: `${baseUrl}/v1`,
		api_key_env: null,
		command: null,
		options: { max_retries: 0, ...options },
	};
}

async function call(model: ModelEntry = entry()): Promise<Completion | ProviderError> {
	const provider = createModelProvider(model, { env: {}, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
	return provider
		.complete({ messages: [{ role: "user", content: "hello" }] }, { signal: new AbortController().signal })
		.catch((error: unknown) => {
			if (error instanceof ProviderError) return error;
			throw error;
		});
}

function completed(result: Completion | ProviderError): Completion {
	if (result instanceof ProviderError) throw new Error(`expected a completion, got ${result.message}`);
	return result;
}

function json(response: ServerResponse, value: unknown): void {
	response.writeHead(200, { "content-type": "application/json" });
	response.end(typeof value === "string" ? value : JSON.stringify(value));
}

function sse(response: ServerResponse, events: readonly unknown[]): void {
	response.writeHead(200, { "content-type": "text/event-stream" });
	for (const event of events) response.write(`data: ${typeof event === "string" ? event : JSON.stringify(event)}\n\n`);
	response.end("data: [DONE]\n\n");
}

const FORGED_USAGE = `{"prompt_tokens": "lots", "completion_tokens": 1e999, "prompt_tokens_details": {"cached_tokens": -5}, "cost": -1000}`;

describe("item 8: a reported cost or token count that is no number is unknown, with a warning", () => {
	it("reads a forged usage of a whole JSON reply as unknown figures, each with a warning", async () => {
		answer = (_, response) =>
			json(response, `{"choices":[{"message":{"content":"hi"},"finish_reason":"stop"}],"usage":${FORGED_USAGE}}`);
		const completion = completed(await call());
		expect(completion.text).toBe("hi");
		expect(completion.billed_cost_usd).toBeNull();
		expect(completion.usage).toEqual({ input_tokens: null, output_tokens: null, cache_tokens: null });
		const warnings = completion.warnings ?? [];
		expect(warnings.find((warning) => warning.startsWith("usage.cost:"))).toContain("-1000");
		expect(warnings.find((warning) => warning.startsWith("usage.prompt_tokens:"))).toContain('"lots"');
		expect(warnings.find((warning) => warning.startsWith("usage.completion_tokens:"))).toContain("Infinity");
		expect(warnings.some((warning) => warning.startsWith("usage.prompt_tokens_details.cached_tokens:"))).toBe(true);
		// A price table cannot turn unknown tokens into a figure either.
		expect(telemetryFrom([completion], 5, { input: 1, output: 2, cache_read: null }).cost_usd).toBeNull();
	});

	it("reads a forged usage chunk of a stream the same way, and keeps a sound one", async () => {
		answer = (_, response) =>
			sse(response, [
				{ choices: [{ delta: { content: "hi" } }] },
				{ choices: [{ delta: {}, finish_reason: "stop" }] },
				`{"choices":[],"usage":${FORGED_USAGE}}`,
			]);
		const forged = completed(await call());
		expect(forged.billed_cost_usd).toBeNull();
		expect(forged.usage.input_tokens).toBeNull();
		expect(forged.warnings?.length).toBe(4);
		answer = (_, response) =>
			sse(response, [
				{ choices: [{ delta: { content: "hi" }, finish_reason: "stop" }] },
				{ choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, cost: 0.25 } },
			]);
		const sound = completed(await call());
		expect(sound.billed_cost_usd).toBe(0.25);
		expect(sound.usage).toEqual({ input_tokens: 3, output_tokens: 1, cache_tokens: null });
		expect(sound.warnings ?? []).toEqual([]);
	});
});

describe("item 8 in an agent attempt", () => {
	it("makes the attempt's cost unknown and names the turn whose usage was forged", async () => {
		answer = ({ prompt }, response) => {
			const first = prompt === "Fix the bug in add.";
			const message = first
				? {
						content: null,
						tool_calls: [
							{ id: "c1", type: "function", function: { name: "read_file", arguments: '{"path":"README.md"}' } },
						],
					}
				: { content: "nothing to fix" };
			json(response, {
				choices: [{ message, finish_reason: first ? "tool_calls" : "stop" }],
				usage: first
					? { prompt_tokens: 5, completion_tokens: 2, cost: -1000 }
					: { prompt_tokens: 9, completion_tokens: 3, cost: 0.01 },
			});
		};
		const fixture = writeFixture();
		const runner = createAgentRunner({
			providerFor: (model) => createModelProvider(model, { env: ENV }),
			resolveTask: () => agentTask(fixture),
			sandbox: { backend: "process", allowUnisolated: true },
		});
		const attempt = await runner.run(runInput(scriptedEntry("agent", baseUrl)), {
			signal: new AbortController().signal,
		});
		await attempt.workspace?.dispose();
		expect(attempt.status).toBe("completed");
		expect(attempt.telemetry.turns).toBe(2);
		expect(attempt.telemetry.cost_usd).toBeNull();
		expect(attempt.telemetry.input_tokens).toBe(14);
		expect(attempt.warnings).toEqual([
			"turn 1: usage.cost: reported -1000, not a finite number from 0; taken as unknown",
		]);
	});
});

describe("item 10 over an agent attempt", () => {
	it("bounds the output of the whole attempt, not only of each reply: many small replies end it as limit", async () => {
		let turns = 0;
		answer = (_, response) => {
			turns += 1;
			const content = "z".repeat(700);
			json(response, {
				choices: [
					{
						message: {
							content: null,
							tool_calls: [
								{
									id: `c${turns}`,
									type: "function",
									function: { name: "write_file", arguments: JSON.stringify({ path: `f${turns}.txt`, content }) },
								},
							],
						},
						finish_reason: "tool_calls",
					},
				],
				usage: { prompt_tokens: 5, completion_tokens: 200 },
			});
		};
		const fixture = writeFixture();
		const runner = createAgentRunner({
			providerFor: (model) => createModelProvider(model, { env: ENV }),
			resolveTask: () => agentTask(fixture),
			sandbox: { backend: "process", allowUnisolated: true },
		});
		const entry = scriptedEntry("agent", baseUrl, { options: { max_retries: 0, max_output_bytes: 2000 } });
		const attempt = await runner.run(runInput(entry), { signal: new AbortController().signal });
		await attempt.workspace?.dispose();
		// Each reply (about 730 bytes of arguments) is under the 2,000-byte bound; the third passes it.
		expect(turns).toBe(3);
		expect(attempt.status).toBe("limit");
		expect(attempt.error).toMatch(
			/^output budget exceeded: 2,\d{3} bytes .* over 3 turns, past 2,000 \(options\.max_output_bytes\)/,
		);
	});
});

describe("item 8 from an external harness", () => {
	it("keeps the answer of a harness reporting cost_usd -1000 and takes that figure as unknown, with a warning", async () => {
		const fixture = writeFixture();
		const telemetry = { cost_usd: -1000, input_tokens: "lots", output_tokens: 7 };
		const runner = createExternalRunner({
			name: "forger",
			command: [
				process.execPath,
				"-e",
				`console.log(JSON.stringify({ final: "done", telemetry: ${JSON.stringify(telemetry)} }))`,
			],
			resolveTask: () => agentTask(fixture),
			sandbox: { backend: "process", allowUnisolated: true },
		});
		const attempt = await runner.run(runInput(scriptedEntry("external", baseUrl)), {
			signal: new AbortController().signal,
		});
		await attempt.workspace?.dispose();
		rmSync(dirname(fixture), { recursive: true, force: true });
		expect(attempt.error).toBeNull();
		expect(attempt.final).toBe("done");
		expect(attempt.telemetry).toMatchObject({ cost_usd: null, input_tokens: null, output_tokens: 7 });
		expect(attempt.warnings).toHaveLength(2);
		expect(attempt.warnings?.[0]).toContain("telemetry.cost_usd: reported -1000");
	});
});

describe("item 8 through the AI SDK providers", () => {
	it("reads OpenRouter's reported usage.cost -1000 as unknown, with a warning, and caps its stream", async () => {
		const openrouter = (options: Record<string, unknown> = {}) =>
			createModelProvider(
				{ ...entry(options), provider: "openrouter", api_key_env: "OPENROUTER_TEST_KEY" },
				{ env: { OPENROUTER_TEST_KEY: "sk-or-test" }, retry: { baseDelayMs: 1, maxDelayMs: 2 } },
			).complete({ messages: [{ role: "user", content: "hello" }] }, { signal: new AbortController().signal });
		answer = (_, response) =>
			sse(response, [
				{ id: "r1", model: "m", choices: [{ index: 0, delta: { role: "assistant", content: "hi" } }] },
				{ id: "r1", model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
				{
					id: "r1",
					model: "m",
					choices: [],
					usage: { prompt_tokens: -3, completion_tokens: 1, total_tokens: 4, cost: -1000 },
				},
			]);
		const forged = await openrouter();
		expect(forged.text).toBe("hi");
		expect(forged.billed_cost_usd).toBeNull();
		expect(forged.usage.input_tokens).toBeNull();
		expect(forged.warnings?.some((warning) => warning.includes("reported -1000"))).toBe(true);
		const sent = { bytes: 0, closed: false };
		answer = hugeStream(300 * MB, sent);
		const capped = await openrouter({ max_output_bytes: 100_000 });
		expect(Buffer.byteLength(capped.text)).toBe(100_000);
		expect(capped.finish_reason).toBe("length");
		await expect.poll(() => sent.closed).toBe(true);
		expect(sent.bytes).toBeLessThan(100 * MB);
	});
});

describe("item 9: a reply whose content is not text is malformed, never `[object Object]`", () => {
	const contents: readonly [string, unknown][] = [
		["an object", { text: { nested: true } }],
		["a number", 42],
		["a list of image parts", [{ type: "image_url", image_url: { url: "data:," } }]],
		["a list with a number", [{ type: "text", text: "a" }, 7]],
	];
	for (const [what, content] of contents) {
		it(`refuses content that is ${what}, whole and streamed`, async () => {
			answer = (_, response) => json(response, { choices: [{ message: { content }, finish_reason: "stop" }] });
			const whole = await call();
			expect(whole).toBeInstanceOf(ProviderError);
			expect((whole as ProviderError).kind).toBe("malformed");
			answer = (_, response) => sse(response, [{ choices: [{ delta: { content }, finish_reason: "stop" }] }]);
			const streamed = await call();
			expect(streamed).toBeInstanceOf(ProviderError);
			expect((streamed as ProviderError).kind).toBe("malformed");
			expect((streamed as ProviderError).message).toContain("not text");
		});
	}

	it("still reads a list of text parts, and leaves out a declared non-text part", async () => {
		const content = [{ type: "text", text: "a" }, "b", { type: "refusal", refusal: "no" }];
		answer = (_, response) => json(response, { choices: [{ message: { content }, finish_reason: "stop" }] });
		expect(completed(await call()).text).toBe("ab");
	});

	it("counts invalid UTF-8 in a reply, not a replacement character the model wrote itself", async () => {
		const start = Buffer.from('data: {"choices":[{"delta":{"content":"');
		const end = Buffer.from('"}}]}\n\n');
		answer = (_, response) => {
			response.writeHead(200, { "content-type": "text/event-stream" });
			// Two invalid sequences (a stray byte, a lead byte without its continuation)...
			response.write(Buffer.concat([start, Buffer.from([0x61, 0xff, 0x62, 0xc3]), end]));
			// ...and a U+FFFD the model wrote validly, split across two writes.
			response.write(Buffer.concat([start, Buffer.from([0xef, 0xbf])]));
			response.write(Buffer.from([0xbd]));
			response.end(
				Buffer.concat([
					end,
					Buffer.from('data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'),
				]),
			);
		};
		const completion = completed(await call());
		expect(completion.text).toContain("\uFFFD");
		expect(completion.warnings).toEqual([
			"the reply was not valid UTF-8: 2 invalid byte sequences replaced with U+FFFD",
		]);
	});

	it("fails a juror vote whose JSON repeats a key, instead of letting the last one win", () => {
		const rubric = { numeric: { accuracy: {} }, gates: { hallucination: {} } } as never;
		const forged = '{"accuracy": 0.9, "hallucination": false, "rationale": "fine", "hallucination": true}';
		const parsed = parseVerdict(forged, rubric);
		expect(parsed.ok).toBe(false);
		expect(parsed.ok ? "" : parsed.error).toContain("`hallucination`");
		// In a fenced block, and nested, too; distinct keys still pass.
		expect(parseVerdict(`Verdict:\n\`\`\`json\n${forged}\n\`\`\``, rubric).ok).toBe(false);
		expect(
			parseVerdict('{"accuracy": 1, "hallucination": false, "rationale": "x", "extra": {"a": 1, "\\u0061": 2}}', rubric)
				.ok,
		).toBe(false);
		expect(parseVerdict('{"accuracy": 1, "hallucination": false, "rationale": "x", "a": {"a": 1}}', rubric).ok).toBe(
			true,
		);
	});
});

/** A stand-in streaming `total` bytes of SSE text, made as it is sent; returns how much went out. */
function hugeStream(total: number, sent: { bytes: number; closed: boolean }): Answer {
	const event = `data: ${JSON.stringify({ choices: [{ delta: { content: "x".repeat(64 * 1024) } }] })}\n\n`;
	return (_, response) => {
		response.writeHead(200, { "content-type": "text/event-stream" });
		response.on("close", () => {
			sent.closed = true;
		});
		const pump = () => {
			while (sent.bytes < total && !response.destroyed) {
				sent.bytes += event.length;
				if (!response.write(event)) {
					response.once("drain", pump);
					return;
				}
			}
			if (!response.destroyed) response.end('data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\n');
		};
		pump();
	};
}

const MB = 1024 * 1024;

describe("item 10: model output is capped per reply, and reading stops at the cap", () => {
	it("cuts a 300 MB stream at options.max_output_bytes, marks it, and drops the connection", async () => {
		const sent = { bytes: 0, closed: false };
		answer = hugeStream(300 * MB, sent);
		const started = performance.now();
		const completion = completed(await call(entry({ max_output_bytes: MB })));
		expect(performance.now() - started).toBeLessThan(5000);
		expect(Buffer.byteLength(completion.text)).toBe(MB);
		expect(completion.finish_reason).toBe("length");
		expect(completion.warnings).toContain(
			"output cut at 1048576 bytes (options.max_output_bytes): the rest of the reply was not read",
		);
		expect((completion.raw as { truncated?: boolean }).truncated).toBe(true);
		await expect.poll(() => sent.closed).toBe(true);
		expect(sent.bytes).toBeLessThan(40 * MB);
	});

	it("refuses a whole JSON reply far past the cap without reading all of it", async () => {
		const sent = { bytes: 0, closed: false };
		answer = (_, response) => {
			response.writeHead(200, { "content-type": "application/json" });
			response.write('{"choices":[{"message":{"content":"');
			const piece = "y".repeat(64 * 1024);
			const pump = () => {
				while (sent.bytes < 300 * MB && !response.destroyed) {
					sent.bytes += piece.length;
					if (!response.write(piece)) {
						response.once("drain", pump);
						return;
					}
				}
				if (!response.destroyed) response.end('"},"finish_reason":"stop"}]}');
			};
			response.on("close", () => {
				sent.closed = true;
			});
			pump();
		};
		const result = await call(entry({ max_output_bytes: MB }));
		expect(result).toBeInstanceOf(ProviderError);
		expect((result as ProviderError).message).toContain("options.max_output_bytes");
		await expect.poll(() => sent.closed).toBe(true);
		expect(sent.bytes).toBeLessThan(40 * MB);
	});
});

describe("item 10: a command model's output follows the same cap", () => {
	// A real program in real bubblewrap, as a run wires it, printing far more than its cap.
	const flood = (bytes: number, options: Record<string, unknown>) =>
		defaultRunParts(process.env)
			.providerFor({
				...entry(options),
				provider: "command",
				base_url: null,
				command: [process.execPath, "-e", `process.stdout.write("z".repeat(${bytes}))`],
			})
			.complete({ messages: [{ role: "user", content: "go" }] }, { signal: new AbortController().signal });

	it("cuts at options.max_output_bytes, and at 4 MiB by default", async () => {
		const small = await flood(200_000, { max_output_bytes: 1000 });
		expect(small.text).toBe("z".repeat(1000));
		expect(small.finish_reason).toBe("length");
		expect(small.warnings).toEqual([
			"output cut at 1000 bytes (options.max_output_bytes): the rest of the reply was not read",
		]);
		const byDefault = await flood(6 * MB, {});
		expect(byDefault.text.length).toBe(4 * MB);
		expect(byDefault.finish_reason).toBe("length");
	});
});

/** Runs the compiled CLI in a child process and reports its peak RSS (process.resourceUsage, KiB). */
function runMeasured(
	args: readonly string[],
	cwd: string,
	env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string; maxRssMb: number; wallMs: number }> {
	const script = join(cwd, "measure.mjs");
	writeFileSync(
		script,
		`const { main, processIo } = await import(${JSON.stringify(new URL("../dist/src/cli/main.js", `file://${BIN}`).href)});
const code = await main(process.argv.slice(2), processIo(process));
process.stderr.write("\\nMAX_RSS_KB=" + process.resourceUsage().maxRSS + "\\n");
process.exitCode = code;
`,
	);
	const started = performance.now();
	return new Promise((resolve) => {
		execFile(
			process.execPath,
			[script, ...args],
			{
				cwd,
				env: {
					PATH: process.env.PATH ?? "",
					TOUCHSTONE_DB: join(cwd, "data", "benchmarks.db"),
					TOUCHSTONE_ARTIFACTS: join(cwd, "data", "artifacts"),
					...env,
				},
				timeout: 20_000,
				maxBuffer: 16 * MB,
			},
			(error, stdout, stderr) => {
				const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
				const rss = Number(/MAX_RSS_KB=(\d+)/.exec(stderr)?.[1] ?? Number.NaN) / 1024;
				resolve({ code, stdout, stderr, maxRssMb: rss, wallMs: performance.now() - started });
			},
		);
	});
}

interface StoredRun {
	model_id: string;
	cost_usd: number | null;
	input_tokens: number | null;
	output_tokens: number | null;
	output_sha: string | null;
	warnings_json: string | null;
}

function storedRuns(root: string): StoredRun[] {
	const db = new Database(join(root, "data", "benchmarks.db"), { readonly: true });
	try {
		return db.prepare("SELECT * FROM runs ORDER BY model_id, case_id").all() as StoredRun[];
	} finally {
		db.close();
	}
}

describe("end to end: the CLI against the hostile stand-in", () => {
	it("ranks a model reporting usage.cost -1000 at an unknown cost, stores nulls and says why on the run", async () => {
		answer = ({ model, prompt }, response) => {
			const number = /repeat the number (\d+)/.exec(prompt)?.[1] ?? "?";
			const usage = model === "forger" ? FORGED_USAGE : `{"prompt_tokens": 10, "completion_tokens": 3, "cost": 0.002}`;
			json(
				response,
				`{"choices":[{"message":{"content":"answer: ${number}."},"finish_reason":"stop"}],"usage":${usage}}`,
			);
		};
		const fixture = writeBenchFixture({ cases: 2, samples: 1, models: { honest: {}, forger: {} } });
		const env = { TOUCHSTONE_SCRIPTED_URL: baseUrl };
		const run = await runCli(["run", "--use-case", "arith"], { cwd: fixture.root, env });
		expect(run.stderr).not.toContain("harness_error");
		expect(run.code).toBe(0);
		const text = await runCli(["leaderboard", "--use-case", "arith"], { cwd: fixture.root, env });
		expect(text.stdout).not.toContain("-1000");
		const board = JSON.parse(
			(await runCli(["leaderboard", "--use-case", "arith", "--json"], { cwd: fixture.root })).stdout,
		) as {
			rows: { model_id: string; cost_usd: number | null; cost_per_case_usd: number | null; unknown_cost: number }[];
		};
		const forger = board.rows.find((row) => row.model_id === "forger");
		expect(forger?.cost_usd).toBeNull();
		expect(forger?.cost_per_case_usd).toBeNull();
		expect(forger?.unknown_cost).toBe(2);
		expect(board.rows.find((row) => row.model_id === "honest")?.cost_usd).toBeCloseTo(0.004);
		const runs = storedRuns(fixture.root).filter((row) => row.model_id === "forger");
		expect(runs).toHaveLength(2);
		for (const row of runs) {
			expect([row.cost_usd, row.input_tokens, row.output_tokens]).toEqual([null, null, null]);
			expect(row.warnings_json).toContain("usage.cost: reported -1000");
		}
	});

	it("stores a 300 MB stream capped at 4 MiB with bounded memory, and inspect shows it was cut", async () => {
		const sent = { bytes: 0, closed: false };
		answer = hugeStream(300 * MB, sent);
		const fixture = writeBenchFixture({ cases: 1, samples: 1, models: { flood: {} } });
		const measured = await runMeasured(["run", "--use-case", "arith"], fixture.root, {
			TOUCHSTONE_SCRIPTED_URL: baseUrl,
		});
		// Figures for the report.
		console.log(`300 MB stream: peak RSS ${measured.maxRssMb.toFixed(0)} MB, ${measured.wallMs.toFixed(0)} ms`);
		expect(measured.stderr).not.toContain("harness_error");
		expect(measured.code).toBe(0);
		expect(measured.maxRssMb).toBeLessThan(400);
		expect(measured.wallMs).toBeLessThan(10_000);
		expect(sent.bytes).toBeLessThan(100 * MB);
		const [row] = storedRuns(fixture.root);
		const sha = row?.output_sha ?? "";
		const output = readFileSync(join(fixture.root, "data", "artifacts", sha.slice(0, 2), sha));
		expect(output.length).toBe(4 * MB);
		expect(row?.warnings_json).toContain("output cut at 4194304 bytes");
		const inspect = await runCli(["inspect", "--use-case", "arith", "--case", "q00000"], { cwd: fixture.root });
		expect(inspect.stdout).toContain("warning: output cut at 4194304 bytes (options.max_output_bytes)");
	}, 15_000);
});
