import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { openStore } from "../src/store/index.js";
import { type BenchFixture, writeBenchFixture } from "./support/bench-fixture.js";
import { runCli } from "./support/cli.js";

const TEMPLATE = "Answer for a {{audience}}:\n{{ question }}";

/** The bench fixture's use case `arith`, reading every file of packs/arith with the template above. */
function templatedFixture(): BenchFixture {
	const fixture = writeBenchFixture({ cases: 1, samples: 1, models: { "model/a": {} } });
	const path = join(fixture.dir, "use_cases.yaml");
	const document = parse(readFileSync(path, "utf8")) as { use_cases: Record<string, unknown>[] };
	Object.assign(document.use_cases[0] as object, { cases: "packs/arith/*", prompt_template: TEMPLATE });
	writeFileSync(path, stringify(document));
	mkdirSync(join(fixture.dir, "docs"));
	writeFileSync(join(fixture.dir, "docs", "question.md"), "What is the capital of France?");
	const pack = join(fixture.dir, "packs", "arith");
	const check = [{ metric: "answer", contains: ["Paris"] }];
	writeFileSync(
		join(pack, "cases.yaml"),
		stringify({
			cases: [
				{
					id: "from-file",
					input: { vars: { audience: "child", question: { file: "docs/question.md" } } },
					checks: check,
				},
				{ id: "own", input: { prompt_template: "Say {{word}}.", vars: { word: "Paris" } }, checks: check },
			],
		}),
	);
	writeFileSync(
		join(pack, "table.csv"),
		'question,audience,__id,__expected\r\n"Where is the Louvre?\r\nOne word.",tourist,louvre,contains:Paris\r\nWhat is 2+2?,pupil,sum,contains:London\r\n',
	);
	writeFileSync(
		join(pack, "table.jsonl"),
		`${JSON.stringify({ id: "line", input: { vars: { audience: "pilot", question: "Which city is CDG in?" } }, checks: check })}\n`,
	);
	return fixture;
}

function envFor(fixture: BenchFixture, url: string): Record<string, string> {
	return {
		PATH: process.env.PATH ?? "",
		TOUCHSTONE_SCRIPTED_URL: url,
		TOUCHSTONE_DB: join(fixture.root, "data", "benchmarks.db"),
		TOUCHSTONE_ARTIFACTS: join(fixture.root, "data", "artifacts"),
	};
}

describe("touchstone run with prompt templates, vars and case tables", () => {
	it("sends the rendered prompts, stores the scores, and re-runs only the case whose var file changed", async () => {
		const server = await startScriptedServer({
			script: validateScript({
				seed: 7,
				models: { "model/a": { latency_ms: 5, rules: [{ reply: "Paris." }] } },
			} as never),
		});
		try {
			const fixture = templatedFixture();
			const env = envFor(fixture, server.url);
			const validated = await runCli(["validate"], { cwd: fixture.root, env });
			expect(validated.stderr + validated.stdout).not.toContain("error");
			expect(validated.code).toBe(0);
			const run = await runCli(["run", "--use-case", "arith"], { cwd: fixture.root, env });
			expect(run.stderr).not.toContain("grader error");
			const prompts = () =>
				server.requests("model/a").map((request) => {
					const body = request.body as { messages: { role: string; content: string }[] };
					return body.messages.filter((message) => message.role === "user").map((message) => message.content)[0];
				});
			expect(prompts().sort()).toEqual(
				[
					"Answer for a child:\nWhat is the capital of France?",
					"Say Paris.",
					"Answer for a tourist:\nWhere is the Louvre?\r\nOne word.",
					"Answer for a pupil:\nWhat is 2+2?",
					"Answer for a pilot:\nWhich city is CDG in?",
				].sort(),
			);
			expect(storedScores(env)).toEqual({
				"from-file.answer": 1,
				"line.answer": 1,
				"louvre.expected": 1,
				"own.answer": 1,
				"sum.expected": 0,
			});

			server.resetStats();
			const again = await runCli(["run", "--use-case", "arith"], { cwd: fixture.root, env });
			expect(again.code, again.stderr).toBe(0);
			expect(prompts()).toEqual([]);
			writeFileSync(join(fixture.dir, "docs", "question.md"), "What is the capital of Italy?");
			await runCli(["run", "--use-case", "arith"], { cwd: fixture.root, env });
			expect(prompts()).toEqual(["Answer for a child:\nWhat is the capital of Italy?"]);
		} finally {
			await server.close();
		}
	}, 120_000);

	it("validate refuses an unknown variable with exit 2 and the case's file, line and column", async () => {
		const fixture = templatedFixture();
		writeFileSync(
			join(fixture.dir, "packs", "arith", "cases.yaml"),
			'cases:\n  - id: typo\n    input:\n      prompt_template: "Hello {{nmae}}"\n      vars: { name: Ada }\n    checks: [{ metric: m, contains: [x] }]\n',
		);
		const validated = await runCli(["validate"], { cwd: fixture.root, env: envFor(fixture, "http://127.0.0.1:9") });
		expect(validated.code).toBe(2);
		expect(validated.stderr).toContain("packs/arith/cases.yaml:4:24");
		expect(validated.stderr).toContain("`nmae`, which is not among the vars given (name)");
	}, 60_000);
});

/** The stored scores of every case, by `case.metric`, composites left out. */
function storedScores(env: Record<string, string>): Record<string, number> {
	const store = openStore({ database: env.TOUCHSTONE_DB as string, artifacts: env.TOUCHSTONE_ARTIFACTS as string });
	try {
		const rows = store.database
			.prepare(
				"SELECT r.case_id, s.metric, s.value FROM scores s JOIN runs r USING (run_id) WHERE s.metric != 'composite' ORDER BY r.case_id, s.metric",
			)
			.all() as { case_id: string; metric: string; value: number }[];
		return Object.fromEntries(rows.map((row) => [`${row.case_id}.${row.metric}`, row.value]));
	} finally {
		store.close();
	}
}
