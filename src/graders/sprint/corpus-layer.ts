import type { JsonObject, SprintLayerResult } from "../../contract/index.js";
import { buildCorpusTree, type CorpusTree } from "./corpus-tree.js";
import { type Etalon, readEtalon } from "./etalon.js";
import { type LinesPart, planCoverage } from "./line-coverage.js";
import { errorText, measured, notMeasured, ratio, type SprintScoringInput } from "./scoring-input.js";
import { inSandbox, runFigures, runSprintTests, type SprintTestRun } from "./sprint-sandbox.js";

/** Failing tests listed in the figures at most. */
const FAILING_LISTED = 20;

/**
 * The corpus layer of a sprint (seed 002): the branch's test corpus graded against the frozen
 * etalon. The model's test files are put into the etalon's implementation (see buildCorpusTree)
 * and the test command runs there once. Parts: `valid`, the model's tests that pass there over
 * those that ran (a test that fails on the reference implementation tests something else);
 * `behaviours`, the etalon's behaviours (behaviours.yaml) whose `match` regex names at least one
 * model test that passed there; `lines`, the lines the etalon added or changed in its
 * implementation files that the model's tests run (V8 coverage for node-test, coverage.py for
 * pytest where installed). The score is the mean of the measured parts weighted by
 * `scoring.corpus`; a part that cannot be measured (`lines` without a coverage reader) is left
 * out and the other weights renormalised, as the figures say. A missing or invalid etalon, or a
 * run the harness could not make, is not measured.
 */
export async function corpusLayer(input: SprintScoringInput): Promise<SprintLayerResult> {
	const etalon = await readEtalon(input.sprint.etalon_path);
	if (!etalon.ok) return notMeasured("corpus", etalon.reason);
	let corpus: CorpusTree;
	try {
		corpus = await buildCorpusTree(input, etalon.value);
	} catch (error) {
		return notMeasured("corpus", `cannot build the etalon tree with the model's tests: ${errorText(error)}`);
	}
	try {
		if (corpus.model_tests.length === 0) return noCorpus(input, corpus);
		const outcome = await inSandbox(input, corpus.dir, async (sandbox) => {
			const plan = await planCoverage(sandbox, input, etalon.value, corpus.overlay).catch((error: unknown) => ({
				reason: `cannot find the etalon's changed lines: ${errorText(error)}`,
			}));
			if ("reason" in plan) {
				const lines: LinesPart = { measured: false, reason: plan.reason };
				return { run: await runSprintTests(sandbox, input), lines };
			}
			const run = await runSprintTests(sandbox, input, { env: plan.env, argv: plan.argv });
			return { run, lines: await plan.collect(sandbox) };
		});
		if (!outcome.ok)
			return notMeasured("corpus", `the model's tests could not be run on the etalon: ${outcome.reason}`);
		const result = scoreCorpus(input, etalon.value, corpus, outcome.value.run, outcome.value.lines);
		return { ...result, figures: { sandbox: outcome.backend, ...result.figures } };
	} finally {
		await corpus.dispose();
	}
}

/** A branch without test files: its corpus is empty, so every part is 0 (measured: it is the model's work). */
function noCorpus(input: SprintScoringInput, corpus: CorpusTree): SprintLayerResult {
	const note = "the branch has no test files (none matches the sprint's `tests` globs)";
	return measured("corpus", 0, {
		model_tests: [],
		overlay: [...corpus.overlay],
		run: null,
		parts: {
			valid: { score: 0, passed: 0, ran: 0, note },
			behaviours: { score: 0, note },
			lines: { score: 0, note },
		},
		weights: { ...input.sprint.scoring.corpus },
		renormalised: false,
		note,
	});
}

function scoreCorpus(
	input: SprintScoringInput,
	etalon: Etalon,
	corpus: CorpusTree,
	run: SprintTestRun,
	lines: LinesPart,
): SprintLayerResult {
	const ran = run.passed.length + run.failed.length;
	const valid = ran === 0 ? 0 : ratio(run.passed.length, ran);
	const validNote =
		run.kind !== "report"
			? `the run ended without a report (${run.kind}), so no test counts as valid`
			: ran === 0
				? "no model test ran on the etalon, so none is valid"
				: null;

	const passing = run.tests.filter((test) => test.outcome === "passed");
	const matches: JsonObject = {};
	const covered: string[] = [];
	const missing: string[] = [];
	for (const behaviour of etalon.behaviours) {
		const names = passing
			.filter((test) => test.aliases.some((alias) => behaviour.match.test(alias)))
			.map((test) => test.full_name);
		matches[behaviour.id] = names;
		(names.length > 0 ? covered : missing).push(behaviour.id);
	}
	const behaviours = ratio(covered.length, etalon.behaviours.length);

	const weights = input.sprint.scoring.corpus;
	const parts: [number, number][] = [
		[weights.valid, valid],
		[weights.behaviours, behaviours],
	];
	if (lines.measured) parts.push([weights.lines, lines.score]);
	const weightSum = parts.reduce((sum, [weight]) => sum + weight, 0);
	const renormalised = !lines.measured && weights.lines > 0;
	const figures: JsonObject = {
		model_tests: [...corpus.model_tests],
		overlay: [...corpus.overlay],
		run: runFigures(run),
		failing_on_etalon: run.tests
			.filter((test) => test.outcome === "failed")
			.slice(0, FAILING_LISTED)
			.map((test) => ({ test: test.full_name, message: test.message })),
		parts: {
			valid: { score: valid, passed: run.passed.length, ran, note: validNote },
			behaviours: { score: behaviours, total: etalon.behaviours.length, covered, missing, matches },
			lines: lines.measured ? { score: lines.score, ...lines.figures } : { score: null, reason: lines.reason },
		},
		weights: { valid: weights.valid, behaviours: weights.behaviours, lines: lines.measured ? weights.lines : null },
		renormalised,
		note: renormalised
			? `lines not measured (${lines.reason}): the score is the mean of valid and behaviours, weighted ${weights.valid} and ${weights.behaviours} over their sum`
			: null,
	};
	if (weightSum === 0)
		return notMeasured("corpus", "every part the sprint weighs in the corpus layer was left unmeasured", figures);
	const score = ratio(
		parts.reduce((sum, [weight, value]) => sum + weight * value, 0),
		weightSum,
	);
	return measured("corpus", score, figures);
}
