import { rm } from "node:fs/promises";
import { basename } from "node:path";
import type { JsonObject, SprintLayerResult } from "../../contract/index.js";
import { inParallel } from "../verifiers/index.js";
import { buildCorpusTree, type CorpusTree } from "./corpus-tree.js";
import { readEtalon } from "./etalon.js";
import { runHostGit } from "./host-git.js";
import { errorText, measured, notMeasured, ratio, type SprintScoringInput } from "./scoring-input.js";
import { inSandbox, runFigures, runSprintTests } from "./sprint-sandbox.js";

/** Mutants run at once: each is a sandbox running the whole test command, on a machine shared with the rest of the run. */
export const MUTANTS_AT_ONCE = 2;

/**
 * The note of a corpus that already fails on the unmutated etalon: every mutant would be "killed"
 * by that same failure, so none counts, and the layer scores 0 (measured: a suite that cannot tell
 * the right implementation from a wrong one catches no bug; not measuring it would let a broken
 * corpus drop the layer out of the fold).
 */
export const CORPUS_FAILS_ON_ETALON = "the corpus fails on the etalon itself, so no kill counts: 0";

/** What happened to one mutation patch. */
type MutantOutcome =
	| {
			readonly patch: string;
			readonly status: "killed" | "survived";
			readonly run: JsonObject;
			readonly failing: string[];
	  }
	| { readonly patch: string; readonly status: "not-applied" | "harness-error"; readonly reason: string };

/**
 * The mutation layer of a sprint (seed 002): the kill rate of the model's test corpus over the
 * sprint's frozen bug patches. Each patch is applied with `git apply` (on the host, argv, no
 * shell) to a fresh copy of the etalon implementation holding the model's tests (the corpus
 * layer's tree), and the test command runs there in a sandbox, at most {@link MUTANTS_AT_ONCE}
 * at a time; the mutant is killed when the run fails (a non-zero exit, a failing test, a timeout).
 * A patch that does not apply, or a mutant whose run the harness could not make, is excluded and
 * listed: neither killed nor survived. Score = killed / applied.
 *
 * First the model's tests must pass on the unmutated etalon: if they fail there, every mutant
 * would be "killed" by the same failure, so none counts and the layer scores 0 ({@link CORPUS_FAILS_ON_ETALON}).
 * Not measured either without patches, without an etalon, or when no patch applied. A branch with
 * no test files at all kills nothing: score 0, measured (that is the model's work, not the harness's).
 */
export async function mutationsLayer(input: SprintScoringInput): Promise<SprintLayerResult> {
	const patches = input.sprint.mutation_patches;
	if (patches.length === 0) return notMeasured("mutations", "the sprint has no mutation patches");
	const etalon = await readEtalon(input.sprint.etalon_path);
	if (!etalon.ok) return notMeasured("mutations", etalon.reason);
	let corpus: CorpusTree;
	try {
		corpus = await buildCorpusTree(input, etalon.value);
	} catch (error) {
		return notMeasured("mutations", `cannot build the etalon tree with the model's tests: ${errorText(error)}`);
	}
	try {
		if (corpus.model_tests.length === 0)
			return measured("mutations", 0, {
				patches: patches.length,
				applied: null,
				killed: 0,
				note: "the branch has no test files (none matches the sprint's `tests` globs), so it kills no mutant",
			});
		const sanity = await inSandbox(input, corpus.dir, (sandbox) => runSprintTests(sandbox, input));
		if (!sanity.ok)
			return notMeasured("mutations", `the model's tests could not be run on the etalon: ${sanity.reason}`);
		const unmutated = { ...runFigures(sanity.value), failing: sanity.value.failed.slice(0, 20) };
		if (!sanity.value.green)
			return measured("mutations", 0, {
				patches: patches.length,
				applied: null,
				killed: 0,
				unmutated,
				note: CORPUS_FAILS_ON_ETALON,
			});

		const outcomes = await inParallel(
			patches.map((patch, index) => ({ patch, index })),
			MUTANTS_AT_ONCE,
			({ patch, index }) => runMutant(input, corpus, patch, index),
		);
		const killed = outcomes.filter((outcome) => outcome.status === "killed");
		const survived = outcomes.filter((outcome) => outcome.status === "survived");
		const excluded = outcomes.filter((outcome) => outcome.status !== "killed" && outcome.status !== "survived");
		const applied = killed.length + survived.length;
		const figures: JsonObject = {
			sandbox: sanity.backend,
			unmutated,
			patches: patches.length,
			applied,
			killed: killed.length,
			survived: survived.map((outcome) => outcome.patch),
			excluded: excluded.map((outcome) => ({
				patch: outcome.patch,
				status: outcome.status,
				reason: "reason" in outcome ? outcome.reason : null,
			})),
			mutants: outcomes.map((outcome) => ({ ...outcome })),
		};
		if (applied === 0) return notMeasured("mutations", "no mutation patch applied to the etalon", figures);
		return measured("mutations", ratio(killed.length, applied), figures);
	} finally {
		await corpus.dispose();
	}
}

/** Applies one patch to a fresh copy of the corpus tree and runs the tests there; the copy is removed after. */
async function runMutant(
	input: SprintScoringInput,
	corpus: CorpusTree,
	patchPath: string,
	index: number,
): Promise<MutantOutcome> {
	const patch = basename(patchPath);
	const copy = await corpus.copy(`mutant-${index}`);
	try {
		const applied = await runHostGit(["apply", "--whitespace=nowarn", "--", patchPath], copy, input.signal);
		if (applied.code !== 0)
			return {
				patch,
				status: "not-applied",
				reason: `git apply exited ${applied.code}: ${applied.stderr.trim().split("\n")[0] ?? ""}`,
			};
		const run = await inSandbox(input, copy, (sandbox) => runSprintTests(sandbox, input));
		if (!run.ok) return { patch, status: "harness-error", reason: run.reason };
		const failedRun = run.value.kind !== "report" || run.value.exit_code !== 0 || run.value.failed.length > 0;
		return {
			patch,
			status: failedRun ? "killed" : "survived",
			run: runFigures(run.value),
			failing: run.value.failed.slice(0, 10),
		};
	} finally {
		await rm(copy, { recursive: true, force: true });
	}
}
