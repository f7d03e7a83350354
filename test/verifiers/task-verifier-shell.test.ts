/**
 * The shared shell of every task verifier, with a kind written in the test: it grades a fresh
 * copy (never the workspace), hands out extra copies and disposes of every one whatever happens,
 * skips attempts the harness failed, names special files, and keeps the outcome taxonomy.
 */
import { access } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	defineTaskVerifier,
	type GradingSession,
	gradedFailure,
	scoredVerdict,
	timedOut,
	VerifierHarnessError,
	type VerifierVerdict,
} from "../../src/graders/index.js";
import { finishedAttempt, grade, readIfAny, type TaskOnDisk, taskOnDisk } from "./task-on-disk.js";

describe("the task verifier shell", () => {
	let task: TaskOnDisk;
	beforeAll(async () => {
		task = await taskOnDisk({ "answer.txt": "0\n" }, {});
	});
	afterAll(async () => {
		await task.cleanup();
	});

	/** A kind whose verdict is `decide` of the answer the model left, after writing into its copy. */
	const kind = (decide: (answer: string, session: GradingSession) => Promise<VerifierVerdict>) => {
		const seen: string[] = [];
		const grader = defineTaskVerifier(
			{
				id: "probe",
				version: "1",
				metric: "probe",
				config: { kind: "probe" },
				async grade(session) {
					const answer = (await session.copy.sandbox.read("answer.txt")).trim();
					await session.copy.sandbox.write("answer.txt", "overwritten by the verifier\n");
					seen.push(session.copy.sandbox.workdir);
					return decide(answer, session);
				},
			},
			{ taskDir: task.dir, sandbox: { backend: "process", allowUnisolated: true } },
		);
		return { grader, seen };
	};

	it("scores a partial answer as partial, in a copy, and disposes of every copy it opened", async () => {
		const extra: string[] = [];
		const { grader, seen } = kind(async (answer, session) => {
			for (let index = 0; index < 3; index++) extra.push((await session.openCopy()).sandbox.workdir);
			return scoredVerdict({
				value: Number(answer) / 4,
				threshold: 0.5,
				reasoning: `${answer}/4`,
				extras: session.context,
			});
		});
		const workspace = await task.workspace({ "answer.txt": "3\n" });
		const scores = await grade(grader, finishedAttempt({ workspace }));
		expect(scores.probe?.value).toBe(0.75);
		expect(scores.probe?.extras).toMatchObject({ outcome: "correct", source: "workspace" });
		expect(scores.passed?.value).toBe(1);
		expect(await readIfAny(`${workspace.path}/answer.txt`)).toBe("3\n");
		for (const dir of [...seen, ...extra]) await expect(access(dir)).rejects.toThrow();
	});

	it("disposes of every copy when the kind throws a harness error, and records no score", async () => {
		const extra: string[] = [];
		const { grader, seen } = kind(async (_answer, session) => {
			extra.push((await session.openCopy()).sandbox.workdir);
			throw new VerifierHarnessError("probe", "the interpreter is missing", "install it");
		});
		const workspace = await task.workspace();
		await expect(grade(grader, finishedAttempt({ workspace }))).rejects.toThrow(/interpreter is missing/);
		for (const dir of [...seen, ...extra]) await expect(access(dir)).rejects.toThrow();
	});

	it("keeps the taxonomy: a graded failure and a timeout are 0, never passed", async () => {
		for (const [make, outcome, label] of [
			[(extras: object) => gradedFailure("wrong answer", { ...extras }), "graded_failure", "fail"],
			[(extras: object) => timedOut("the candidate", 5, { ...extras }), "timeout", "timeout"],
		] as const) {
			const { grader } = kind(async (_answer, session) => make(session.context));
			const scores = await grade(grader, finishedAttempt({ workspace: await task.workspace() }));
			expect(scores.probe).toMatchObject({ value: 0, value_label: label, extras: { outcome } });
			expect(scores.probe?.reasoning).toMatch(/^fail: /);
			expect(scores.passed?.value).toBe(0);
		}
	});

	it("starts no sandbox for an attempt the harness failed", async () => {
		const { grader, seen } = kind(async () => {
			throw new Error("must not be called");
		});
		const scores = await grade(grader, finishedAttempt({ status: "harness_error", error: "provider down" }));
		expect(scores.probe?.reasoning).toMatch(/not graded: the harness failed: provider down/);
		expect(seen).toEqual([]);
	});

	it("compares with the threshold at 12 decimals and refuses a score outside 0..1", () => {
		const third = scoredVerdict({ value: 1 / 3, threshold: 0.3333333333333333, reasoning: "", extras: {} });
		expect(third.passed).toBe(true);
		expect(() => scoredVerdict({ value: 1.5, threshold: 1, reasoning: "", extras: {} })).toThrow(RangeError);
		expect(() => scoredVerdict({ value: Number.NaN, threshold: 1, reasoning: "", extras: {} })).toThrow(RangeError);
	});
});
