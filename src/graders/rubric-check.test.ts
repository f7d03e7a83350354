import { describe, expect, it } from "vitest";
import { BadInputError, type JuryPanel } from "../contract/index.js";
import { createRubricCheckGrader, rubricPanelKey } from "./rubric-check.js";
import { gradeOne, uncalledPanel } from "./testing.js";

const CRITERION = "The reply apologises once.";

describe("rubric check", () => {
	it("is the jury grader over one `score` field: criterion, jurors and quorum in its config", () => {
		const grader = createRubricCheckGrader({ criterion: CRITERION, panel: uncalledPanel(["juror/a"]), metric: "tone" });
		expect(grader).toMatchObject({ id: "rubric", version: "1+jury@1" });
		const config = JSON.stringify(grader.config);
		expect(config).toContain(`Criterion: ${CRITERION}`);
		expect(config).toContain('"metric":"tone"');
		const other = createRubricCheckGrader({ criterion: CRITERION, panel: uncalledPanel(["juror/b"]), metric: "tone" });
		expect(JSON.stringify(other.config)).not.toBe(config);
	});

	it("scores an attempt without output 0 under its metric, with the panel's version, without asking the jury", async () => {
		const grader = createRubricCheckGrader({ criterion: CRITERION, panel: uncalledPanel(["juror/a"]), metric: "tone" });
		const score = await gradeOne(grader, null, { status: "timeout" });
		expect(score).toMatchObject({ metric: "tone", value: 0, judge_panel_version: "p@1", jury_votes: [] });
		// The jury's record is marked with the check, so the grading cost counts this panel beside others.
		expect(score?.extras?.jury).toMatchObject({ check: "tone", usage: { votes: 0 } });
	});

	it("refuses an empty criterion and keys a panel by its jurors and quorum, not its labels", () => {
		expect(() => createRubricCheckGrader({ criterion: " ", panel: uncalledPanel(["juror/a"]) })).toThrow(BadInputError);
		const key = rubricPanelKey(uncalledPanel(["juror/a", "juror/b"]));
		expect(rubricPanelKey({ ...uncalledPanel(["juror/a", "juror/b"]), id: "renamed", version: "p@9" })).toBe(key);
		expect(rubricPanelKey(uncalledPanel(["juror/b", "juror/a"]))).not.toBe(key);
		expect(rubricPanelKey(uncalledPanel(["juror/a", "juror/b"], 2))).not.toBe(key);
	});

	it("keys a panel's exclude_own_family and its jurors' families, which decide who is asked", () => {
		const panel = (families: readonly string[], exclude: boolean): JuryPanel => {
			const base = uncalledPanel(["juror/a", "juror/b"]);
			return {
				...base,
				...(exclude ? { exclude_own_family: true } : {}),
				jurors: base.jurors.map((juror, index) => ({
					...juror,
					model: { ...juror.model, tags: { ...juror.model.tags, family: families[index] ?? "" } },
				})),
			};
		};
		const excluding = rubricPanelKey(panel(["acme", "other"], true));
		expect(excluding).not.toBe(rubricPanelKey(panel(["acme", "other"], false)));
		expect(excluding).not.toBe(rubricPanelKey(panel(["acme", "acme"], true)));
		// A panel without the option keeps the key it had: its cells are not re-graded.
		expect(rubricPanelKey(panel(["acme", "other"], false))).toBe(rubricPanelKey(uncalledPanel(["juror/a", "juror/b"])));
	});
});
