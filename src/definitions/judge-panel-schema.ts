import { z } from "zod";

/** A pinned jury: the models that grade, and the version that rides into every score they give. */
export interface JudgePanel {
	/** Panel id, unique within `judge_panels.yaml`; use cases name it in `judge_panel`. */
	readonly id: string;
	/** Pinned version label, e.g. `jury@v1`, stamped on its scores; which results are current is decided by the jurors' entries and the quorum, not by it. */
	readonly version: string;
	/** Registry ids of the juror models, in order. */
	readonly jurors: readonly string[];
	/** How many jurors must return a verdict for a grade to count. */
	readonly quorum: number;
	/**
	 * When true, a juror does not judge a candidate of its own model or family (`selfPreference`);
	 * set only when written true, so panels without it keep their cell keys.
	 */
	readonly exclude_own_family?: true;
}

/** Id of the panel used when `judge_panels.yaml` is absent, and of the default when it names none. */
export const BUILTIN_PANEL_ID = "default";
/** Version of the built-in panel (every active anchor model). */
export const BUILTIN_PANEL_VERSION = "jury@builtin-v1";

/** A simple majority of `jurors` jurors: floor(n/2)+1 (0 for an empty panel). */
export function majorityQuorum(jurors: number): number {
	return jurors === 0 ? 0 : Math.floor(jurors / 2) + 1;
}

const PANEL_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** One panel of `judge_panels.yaml`; parses into a {@link JudgePanel}. */
export const judgePanelSchema = z
	.strictObject({
		id: z
			.string()
			.regex(PANEL_ID, { error: "an id made of letters, digits and . _ -" })
			.describe("Panel id, unique; use cases name it in `judge_panel`."),
		version: z
			.string()
			.regex(/^\S+$/, { error: "a version without spaces, e.g. `jury@v1`" })
			.describe(
				"Version label, e.g. `jury@v1`, stamped on every score the panel gives. Results graded by other jurors (their model, endpoint or options) or another quorum are never current, whatever the label says.",
			),
		jurors: z
			.array(z.string().min(1))
			.min(1)
			.describe("Registry ids of the juror models (from models.yaml), each once."),
		quorum: z
			.int()
			.min(1)
			.optional()
			.describe("Jurors that must return a verdict for a grade to count; defaults to a majority."),
		exclude_own_family: z
			.boolean()
			.optional()
			.describe(
				"When true, a juror does not judge a candidate of its own model or family (same registry id, same provider model, or the same `tags.family`): the other jurors grade it, and they must meet the quorum.",
			),
	})
	.superRefine(
		(panel, context) => {
			const jurors = Array.isArray(panel.jurors) ? panel.jurors : [];
			jurors.forEach((juror, index) => {
				if (jurors.indexOf(juror) !== index)
					context.addIssue({
						code: "custom",
						path: ["jurors", index],
						message: `juror \`${juror}\` is listed twice`,
						params: { fix: "list each juror once" },
					});
			});
			if (typeof panel.quorum === "number" && jurors.length > 0 && panel.quorum > jurors.length)
				context.addIssue({
					code: "custom",
					path: ["quorum"],
					message: `quorum ${panel.quorum} is more than the ${jurors.length} juror${jurors.length === 1 ? "" : "s"} of the panel`,
					params: { fix: `use a quorum between 1 and ${jurors.length}, or add jurors` },
				});
		},
		{ when: (payload) => typeof payload.value === "object" && payload.value !== null },
	)
	.transform(
		(panel): JudgePanel => ({
			id: panel.id,
			version: panel.version,
			jurors: panel.jurors,
			quorum: panel.quorum ?? majorityQuorum(panel.jurors.length),
			...(panel.exclude_own_family === true ? { exclude_own_family: true as const } : {}),
		}),
	)
	.describe("One pinned jury panel.");

/** The whole `judge_panels.yaml` file. */
export const judgePanelsFileSchema = z
	.strictObject({
		default: z
			.string()
			.min(1)
			.default(BUILTIN_PANEL_ID)
			.describe("Id of the panel used by use cases that name none; defaults to `default`."),
		panels: z.array(judgePanelSchema).min(1).describe("The pinned jury panels."),
	})
	.meta({
		title: "touchstone judge_panels.yaml",
		description: "Pinned LLM jury panels. A panel's version rides into every score it gives.",
	});
