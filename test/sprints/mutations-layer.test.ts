import { describe, expect, it } from "vitest";
import { CORPUS_FAILS_ON_ETALON, mutationsLayer } from "../../src/graders/index.js";
import { branch, buildSprint, GOOD_BRANCH, GOOD_TESTS, MODEL_ADD, scoringInput, scratch } from "./layers-fixture.js";

const root = scratch("touchstone-mutations-");
const sprint = buildSprint(root);

describe("the mutation layer", () => {
	it("kills the mutant its tests catch, lets the other survive, and excludes the patch that does not apply", async () => {
		const result = await mutationsLayer(scoringInput(sprint, branch(root, "good", sprint.baseline, GOOD_BRANCH)));
		// 01 breaks sub (tested): killed. 02 breaks clamp below the min (untested): survived. 03 does not apply.
		expect(result).toMatchObject({
			layer: "mutations",
			measured: true,
			score: 0.5,
			passed: null,
			reason: null,
			version: "1",
		});
		expect(result.figures).toMatchObject({
			unmutated: { ended: "report", exit_code: 0, passed: 3, failed: 0, failing: [] },
			patches: 3,
			applied: 2,
			killed: 1,
			survived: ["02-clamp-low.patch"],
			excluded: [
				{ patch: "03-stale.patch", status: "not-applied", reason: expect.stringMatching(/^git apply exited 1/) },
			],
			mutants: [
				{
					patch: "01-sub-sign.patch",
					status: "killed",
					run: { exit_code: 1, passed: 2, failed: 1 },
					failing: ["subtracts"],
				},
				{ patch: "02-clamp-low.patch", status: "survived", run: { exit_code: 0, passed: 3, failed: 0 }, failing: [] },
				{ patch: "03-stale.patch", status: "not-applied" },
			],
		});
	});

	it("is not measured when the model's tests already fail on the unmutated etalon", async () => {
		const tree = branch(root, "backwards", sprint.baseline, {
			...GOOD_BRANCH,
			"src/add.mjs": MODEL_ADD.replace("(a, b) => a - b", "(a, b) => b - a"),
			"test/add.test.mjs": GOOD_TESTS.replace("assert.equal(sub(5, 3), 2)", "assert.equal(sub(5, 3), -2)"),
		});
		const result = await mutationsLayer(scoringInput(sprint, tree));
		expect(result).toMatchObject({
			measured: true,
			score: 0,
			reason: null,
			figures: {
				note: CORPUS_FAILS_ON_ETALON,
				unmutated: { exit_code: 1, passed: 2, failed: 1, failing: ["subtracts"] },
			},
		});
	});

	it("is not measured when no patch applies", async () => {
		const stale = sprint.mutation_patches.filter((patch) => patch.endsWith("03-stale.patch"));
		const result = await mutationsLayer(
			scoringInput({ ...sprint, mutation_patches: stale }, branch(root, "stale", sprint.baseline, GOOD_BRANCH)),
		);
		expect(result).toMatchObject({
			measured: false,
			score: null,
			reason: "no mutation patch applied to the etalon",
			figures: { applied: 0, killed: 0, excluded: [{ patch: "03-stale.patch" }] },
		});
	});

	it("scores a branch without test files 0, measured, without running a mutant", async () => {
		const tree = branch(root, "untested", sprint.baseline, { ...GOOD_BRANCH, "test/add.test.mjs": null });
		const result = await mutationsLayer(scoringInput(sprint, tree));
		expect(result).toMatchObject({ measured: true, score: 0, figures: { patches: 3, applied: null, killed: 0 } });
	});
});
