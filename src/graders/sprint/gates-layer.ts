import { lstat } from "node:fs/promises";
import { join } from "node:path";
import type { JsonObject, SprintLayerResult } from "../../contract/index.js";
import { scopeCheck } from "./scope-check.js";
import { measured, notMeasured, type SprintScoringInput } from "./scoring-input.js";
import {
	inSandbox,
	outputTail,
	runFigures,
	runSprintCi,
	runSprintTests,
	type SprintTestRun,
} from "./sprint-sandbox.js";
import { compareTrees } from "./tree-files.js";

/** Paths listed per figure at most (the counts are always whole). */
const LISTED = 100;

/**
 * The gates layer of a sprint (seed 002): pass/fail checks on the finished branch. `ci`: the CI
 * command exits 0 in a sandbox over a copy of the tree. `scope`: every path the branch added,
 * changed or deleted against the baseline matches a glob of the scope allowlist. `deterministic`:
 * the test command, run twice in two fresh copies, ends with the same exit status and the same
 * outcome for every test its report lists. `superseded`: every test file the plan says to delete
 * is gone. Passed when all four hold (score 1, else 0). A sandbox that cannot run or a test report
 * that cannot be read is not the model's failure: the layer is then not measured.
 */
export async function gatesLayer(input: SprintScoringInput): Promise<SprintLayerResult> {
	const { sprint } = input;
	let changes: Awaited<ReturnType<typeof compareTrees>>;
	try {
		changes = await compareTrees(input.baselineTree, input.tree);
	} catch (error) {
		return notMeasured("gates", `cannot compare the branch's tree with the baseline's: ${String(error)}`);
	}
	const touched = [...changes.added, ...changes.changed, ...changes.deleted];
	const scope = scopeCheck(touched, sprint.scope);
	const kept: string[] = [];
	for (const path of sprint.superseded)
		if ((await lstat(join(input.tree, path)).catch(() => null)) !== null) kept.push(path);

	const ci = await inSandbox(input, input.tree, (sandbox) => runSprintCi(sandbox, input));
	if (!ci.ok) return notMeasured("gates", `the CI command could not be run: ${ci.reason}`);
	const runs = await Promise.all(
		[0, 1].map(() => inSandbox(input, input.tree, (sandbox) => runSprintTests(sandbox, input))),
	);
	const [first, second] = runs;
	if (first?.ok !== true || second?.ok !== true) {
		const reason = [first, second].find((run) => run?.ok === false);
		return notMeasured(
			"gates",
			`the test command could not be run for the determinism gate: ${reason?.ok === false ? reason.reason : "no result"}`,
		);
	}
	const differing = differingTests(first.value, second.value);
	const deterministic =
		first.value.kind === second.value.kind &&
		first.value.exit_code === second.value.exit_code &&
		differing.length === 0;
	const ciGreen = !ci.value.timed_out && ci.value.exit_code === 0;
	const passed = ciGreen && scope.inside && deterministic && kept.length === 0;

	const figures: JsonObject = {
		passed,
		sandbox: ci.backend,
		ci: {
			passed: ciGreen,
			command: [...sprint.commands.ci],
			exit_code: ci.value.exit_code,
			timed_out: ci.value.timed_out,
			duration_ms: ci.value.duration_ms,
			...(ciGreen ? {} : { stdout_tail: outputTail(ci.value.stdout), stderr_tail: outputTail(ci.value.stderr) }),
		},
		scope: {
			passed: scope.inside,
			files_touched: touched.length,
			added: changes.added.length,
			changed: changes.changed.length,
			deleted: changes.deleted.length,
			outside: scope.outside.slice(0, LISTED),
			outside_count: scope.outside.length,
		},
		deterministic: {
			passed: deterministic,
			runs: [runFigures(first.value), runFigures(second.value)],
			differing: differing.slice(0, LISTED),
			differing_count: differing.length,
		},
		superseded: { passed: kept.length === 0, expected: [...sprint.superseded], kept },
	};
	return measured("gates", passed ? 1 : 0, figures, passed);
}

/** Each test whose outcome differs between two runs (or that only one run lists), with both outcomes. */
function differingTests(first: SprintTestRun, second: SprintTestRun): JsonObject[] {
	const a = outcomesByTest(first);
	const b = outcomesByTest(second);
	const names = [...new Set([...a.keys(), ...b.keys()])].sort();
	return names
		.filter((name) => a.get(name) !== b.get(name))
		.map((name) => ({ test: name, first: a.get(name) ?? null, second: b.get(name) ?? null }));
}

/** Outcome by full name; a name the report lists twice gets ` #2`, ` #3` … in report order. */
function outcomesByTest(run: SprintTestRun): Map<string, string> {
	const outcomes = new Map<string, string>();
	for (const test of run.tests) {
		let name = test.full_name;
		for (let index = 2; outcomes.has(name); index++) name = `${test.full_name} #${index}`;
		outcomes.set(name, test.outcome);
	}
	return outcomes;
}
