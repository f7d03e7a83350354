import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDefinitions } from "../../src/definitions/index.js";
import { defaultRunParts, type RunRequest, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import {
	loadScript,
	type ScriptedServer,
	startScriptedServer,
	validateScript,
} from "../../src/scripted-server/index.js";
import { openStore, type Store } from "../../src/store/index.js";
import { leaderboard } from "../../src/views/index.js";
import { ROOT, tempDir } from "../support/cli.js";

/* The two jury-graded example use cases, run end to end against the demo's scripted models and jurors. */

const EXAMPLES = join(ROOT, "examples");
let server: ScriptedServer;
let brokenJury: ScriptedServer;

beforeAll(async () => {
	const script = await loadScript(join(EXAMPLES, "scripted", "demo.yaml"));
	server = await startScriptedServer({ script });
	// The same models, but juror B answers every jury prompt in prose without JSON.
	brokenJury = await startScriptedServer({
		script: validateScript({
			...script,
			models: { ...script.models, "scripted/juror-b": { rules: [{ reply: "Looks good to me!" }] } },
		}),
	});
});
afterAll(async () => {
	await server.close();
	await brokenJury.close();
});

function run(store: Store, useCaseId: string, url: string, overrides: Partial<RunRequest> = {}) {
	return runUseCase({
		definitions: loadDefinitions(join(EXAMPLES, "benchmarks")),
		store,
		useCaseId,
		depth: "thorough",
		samples: 1,
		concurrency: 8,
		force: false,
		dryRun: false,
		parts: defaultRunParts({ TOUCHSTONE_SCRIPTED_URL: url }),
		stop: new StopControl(),
		provenance: { test: true },
		...overrides,
	});
}

function freshStore(): Store {
	const data = tempDir("touchstone-jury-");
	return openStore({ database: join(data, "db.sqlite"), artifacts: join(data, "artifacts") });
}

interface CompositeRow {
	case_id: string;
	model_id: string;
	value: number;
	critical_failure: number;
	gate_meta_json: string | null;
	judge_panel_version: string | null;
	jury_votes_sha: string | null;
}

function composites(store: Store, useCaseId: string): CompositeRow[] {
	return store.database
		.prepare(
			`SELECT runs.case_id, runs.model_id, scores.value, scores.critical_failure, scores.gate_meta_json,
			        scores.judge_panel_version, scores.jury_votes_sha
			 FROM scores JOIN runs USING (run_id)
			 WHERE runs.use_case_id = ? AND scores.metric = 'composite'
			 ORDER BY runs.model_id, runs.case_id`,
		)
		.all(useCaseId) as CompositeRow[];
}

describe("the jury-graded example use cases", () => {
	it("rank the summaries: strong first, the cheap model's fabrications capped by the gate", async () => {
		const store = freshStore();
		const summary = await run(store, "summarization", server.url);
		expect(summary).toMatchObject({ executed: 12, grader_errors: 0, statuses: { completed: 12 } });
		const board = leaderboard(store, "summarization");
		expect(board.rows.map((row) => row.model_id)).toEqual(["scripted/strong", "scripted/mid", "scripted/cheap"]);
		// Hand-computed from the jurors' scripted verdicts (see examples/scripted/demo.yaml).
		expect(board.rows[0]?.headline).toBeCloseTo(0.95);
		expect(board.rows[1]?.headline).toBeCloseTo((3 * 0.79 + 0.64) / 4);
		expect(board.rows[2]?.headline).toBeCloseTo((0.2 + 0.77 + 0.77 + 0.2) / 4);
		expect(board.rows.map((row) => row.pass_rate)).toEqual([1, 0.75, 0.5]);

		const rows = composites(store, "summarization");
		expect(rows.every((row) => row.judge_panel_version === "jury@v1" && row.jury_votes_sha !== null)).toBe(true);
		const capped = rows.filter((row) => row.critical_failure === 1);
		expect(capped.map((row) => [row.model_id, row.case_id])).toEqual([
			["scripted/cheap", "launch-meeting"],
			["scripted/cheap", "quarterly-update"],
		]);
		expect(JSON.parse(capped[0]?.gate_meta_json ?? "null")).toMatchObject({
			gate: "hallucination",
			cap: 0.2,
			votes: { "scripted/juror-a": true, "scripted/juror-b": true },
		});
		// The jurors' votes and rationales are kept as an artifact.
		const votes = JSON.parse(store.readArtifactText(capped[0]?.jury_votes_sha ?? ""));
		expect(votes.map((vote: { juror: string }) => vote.juror)).toEqual(["scripted/juror-a", "scripted/juror-b"]);
		// The jurors never learn which model wrote what they grade.
		for (const juror of ["scripted/juror-a", "scripted/juror-b"])
			for (const request of server.requests(juror)) {
				const body = JSON.stringify(request.body);
				for (const candidate of ["scripted/strong", "scripted/mid", "scripted/cheap"])
					expect(body).not.toContain(candidate);
			}
		store.close();
	});

	it("rank the children's answers, an inaccurate one capped, and offload to the mid model with confidence", async () => {
		const store = freshStore();
		const summary = await run(store, "kids-qa", server.url);
		expect(summary).toMatchObject({ executed: 18, grader_errors: 0 });
		const board = leaderboard(store, "kids-qa");
		expect(board.rows.map((row) => [row.model_id, row.pass_rate])).toEqual([
			["scripted/strong", 1],
			["scripted/mid", 1],
			["scripted/cheap", 0],
		]);
		// Hand-computed from the jurors' scripted verdicts (see examples/scripted/demo.yaml).
		expect(board.rows[0]?.headline).toBeCloseTo(0.95);
		expect(board.rows[1]?.headline).toBeCloseTo((2 * 0.95 + 3 * 0.925 + 0.9) / 6);
		expect(board.rows[2]?.headline).toBeCloseTo((4 * 0.2 + 2 * 0.45) / 6);
		// Never more than the band behind the best on any case, so good enough with confidence:
		// the decision names the cheaper mid model, not the best one, as cheapest good enough.
		const { decision } = board;
		expect(decision.best?.model_id).toBe("scripted/strong");
		expect(decision.cheapest_good_enough?.model_id).toBe("scripted/mid");
		expect(decision.fastest_good_enough?.model_id).toBe("scripted/mid");
		const mid = decision.candidates.find((item) => item.model_id === "scripted/mid");
		expect(mid).toMatchObject({ good_enough: true, shared_cases: 6 });
		expect(mid?.gap_upper).toBeGreaterThan(0);
		expect(mid?.gap_upper).toBeLessThanOrEqual(board.band);
		expect(decision.candidates.find((item) => item.model_id === "scripted/cheap")?.good_enough).toBe(false);
		store.close();
	});

	it("record a panel below its quorum as each cell's grader error, with no score", async () => {
		const store = freshStore();
		const summary = await run(store, "summarization", brokenJury.url, { models: ["scripted/strong"] });
		expect(summary).toMatchObject({ executed: 4, grader_errors: 4 });
		const errors = store.database.prepare("SELECT grader_error FROM runs").all() as { grader_error: string }[];
		for (const { grader_error } of errors)
			expect(grader_error).toMatch(
				/^grader jury-quorum: the jury demo \(jury@v1\) gave 1 valid vote of 2, below its quorum of 2; failed votes: scripted\/juror-b: unusable reply, twice: the reply is not JSON/,
			);
		expect(composites(store, "summarization")).toEqual([]);
		// Juror B was asked twice per cell: the reply, then the retry.
		expect(brokenJury.requests("scripted/juror-b")).toHaveLength(8);
		store.close();
	});
});
