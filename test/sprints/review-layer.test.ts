import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JuryPanel, ModelEntry } from "../../src/contract/index.js";
import { MAX_REVIEW_DIFF_BYTES, type ReviewerRow, reviewLayer } from "../../src/graders/index.js";
import { createModelProvider } from "../../src/providers/index.js";
import { type ScriptedServer, startScriptedServer } from "../../src/scripted-server/index.js";

/** A registry entry of an OpenAI-compatible model at `url`, of `family`, without retries. */
function entry(url: string, id: string, family: string | null, display = id): ModelEntry {
	return {
		id,
		provider: "openai-compatible",
		model: id,
		display_name: display,
		role: "anchor",
		status: "active",
		tags: { family, weights: null, tier: null },
		price: null,
		base_url: `${url}/v1`,
		api_key_env: null,
		command: null,
		options: { max_retries: 0 },
	};
}

function panel(url: string, reviewers: readonly [string, string | null][], quorum: number): JuryPanel {
	return {
		id: "reviewers",
		version: "review@test-1",
		quorum,
		jurors: reviewers.map(([id, family]) => {
			const model = entry(url, id, family);
			return { model, provider: createModelProvider(model, { env: {} }) };
		}),
	};
}

const grade = (value: unknown, rationale: string) => JSON.stringify({ grade: value, rationale });

const DIFF = [
	"diff --git a/src/sum.ts b/src/sum.ts",
	"--- a/src/sum.ts",
	"+++ b/src/sum.ts",
	"@@ -1 +1,3 @@",
	"-export const sum = (a, b) => a - b;",
	"+export function sum(a: number, b: number): number {",
	"+\treturn a + b;",
	"+}",
	"",
].join("\n");

let scripted: ScriptedServer;

beforeAll(async () => {
	scripted = await startScriptedServer({
		script: {
			models: {
				"review/acme": { cost_usd: 0.002, rules: [{ reply: grade(4, "Correct and tested; one naming nit.") }] },
				"review/beta": {
					cost_usd: 0.001,
					rules: [{ reply: `Here is my review:\n\`\`\`json\n${grade(5, "Does exactly what the plan asks.")}\n\`\`\`` }],
				},
				"review/kin": { rules: [{ reply: grade(5, "Flawless, as my own family writes it.") }] },
				"review/loose": { rules: [{ reply: grade("4", "A grade as a string.") }] },
				"review/prose": { rules: [{ reply: "Solid work overall, I would give it a four." }] },
				"review/twice": { rules: [{ reply: `${grade(2, "First thought.")} ${grade(5, "Second thought.")}` }] },
			},
		},
	});
});
afterAll(() => scripted.close());

/** The model under test: family `kin`, with a name no prompt may carry. */
const candidate = (url: string) => entry(url, "vendor/secret-candidate-27b", "kin", "Secret Candidate 27B");

const rowsOf = (figures: Record<string, unknown>) => figures.reviewers as ReviewerRow[];

describe("the sprint review layer, with reviewers on the scripted server", () => {
	it("asks only reviewers of other families, blinded, and maps the mean grade to the score", async () => {
		const result = await reviewLayer({
			diff: DIFF,
			sprintTitle: "Typed arithmetic",
			plan: "## M01 Fix sum\nMake `sum` add its arguments.",
			model: candidate(scripted.url),
			panel: panel(
				scripted.url,
				[
					["review/acme", "acme"],
					["review/kin", "KIN"],
					["review/beta", "beta"],
				],
				2,
			),
			signal: new AbortController().signal,
		});
		// grades 4 and 5: mean 4.5, score (4.5 − 1) / 4 = 0.875
		expect(result).toMatchObject({ layer: "review", measured: true, reason: null, score: 0.875 });
		expect(result.figures.mean_grade).toBe(4.5);
		expect(rowsOf(result.figures).map((row) => [row.reviewer, row.family, row.grade, row.error])).toEqual([
			["review/acme", "acme", 4, null],
			["review/beta", "beta", 5, null],
		]);
		expect(rowsOf(result.figures)[1]?.rationale).toBe("Does exactly what the plan asks.");
		expect(result.figures.excluded).toEqual([{ reviewer: "review/kin", why: "same-family" }]);
		expect(result.figures.cost_usd).toBeCloseTo(0.003);
		// The reviewer of the candidate's own family (KIN = kin, case aside) was never asked.
		expect(scripted.requests("review/kin")).toHaveLength(0);
		const [request] = scripted.requests("review/acme");
		expect(request?.body).toMatchObject({ temperature: 0, response_format: { type: "json_object" } });
		const prompt = JSON.stringify(request?.body);
		expect(prompt).toContain("return a + b;");
		expect(prompt).toContain("Make `sum` add its arguments.");
		for (const name of ["secret-candidate", "Secret Candidate", "vendor/"]) expect(prompt).not.toContain(name);
	});

	it("is not measured when every reviewer is of the candidate's family", async () => {
		const result = await reviewLayer({
			diff: DIFF,
			sprintTitle: "Typed arithmetic",
			plan: "Fix sum.",
			model: candidate(scripted.url),
			panel: panel(scripted.url, [["review/kin", "kin"]], 1),
			signal: new AbortController().signal,
		});
		expect(result).toMatchObject({ measured: false, score: null, reason: "no reviewer of another family than kin" });
		expect(scripted.requests("review/kin")).toHaveLength(0);
	});

	it("counts an unreadable reply as an error, never a grade, and falls short of the quorum with the rows kept", async () => {
		const result = await reviewLayer({
			diff: DIFF,
			sprintTitle: "Typed arithmetic",
			plan: "Fix sum.",
			model: candidate(scripted.url),
			panel: panel(
				scripted.url,
				[
					["review/acme", "acme"],
					["review/loose", "loose"],
					["review/prose", "prose"],
					["review/twice", "twice"],
				],
				2,
			),
			signal: new AbortController().signal,
		});
		expect(result).toMatchObject({
			measured: false,
			score: null,
			reason: "1 valid grade from 4 reviewers, below the panel's quorum of 2",
		});
		expect(result.figures.mean_grade).toBeNull();
		const rows = rowsOf(result.figures);
		expect(rows.map((row) => [row.reviewer, row.grade])).toEqual([
			["review/acme", 4],
			["review/loose", null],
			["review/prose", null],
			["review/twice", null],
		]);
		expect(rows[1]?.error).toContain('`grade` must be a whole number from 1 to 5, found the string "4"');
		expect(rows[2]?.error).toContain("not JSON");
		expect(rows[3]?.error).toContain("more than once");
		// Each was asked once: an unusable reply is not retried with the whole diff again.
		expect(scripted.requests("review/prose")).toHaveLength(1);
	});

	it("cuts a diff above 200 KB at a line end and says so in the prompt", async () => {
		const line = `+${"x".repeat(99)}\n`;
		const diff = `${DIFF}${line.repeat(3000)}+THE-END-MARKER\n`;
		const result = await reviewLayer({
			diff,
			sprintTitle: "Big change",
			plan: "Fix sum.",
			model: candidate(scripted.url),
			panel: panel(scripted.url, [["review/beta", "beta"]], 1),
			signal: new AbortController().signal,
		});
		expect(result).toMatchObject({ measured: true, figures: { diff_bytes: diff.length, diff_truncated: true } });
		const requests = scripted.requests("review/beta");
		const body = requests[requests.length - 1]?.body as { messages: { content: string }[] };
		const user = body.messages[1]?.content ?? "";
		expect(user).toContain(`(The diff is ${diff.length.toLocaleString("en-US")} bytes; only its first`);
		expect(user).not.toContain("THE-END-MARKER");
		expect(user.endsWith("x\n")).toBe(true);
		expect(Buffer.byteLength(user)).toBeLessThan(MAX_REVIEW_DIFF_BYTES + 2000);
	});

	it("is not measured without a panel", async () => {
		const result = await reviewLayer({
			diff: DIFF,
			sprintTitle: "t",
			plan: "p",
			model: candidate(scripted.url),
			panel: null,
			signal: new AbortController().signal,
		});
		expect(result).toMatchObject({ measured: false, reason: "the sprint names no reviewer panel" });
	});
});

describe("the sprint review layer, against a server that answers malformed replies", () => {
	let server: Server;
	let url: string;

	beforeAll(async () => {
		server = createServer((request, response) => {
			let body = "";
			request.on("data", (chunk: Buffer) => {
				body += chunk.toString();
			});
			request.on("end", () => {
				const model = (JSON.parse(body) as { model: string }).model;
				response.writeHead(200, { "content-type": "application/json" });
				if (model === "broken/wire") response.end('{"id": "x", "choices": [{"message": {"content": "{\\"gra');
				else
					response.end(
						JSON.stringify({
							id: "chatcmpl-1",
							object: "chat.completion",
							created: 0,
							model,
							choices: [
								{
									index: 0,
									message: { role: "assistant", content: '{"grade": 9, "rationale": "Out of range."}' },
									finish_reason: "stop",
								},
							],
							usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
						}),
					);
			});
		});
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

	it("records a failed call and an out-of-range grade as errors, and grades nothing", async () => {
		const result = await reviewLayer({
			diff: DIFF,
			sprintTitle: "Typed arithmetic",
			plan: "Fix sum.",
			model: entry(url, "vendor/candidate", "kin"),
			panel: panel(
				url,
				[
					["broken/wire", "acme"],
					["broken/grade", "beta"],
				],
				1,
			),
			signal: new AbortController().signal,
		});
		expect(result).toMatchObject({
			measured: false,
			score: null,
			reason: "0 valid grades from 2 reviewers, below the panel's quorum of 1",
		});
		const [wire, range] = rowsOf(result.figures);
		expect(wire).toMatchObject({ reviewer: "broken/wire", grade: null, rationale: null, cost_usd: null });
		expect(wire?.error).toMatch(/^the review call failed: /);
		expect(range).toMatchObject({ reviewer: "broken/grade", grade: null, input_tokens: 10, output_tokens: 5 });
		expect(range?.error).toContain("`grade` must be a whole number from 1 to 5, found the number 9");
		expect(result.figures.cost_usd).toBeNull();
	});
});
