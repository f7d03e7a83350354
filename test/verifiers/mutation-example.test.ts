/**
 * The bundled mutation task (examples/benchmarks/packs/graded/timeparse-mutation), loaded and
 * materialized as `touchstone snapshot` does, in a copy of its folder: the gold suite catches
 * every mutant, the weak one catches few and fails, the one reading the source scores 0.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MutationVerifier, TaskEntry } from "../../src/contract/index.js";
import { loadTaskPack } from "../../src/definitions/index.js";
import { createMutationVerifier } from "../../src/graders/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { finishedAttempt, grade } from "./task-on-disk.js";

const PACK = join(import.meta.dirname, "../../examples/benchmarks/packs/graded");
const SUITE = "tests/timeparse.test.mjs";

describe("the bundled timeparse-mutation task", () => {
	let root: string;
	let entry: TaskEntry;
	beforeAll(async () => {
		root = await mkdtemp(join(tmpdir(), "touchstone-mutation-example-"));
		await cp(join(PACK, "timeparse-mutation"), join(root, "timeparse-mutation"), {
			recursive: true,
			filter: (source) => !source.endsWith("/fixture"),
		});
		const [loaded] = loadTaskPack(root).tasks;
		if (loaded === undefined) throw new Error("the pack has no task");
		entry = loaded;
		await materializeFixture(entry.dir, entry.task, { repo: null });
	});
	afterAll(async () => {
		await rm(root, { recursive: true, force: true });
	});

	const gradeSuite = async (suite: string) => {
		const workspace = join(root, `workspace-${suite.replaceAll("/", "-")}`);
		await cp(join(entry.dir, "fixture"), workspace, { recursive: true });
		await cp(join(entry.dir, suite), join(workspace, SUITE));
		const verifier = createMutationVerifier({
			taskDir: entry.dir,
			verifier: entry.task.verifier as MutationVerifier,
			sandbox: { backend: "bubblewrap" },
		});
		const attempt = finishedAttempt({
			workspace: { path: workspace, fixture: join(entry.dir, "fixture"), dispose: async () => {} },
		});
		return grade(verifier, attempt);
	};

	it.concurrent("the gold suite catches every mutant and passes", async () => {
		const scores = await gradeSuite("reference/timeparse.test.mjs");
		expect(scores.mutation).toMatchObject({ value: 1, value_label: "8/8" });
		expect(scores.passed?.value).toBe(1);
	});

	it.concurrent("the weak suite catches 2 of 8 and fails", async () => {
		const scores = await gradeSuite("reference/wrong/weak.test.mjs");
		expect(scores.mutation).toMatchObject({ value: 0.25, value_label: "2/8" });
		expect(scores.passed?.value).toBe(0);
	});

	it.concurrent("the suite that reads the source fails an equivalent and scores 0", async () => {
		const scores = await gradeSuite("reference/wrong/source-text.test.mjs");
		expect(scores.mutation?.value).toBe(0);
		expect(scores.mutation?.reasoning).toContain("the suite fails on equivalent mutant sum-order");
	});
});
