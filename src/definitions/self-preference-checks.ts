import { selfPreference } from "../contract/index.js";
import { type Definitions, findModel, fleetFor } from "./definitions.js";
import type { ReferenceFindings } from "./reference-checks.js";
import type { YamlFile } from "./yaml-file.js";

/**
 * Self-preference in the runnable use cases graded by a jury (their plugin is in `juryPlugins`, or
 * their id in `juryUseCases`: a `cases` use case with a `rubric:` check):
 * a juror of the use case's panel that is also a candidate of its fleet, or of a candidate's
 * family (see `selfPreference`). Without `exclude_own_family` on the panel it is a warning naming
 * the use case, the juror and the candidate (the juror may favour its own output). With it, the
 * juror sits out that candidate's cells, and a candidate left with fewer jurors than the panel's
 * quorum is a problem: every one of its cells would be a grader error.
 */
export function checkSelfPreference(
	file: YamlFile,
	definitions: Definitions,
	juryPlugins: readonly string[],
	juryUseCases: readonly string[] = [],
): ReferenceFindings {
	const findings: ReferenceFindings = { issues: [], warnings: [] };
	definitions.useCases.forEach((useCase, index) => {
		if (useCase.status !== "runnable" || useCase.plugin === null) return;
		if (!juryPlugins.includes(useCase.plugin) && !juryUseCases.includes(useCase.id)) return;
		const panel = definitions.panels.find((item) => item.id === (useCase.judge_panel ?? definitions.defaultPanel));
		if (panel === undefined) return;
		const jurors = panel.jurors.flatMap((id) => findModel(definitions, id) ?? []);
		for (const candidate of fleetFor(definitions, useCase)) {
			const fleetIndex = useCase.fleet?.indexOf(candidate.id) ?? -1;
			const path = fleetIndex < 0 ? ["use_cases", index] : ["use_cases", index, "fleet", fleetIndex];
			const own = jurors.flatMap((juror) => {
				const reason = selfPreference(juror, candidate);
				return reason === null ? [] : [{ juror: juror.id, reason }];
			});
			if (own.length === 0) continue;
			const named = own.map(({ juror, reason }) => `\`${juror}\` (${reason})`).join(", ");
			if (panel.exclude_own_family !== true) {
				for (const { juror, reason } of own)
					findings.warnings.push(
						file.issueAt(path, {
							message: `use case \`${useCase.id}\`: juror \`${juror}\` of panel \`${panel.id}\` judges candidate \`${candidate.id}\`, ${reason === "same-model" ? "which is the same model" : "of its own family"}, and may favour its own output`,
							fix: `set \`exclude_own_family: true\` on panel \`${panel.id}\` in judge_panels.yaml, or pin a juror of another family`,
						}),
					);
				continue;
			}
			const left = jurors.length - own.length;
			if (left < panel.quorum)
				findings.issues.push(
					file.issueAt(path, {
						message: `use case \`${useCase.id}\`: panel \`${panel.id}\` excludes ${named} from judging candidate \`${candidate.id}\` (exclude_own_family), which leaves ${left} juror${left === 1 ? "" : "s"}, below its quorum of ${panel.quorum}`,
						fix: `add a juror of another family to panel \`${panel.id}\`, lower its quorum, or take \`${candidate.id}\` out of the fleet`,
					}),
				);
		}
	});
	return findings;
}
